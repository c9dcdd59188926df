import { API, type TEmployeeAnalysisOptions } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/**
 * The department and job type choices of the analysis's filters, from the analysis's own call
 * (stats:view): an admin may see the analysis without the worker list's element.
 */
export const analysisOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['statistics', 'options'],
    queryFn: () => request<TEmployeeAnalysisOptions>('GET', API.statistics.employeeAnalysisOptions),
  });
export const useAnalysisDepartments = () =>
  useQuery({ ...analysisOptionsQueryOptions(), select: (o) => o.departments });
export const useAnalysisJobTypes = () => useQuery({ ...analysisOptionsQueryOptions(), select: (o) => o.jobTypes });
