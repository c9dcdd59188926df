import { API, type TEmployeeAnalysis, type TEmployeeAnalysisQuery } from '@flexpay/contract/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useAnalysisCache } from './analysis-cache.ts';

export function getEmployeeAnalysis(query: TEmployeeAnalysisQuery): Promise<TEmployeeAnalysis> {
  return request<TEmployeeAnalysis>('GET', API.statistics.employeeAnalysis, query);
}

const cacheKey = (companyId: number | null, q: TEmployeeAnalysisQuery) =>
  `${companyId ?? ''}:${q.departmentId ?? ''}:${q.jobTypeId ?? ''}`;

export const employeeAnalysisQueryOptions = (companyId: number | null, query: TEmployeeAnalysisQuery) =>
  queryOptions({
    queryKey: ['statistics', 'employeeAnalysis', companyId, query],
    queryFn: async () => {
      const data = await getEmployeeAnalysis(query);
      useAnalysisCache.getState().put(cacheKey(companyId, query), data);
      return data;
    },
    // What the cache holds shows at once; it is fetched again on every visit.
    initialData: () => useAnalysisCache.getState().byKey[cacheKey(companyId, query)],
    initialDataUpdatedAt: 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useEmployeeAnalysis(query: TEmployeeAnalysisQuery) {
  const companyId = useSession((s) => s.companyId);
  return useQuery(employeeAnalysisQueryOptions(companyId, query));
}
