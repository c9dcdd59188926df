import { API, apiPath, type TPayBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 重新支付 of a refunded item (退款中心), with the payer's step-up code. */
export function repayItem({ id, body }: { id: number; body: TPayBody }): Promise<null> {
  return request<null>('POST', apiPath(API.payroll.repay, { id }), body, { fieldErrorsToForm: true });
}

export function useRepayItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: repayItem, onSuccess: () => invalidatePayroll(queryClient) });
}
