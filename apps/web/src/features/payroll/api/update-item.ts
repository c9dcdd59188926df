import { API, apiPath, type TPayrollItem, type TPayrollItemBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** Edits an item (the batch goes back to being checked). */
export function updateItem({ id, body }: { id: number; body: TPayrollItemBody }) {
  return request<TPayrollItem>('PUT', apiPath(API.payroll.item, { id }), body, { fieldErrorsToForm: true });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSuccess: () => invalidatePayroll(queryClient) });
}
