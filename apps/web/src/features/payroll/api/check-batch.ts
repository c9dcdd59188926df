import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 核对: the server checks every item (a large batch takes seconds). */
export function checkBatch(id: number) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.check, { id }));
}

export function useCheckBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkBatch, onSuccess: () => invalidatePayroll(queryClient) });
}
