import { API, apiPath, type TAssignBody, type TAssignResult } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 选择人员's confirm step: what the selection would add (nothing is written). */
export function previewAssign(taskId: number, body: TAssignBody): Promise<TAssignResult> {
  return request<TAssignResult>('POST', apiPath(API.task.assignPreview, { id: taskId }), body);
}

export const assignPreviewQueryOptions = (taskId: number, body: TAssignBody) =>
  queryOptions({
    queryKey: ['tasks', 'assignPreview', taskId, body],
    queryFn: () => previewAssign(taskId, body),
    staleTime: 0,
  });

export const useAssignPreview = (taskId: number, body: TAssignBody) =>
  useQuery(assignPreviewQueryOptions(taskId, body));
