import { API, type TServiceCompanyOption } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The service companies the company works with, for the 服务商 filters. */
export function getServiceCompanyOptions(): Promise<TServiceCompanyOption[]> {
  return request<TServiceCompanyOption[]>('GET', API.serviceCompany.options);
}

export const serviceCompanyOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'serviceCompanyOptions'], queryFn: getServiceCompanyOptions });

export const useServiceCompanyOptions = () => useQuery(serviceCompanyOptionsQueryOptions());
