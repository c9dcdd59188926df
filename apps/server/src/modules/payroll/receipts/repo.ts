/**
 * The SQL of receipts (回单): a receipt is a payout that succeeded, read with its batch, the
 * service company that paid, the employer and the item's bank. Nothing is stored for it: the
 * payout row is final once it succeeds, so its receipt is the same whenever it is read.
 */
import { and, count, desc, eq, gte, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import { anyId } from '../../../db/any-of.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery, startsWith } from '../../../db/paged-query.ts';
import {
  company,
  payout,
  payoutReceipt,
  payrollBatch,
  payrollItem,
  receiptCheck,
  serviceCompany,
} from '../../../db/schema/index.ts';

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

// ---- 回单验真 (issue 42): receipts as issued, and the public checks of their codes ----

export type IssuedReceipt = typeof payoutReceipt.$inferSelect;

/** The issued receipts of the company's payouts among `payoutIds`. */
export function findIssuedReceipts(db: DbOrTx, companyId: number, payoutIds: number[]): Promise<IssuedReceipt[]> {
  if (!payoutIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(payoutReceipt)
    .where(and(eq(payoutReceipt.companyId, companyId), anyId(payoutReceipt.payoutId, payoutIds)));
}

/**
 * Keeps receipts as issued; a payout issued meanwhile by another request keeps its first code
 * (nothing is overwritten). Answers the payouts whose row this call wrote.
 */
export async function insertIssuedReceipts(
  db: DbOrTx,
  rows: Omit<IssuedReceipt, 'issuedAt'>[],
  issuedAt: Date,
): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const written = await db
    .insert(payoutReceipt)
    .values(rows.map((r) => ({ ...r, issuedAt })))
    .onConflictDoNothing()
    .returning({ payoutId: payoutReceipt.payoutId });
  return new Set(written.map((r) => r.payoutId));
}

/**
 * The receipts issued with `code`, of any company (the platform's scope), with what the check
 * page shows of them; at most two, so that a code found twice is seen as such.
 */
export function findReceiptsByCode(db: DbOrTx, code: string) {
  return db
    .select({
      issued: payoutReceipt,
      payoutId: payout.id,
      channel: payout.channel,
      accountMasked: payout.accountMasked,
      holderName: payout.holderName,
      netFen: payout.netFen,
      status: payout.status,
      settledAt: payout.settledAt,
      createdAt: payout.createdAt,
      payerName: serviceCompany.name,
      clientName: company.name,
    })
    .from(payoutReceipt)
    .innerJoin(payout, and(eq(payout.companyId, payoutReceipt.companyId), eq(payout.id, payoutReceipt.payoutId)))
    .innerJoin(serviceCompany, eq(serviceCompany.id, payout.serviceCompanyId))
    .innerJoin(company, eq(company.id, payout.companyId))
    .where(eq(payoutReceipt.code, code))
    .limit(2);
}

/** The checks made from `ip` since `since`, found or not. */
export async function countReceiptChecks(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(receiptCheck)
    .where(and(eq(receiptCheck.ip, ip), gte(receiptCheck.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertReceiptCheck(db: DbOrTx, check: { ip: string; found: boolean; at: Date }): Promise<void> {
  await db.insert(receiptCheck).values({ ip: check.ip.slice(0, 64), found: check.found, createdAt: check.at });
}

/** Forgets the checks made before `before` (they no longer count); answers how many. */
export async function deleteReceiptChecksBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(receiptCheck)
    .where(lt(receiptCheck.createdAt, before))
    .returning({ id: receiptCheck.id });
  return gone.length;
}
