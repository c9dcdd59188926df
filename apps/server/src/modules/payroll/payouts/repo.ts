/** The only SQL of payout (and of the payment columns of payroll_item and payroll_batch). */
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { equals, pagedQuery, startsWith } from '../../../db/paged-query.ts';
import { payout, payrollBatch, payrollItem } from '../../../db/schema/index.ts';

export type PayoutRow = typeof payout.$inferSelect;

/** Where queuing a batch's payouts has got to: the last item queued, in (序号, id) order. */
export interface QueueCursor {
  rowNo: number;
  id: number;
}

/**
 * The outbox of a batch's payment, a chunk at a time: the next `limit` items that passed the check
 * and have no payout yet (pay status still empty), in (序号, id) order after `after`, each get a
 * payout (ref `PO<item>-1`) and are marked 支付中, in one statement. Idempotent: an item already
 * queued is left out by its pay status, and a payout that exists already is kept (`on conflict do
 * nothing` on the item's first attempt), so a retried or crashed run never queues an item twice.
 * Items are queued in (序号, id) order and each chunk is atomic, so the queued items of a batch
 * are always a prefix of that order: the batch is queued whole when its last item is
 * (`isQueued`). The caller holds the batch's lock (chunks of one batch never interleave).
 * Answers how many items the chunk took and the last of them.
 */
export async function queueNextPayouts(
  db: DbOrTx,
  batch: { companyId: number; id: number; serviceCompanyId: number },
  after: QueueCursor | null,
  limit: number,
): Promise<{ count: number; last: QueueCursor | null }> {
  const from = after ? sql`and (i.row_no, i.id) > (${after.rowNo}, ${after.id})` : sql``;
  const [row] = await queryRows<{ n: number; row_no: number | null; id: string | null }>(
    db,
    sql`with next as (
          select i.id, i.row_no, i.company_id, i.batch_id, i.account_channel, i.account_id, i.account_masked, i.name,
                 i.net_fen, i.fee_fen, i.debit_fen
            from payroll_item i
           where i.company_id = ${batch.companyId} and i.batch_id = ${batch.id} and i.check_result = 'ok'
             and i.pay_status is null ${from}
           order by i.row_no, i.id
           limit ${limit}
        ), ins as (
          insert into payout (company_id, batch_id, item_id, service_company_id, attempt, ref, channel, account_id,
                              account_masked, holder_name, net_fen, fee_fen, debit_fen)
          select n.company_id, n.batch_id, n.id, ${batch.serviceCompanyId}, 1, 'PO' || n.id || '-1', n.account_channel,
                 n.account_id, n.account_masked, n.name, n.net_fen, n.fee_fen, n.debit_fen
            from next n order by n.row_no, n.id
          on conflict do nothing
          returning 1
        ), upd as (
          update payroll_item i set pay_status = 'paying' from next n where i.id = n.id
          returning 1
        ), last as (
          select row_no, id from next order by row_no desc, id desc limit 1
        )
        select (select count(*)::int from upd) as n, (select count(*)::int from ins) as inserted,
               (select row_no from last) as row_no, (select id from last) as id`,
  );
  const count = row?.n ?? 0;
  return { count, last: count && row?.row_no != null ? { rowNo: Number(row.row_no), id: Number(row.id) } : null };
}

/**
 * Whether every checked item of a batch has its payout: its last item in (序号, id) order has a
 * pay status (see queueNextPayouts). One index probe, whatever the batch's size.
 */
const queuedWhole = (company: ReturnType<typeof sql>, batch: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from (select i.pay_status from payroll_item i
                                  where i.company_id = ${company} and i.batch_id = ${batch} and i.check_result = 'ok'
                                  order by i.row_no desc, i.id desc limit 1) last
                   where last.pay_status is null)`;

/** 支付中 batches some of whose items have no payout yet (one batch, or all): what is left to queue. */
export async function findBatchesToQueue(db: DbOrTx, batchId?: number) {
  const one = batchId === undefined ? sql`` : sql`and b.id = ${batchId}`;
  const rows = await queryRows<{ id: string; company_id: string; service_company_id: string }>(
    db,
    sql`select b.id, b.company_id, b.service_company_id from payroll_batch b
         where b.status = 'paying' ${one} and not (${queuedWhole(sql`b.company_id`, sql`b.id`)})
         order by b.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    serviceCompanyId: Number(r.service_company_id),
  }));
}

/** A batch's status, its row locked. */
export async function lockBatchStatus(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: payrollBatch.status })
    .from(payrollBatch)
    .where(eq(payrollBatch.id, id))
    .for('update');
  return row?.status;
}

