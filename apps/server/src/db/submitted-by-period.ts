/**
 * 提交统计 (issue 38): what a company submitted into one table (payroll batches, invoice
 * applications, top-ups) between two instants, grouped by Beijing day or month, status and
 * service company. The owner's repository hands its table's columns; the read is the range of
 * its `(company_id, created_at, id)` index, never the company's whole history.
 */
import { and, count, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

export interface SubmittedColumns {
  table: PgTable;
  companyId: AnyPgColumn;
  createdAt: AnyPgColumn;
  status: AnyPgColumn;
  serviceCompanyId: AnyPgColumn;
  amountFen: AnyPgColumn;
}

export interface SubmittedRange {
  companyId: number;
  /** From this instant, included, to `end`, excluded. */
  start: Date;
  end: Date;
  unit: 'day' | 'month';
  serviceCompanyId?: number | undefined;
}

export interface SubmittedGroup {
  period: string;
  status: string;
  serviceCompanyId: number;
  count: number;
  amountFen: number;
}

export async function findSubmittedByPeriod(
  db: DbOrTx,
  c: SubmittedColumns,
  r: SubmittedRange,
): Promise<SubmittedGroup[]> {
  const format = r.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const period: SQL<string> = sql<string>`to_char(${c.createdAt} at time zone 'Asia/Shanghai', ${sql.raw(`'${format}'`)})`;
  const rows = await db
    .select({
      period,
      status: c.status,
      serviceCompanyId: c.serviceCompanyId,
      count: count(),
      amountFen: sum(c.amountFen),
    })
    .from(c.table)
    .where(
      and(
        eq(c.companyId, r.companyId),
        gte(c.createdAt, r.start),
        lt(c.createdAt, r.end),
        r.serviceCompanyId === undefined ? undefined : eq(c.serviceCompanyId, r.serviceCompanyId),
      ),
    )
    .groupBy(period, c.status, c.serviceCompanyId);
  return rows.map((row) => ({
    period: String(row.period),
    status: String(row.status),
    serviceCompanyId: Number(row.serviceCompanyId),
    count: Number(row.count),
    amountFen: Number(row.amountFen ?? 0),
  }));
}
