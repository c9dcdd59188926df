import {
  API,
  apiPath,
  type TPage,
  type TPayBody,
  type TPayrollBatch,
  type TRefundItem,
  type TRefundQuery,
  type TGrantRecord,
  type TGrantRecordQuery,
  type TPayment,
  type TPaymentQuery,
  type TSendSmsResult,
} from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';
import { PAYROLL_KEY } from './batches.ts';

/** The paying admin's step-up code by SMS (to the admin's own mobile). */
export const useSendPayCode = () =>
  useMutation({
    mutationFn: () => request<TSendSmsResult>('POST', API.verification.sendSms, { purpose: 'pay' }),
  });

/** 确认支付, with the intent's Idempotency-Key (a retry of the same click freezes nothing more). */
export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: TPayBody; key: string }) =>
      request<TPayrollBatch>('POST', apiPath(API.payroll.pay, { id }), body, {
        headers: { 'Idempotency-Key': key },
        fieldErrorsToForm: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}

export function useRepay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TPayBody }) =>
      request<null>('POST', apiPath(API.payroll.repay, { id }), body, { fieldErrorsToForm: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}

export const useRefunds = (query: TRefundQuery & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'refunds', query],
    queryFn: () => request<TPage<TRefundItem>>('GET', API.payroll.refundPage, query),
    ...LIST_QUERY_OPTIONS,
  });

export const usePayments = (query: TPaymentQuery & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'payments', query],
    queryFn: () => request<TPage<TPayment>>('GET', API.payroll.paymentPage, query),
    ...LIST_QUERY_OPTIONS,
  });

export const useGrantRecords = (query: TGrantRecordQuery & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'records', query],
    queryFn: () => request<TPage<TGrantRecord>>('GET', API.payroll.recordPage, query),
    ...LIST_QUERY_OPTIONS,
  });