/**
 * How a batch's payment goes: its checked items, how many have their payout queued, how many were
 * sent to the provider (still open, or settled), how many succeeded and failed (each item's latest
 * payout). Null when the batch is not the company's.
 */
export async function findPayProgress(db: DbOrTx, companyId: number, batchId: number) {
  const [row] = await queryRows<{
    status: string;
    total: number;
    queued: number;
    submitted: number;
    succeeded: number;
    failed: number;
  }>(
    db,
    sql`select b.status, i.total, i.queued, i.succeeded, i.failed,
               (select count(*)::int from payout p
                 where p.company_id = b.company_id and p.batch_id = b.id and p.status = 'submitted') as submitted
          from payroll_batch b
          cross join lateral (
            select count(*)::int as total,
                   count(*) filter (where i.pay_status is not null)::int as queued,
                   count(*) filter (where i.pay_status = 'paid')::int as succeeded,
                   count(*) filter (where i.pay_status = 'failed')::int as failed
              from payroll_item i
             where i.company_id = b.company_id and i.batch_id = b.id and i.check_result = 'ok') i
         where b.company_id = ${companyId} and b.id = ${batchId}`,
  );
  return row;
}

export async function insertPayout(db: DbOrTx, values: typeof payout.$inferInsert) {
  const [row] = await db.insert(payout).values(values).returning();
  if (!row) throw new Error('payout not inserted');
  return row;
}

/** Queued payouts to send (oldest first), locked; others running at once take others. */
export async function claimQueued(db: DbOrTx, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payout)
    .where(eq(payout.status, 'queued'))
    .orderBy(asc(payout.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSubmitted(db: DbOrTx, ids: number[], at: Date) {
  if (!ids.length) return;
  await db
    .update(payout)
    .set({ status: 'submitted', submittedAt: at })
    .where(and(sql`${payout.id} = any(${sql.param(ids)}::bigint[])`, eq(payout.status, 'queued')));
}

/** The payouts of these refs, locked in id order (two settlements of overlapping lists never deadlock). */
export async function lockPayoutsByRefs(db: DbOrTx, refs: string[]): Promise<PayoutRow[]> {
  if (!refs.length) return [];
  return db
    .select()
    .from(payout)
    .where(sql`${payout.ref} = any(${sql.param(refs)}::text[])`)
    .orderBy(asc(payout.id))
    .for('update');
}

/** These batches (id, company, title), locked in id order. */
export async function lockBatches(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: payrollBatch.id, companyId: payrollBatch.companyId, title: payrollBatch.title })
    .from(payrollBatch)
    .where(sql`${payrollBatch.id} = any(${sql.param(ids)}::bigint[])`)
    .orderBy(asc(payrollBatch.id))
    .for('update');
}

export interface PayoutResult {
  id: number;
  itemId: number;
  status: 'succeeded' | 'failed';
  failReason: string | null;
}

/**
 * Settled payouts and their items, set-based, in one statement: each payout final with its
 * reason, its item 已支付 (with the time) or 支付失败 (with the reason). Answers how many
 * payouts changed.
 */
