import { API, type TCostRule } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The service companies the company works with, each with its receiving bank account. */
export function getCostRules(): Promise<TCostRule[]> {
  return request<TCostRule[]>('GET', API.serviceCompany.costRules);
}

export const costRulesQueryOptions = () => queryOptions({ queryKey: ['money', 'costRules'], queryFn: getCostRules });

export const useCostRules = () => useQuery(costRulesQueryOptions());
