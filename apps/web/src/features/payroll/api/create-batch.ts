import { API, type TPayrollBatch, type TPayrollBatchBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 新建发放: a draft batch (the form shows the server's field messages under its fields). */
export function createBatch(body: TPayrollBatchBody) {
  return request<TPayrollBatch>('POST', API.payroll.create, body, { fieldErrorsToForm: true });
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBatch, onSuccess: () => invalidatePayroll(queryClient) });
}
