import { API, apiPath, type TPaymentAccount, type TPaymentAccountBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { paymentAccountsQueryOptions } from './get-payment-accounts.ts';

/** 添加付款账户 without an id, 编辑付款账户 with one. */
export function savePaymentAccount({ id, body }: { id?: number | undefined; body: TPaymentAccountBody }) {
  return id === undefined
    ? request<TPaymentAccount>('POST', API.money.paymentAccountCreate, body, { fieldErrorsToForm: true })
    : request<TPaymentAccount>('PUT', apiPath(API.money.paymentAccountOne, { id }), body, { fieldErrorsToForm: true });
}

export function useSavePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQueryOptions().queryKey }),
  });
}
