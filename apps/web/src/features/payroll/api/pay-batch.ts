import { API, apiPath, IDEMPOTENCY_KEY_HEADER, type TPayBody, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 确认支付, with the intent's Idempotency-Key (a retry of the same click freezes nothing more). */
export function payBatch({ id, body, key }: { id: number; body: TPayBody; key: string }): Promise<TPayrollBatch> {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.pay, { id }), body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    fieldErrorsToForm: true,
  });
}

export function usePayBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payBatch, onSuccess: () => invalidatePayroll(queryClient) });
}
