/**
 * 核对 of a payroll batch (DOMAIN section 6): the rules of rules.ts applied to every item, with
 * the batch's state, reading and writing from service.ts.
 */
import { PAYROLL_EDITABLE_STATUSES, type TPayoutChannel, type TPayrollBatch } from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { chinaMonthOf } from '../../../lib/china-time.ts';
import { conflict } from '../../../lib/errors.ts';
import { findEnabledLink, findRequiredAgreement } from '../../service-company/service.ts';
import { findPayees } from '../../worker/service.ts';
import * as limitRepo from './repo-monthly-limit.ts';
import * as repo from './repo.ts';
import { checkItems, type Payee } from './rules.ts';
import { assertStatus, batchOf, toBatch } from './service.ts';

/** Check results are written this many items a statement. */
const WRITE_CHUNK = 10_000;
/** From this many items written at once, the planner's statistics are refreshed (repo.analyzeItems). */
const ANALYZE_FROM = 10_000;

/**
 * 核对: every item against DOMAIN section 6 (rules.ts), under the lock of the batch's service
 * company and month, so two batches checked at once never both take a worker's remaining monthly
 * headroom. All pass: 待确认 (the items now count toward the monthly totals); else 核对中.
 */
export async function checkBatch(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TPayrollBatch> {
  await ctx.db.transaction((tx) => runCheck(tx, auth.companyId, id, ctx.now()));
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, id));
}

/** The check of checkBatch inside the caller's transaction (the seed's batches pass it too). */
export async function runCheck(tx: DbOrTx, companyId: number, id: number, now: Date): Promise<void> {
  const row = await batchOf(tx, companyId, id, true);
  assertStatus(row, PAYROLL_EDITABLE_STATUSES, '核对');
  const link = await findEnabledLink(tx, companyId, row.serviceCompanyId);
  if (!link) throw conflict('与该服务商的签约已停用，不能核对');
  await limitRepo.lockMonthlyLimits(tx, companyId, row.serviceCompanyId);
  const items = await repo.findItemsToCheck(tx, companyId, id);
  if (!items.length) throw conflict('批次中没有发放明细，请先导入或选择员工');

  const channel = row.channel as TPayoutChannel;
  const hashes = [...new Set(items.map((i) => i.idNumberHash))];
  const payees = new Map<string, Payee>();
  // 仅向已实名认证并已签约的员工发放 (issue 43): the agreement the link asks to have signed.
  const agreement = link.payVerifiedOnly ? await findRequiredAgreement(tx, row.serviceCompanyId) : undefined;
  const signedWith = agreement ? row.serviceCompanyId : undefined;
  for (const p of await findPayees(tx, companyId, channel, { hashes }, signedWith)) {
    payees.set(p.idNumberHash, {
      workerId: p.workerId,
      name: p.name,
      status: p.status,
      realNameStatus: p.realNameStatus,
      realNameReason: p.realNameReason,
      signedVersion: p.signedVersion,
      account:
        p.accountId !== null
          ? {
              id: p.accountId,
              masked: p.accountMasked ?? '',
              bankCode: p.accountBank,
              holderName: p.accountHolder ?? '',
            }
          : null,
    });
  }
  const committed = await limitRepo.findCommittedMonthTotals(
    tx,
    { companyId, serviceCompanyId: row.serviceCompanyId, ...chinaMonthOf(now), exceptBatchId: id },
    [...new Set([...payees.values()].map((p) => p.workerId))],
  );
  const checked = checkItems(items, payees, committed, {
    channel,
    feeRateBp: link.feeRateBp,
    feeBearer: link.feeBearer,
    singleMinFen: link.singleMinFen,
    singleMaxFen: link.singleMaxFen,
    monthlyLimitFen: link.monthlyLimitFen,
    verifiedOnly: link.payVerifiedOnly,
    agreement: agreement ? { title: agreement.title, version: agreement.version } : null,
  });
  for (let i = 0; i < checked.length; i += WRITE_CHUNK) {
    await repo.writeCheckResults(
      tx,
      companyId,
      id,
      checked.slice(i, i + WRITE_CHUNK).map((c) => ({
        id: c.id,
        workerId: c.workerId,
        accountChannel: c.account ? channel : null,
        accountId: c.account?.id ?? null,
        accountMasked: c.account?.masked ?? null,
        accountBank: c.account?.bankCode ?? null,
        result: c.ok ? 'ok' : 'failed',
        reasons: c.reasons.join('\n'),
        feeFen: c.feeFen,
        netFen: c.netFen,
        debitFen: c.debitFen,
      })),
    );
  }
  const failed = checked.some((c) => !c.ok);
  await repo.updateBatch(tx, id, {
    status: failed ? 'checking' : 'confirming',
    feeRateBp: link.feeRateBp,
    feeBearer: link.feeBearer,
    checkedAt: now,
  });
  await repo.refreshBatchTotals(tx, companyId, id);
  if (checked.length >= ANALYZE_FROM) await repo.analyzeItems(tx);
}
