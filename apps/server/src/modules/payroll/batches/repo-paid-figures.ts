/** The SQL of paid payroll figures other areas read (paid-figures.ts). */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { payrollBatch } from '../../../db/schema/index.ts';
import { findSubmittedByPeriod, type SubmittedRange } from '../../../db/submitted-by-period.ts';
import { anyId } from '../../../db/any-of.ts';

/** Whether the worker of a row (its company and worker columns) is among some workers: worker answers. */
export type OfWorkers = (companyId: SQL, workerId: SQL) => SQL;

/**
 * Paid items of a company between two instants, by Beijing month: the amount and the distinct
 * workers paid. `ofWorkers`, worker's answer for an item's worker, narrows them to some workers.
 * Reads the paid-items index (company_id, paid_at) of migration 0036.
 */
export async function sumPaidItemsByMonth(
  db: DbOrTx,
  companyId: number,
  from: Date,
  to: Date,
  ofWorkers: OfWorkers | undefined,
): Promise<{ month: string; amountFen: number; workers: number }[]> {
  const narrow = ofWorkers ? sql`and ${ofWorkers(sql`i.company_id`, sql`i.worker_id`)}` : sql``;
  const rows = await queryRows<{ month: string; amount: string; workers: string }>(
    db,
    sql`select to_char((i.paid_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM') as month,
               sum(i.amount_fen) as amount, count(distinct i.worker_id) as workers
        from payroll_item i
        where i.company_id = ${companyId} and i.pay_status = 'paid'
          and i.paid_at >= ${from.toISOString()}::timestamptz and i.paid_at < ${to.toISOString()}::timestamptz
          ${narrow}
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ month: r.month, amountFen: Number(r.amount), workers: Number(r.workers) }));
}

/**
 * The kept totals of paid items by calendar month (China time), `from` to `to` inclusive
 * ('YYYY-MM'): what payout_month_total holds (migration 0043), only the months with payments.
 */
export async function findPaidMonths(db: DbOrTx, companyId: number, from: string, to: string) {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select month, amount_fen, debit_fen, item_count, worker_count from payout_month_total
        where company_id = ${companyId} and month >= ${from} and month <= ${to} order by month`,
  );
  return rows.map((r) => ({
    month: String(r.month),
    amountFen: Number(r.amount_fen),
    debitFen: Number(r.debit_fen),
    items: Number(r.item_count),
    workers: Number(r.worker_count),
  }));
}

/** Distinct workers paid between two instants (narrowed by `ofWorkers` as above). */
export async function countPaidWorkers(
  db: DbOrTx,
  companyId: number,
  from: Date,
  to: Date,
  ofWorkers: OfWorkers | undefined,
): Promise<number> {
  const narrow = ofWorkers ? sql`and ${ofWorkers(sql`i.company_id`, sql`i.worker_id`)}` : sql``;
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(distinct i.worker_id) as n from payroll_item i
        where i.company_id = ${companyId} and i.pay_status = 'paid'
          and i.paid_at >= ${from.toISOString()}::timestamptz and i.paid_at < ${to.toISOString()}::timestamptz
          ${narrow}`,
  );
  return Number(row?.n ?? 0);
}

/** 提交统计: the company's batches made in a range, by period, status and service company. */
export function findBatchesSubmitted(db: DbOrTx, range: SubmittedRange) {
  const { companyId, createdAt, status, serviceCompanyId, amountFen } = payrollBatch;
  const columns = { table: payrollBatch, companyId, createdAt, status, serviceCompanyId, amountFen };
  return findSubmittedByPeriod(db, columns, range);
}

export async function findLiveBatchIds(db: DbOrTx, companyId: number, batchIds: readonly number[]) {
  if (!batchIds.length) return new Set<number>();
  const rows = await db
    .select({ id: payrollBatch.id })
    .from(payrollBatch)
    .where(
      and(
        eq(payrollBatch.companyId, companyId),
        anyId(payrollBatch.id, [...new Set(batchIds)]),
        ne(payrollBatch.status, 'cancelled'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
