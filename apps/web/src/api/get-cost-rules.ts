import { API, type TCostRule } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../lib/request.ts';

/**
 * The company's cost rule with each service company it has signed with (fee rate, who bears it,
 * limits) and that company's receiving bank account: 账户充值 and 新建发放 read it.
 */
export function getCostRules(): Promise<TCostRule[]> {
  return request<TCostRule[]>('GET', API.serviceCompany.costRules);
}

export const costRulesQueryOptions = () =>
  queryOptions({ queryKey: ['serviceCompany', 'costRules'], queryFn: getCostRules });

export const useCostRules = () => useQuery(costRulesQueryOptions());
