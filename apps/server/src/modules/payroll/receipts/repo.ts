/**
 * The SQL of receipts (回单): a receipt is a payout that succeeded, read with its batch, the
 * service company that paid, the employer and the item's bank. Nothing is stored for it: the
 * payout row is final once it succeeds, so its receipt is the same whenever it is read.
 */
import { and, count, desc, eq, gte, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery, startsWith } from '../../../db/paged-query.ts';
import { company, payout, payrollBatch, payrollItem, serviceCompany } from '../../../db/schema/index.ts';

export interface ReceiptFilters {
  companyId: number;
  batchId?: number | undefined;
  /** The payee's name, a prefix. */
  name?: string | undefined;
  payoutId?: number | undefined;
  /** Paid at or after / before, instants (the service turns Beijing days into them). */
  paidFrom?: Date | undefined;
  paidBefore?: Date | undefined;
}

/** The receipts' conditions, each on the payout alone. */
const conditionsOf = (f: ReceiptFilters) => [
  eq(payout.companyId, f.companyId),
  eq(payout.status, 'succeeded'),
  equals(payout.batchId, f.batchId),
  startsWith(payout.holderName, f.name),
  equals(payout.id, f.payoutId),
  f.paidFrom ? gte(payout.settledAt, f.paidFrom) : undefined,
  f.paidBefore ? lt(payout.settledAt, f.paidBefore) : undefined,
];

const whereOf = (f: ReceiptFilters): SQL | undefined => and(...conditionsOf(f));

const receiptFields = {
  payout,
  batchTitle: payrollBatch.title,
  batchCreatedAt: payrollBatch.createdAt,
  period: payrollBatch.period,
  payerName: serviceCompany.name,
  clientName: company.name,
  accountBank: payrollItem.accountBank,
};

/**
 * A payout's batch, item, payer and employer: each is there exactly once (foreign keys), so the
 * page's count reads the payouts alone.
 */
const receiptJoins = [
  {
    table: payrollBatch,
    on: and(eq(payrollBatch.companyId, payout.companyId), eq(payrollBatch.id, payout.batchId)) as SQL,
    type: 'inner',
    exactlyOne: true,
  },
  { table: payrollItem, on: eq(payrollItem.id, payout.itemId), type: 'inner', exactlyOne: true },
  { table: serviceCompany, on: eq(serviceCompany.id, payout.serviceCompanyId), type: 'inner', exactlyOne: true },
  { table: company, on: eq(company.id, payout.companyId), type: 'inner', exactlyOne: true },
] as const;

const receiptRows = (db: DbOrTx) =>
  db
    .select(receiptFields)
    .from(payout)
    .innerJoin(payrollBatch, and(eq(payrollBatch.companyId, payout.companyId), eq(payrollBatch.id, payout.batchId)))
    .innerJoin(payrollItem, eq(payrollItem.id, payout.itemId))
    .innerJoin(serviceCompany, eq(serviceCompany.id, payout.serviceCompanyId))
    .innerJoin(company, eq(company.id, payout.companyId));

export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof findReceipt>>>;

/** One receipt of the company, by its payout's id. */
export async function findReceipt(db: DbOrTx, companyId: number, id: number) {
  const [row] = await receiptRows(db).where(whereOf({ companyId, payoutId: id }));
  return row;
}

/** A page of receipts, newest payout first. */
export async function findReceiptPage(db: DbOrTx, f: ReceiptFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: payout,
    select: receiptFields,
    joins: receiptJoins,
    where: conditionsOf(f),
    order: 'desc',
    id: payout.id,
    page,
    limit,
  });
}

/** How many receipts match and their amount (what the payees received). */
export async function sumReceipts(db: DbOrTx, f: ReceiptFilters) {
  const [row] = await db
    .select({ n: count(), fen: sum(payout.netFen).mapWith(Number) })
    .from(payout)
    .where(whereOf(f));
  return { count: row?.n ?? 0, amountFen: row?.fen ?? 0 };
}

/** Every matching receipt, newest first, `size` at a time (keyset on the payout id). */
export async function* iterateReceipts(db: DbOrTx, f: ReceiptFilters, size: number) {
  let before: number | undefined;
  for (;;) {
    const rows = await receiptRows(db)
      .where(and(whereOf(f), before !== undefined ? lt(payout.id, before) : undefined))
      .orderBy(desc(payout.id))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    before = rows[rows.length - 1]?.payout.id;
    if (rows.length < size) return;
  }
}

/**
 * The company's batches with receipts, newest first: count, amount and last payment of each.
 * Not on the plain list path: a row is a group of payouts (GROUP BY, `count(distinct)`), not a row.
 */
export async function findReceiptBatchPage(
  db: DbOrTx,
  companyId: number,
  title: string | undefined,
  page: number,
  limit: number,
) {
  const where = and(
    eq(payout.companyId, companyId),
    eq(payout.status, 'succeeded'),
    contains(payrollBatch.title, title, { ignoreCase: false }),
  );
  const [counted] = await db
    .select({ n: sql<number>`count(distinct ${payout.batchId})`.mapWith(Number) })
    .from(payout)
    .innerJoin(payrollBatch, and(eq(payrollBatch.companyId, payout.companyId), eq(payrollBatch.id, payout.batchId)))
    .where(where);
  const rows = await db
    .select({
      batchId: payout.batchId,
      title: payrollBatch.title,
      period: payrollBatch.period,
      createdAt: payrollBatch.createdAt,
      payerName: serviceCompany.name,
      count: count(),
      amountFen: sum(payout.netFen).mapWith(Number),
      lastPaidAt: max(payout.settledAt),
    })
    .from(payout)
    .innerJoin(payrollBatch, and(eq(payrollBatch.companyId, payout.companyId), eq(payrollBatch.id, payout.batchId)))
    .innerJoin(serviceCompany, eq(serviceCompany.id, payout.serviceCompanyId))
    .where(where)
    .groupBy(payout.batchId, payrollBatch.companyId, payrollBatch.id, serviceCompany.id)
    .orderBy(desc(payout.batchId))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: counted?.n ?? 0, rows };
}
