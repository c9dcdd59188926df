import { API, apiPath, type TAssignment, type TAssignmentStatus, type TPage } from '@flexpay/contract/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export interface TAssignmentListQuery {
  page: number;
  limit: number;
  status?: TAssignmentStatus | undefined;
  name?: string | undefined;
}

/** A task's workers (任务详情's 任务人员). */
export function getAssignments(taskId: number, query: TAssignmentListQuery): Promise<TPage<TAssignment>> {
  return request<TPage<TAssignment>>('GET', apiPath(API.task.assignments, { id: taskId }), query);
}

export const assignmentsQueryOptions = (taskId: number, query: TAssignmentListQuery) =>
  queryOptions({
    queryKey: ['tasks', 'assignments', taskId, query],
    queryFn: () => getAssignments(taskId, query),
    placeholderData: keepPreviousData,
  });

export const useAssignments = (taskId: number, query: TAssignmentListQuery) =>
  useQuery(assignmentsQueryOptions(taskId, query));
