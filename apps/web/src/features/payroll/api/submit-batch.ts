import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 提交 of a checked batch (核对确认): it goes on to approval, or straight to 待支付 below the flow's threshold. */
export function submitBatch(id: number) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.submit, { id }));
}

export function useSubmitBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitBatch, onSuccess: () => invalidatePayroll(queryClient) });
}
