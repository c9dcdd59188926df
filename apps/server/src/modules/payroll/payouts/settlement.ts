/**
 * Settling payouts from the provider's final word (a signed callback of one result or a list, a
 * reconciliation's answer, the demo seed): each payout once, many in one transaction. Success
 * moves its frozen money to payouts in transit and fee income; failure returns it to available and
 * the item goes to the 退款中心; a batch whose last payout this was is finished.
 */
import type { ServiceContext } from '../../../core/context.ts';
import type { Tx } from '../../../db/client.ts';
import { postTransfers, type TransferInput } from '../../ledger/service.ts';
import * as payouts from './repo.ts';
import { keepStatistics, SETTLEMENT_TABLES } from './service.ts';

/** A provider's final word on a payout. */
export interface PayoutSettlement {
  ref: string;
  status: 'succeeded' | 'failed';
  reason: string;
}

export type SettleResult = 'settled' | 'already' | 'unknown';

/** Settles one payout in a transaction of its own: `settlePayouts` with one. */
export async function settlePayout(
  ctx: ServiceContext,
  ref: string,
  outcome: { status: 'succeeded' | 'failed'; reason: string },
): Promise<SettleResult> {
  const result = await ctx.db.transaction((tx) => settleIn(tx, ref, outcome, ctx.now()));
  if (result === 'settled') await keepStatistics(ctx.db, SETTLEMENT_TABLES);
  return result;
}

/** settlePayout inside the caller's transaction. */
export async function settleIn(
  tx: Tx,
  ref: string,
  outcome: { status: 'succeeded' | 'failed'; reason: string },
  now: Date,
): Promise<SettleResult> {
  const [result] = await settlePayouts(tx, [{ ref, status: outcome.status, reason: outcome.reason }], now);
  return result ?? 'unknown';
}

/**
 * Settles payouts once each, inside the caller's transaction (a callback's list, a
 * reconciliation's chunk): locks the payouts of the refs in id order, leaves alone those already
 * final or unknown (duplicate and out-of-order results change nothing; a ref named twice in the
 * list counts once), then locks their batches, posts every ledger transfer in one `postTransfers`
 * call (success: frozen → payouts in transit + fee income; failure: frozen → available, the item
 * going to the 退款中心), marks payouts and items set-based, and finishes each batch whose last
 * payout this was (已完成 or 部分成功). Answers, in the order of `outcomes`, what each one did.
 */
export async function settlePayouts(tx: Tx, outcomes: readonly PayoutSettlement[], now: Date): Promise<SettleResult[]> {
  const wanted = new Map<string, PayoutSettlement>();
  for (const o of outcomes) if (!wanted.has(o.ref)) wanted.set(o.ref, o);
  const byRef = new Map<string, SettleResult>();
  const open: { p: payouts.PayoutRow; outcome: PayoutSettlement }[] = [];
  for (const p of await payouts.lockPayoutsByRefs(tx, [...wanted.keys()])) {
    const outcome = wanted.get(p.ref);
    if (!outcome) continue;
    // Final, or held by 对账 (ADR 0030): a late callback changes nothing until it is resolved.
    if (p.status === 'succeeded' || p.status === 'failed' || p.reconcileHold) byRef.set(p.ref, 'already');
    else open.push({ p, outcome });
  }
  if (open.length) {
    const batchIds = [...new Set(open.map(({ p }) => p.batchId))];
    const titles = new Map((await payouts.lockBatches(tx, batchIds)).map((b) => [b.id, b.title]));
    await postTransfers(
      tx,
      open.map(({ p, outcome }) => transferOf(p, outcome, titles.get(p.batchId) ?? '')),
    );
    const changed = await payouts.finishPayouts(
      tx,
      open.map(({ p, outcome }) => ({
        id: p.id,
        itemId: p.itemId,
        status: outcome.status,
        failReason: outcome.status === 'failed' ? (outcome.reason || '支付失败').slice(0, 100) : null,
      })),
      now,
    );
    if (changed !== open.length) throw new Error('payout: a locked payout was not settled');
    for (const batchId of batchIds) await payouts.finishBatchIfSettled(tx, batchId);
    for (const { p } of open) byRef.set(p.ref, 'settled');
  }
  const seen = new Set<string>();
  return outcomes.map((o) => {
    if (seen.has(o.ref)) return byRef.has(o.ref) ? 'already' : 'unknown';
    seen.add(o.ref);
    return byRef.get(o.ref) ?? 'unknown';
  });
}

/** The ledger transfer that settles a payout: its frozen debit paid out, or back to available. */
function transferOf(
  p: payouts.PayoutRow,
  outcome: { status: 'succeeded' | 'failed'; reason: string },
  batchTitle: string,
): TransferInput {
  const frozen = { kind: 'frozen' as const, companyId: p.companyId, serviceCompanyId: p.serviceCompanyId };
  if (outcome.status === 'succeeded') {
    return {
      companyId: p.companyId,
      type: 'payout',
      reference: { kind: 'payout', id: p.id },
      memo: `发放 ${p.holderName} ${batchTitle}`,
      postings: [
        { account: frozen, amountFen: -p.debitFen },
        { account: { kind: 'payouts_in_transit', serviceCompanyId: p.serviceCompanyId }, amountFen: p.netFen },
        ...(p.feeFen > 0
          ? [{ account: { kind: 'fee_income' as const, serviceCompanyId: p.serviceCompanyId }, amountFen: p.feeFen }]
          : []),
      ],
    };
  }
  return {
    companyId: p.companyId,
    type: 'refund',
    reference: { kind: 'payout', id: p.id },
    memo: `发放失败退回 ${p.holderName}：${outcome.reason}`,
    postings: [
      { account: frozen, amountFen: -p.debitFen },
      {
        account: { kind: 'available', companyId: p.companyId, serviceCompanyId: p.serviceCompanyId },
        amountFen: p.debitFen,
      },
    ],
  };
}
