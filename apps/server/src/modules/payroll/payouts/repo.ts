/** The only SQL of payout (and of the payment columns of payroll_item and payroll_batch). */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { equals, pagedQuery, startsWith } from '../../../db/paged-query.ts';
import { payout, payrollBatch, payrollItem } from '../../../db/schema/index.ts';

export type PayoutRow = typeof payout.$inferSelect;

/**
 * The outbox of a batch's payment: one payout per item that passed the check (ref `PO<item>-1`),
 * and the items marked 支付中; answers how many.
 */
export async function insertBatchPayouts(db: DbOrTx, companyId: number, batchId: number, serviceCompanyId: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into payout (company_id, batch_id, item_id, service_company_id, attempt, ref, channel, account_id,
                              account_masked, holder_name, net_fen, fee_fen, debit_fen)
          select i.company_id, i.batch_id, i.id, ${serviceCompanyId}, 1, 'PO' || i.id || '-1', i.account_channel,
                 i.account_id, i.account_masked, i.name, i.net_fen, i.fee_fen, i.debit_fen
            from payroll_item i
           where i.company_id = ${companyId} and i.batch_id = ${batchId} and i.check_result = 'ok'
          returning 1)
        select count(*)::int as n from ins`,
  );
  await db
    .update(payrollItem)
    .set({ payStatus: 'paying' })
    .where(
      and(eq(payrollItem.companyId, companyId), eq(payrollItem.batchId, batchId), eq(payrollItem.checkResult, 'ok')),
    );
  return row?.n ?? 0;
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

/** Payouts submitted before `before` that are still open: reconciliation asks the provider. */
export async function findStaleSubmitted(db: DbOrTx, before: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payout)
    .where(and(eq(payout.status, 'submitted'), lt(payout.submittedAt, before)))
    .orderBy(asc(payout.id))
    .limit(limit);
}

/**
 * Finishes a 支付中 batch none of whose payouts is open any more: 部分成功 when an item failed,
 * else 已完成. Asks only whether one payout is open (the first found answers), so a settlement
 * that leaves the batch open costs little however large it is.
 */
export async function finishBatchIfSettled(db: DbOrTx, batchId: number) {
  await db.execute(sql`update payroll_batch b
      set status = case when exists (select 1 from payroll_item i
                                      where i.company_id = b.company_id and i.batch_id = b.id and i.pay_status = 'failed')
                        then 'partial' else 'completed' end,
          updated_at = now()
    where b.id = ${batchId} and b.status = 'paying'
      and not exists (select 1 from payout p
                       where p.company_id = b.company_id and p.batch_id = b.id and p.status in ('queued', 'submitted'))`);
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
    joins: [{ table: payrollBatch, on: eq(payrollBatch.id, payout.batchId), type: 'inner', exactlyOne: true }],
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
