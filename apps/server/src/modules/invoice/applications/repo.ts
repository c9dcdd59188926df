/**
 * The SQL of invoice applications. Batches and their paid amounts are payroll's: read through
 * its public views payroll_batch_state and payroll_paid_by_service_company (db/schema/owners.ts),
 * never its tables or statuses. What applications take of each batch is this area's own
 * invoice_batch_balance; the batches an application takes hold them by a foreign key.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import {
  company,
  invoiceableTotal,
  invoiceApplication,
  invoiceApplicationBatch,
  serviceCompany,
} from '../../../db/schema/index.ts';
import { escapeLike } from '../../../db/like.ts';
import { findSubmittedByPeriod, type SubmittedRange } from '../../../db/submitted-by-period.ts';
import { anyId } from '../../../db/any-of.ts';

export type ApplicationRow = typeof invoiceApplication.$inferSelect;
export type NewApplication = typeof invoiceApplication.$inferInsert;

const HOLDING = sql`('approving', 'pending', 'issued', 'mailed')`;

/**
 * Serialises the applications of one company and service company: an application reads what is
 * left after the lock, so two at the same moment never together exceed it.
 */
export async function lockInvoiceable(db: DbOrTx, companyId: number, serviceCompanyId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`invoiceable:${companyId}:${serviceCompanyId}`}, 0))`,
  );
}

export interface BatchAmountRow {
  id: number;
  title: string;
  period: string;
  status: string;
  /** 已完成 or 部分成功 (payroll's answer): its paid amount may be invoiced. */
  isPaid: boolean;
  serviceCompanyId: number;
  createdAt: string;
  paidCount: number;
  paidFen: number;
  appliedFen: number;
}

interface RawBatchAmount {
  id: string | number;
  title: string;
  period: string;
  status: string;
  is_paid: boolean;
  service_company_id: string | number;
  created_at: string | Date;
  paid_count: number;
  paid_fen: string | number;
  applied_fen: string | number;
}

const toBatchAmount = (r: RawBatchAmount): BatchAmountRow => ({
  id: Number(r.id),
  title: r.title,
  period: r.period,
  status: r.status,
  isPaid: r.is_paid,
  serviceCompanyId: Number(r.service_company_id),
  createdAt: new Date(r.created_at).toISOString(),
  paidCount: r.paid_count,
  paidFen: Number(r.paid_fen),
  appliedFen: Number(r.applied_fen),
});

/**
 * The select of a batch (payroll's view) with its paid amount and what applications take of it
 * (this area's kept balance); `exceptApplication`'s share is left out of the applied amount (a
 * resubmission is checked as if it had not applied yet).
 */
const batchAmountSelect = (exceptApplication: number | null) => sql`
  select b.id, b.title, b.period, b.status, b.is_paid, b.service_company_id, b.created_at,
         b.paid_count, b.paid_fen,
         coalesce(x.applied_fen, 0)${
           exceptApplication === null
             ? sql``
             : sql` - coalesce((
           select sum(y.amount_fen)
             from invoice_application_batch y
             join invoice_application ap on ap.company_id = y.company_id and ap.id = y.application_id
            where y.company_id = b.company_id and y.batch_id = b.id and y.application_id = ${exceptApplication}
              and ap.status in ${HOLDING}), 0)`
         } as applied_fen
    from payroll_batch_state b
    left join invoice_batch_balance x on x.company_id = b.company_id and x.batch_id = b.id`;

export interface BatchFilters {
  companyId: number;
  serviceCompanyId?: number | undefined;
  title?: string | undefined;
  periodFrom?: string | undefined;
  periodTo?: string | undefined;
  invoiceable: boolean;
}

/** 选择订单: the company's paid batches with their amounts, newest first. */
export async function findBatchPage(db: DbOrTx, f: BatchFilters, page: number, limit: number) {
  const where: SQL[] = [sql`b.company_id = ${f.companyId}`, sql`b.is_paid`];
  if (f.serviceCompanyId) where.push(sql`b.service_company_id = ${f.serviceCompanyId}`);
  if (f.title) where.push(sql`b.title like ${`%${escapeLike(f.title)}%`}`);
  if (f.periodFrom) where.push(sql`b.period >= ${f.periodFrom}`);
  if (f.periodTo) where.push(sql`b.period <= ${f.periodTo}`);
  // Open: something paid and not used up by the applications (the balance's partial index).
  if (f.invoiceable) {
    where.push(sql`b.paid_fen > 0 and not exists (select 1 from invoice_batch_balance u
      where u.company_id = b.company_id and u.batch_id = b.id and u.applied_fen >= u.paid_fen)`);
  }
  const filtered = sql.join(where, sql` and `);
  // The wizard's default list (open batches, no title or period) is counted by the kept totals:
  // payroll's batches that paid something, less those the applications used up.
  const kept = f.invoiceable && !f.title && !f.periodFrom && !f.periodTo;
  const ofService = (alias: string) =>
    f.serviceCompanyId ? sql`and ${sql.raw(alias)}.service_company_id = ${f.serviceCompanyId}` : sql``;
  // The page's ids first (payroll's paid-batch index, one balance probe each), then their rows:
  // a deep page skips index entries, not batches.
  const ids = sql`select b.id from payroll_batch_state b where ${filtered}
    order by b.created_at desc, b.id desc limit ${limit} offset ${(page - 1) * limit}`;
  const [[count], rows] = await Promise.all([
    kept
      ? queryRows<{ n: number }>(
          db,
          sql`select ((select coalesce(sum(p.batch_count), 0) from payroll_paid_by_service_company p
                        where p.company_id = ${f.companyId} ${ofService('p')})
                    - (select coalesce(sum(t.used_batches), 0) from invoiceable_total t
                        where t.company_id = ${f.companyId} ${ofService('t')}))::int as n`,
        )
      : queryRows<{ n: number }>(db, sql`select count(*)::int as n from payroll_batch_state b where ${filtered}`),
    queryRows<RawBatchAmount>(
      db,
      sql`${batchAmountSelect(null)} where b.company_id = ${f.companyId} and b.id in (${ids})
          order by b.created_at desc, b.id desc`,
    ),
  ]);
  return { total: count?.n ?? 0, rows: rows.map(toBatchAmount) };
}

/** The named batches of the company (any status) with their amounts, for an application's check. */
export async function findBatchAmounts(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
  exceptApplication: number | null,
): Promise<BatchAmountRow[]> {
  if (!ids.length) return [];
  const rows = await queryRows<RawBatchAmount>(
    db,
    sql`${batchAmountSelect(exceptApplication)}
         where b.company_id = ${companyId} and ${anyId(sql`b.id`, ids)}`,
  );
  return rows.map(toBatchAmount);
}

/**
 * Paid and applied totals per service company of the company: payroll's kept paid total and this
 * area's kept applied total, one row each (migration 0047).
 */
export async function findInvoiceableTotals(db: DbOrTx, companyId: number) {
  const rows = await queryRows<{
    service_company_id: string | number;
    paid_fen: string | number;
    applied_fen: string | number;
  }>(
    db,
    sql`select coalesce(p.service_company_id, t.service_company_id) as service_company_id,
               coalesce(p.paid_fen, 0) as paid_fen, coalesce(t.applied_fen, 0) as applied_fen
          from (select * from payroll_paid_by_service_company where company_id = ${companyId}) p
          full join (select * from ${invoiceableTotal} where company_id = ${companyId}) t
            on t.service_company_id = p.service_company_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.service_company_id), { paidFen: Number(r.paid_fen), appliedFen: Number(r.applied_fen) }]),
  );
}

