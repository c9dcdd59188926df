import { API, apiPath, type TAssignmentDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** One worker's assignment with every round of its deliveries (its history). */
export function getAssignment(id: number): Promise<TAssignmentDetail> {
  return request<TAssignmentDetail>('GET', apiPath(API.task.assignment, { id }));
}

export const assignmentQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: ['tasks', 'assignment', id],
    queryFn: () => getAssignment(id ?? 0),
    enabled: id !== undefined,
  });

export const useAssignment = (id: number | undefined) => useQuery(assignmentQueryOptions(id));
