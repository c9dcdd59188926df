import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 选择员工: the picked workers with their amounts become items of the batch. */
export function pickWorkers({ id, items }: { id: number; items: { workerId: number; amountFen: number }[] }) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.pick, { id }), { items });
}

export function usePickWorkers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pickWorkers, onSuccess: () => invalidatePayroll(queryClient) });
}
