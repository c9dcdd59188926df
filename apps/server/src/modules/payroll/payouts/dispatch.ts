/**
 * Sending payouts to the provider: queued payouts claimed and sent a list at a time with the
 * accounts' full numbers (decrypted only to be sent), and reconciliation, which asks about payouts
 * whose callback has not come, sends again what the provider never received and settles what it
 * has decided. The demo seed's immediate settlement goes the same way.
 */
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { PayoutOrder, PayoutProvider } from '../../../lib/payout-provider.ts';
import { findAccountCiphers } from '../../worker/service.ts';
import * as payouts from './repo.ts';
import { keepStatistics, SETTLEMENT_TABLES } from './service.ts';
import { settlePayouts, type PayoutSettlement } from './settlement.ts';

/** Payouts sent at a time: one claim, one pass of decryption, one list to the provider. */
const DISPATCH_CHUNK = 500;
/** Payouts a reconciliation asks about and settles a transaction. */
const SETTLE_CHUNK = 500;
/** A payout submitted this long ago without a callback is asked about. */
export const RECONCILE_AFTER_MS = 30_000;

/** The orders of these payouts, with the accounts' full numbers (decrypted only to be sent). */
async function ordersOf(
  ctx: Pick<ServiceContext, 'cipher'>,
  db: DbOrTx,
  rows: payouts.PayoutRow[],
): Promise<PayoutOrder[]> {
  const groups = new Map<string, payouts.PayoutRow[]>();
  for (const p of rows) {
    const key = `${p.companyId}:${p.channel}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const orders: PayoutOrder[] = [];
  for (const group of groups.values()) {
    const first = group[0] as payouts.PayoutRow;
    const channel = first.channel as 'bank' | 'alipay';
    const ciphers = await findAccountCiphers(
      db,
      first.companyId,
      channel,
      group.map((p) => p.accountId),
    );
    for (const p of group) {
      const enc = ciphers.get(p.accountId);
      // An account removed since the check: the provider refuses an empty number.
      orders.push({
        ref: p.ref,
        channel,
        accountNo: enc ? ctx.cipher.decrypt(enc) : '',
        holderName: p.holderName,
        amountFen: p.netFen,
        serviceCompanyId: p.serviceCompanyId,
      });
    }
  }
  return orders;
}

/**
 * Sends queued payouts to the provider, oldest first, a chunk at a time: a chunk is claimed under
 * row locks (SKIP LOCKED: two dispatchers never take the same payouts) and marked 支付中 in one
 * transaction, then sent as one list. A crash after the commit leaves payouts 支付中 that the
 * provider never received: reconciliation finds them (the provider knows nothing of them) and
 * sends them again; the provider dedupes by ref, so sending twice never pays twice. Answers how
 * many were sent.
 */
export async function dispatchPayouts(ctx: ServiceContext, provider: PayoutProvider, max = 1_000_000): Promise<number> {
  let sent = 0;
  while (sent < max) {
    const orders = await ctx.db.transaction(async (tx) => {
      const claimed = await payouts.claimQueued(tx, Math.min(DISPATCH_CHUNK, max - sent));
      if (!claimed.length) return [];
      const built = await ordersOf(ctx, tx, claimed);
      await payouts.markSubmitted(
        tx,
        claimed.map((p) => p.id),
        ctx.now(),
      );
      return built;
    });
    if (!orders.length) break;
    await provider.submit(orders);
    sent += orders.length;
  }
  return sent;
}

/**
 * Asks the provider about payouts whose callback has not come, a list at a time; sends again what
 * it never received and settles what it has decided (a transaction per list). Answers how many
 * it settled.
 */
export async function reconcilePayouts(ctx: ServiceContext, provider: PayoutProvider, limit = 5_000): Promise<number> {
  const stale = await payouts.findStaleSubmitted(ctx.db, new Date(ctx.now().getTime() - RECONCILE_AFTER_MS), limit);
  let settled = 0;
  for (let i = 0; i < stale.length; i += SETTLE_CHUNK) {
    const chunk = stale.slice(i, i + SETTLE_CHUNK);
    const known = await provider.query(chunk.map((p) => p.ref));
    // Never received (a crash between claiming and sending): send them again.
    const unsent = chunk.filter((p) => !known.has(p.ref));
    if (unsent.length) await provider.submit(await ordersOf(ctx, ctx.db, unsent));
    const decided: PayoutSettlement[] = [];
    for (const p of chunk) {
      const outcome = known.get(p.ref);
      if (outcome && outcome.status !== 'processing')
        decided.push({ ref: p.ref, status: outcome.status, reason: outcome.reason });
    }
    if (!decided.length) continue;
    const results = await ctx.db.transaction((tx) => settlePayouts(tx, decided, ctx.now()));
    settled += results.filter((r) => r === 'settled').length;
    await keepStatistics(ctx.db, SETTLEMENT_TABLES);
  }
  return settled;
}

const ANSWER_LABELS: Record<string, string> = { processing: '处理中', succeeded: '成功', failed: '失败' };

/**
 * 对账's 以平台记录为准 (ADR 0030): asks the provider about a ref again; a payout of ours it knows
 * nothing of is sent again with the same ref (the provider dedupes). Answers what it said, in Chinese.
 */
export async function askProviderAgain(
  ctx: ServiceContext,
  ref: string,
  payoutId: number | null,
  companyId: number | null,
): Promise<string> {
  const outcome = (await ctx.payoutProvider.query([ref])).get(ref);
  if (outcome) return `服务方答复：${ANSWER_LABELS[outcome.status] ?? outcome.status}`;
  if (payoutId === null || companyId === null) return '服务方无此笔';
  const rows = await payouts.findPayouts(ctx.db, companyId, [payoutId]);
  if (!rows.length) return '服务方无此笔';
  await ctx.payoutProvider.submit(await ordersOf(ctx, ctx.db, rows));
  return '服务方无此笔，已按原单号重新提交';
}

/**
 * For the demo seed: sends a 支付中 batch's payouts to `decide` (the sandbox's rules) and settles
 * each at once, inside the caller's transaction, as the provider's callbacks would.
 */
export async function settleBatchNow(
  tx: Tx,
  cipher: ServiceContext['cipher'],
  companyId: number,
  batchId: number,
  decide: (order: PayoutOrder) => { status: 'succeeded' | 'failed'; reason: string },
  now: Date,
) {
  const rows = await payouts.findBatchPayouts(tx, companyId, batchId);
  await payouts.markSubmitted(
    tx,
    rows.map((p) => p.id),
    now,
  );
  const orders = await ordersOf({ cipher }, tx, rows);
  await settlePayouts(
    tx,
    orders.map((order) => ({ ref: order.ref, ...decide(order) })),
    now,
  );
}
