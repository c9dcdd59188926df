import { API, type TBalance, type TCostRule, type TPage, type TWorkerRow } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The service companies the company has signed with, and their cost rules. */
export const useCostRules = () =>
  useQuery({
    queryKey: ['payroll', 'costRules'],
    queryFn: () => request<TCostRule[]>('GET', API.serviceCompany.costRules),
    staleTime: 60_000,
  });

/** 在职 workers for the picker (name prefix), ten a page. */
export const useActiveWorkers = (name: string, page: number) =>
  useQuery({
    queryKey: ['payroll', 'pickWorkers', name, page],
    queryFn: () =>
      request<TPage<TWorkerRow>>('GET', API.worker.page, {
        status: 'active',
        page,
        limit: 10,
        ...(name ? { name } : {}),
      }),
  });

/** The balances of the company's accounts per service company. */
export const useBalances = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ['payroll', 'balances'],
    queryFn: () => request<TBalance[]>('GET', API.money.balance),
  });
