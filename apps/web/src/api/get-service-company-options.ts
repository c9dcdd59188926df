import { API, type TServiceCompanyOption } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../lib/request.ts';

/** The service companies the company works with (`{ id, name }`), for the 服务商 filters and selects. */
export function getServiceCompanyOptions(): Promise<TServiceCompanyOption[]> {
  return request<TServiceCompanyOption[]>('GET', API.serviceCompany.options);
}

export const serviceCompanyOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['serviceCompany', 'options'], queryFn: getServiceCompanyOptions });

export const useServiceCompanyOptions = () => useQuery(serviceCompanyOptionsQueryOptions());