export async function insertApplication(db: DbOrTx, values: NewApplication): Promise<number> {
  const [row] = await db.insert(invoiceApplication).values(values).returning({ id: invoiceApplication.id });
  if (!row) throw new Error('invoice application not inserted');
  return row.id;
}

export async function replaceBatches(
  db: DbOrTx,
  companyId: number,
  applicationId: number,
  batches: readonly { batchId: number; amountFen: number }[],
) {
  await db
    .delete(invoiceApplicationBatch)
    .where(
      and(eq(invoiceApplicationBatch.companyId, companyId), eq(invoiceApplicationBatch.applicationId, applicationId)),
    );
  await db
    .insert(invoiceApplicationBatch)
    .values(batches.map((b) => ({ companyId, applicationId, batchId: b.batchId, amountFen: b.amountFen })));
}

/** One application: of the company (`companyId` given), or any not 审批中 (the operator's). */
export async function findApplication(db: DbOrTx, companyId: number | null, id: number, lock = false) {
  const q = db
    .select()
    .from(invoiceApplication)
    .where(
      companyId === null
        ? and(eq(invoiceApplication.id, id), ne(invoiceApplication.status, 'approving'))
        : and(eq(invoiceApplication.companyId, companyId), eq(invoiceApplication.id, id)),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Moves an application from the statuses `from`; false when it was in none of them. */
export async function moveApplication(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  values: Partial<NewApplication>,
): Promise<boolean> {
  const rows = await db
    .update(invoiceApplication)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(invoiceApplication.id, id), inArray(invoiceApplication.status, [...from])))
    .returning({ id: invoiceApplication.id });
  return rows.length > 0;
}

