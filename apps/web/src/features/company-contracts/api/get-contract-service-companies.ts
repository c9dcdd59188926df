import { API, type TContractServiceCompany } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 企业合同: the company's service companies with their contracts counted by state. */
export function getContractServiceCompanies(): Promise<TContractServiceCompany[]> {
  return request<TContractServiceCompany[]>('GET', API.contract.serviceCompanies);
}

export const contractServiceCompaniesQueryOptions = () => ({
  queryKey: ['contracts', 'serviceCompanies'] as const,
  queryFn: getContractServiceCompanies,
});

export const useContractServiceCompanies = () => useQuery(contractServiceCompaniesQueryOptions());
