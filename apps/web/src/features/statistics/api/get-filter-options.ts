import { API, type TDepartmentOption } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

interface TJobTypeOption {
  id: number;
  name: string;
}

/** The department and job type choices of the analysis's filters. */
export const analysisDepartmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['statistics', 'departmentOptions'],
    queryFn: () => request<TDepartmentOption[]>('GET', API.worker.departmentOptions),
  });
export const useAnalysisDepartments = () => useQuery(analysisDepartmentsQueryOptions());

export const analysisJobTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['statistics', 'jobTypeOptions'],
    queryFn: () => request<TJobTypeOption[]>('GET', API.jobType.options),
  });
export const useAnalysisJobTypes = () => useQuery(analysisJobTypesQueryOptions());