/** The batches of an application with each batch's paid total. */
export async function findApplicationBatches(db: DbOrTx, companyId: number, applicationId: number) {
  const rows = await queryRows<{
    batch_id: string | number;
    title: string;
    period: string;
    amount_fen: string | number;
    paid_fen: string | number;
  }>(
    db,
    sql`select x.batch_id, b.title, b.period, x.amount_fen, b.paid_fen
          from invoice_application_batch x
          join payroll_batch_state b on b.company_id = x.company_id and b.id = x.batch_id
         where x.company_id = ${companyId} and x.application_id = ${applicationId}
         order by x.batch_id`,
  );
  return rows.map((r) => ({
    batchId: Number(r.batch_id),
    title: r.title,
    period: r.period,
    amountFen: Number(r.amount_fen),
    paidFen: Number(r.paid_fen),
  }));
}

export interface ApplicationFilters {
  /** null: every company's (the operator's queue). */
  companyId: number | null;
  status?: string | undefined;
  serviceCompanyId?: number | undefined;
  id?: number | undefined;
  invoiceNo?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  companyName?: string | undefined;
}

export interface ApplicationListRow extends ApplicationRow {
  companyName: string;
  serviceCompanyName: string;
  batchCount: number;
  creatorName: string;
}

/** The select of an application with the names a list shows. */
const applicationListSelect = {
  a: invoiceApplication,
  companyName: sql<string>`(select name from ${company} where id = ${invoiceApplication.companyId})`,
  serviceCompanyName: sql<string>`(select name from ${serviceCompany} where id = ${invoiceApplication.serviceCompanyId})`,
  batchCount: sql<number>`(select count(*)::int from invoice_application_batch x
    where x.company_id = ${invoiceApplication.companyId} and x.application_id = ${invoiceApplication.id})`,
  creatorName: sql<string>`(select coalesce(nullif(name, ''), username) from admin
    where company_id = ${invoiceApplication.companyId} and id = ${invoiceApplication.createdBy})`,
};

const toListRow = (r: {
  a: ApplicationRow;
  companyName: string;
  serviceCompanyName: string;
  batchCount: number;
  creatorName: string;
}): ApplicationListRow => ({
  ...r.a,
  companyName: r.companyName,
  serviceCompanyName: r.serviceCompanyName,
  batchCount: r.batchCount,
  creatorName: r.creatorName,
});

/**
 * A page of applications (newest first; the operator's 待审核 queue oldest first), on the plain
 * list path. companyId null is the operator, who never sees one 审批中, here or in
 * `findApplication`.
 */
export async function findApplicationPage(
  db: DbOrTx,
  f: ApplicationFilters,
  page: number,
  limit: number,
  oldestFirst = false,
) {
  const a = invoiceApplication;
  const found = await pagedQuery(db, {
    from: invoiceApplication,
    select: applicationListSelect,
    // Only the company-name filter reads the company; the count leaves the join out otherwise.
    joins: [{ table: company, on: eq(company.id, a.companyId), type: 'inner', exactlyOne: true }],
    where: [
      // The operator's queue: an application in the company's own approval is not the platform's yet.
      f.companyId !== null ? eq(a.companyId, f.companyId) : ne(a.status, 'approving'),
      equals(a.status, f.status || undefined),
      equals(a.serviceCompanyId, f.serviceCompanyId || undefined),
      equals(a.id, f.id),
      equals(a.invoiceNo, f.invoiceNo || undefined),
      f.createdFrom
        ? sql`${a.createdAt} >= (${f.createdFrom}::date)::timestamp at time zone 'Asia/Shanghai'`
        : undefined,
      f.createdTo
        ? sql`${a.createdAt} < (${f.createdTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`
        : undefined,
      contains(company.name, f.companyName, { ignoreCase: false }),
    ],
    pinned: [oldestFirst ? asc(a.createdAt) : desc(a.createdAt)],
    order: oldestFirst ? 'asc' : 'desc',
    id: a.id,
    page,
    limit,
  });
  return { total: found.total, rows: found.rows.map(toListRow) };
}

/** Applications by id, in the order given, with the names a list shows. */
export async function findApplicationRows(db: DbOrTx, ids: readonly number[]): Promise<ApplicationListRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(applicationListSelect)
    .from(invoiceApplication)
    .where(anyId(invoiceApplication.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.a.id, toListRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** 提交统计: the company's applications made in a range, by period, status and service company. */
export function findApplicationsSubmitted(db: DbOrTx, range: SubmittedRange) {
  const { companyId, createdAt, status, serviceCompanyId, amountFen } = invoiceApplication;
  const columns = { table: invoiceApplication, companyId, createdAt, status, serviceCompanyId, amountFen };
  return findSubmittedByPeriod(db, columns, range);
}
