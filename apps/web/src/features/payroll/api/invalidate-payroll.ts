import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { balancesQueryOptions } from '../../../api/get-balances.ts';
import { batchQueryOptions } from './get-batch.ts';
import { batchesQueryOptions } from './get-batches.ts';
import { grantRecordsQueryOptions } from './get-grant-records.ts';
import { itemsQueryOptions } from './get-items.ts';
import { paymentsQueryOptions } from './get-payments.ts';
import { receiptAmountQueryOptions } from './get-receipt-amount.ts';
import { receiptBatchesQueryOptions } from './get-receipt-batches.ts';
import { receiptsQueryOptions } from './get-receipts.ts';
import { refundsQueryOptions } from './get-refunds.ts';
import { statusCountsQueryOptions } from './get-status-counts.ts';
import { submitPreviewQueryOptions } from './get-submit-preview.ts';

/**
 * What a change to a batch or its items can move: every payroll read (a batch's status and
 * totals show on its lists, its items, payments, refunds, records and receipts) and the balances
 * (paying freezes money, a refund gives it back).
 */
export const payrollQueryKeys = (): QueryKey[] => [
  batchesQueryOptions().queryKey,
  statusCountsQueryOptions().queryKey,
  batchQueryOptions().queryKey,
  itemsQueryOptions().queryKey,
  paymentsQueryOptions().queryKey,
  refundsQueryOptions().queryKey,
  grantRecordsQueryOptions().queryKey,
  receiptsQueryOptions().queryKey,
  receiptAmountQueryOptions().queryKey,
  receiptBatchesQueryOptions().queryKey,
  submitPreviewQueryOptions().queryKey,
  balancesQueryOptions().queryKey,
];

/** After a payroll mutation, and while a batch pays: refreshes what is shown, marks the rest stale. */
export async function invalidatePayroll(queryClient: QueryClient): Promise<void> {
  await Promise.all(payrollQueryKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
