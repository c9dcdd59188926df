import { API, type TCompanyContract, type TContractQuery, type TPage } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TContractListQuery = Omit<TContractQuery, 'page' | 'limit'> & { page: number; limit: number };

/** 合同列表's pages. */
export function getContracts(query: TContractListQuery): Promise<TPage<TCompanyContract>> {
  return request<TPage<TCompanyContract>>('GET', API.contract.page, query);
}

export const useContracts = (query: TContractListQuery) =>
  useQuery({ queryKey: ['contracts', 'list', query], queryFn: () => getContracts(query), ...LIST_QUERY_OPTIONS });
