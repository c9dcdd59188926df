import { API, apiPath, type TTaskAction, type TTaskDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 发布, 开始执行, 结束作业, 完成任务 or 取消任务 (with its reason). */
export function moveTask({ id, action, reason }: { id: number; action: TTaskAction; reason?: string }) {
  const path = apiPath(API.task[action], { id });
  return request<TTaskDetail>('POST', path, action === 'cancel' ? { reason } : undefined);
}

export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveTask, onSuccess: () => invalidateTasks(queryClient) });
}
