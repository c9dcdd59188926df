/**
 * Paying a batch (issue 18, issue 24): the step-up code and one freeze of the total debit in the
 * request's transaction (the batch 支付中); then the payout of each item queued by a job, a chunk
 * per transaction (the outbox), each chunk dispatched as it is queued; the dispatcher sends queued
 * payouts to the provider a list at a time; the provider's signed callbacks, each carrying one
 * result or a list (or reconciliation queries), settle each payout once, many in one transaction:
 * success moves its frozen money to payouts in transit and fee income, failure returns it to
 * available. A failed item can be paid again once its account is fixed: a new payout, never a
 * second success (one live payout per item, a unique index).
 */
import {
  BusinessCode,
  formatFen,
  payrollBatchNo,
  type TPage,
  type TPayBody,
  type TPayProgress,
  type TPayment,
  type TPayrollBatch,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { AppError, conflict, invalidField, notFound } from '../../../lib/errors.ts';
import type { PayoutOrder, PayoutProvider } from '../../../lib/payout-provider.ts';
import type { AuthContext } from '../../../core/auth.ts';
import {
  getBalances,
  INSUFFICIENT_BALANCE,
  postTransfer,
  postTransfers,
  type TransferInput,
} from '../../ledger/service.ts';
import { analyzeGrown } from '../../../db/statistics.ts';
import { isCompanyFrozen } from '../../company/service.ts';
import { verifyPaymentCode } from '../../user/service.ts';
import { findAccountCiphers, findPayees } from '../../worker/service.ts';
import { assertRepayWithinLimit } from '../batches/monthly-limit.ts';
import * as repo from '../batches/repo.ts';
import * as payouts from './repo.ts';

/** The job that sends a batch's queued payouts (also run on every payout tick). */
export const PAYOUT_DISPATCH_JOB = 'payout.dispatch';
/** The job that queues the payouts of a batch just paid (also run on start and on every payout tick). */
export const PAYOUT_QUEUE_JOB = 'payout.queue';
/** Payouts queued a transaction: short locks of the batch, and dispatch starts on the first chunk. */
export const QUEUE_CHUNK = 2_000;
/** Payouts sent at a time: one claim, one pass of decryption, one list to the provider. */
const DISPATCH_CHUNK = 500;
/** Payouts a reconciliation asks about and settles a transaction. */
const SETTLE_CHUNK = 500;
/** A payout submitted this long ago without a callback is asked about. */
export const RECONCILE_AFTER_MS = 30_000;

const yuan = (fen: number) => `¥${formatFen(fen)}`;

/** Paying and paying again are refused while the company is frozen (冻结), before any code is used. */
export const COMPANY_FROZEN = '企业账户已冻结，不能支付；如有疑问请联系平台客服';

export async function assertCompanyMayPay(db: DbOrTx, companyId: number) {
  if (await isCompanyFrozen(db, companyId)) throw conflict(COMPANY_FROZEN);
}

async function lockedBatch(tx: DbOrTx, companyId: number, id: number) {
  const row = await repo.findBatch(tx, companyId, id, true);
  if (!row) throw notFound('发放批次不存在');
  return row;
}

/**
 * 确认支付: checks the paying admin's fresh code, then in one transaction under the batch's lock:
 * the batch must be 待支付 and the company not frozen, the available balance must cover its total
 * debit, the debit is frozen (one ledger transfer, unique per batch), the batch goes 支付中 and the
 * code is used. The payouts are queued afterwards by `queuePayouts` (the payment job, or the
 * payout timer after a crash), so the answer does not wait for 100,000 rows. A second request
 * (double click, retry, another admin) finds the batch 支付中 and changes nothing.
 */
export async function payBatch(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TPayBody,
  ip: string,
  inTransaction: (work: (tx: Tx) => Promise<void>) => Promise<void> = (work) => ctx.db.transaction(work),
): Promise<TPayrollBatch['status']> {
  const head = await repo.findBatch(ctx.db, auth.companyId, id);
  if (!head) throw notFound('发放批次不存在');
  if (head.status !== 'to_pay') throw conflict(alreadyPaid(head.status));
  await assertCompanyMayPay(ctx.db, auth.companyId);
  const consume = await verifyPaymentCode(ctx, auth, body, ip);
  await inTransaction(async (tx) => {
    await freezeForPayment(tx, auth.companyId, id);
    await consume(tx);
  });
  return 'paying';
}

/**
 * The payment of a 待支付 batch inside the caller's transaction, under the batch's lock: the
 * balance check, one freeze of the total debit, 支付中. Its payouts are not queued yet.
 */
export async function freezeForPayment(tx: Tx, companyId: number, id: number): Promise<void> {
  const row = await lockedBatch(tx, companyId, id);
  if (row.status !== 'to_pay') throw conflict(alreadyPaid(row.status));
  await assertCompanyMayPay(tx, companyId);
  const available =
    (await getBalances(tx, companyId)).find((b) => b.serviceCompanyId === row.serviceCompanyId)?.availableFen ?? 0;
  if (available < row.debitFen) {
    throw new AppError(
      BusinessCode.INSUFFICIENT_BALANCE,
      `${INSUFFICIENT_BALANCE}：可用 ${yuan(available)}，本批次需 ${yuan(row.debitFen)}，请先充值`,
    );
  }
  await postTransfer(tx, {
    companyId,
    type: 'freeze',
    reference: { kind: 'payroll_batch', id },
    memo: `发放冻结 ${row.title}`,
    postings: [
      { account: { kind: 'available', companyId, serviceCompanyId: row.serviceCompanyId }, amountFen: -row.debitFen },
      { account: { kind: 'frozen', companyId, serviceCompanyId: row.serviceCompanyId }, amountFen: row.debitFen },
    ],
  });
  await repo.updateBatch(tx, id, { status: 'paying' });
}

/**
 * The whole payment in the caller's transaction: the freeze and every payout queued (the demo
 * seed and tests, where one transaction is wanted).
 */
export async function freezeAndQueue(tx: Tx, companyId: number, id: number): Promise<void> {
  await freezeForPayment(tx, companyId, id);
  const row = await lockedBatch(tx, companyId, id);
  const batch = { companyId, id, serviceCompanyId: row.serviceCompanyId };
  let after: payouts.QueueCursor | null = null;
  for (;;) {
    const chunk = await payouts.queueNextPayouts(tx, batch, after, QUEUE_CHUNK);
    if (chunk.count < QUEUE_CHUNK) break;
    after = chunk.last;
  }
}

/**
 * Queues the payouts of 支付中 batches not queued whole yet (one batch, or every one: after a
 * crash, on start and on the payout timer), a chunk of `QUEUE_CHUNK` per transaction under the
 * batch's lock, calling `onChunk` after each chunk commits (to dispatch what it queued).
 * Idempotent and safe to run twice at once (see payouts.queueNextPayouts). Answers how many
 * payouts it queued.
 */
export async function queuePayouts(
  ctx: Pick<ServiceContext, 'db'>,
  opts: { batchId?: number; chunk?: number; onChunk?: (queued: number) => Promise<void> } = {},
): Promise<number> {
  const size = opts.chunk ?? QUEUE_CHUNK;
  let queued = 0;
  for (const batch of await payouts.findBatchesToQueue(ctx.db, opts.batchId)) {
    let after: payouts.QueueCursor | null = null;
    for (;;) {
      const chunk = await ctx.db.transaction(async (tx) => {
        // Under the batch's lock: chunks of one batch never interleave, and a batch that is no
        // longer 支付中 is left alone.
        if ((await payouts.lockBatchStatus(tx, batch.id)) !== 'paying') return null;
        return payouts.queueNextPayouts(tx, batch, after, size);
      });
      if (!chunk || chunk.count === 0) break;
      queued += chunk.count;
      after = chunk.last;
      await keepStatistics(ctx.db, QUEUE_TABLES);
      await opts.onChunk?.(chunk.count);
      if (chunk.count < size) break;
    }
  }
  return queued;
}

/** The tables queuing grows, and those settlement grows (ADR 0016). */
const QUEUE_TABLES = ['payout', 'payroll_item'];
export const SETTLEMENT_TABLES = ['ledger_transfer', 'ledger_entry', 'payout', 'payroll_item'];

/**
 * After a bulk step commits: analyses the tables it grew a lot (see db/statistics). A failure
 * is only a missed refresh: it never fails the step that already committed.
 */
export async function keepStatistics(db: DbOrTx, tables: readonly string[]): Promise<void> {
  await analyzeGrown(db, tables).catch(() => {});
}

/** 支付进度: how far a batch's payment has got (the contract's ZPayProgress). */
export async function getPayProgress(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TPayProgress> {
  const row = await payouts.findPayProgress(ctx.db, auth.companyId, id);
  if (!row) throw notFound('发放批次不存在');
  return {
    batchId: id,
    status: row.status as TPayProgress['status'],
    total: row.total,
    queued: row.queued,
    submitted: row.submitted,
    succeeded: row.succeeded,
    failed: row.failed,
  };
}

function alreadyPaid(status: string) {
  if (status === 'paying') return '该批次正在支付中，请勿重复支付';
  if (status === 'completed' || status === 'partial') return '该批次已支付，请勿重复支付';
  return '批次不是待支付状态，不能支付';
}

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
    if (p.status === 'succeeded' || p.status === 'failed') byRef.set(p.ref, 'already');
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

/**
 * 重新支付 (退款中心): a failed item, after its worker's account was fixed, gets a new payout to the
 * worker's current account of the batch's channel; its debit is frozen again. Needs the same
 * step-up code as paying.
 */
export async function repayItem(ctx: ServiceContext, auth: AuthContext, itemId: number, body: TPayBody, ip: string) {
  const item = await repo.findItem(ctx.db, auth.companyId, itemId);
  if (!item) throw notFound('发放明细不存在');
  if (item.payStatus !== 'failed') throw conflict('只有支付失败的明细可以重新支付');
  await assertCompanyMayPay(ctx.db, auth.companyId);
  const consume = await verifyPaymentCode(ctx, auth, body, ip);
  await ctx.db.transaction(async (tx: Tx) => {
    const batch = await lockedBatch(tx, auth.companyId, item.batchId);
    const fresh = await repo.findItem(tx, auth.companyId, itemId);
    if (!fresh || fresh.payStatus !== 'failed') throw conflict('只有支付失败的明细可以重新支付');
    await assertRepayWithinLimit(tx, auth.companyId, batch.serviceCompanyId, fresh, ctx.now());
    const [payee] = await findPayees(tx, auth.companyId, batch.channel as 'bank' | 'alipay', {
      hashes: [fresh.idNumberHash],
    });
    if (!payee || payee.accountId === null)
      throw invalidField('itemId', '员工没有可用的收款账户，请先在员工详情中添加');
    const attempt = (await payouts.countAttempts(tx, itemId)) + 1;
    const p = await payouts.insertPayout(tx, {
      companyId: auth.companyId,
      batchId: batch.id,
      itemId,
      serviceCompanyId: batch.serviceCompanyId,
      attempt,
      ref: `PO${itemId}-${attempt}`,
      channel: batch.channel,
      accountId: payee.accountId,
      accountMasked: payee.accountMasked ?? '',
      holderName: payee.name,
      netFen: fresh.netFen,
      feeFen: fresh.feeFen,
      debitFen: fresh.debitFen,
    });
    try {
      await postTransfer(tx, {
        companyId: auth.companyId,
        type: 'freeze',
        reference: { kind: 'payout', id: p.id },
        memo: `重新支付冻结 ${payee.name}`,
        postings: [
          {
            account: { kind: 'available', companyId: auth.companyId, serviceCompanyId: batch.serviceCompanyId },
            amountFen: -fresh.debitFen,
          },
          {
            account: { kind: 'frozen', companyId: auth.companyId, serviceCompanyId: batch.serviceCompanyId },
            amountFen: fresh.debitFen,
          },
        ],
      });
    } catch (err) {
      if (err instanceof AppError && err.code === BusinessCode.INSUFFICIENT_BALANCE) {
        throw new AppError(BusinessCode.INSUFFICIENT_BALANCE, `${INSUFFICIENT_BALANCE}，请先充值`);
      }
      throw err;
    }
    await payouts.setItemPayment(tx, itemId, { payStatus: 'paying', payFailReason: null, paidAt: null });
    await repo.updateItem(tx, itemId, {
      accountId: payee.accountId,
      accountMasked: payee.accountMasked,
      accountBank: payee.accountBank,
    });
    await payouts.setBatchStatus(tx, batch.id, 'paying');
    await consume(tx);
  });
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

/** 支付中心: the company's payouts with their batch, newest first. */
export async function listPayments(
  ctx: ServiceContext,
  auth: AuthContext,
  q: {
    page: number;
    limit: number;
    status?: string | undefined;
    channel?: string | undefined;
    name?: string | undefined;
  },
): Promise<TPage<TPayment>> {
  const page = await payouts.findPaymentPage(ctx.db, { companyId: auth.companyId, ...q }, q.page, q.limit);
  return {
    total: page.total,
    rows: page.rows.map(({ payout: p, batchTitle, batchCreatedAt }) => ({
      id: p.id,
      ref: p.ref,
      batchId: p.batchId,
      batchNo: payrollBatchNo(p.batchId, batchCreatedAt.toISOString()),
      batchTitle,
      attempt: p.attempt,
      holderName: p.holderName,
      channel: p.channel as TPayment['channel'],
      accountMasked: p.accountMasked,
      netFen: p.netFen,
      feeFen: p.feeFen,
      status: p.status as TPayment['status'],
      failReason: p.failReason,
      createdAt: p.createdAt.toISOString(),
      settledAt: p.settledAt?.toISOString() ?? null,
    })),
  };
}
