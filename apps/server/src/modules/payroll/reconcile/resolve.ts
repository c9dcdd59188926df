/**
 * 对账 for the operators (service.ts loads and matches the days): the days and differences /ops
 * lists, the alert, and a difference resolved — the provider's side posted, or ours: the
 * provider asked again and the suspense reversed (ADR 0030).
 */
import {
  BusinessCode,
  type TPage,
  type TReconcileAlerts,
  type TReconcileDay,
  type TReconcileDifference,
  type TResolveDifferenceBody,
  type TResolveDifferenceResult,
} from '@flexpay/contract';
import type { OperatorContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { postTransfers, type TransferInput } from '../../ledger/service.ts';
import { askProviderAgain } from '../payouts/dispatch.ts';
import * as repo from './repo-resolve.ts';

export async function listDays(
  ctx: ServiceContext,
  q: {
    page: number;
    limit: number;
    serviceCompanyId?: number | undefined;
    status?: string | undefined;
    open?: boolean | undefined;
  },
): Promise<TPage<TReconcileDay>> {
  const page = await repo.findDayPage(ctx.db, q, q.page, q.limit);
  return page as TPage<TReconcileDay>;
}

export async function listDifferences(
  ctx: ServiceContext,
  q: { page: number; limit: number; status?: string | undefined },
  dayId?: number,
): Promise<TPage<TReconcileDifference>> {
  if (dayId !== undefined && !(await repo.dayExists(ctx.db, dayId))) throw notFound('对账日不存在');
  const page = await repo.findDifferencePage(ctx.db, { dayId, status: q.status }, q.page, q.limit);
  return page as TPage<TReconcileDifference>;
}

export function reconcileAlerts(ctx: ServiceContext): Promise<TReconcileAlerts> {
  return repo.countAlerts(ctx.db);
}

/**
 * 以平台记录为准's question to the provider, asked before the resolution's transaction (the
 * provider is outside it): what it knows of the ref now, the payout sent again with the same ref
 * where it knows nothing (it dedupes by ref).
 */
export async function askAgain(ctx: ServiceContext, id: number): Promise<string | null> {
  const d = await repo.findDifference(ctx.db, id);
  if (!d || d.status !== 'open') return null;
  return askProviderAgain(ctx, d.ref, d.kind === 'missing_ours' ? null : d.payoutId, d.companyId);
}

/**
 * Resolves an open difference inside the caller's (idempotent) transaction: one balanced
 * transfer (when anything is in suspense), the payout's hold released (and its state set from
 * the provider's word when that side is right), the difference marked with the operator and
 * the reason.
 */
export async function resolveDifference(
  tx: Tx,
  op: OperatorContext,
  id: number,
  body: TResolveDifferenceBody,
  now: Date,
  providerAnswer: string | null,
): Promise<TResolveDifferenceResult> {
  const d = await repo.lockDifference(tx, id);
  if (!d) throw notFound('对账差异不存在');
  if (d.status !== 'open') throw conflict('该差异已处理，不能重复处理');
  const sc = d.serviceCompanyId;
  const transfers: TransferInput[] = [];
  const reference = { kind: 'reconcile_difference', id: d.id };
  const reason = body.reason.trim();
  const p =
    d.payoutId !== null && d.companyId !== null ? await repo.lockPayout(tx, d.companyId, d.payoutId) : undefined;
  if (body.resolution === 'ours') {
    // Our books stand: the quarantine's transfer is reversed, the payout released as it was.
    if (d.suspenseFen !== 0)
      transfers.push({
        companyId: null,
        type: 'adjustment',
        reference,
        memo: `对账处理：以平台记录为准 ${d.ref}`,
        postings: [
          { account: { kind: 'payouts_in_transit', serviceCompanyId: sc }, amountFen: d.suspenseFen },
          { account: { kind: 'payout_suspense', serviceCompanyId: sc }, amountFen: -d.suspenseFen },
        ],
      });
    if (p) await repo.setPayoutOutcome(tx, p, null);
  } else if (!p) {
    // A payment the provider made that we never sent: the platform bears it (its fee income).
    if (d.suspenseFen !== 0)
      transfers.push({
        companyId: null,
        type: 'adjustment',
        reference,
        memo: `对账处理：服务方付出平台未发出的款项 ${d.ref}，由平台承担`,
        postings: [
          { account: { kind: 'payout_suspense', serviceCompanyId: sc }, amountFen: -d.suspenseFen },
          { account: { kind: 'fee_income', serviceCompanyId: sc }, amountFen: d.suspenseFen },
        ],
      });
  } else {
    // Only a settled payout's facts can be posted: its frozen debit moves when it settles. (A day
    // settles the open payouts its statement names before holding any; this guards older holds.)
    if (p.status === 'queued' || p.status === 'submitted')
      throw conflict('这笔发放尚未结算，不能按服务方结果入账，请以平台记录为准处理');
    const ours = p.status === 'succeeded' ? p.netFen : 0;
    const paid = ours - d.suspenseFen;
    const providerPaid = paid > 0;
    const frozenSide = { companyId: p.companyId, serviceCompanyId: sc };
    const available = { kind: 'available' as const, ...frozenSide };
    const postings: TransferInput['postings'] = [];
    if (d.suspenseFen !== 0)
      postings.push({ account: { kind: 'payout_suspense', serviceCompanyId: sc }, amountFen: -d.suspenseFen });
    let availableFen = d.suspenseFen;
    if (p.status === 'succeeded' && !providerPaid) {
      // It was never paid: the payout fails, its fee returned with it (the whole debit back).
      if (p.feeFen > 0) postings.push({ account: { kind: 'fee_income', serviceCompanyId: sc }, amountFen: -p.feeFen });
      availableFen += p.feeFen;
      await repo.setPayoutOutcome(tx, p, { status: 'failed', reason: '对账：服务方未支付', at: now });
    } else if (p.status !== 'succeeded' && providerPaid) {
      // It was paid after all: the company is charged its debit, the fee earned.
      if (p.itemLive) throw conflict('该明细已重新支付，不能按服务方结果入账，请以平台记录为准处理');
      if (p.feeFen > 0) postings.push({ account: { kind: 'fee_income', serviceCompanyId: sc }, amountFen: p.feeFen });
      availableFen -= p.feeFen;
      await repo.setPayoutOutcome(tx, p, { status: 'succeeded', reason: null, at: now });
    } else {
      await repo.setPayoutOutcome(tx, p, null);
    }
    if (availableFen !== 0) postings.push({ account: available, amountFen: availableFen });
    if (postings.length)
      transfers.push({
        companyId: p.companyId,
        type: 'adjustment',
        reference,
        memo: `对账调整 ${p.holderName}：以服务方为准`,
        postings,
      });
  }
  let transferId: number | null = null;
  try {
    const [posted] = await postTransfers(tx, transfers);
    transferId = posted?.transferId ?? null;
  } catch (err) {
    if (err instanceof AppError && err.code === BusinessCode.INSUFFICIENT_BALANCE)
      throw new AppError(
        BusinessCode.INSUFFICIENT_BALANCE,
        '企业可用余额不足，无法按服务方结果扣款，请企业充值后再处理',
      );
    throw err;
  }
  await repo.markResolved(tx, d, { resolution: body.resolution, reason, operatorId: op.operatorId, at: now });
  return {
    id: d.id,
    resolution: body.resolution,
    transferId,
    providerAnswer: body.resolution === 'ours' ? providerAnswer : null,
  };
}
