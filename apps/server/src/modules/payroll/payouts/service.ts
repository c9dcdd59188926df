/**
 * Paying a batch (issue 18, issue 24): the step-up code and one freeze of the total debit in the
 * request's transaction (the batch 支付中); then the payout of each item queued by a job, a chunk
 * per transaction (the outbox), each chunk dispatched as it is queued. A failed item can be paid
 * again once its account is fixed: a new payout, never a second success (one live payout per item,
 * a unique index). Also 支付进度 and 支付中心.
 *
 * The rest of a payout's life: `dispatch.ts` sends queued payouts to the provider a list at a time
 * (and asks about those whose callback has not come); `settlement.ts` settles each payout once
 * from the provider's word, many in one transaction: success moves its frozen money to payouts in
 * transit and fee income, failure returns it to available.
 */
import {
  BusinessCode,
  formatFen,
  PAYOUT_RECONCILING_REPAY_REFUSED,
  payrollBatchNo,
  type TPage,
  type TPayBody,
  type TPayProgress,
  type TPayment,
  type TPayrollBatch,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import type { GaugeSource } from '../../../core/metrics.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { AppError, conflict, invalidField, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../core/auth.ts';
import { getBalances, INSUFFICIENT_BALANCE, postTransfer } from '../../ledger/service.ts';
import { analyzeGrown } from '../../../db/statistics.ts';
import { isCompanyFrozen } from '../../company/service.ts';
import { verifyPaymentCode } from '../../user/service.ts';
import { findPayees } from '../../worker/service.ts';
import { assertRepayWithinLimit } from '../batches/monthly-limit.ts';
import * as repo from '../batches/repo.ts';
import * as payouts from './repo.ts';

/** The job that sends a batch's queued payouts (also run on every payout tick). */
export const PAYOUT_DISPATCH_JOB = 'payout.dispatch';
/** The job that queues the payouts of a batch just paid (also run on start and on every payout tick). */
export const PAYOUT_QUEUE_JOB = 'payout.queue';
/** Payouts queued a transaction: short locks of the batch, and dispatch starts on the first chunk. */
export const QUEUE_CHUNK = 2_000;

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

/**
 * 重新支付 (退款中心): a failed item, after its worker's account was fixed, gets a new payout to the
 * worker's current account of the batch's channel; its debit is frozen again. Needs the same
 * step-up code as paying.
 */
export async function repayItem(ctx: ServiceContext, auth: AuthContext, itemId: number, body: TPayBody, ip: string) {
  const item = await repo.findItem(ctx.db, auth.companyId, itemId);
  if (!item) throw notFound('发放明细不存在');
  if (item.payStatus !== 'failed') throw conflict('只有支付失败的明细可以重新支付');
  if (await payouts.itemHeld(ctx.db, auth.companyId, itemId)) throw conflict(PAYOUT_RECONCILING_REPAY_REFUSED);
  await assertCompanyMayPay(ctx.db, auth.companyId);
  const consume = await verifyPaymentCode(ctx, auth, body, ip);
  await ctx.db.transaction(async (tx: Tx) => {
    const batch = await lockedBatch(tx, auth.companyId, item.batchId);
    const fresh = await repo.findItem(tx, auth.companyId, itemId);
    if (!fresh || fresh.payStatus !== 'failed') throw conflict('只有支付失败的明细可以重新支付');
    if (await payouts.itemHeld(tx, auth.companyId, itemId)) throw conflict(PAYOUT_RECONCILING_REPAY_REFUSED);
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
      reconciling: p.reconcileHold,
    })),
  };
}

// For other modules

export interface OpenPayouts {
  /** Queued or submitted, not yet settled. */
  open: number;
  oldest: { ref: string; status: string; createdAt: Date } | null;
}

/** Payouts still open and the one waiting longest, across companies (系统监控; a platform scope). */
export async function openPayouts(db: DbOrTx): Promise<OpenPayouts> {
  const [open, oldest] = await Promise.all([payouts.countOpenPayouts(db), payouts.findOldestOpenPayout(db)]);
  return { open, oldest: oldest ?? null };
}

/** The gauges of /metrics payroll answers for. */
export function payoutGauges(db: DbOrTx, now: () => Date) {
  return {
    flexpay_payouts_open: {
      help: 'Payouts queued or submitted to the provider, not yet settled',
      read: () => payouts.countOpenPayouts(db),
    },
    flexpay_payout_oldest_open_age_seconds: {
      help: 'Age of the oldest open payout, in seconds (0 when none is open)',
      read: async () => {
        const oldest = await payouts.findOldestOpenPayout(db);
        return oldest ? Math.max(0, (now().getTime() - oldest.createdAt.getTime()) / 1000) : 0;
      },
    },
  } satisfies Record<string, GaugeSource>;
}
