import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { paymentAccountsQueryOptions } from './get-payment-accounts.ts';

export function deletePaymentAccount(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.money.paymentAccountOne, { id }));
}

export function useDeletePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentAccount,
    // Also after a failure: a 40400 means another admin removed it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQueryOptions().queryKey }),
  });
}
