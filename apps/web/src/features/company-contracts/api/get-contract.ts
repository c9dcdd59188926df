import { API, apiPath, type TCompanyContractDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 合同详情. */
export function getContract(id: number): Promise<TCompanyContractDetail> {
  return request<TCompanyContractDetail>('GET', apiPath(API.contract.one, { id }));
}

export const contractQueryOptions = (id: number | undefined) =>
  queryOptions({ queryKey: ['contracts', 'detail', id], queryFn: () => getContract(id ?? 0) });

export const useContract = (id: number | undefined) =>
  useQuery({ ...contractQueryOptions(id), enabled: id !== undefined });
