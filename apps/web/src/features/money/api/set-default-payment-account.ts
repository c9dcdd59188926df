import { API, apiPath, type TPaymentAccount } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { paymentAccountsQueryOptions } from './get-payment-accounts.ts';

export function setDefaultPaymentAccount(id: number): Promise<TPaymentAccount> {
  return request<TPaymentAccount>('PUT', apiPath(API.money.paymentAccountDefault, { id }));
}

export function useSetDefaultPaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQueryOptions().queryKey }),
  });
}
