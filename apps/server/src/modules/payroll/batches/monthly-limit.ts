/**
 * The monthly limit of a worker's pay (DOMAIN 6) outside the check: what counts is the money held
 * or paid in the Chinese calendar month, whatever the batches' 发放月份 labels (repo
 * `findCommittedMonthTotals`); the check itself is in check.ts `runCheck` and rules.ts.
 */
import { formatFen } from '@flexpay/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { chinaMonthOf } from '../../../lib/china-time.ts';
import { conflict } from '../../../lib/errors.ts';
import { findEnabledLink } from '../../service-company/service.ts';
import * as limitRepo from './repo-monthly-limit.ts';

/**
 * 重新支付 of a failed item counts it toward this month's total again (its failed payment had
 * given the money back): refused when what the worker is paid this month (China time) by the
 * company at the service company leaves no room for it. Inside the caller's transaction, under
 * the same lock as the checks.
 */
export async function assertRepayWithinLimit(
  tx: DbOrTx,
  companyId: number,
  serviceCompanyId: number,
  item: { workerId: number | null; amountFen: number },
  now: Date,
): Promise<void> {
  if (item.workerId === null) return;
  const link = await findEnabledLink(tx, companyId, serviceCompanyId);
  if (!link) throw conflict('与该服务商的签约已停用，不能重新支付');
  await limitRepo.lockMonthlyLimits(tx, companyId, serviceCompanyId);
  const committed = await limitRepo.findCommittedMonthTotals(
    tx,
    { companyId, serviceCompanyId, ...chinaMonthOf(now), exceptBatchId: null },
    [item.workerId],
  );
  const before = committed.get(item.workerId) ?? 0;
  if (before + item.amountFen > link.monthlyLimitFen) {
    const yuan = (fen: number) => `¥${formatFen(fen)}`;
    throw conflict(
      `超出每月限额 ${yuan(link.monthlyLimitFen)}：本月已发放 ${yuan(before)}，本笔 ${yuan(item.amountFen)}，不能重新支付`,
    );
  }
}
