/** The only SQL of payout (and of the payment columns of payroll_item and payroll_batch). */
import { and, asc, count, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { payout, payrollBatch, payrollItem } from '../../db/schema/index.ts';

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
    .where(and(inArray(payout.id, ids), eq(payout.status, 'queued')));
}

export async function lockPayoutByRef(db: DbOrTx, ref: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payout).where(eq(payout.ref, ref)).limit(1).for('update');
  return row;
}

export async function finishPayout(
  db: DbOrTx,
  id: number,
  values: { status: 'succeeded' | 'failed'; failReason: string | null; settledAt: Date },
) {
  await db.update(payout).set(values).where(eq(payout.id, id));
}

export async function setItemPayment(
  db: DbOrTx,
  itemId: number,
  values: { payStatus: 'paying' | 'paid' | 'failed'; payFailReason: string | null; paidAt: Date | null },
) {
  await db.update(payrollItem).set(values).where(eq(payrollItem.id, itemId));
}

/** Payouts submitted before `before` that are still open: reconciliation asks the provider. */
export async function findStaleSubmitted(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ ref: payout.ref, id: payout.id })
    .from(payout)
    .where(and(eq(payout.status, 'submitted'), lt(payout.submittedAt, before)))
    .orderBy(asc(payout.id))
    .limit(limit);
}

/** How many of a batch's payouts are still open, and how many of its items failed. */
export async function batchPaymentState(db: DbOrTx, companyId: number, batchId: number) {
  const [row] = await queryRows<{ open: number; failed: number }>(
    db,
    sql`select (select count(*)::int from payout p
                 where p.company_id = ${companyId} and p.batch_id = ${batchId} and p.status in ('queued', 'submitted')) as open,
               (select count(*)::int from payroll_item i
                 where i.company_id = ${companyId} and i.batch_id = ${batchId} and i.pay_status = 'failed') as failed`,
  );
  return { open: row?.open ?? 0, failed: row?.failed ?? 0 };
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

export async function findPayoutByRef(db: DbOrTx, ref: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payout).where(eq(payout.ref, ref)).limit(1);
  return row;
}

export interface PaymentFilters {
  companyId: number;
  status?: string | undefined;
  channel?: string | undefined;
  name?: string | undefined;
}

/** 支付中心: the company's payouts, newest first, with their batch. */
export async function findPaymentPage(db: DbOrTx, f: PaymentFilters, page: number, limit: number) {
  const where = and(
    eq(payout.companyId, f.companyId),
    f.status ? eq(payout.status, f.status) : undefined,
    f.channel ? eq(payout.channel, f.channel) : undefined,
    f.name ? like(payout.holderName, `${escapeLike(f.name)}%`) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(payout).where(where);
  const rows = await db
    .select({ payout, batchTitle: payrollBatch.title, batchCreatedAt: payrollBatch.createdAt })
    .from(payout)
    .innerJoin(payrollBatch, eq(payrollBatch.id, payout.batchId))
    .where(where)
    .orderBy(desc(payout.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: counted?.n ?? 0, rows };
}