export async function finishPayouts(db: DbOrTx, results: readonly PayoutResult[], at: Date): Promise<number> {
  if (!results.length) return 0;
  const ids = sql.param(results.map((r) => r.id));
  const itemIds = sql.param(results.map((r) => r.itemId));
  const statuses = sql.param(results.map((r) => r.status));
  const reasons = sql.param(results.map((r) => r.failReason));
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with v as (
          select * from unnest(${ids}::bigint[], ${itemIds}::bigint[], ${statuses}::text[], ${reasons}::text[])
            as v(id, item_id, status, reason)
        ), p as (
          update payout p set status = v.status, fail_reason = v.reason, settled_at = ${at.toISOString()}::timestamptz
            from v where p.id = v.id and p.status in ('queued', 'submitted')
          returning p.id
        ), i as (
          update payroll_item i
             set pay_status = case when v.status = 'succeeded' then 'paid' else 'failed' end,
                 pay_fail_reason = v.reason,
                 paid_at = case when v.status = 'succeeded' then ${at.toISOString()}::timestamptz end
            from v join p on p.id = v.id where i.id = v.item_id
          returning i.id
        )
        select (select count(*)::int from p) as n, (select count(*)::int from i) as items`,
  );
  return row?.n ?? 0;
}

export async function setItemPayment(
  db: DbOrTx,
  itemId: number,
  values: { payStatus: 'paying' | 'paid' | 'failed'; payFailReason: string | null; paidAt: Date | null },
) {
  await db.update(payrollItem).set(values).where(eq(payrollItem.id, itemId));
}

/** Payouts submitted before `before` that are still open (not held by 对账): reconciliation asks the provider. */
export async function findStaleSubmitted(db: DbOrTx, before: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payout)
    .where(and(eq(payout.status, 'submitted'), lt(payout.submittedAt, before), eq(payout.reconcileHold, false)))
    .orderBy(asc(payout.id))
    .limit(limit);
}

/**
 * Finishes a 支付中 batch none of whose payouts is open any more and all of whose items were
 * queued: 部分成功 when an item failed, else 已完成. Asks first whether one payout is open (the
 * first found answers), then (only when none is) whether the last item was queued, so a
 * settlement that leaves the batch open costs little however large it is.
 */
export async function finishBatchIfSettled(db: DbOrTx, batchId: number) {
  await db.execute(sql`update payroll_batch b
      set status = case when exists (select 1 from payroll_item i
                                      where i.company_id = b.company_id and i.batch_id = b.id and i.pay_status = 'failed')
                        then 'partial' else 'completed' end,
          updated_at = now()
    where b.id = ${batchId} and b.status = 'paying'
      and case when exists (select 1 from payout p
                             where p.company_id = b.company_id and p.batch_id = b.id and p.status in ('queued', 'submitted'))
               then false
               -- Nothing open: finished only if every item was queued (the payment queues in chunks).
               else ${queuedWhole(sql`b.company_id`, sql`b.id`)} end`);
}

export async function setBatchStatus(db: DbOrTx, id: number, status: string) {
  await db.update(payrollBatch).set({ status, updatedAt: new Date() }).where(eq(payrollBatch.id, id));
}

export async function countAttempts(db: DbOrTx, itemId: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout where item_id = ${itemId}`,
  );
  return row?.n ?? 0;
}

/** A company's payouts by id. */
export async function findPayouts(db: DbOrTx, companyId: number, ids: number[]): Promise<PayoutRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(payout)
    .where(and(eq(payout.companyId, companyId), sql`${payout.id} = any(${sql.param(ids)}::bigint[])`));
}

/** Whether an item has a payout held by 对账 (ADR 0030): its re-payment waits. */
export async function itemHeld(db: DbOrTx, companyId: number, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payout.id })
    .from(payout)
    .where(and(eq(payout.companyId, companyId), eq(payout.itemId, itemId), eq(payout.reconcileHold, true)))
    .limit(1);
  return Boolean(row);
}

export async function findBatchPayouts(db: DbOrTx, companyId: number, batchId: number) {
  return db
    .select()
    .from(payout)
    .where(and(eq(payout.companyId, companyId), eq(payout.batchId, batchId)))
    .orderBy(asc(payout.id));
}

export interface PaymentFilters {
  companyId: number;
  status?: string | undefined;
  channel?: string | undefined;
  name?: string | undefined;
}

/** 支付中心: the company's payouts, newest first, with their batch. */
export async function findPaymentPage(db: DbOrTx, f: PaymentFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: payout,
    select: { payout, batchTitle: payrollBatch.title, batchCreatedAt: payrollBatch.createdAt },
    // Every payout has its batch (a foreign key): the count reads the payouts alone.
    joins: [
      {
        table: payrollBatch,
        on: and(eq(payrollBatch.companyId, payout.companyId), eq(payrollBatch.id, payout.batchId)) as SQL,
        type: 'inner',
        exactlyOne: true,
      },
    ],
    where: [
      eq(payout.companyId, f.companyId),
      // An empty choice (?status=) is no filter, as before.
      equals(payout.status, f.status || undefined),
      equals(payout.channel, f.channel || undefined),
      startsWith(payout.holderName, f.name),
    ],
    order: 'desc',
    id: payout.id,
    page,
    limit,
  });
}

/** How many payouts are open (queued or submitted, not yet settled): 系统监控 and /metrics. */
export async function countOpenPayouts(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout where status in ('queued', 'submitted')`,
  );
  return row?.n ?? 0;
}

/** The open payout waiting longest, if any. */
export async function findOldestOpenPayout(db: DbOrTx) {
  const [row] = await db
    .select({ ref: payout.ref, status: payout.status, createdAt: payout.createdAt })
    .from(payout)
    .where(sql`${payout.status} in ('queued', 'submitted')`)
    .orderBy(asc(payout.createdAt), asc(payout.id))
    .limit(1);
  return row;
}
