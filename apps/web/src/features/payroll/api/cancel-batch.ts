import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 取消批次, with the reason the admin gave. */
export function cancelBatch({ id, reason }: { id: number; reason: string }) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.cancel, { id }), { reason });
}

export function useCancelBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelBatch, onSuccess: () => invalidatePayroll(queryClient) });
}
