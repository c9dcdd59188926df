import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** Removes an item; the items after it are renumbered. */
export function removeItem(id: number) {
  return request<null>('DELETE', apiPath(API.payroll.item, { id }));
}

export function useRemoveItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeItem, onSuccess: () => invalidatePayroll(queryClient) });
}
