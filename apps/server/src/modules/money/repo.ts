/** The only SQL of topup and payment_account. */
import { and, asc, desc, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equals, pagedQuery } from '../../db/paged-query.ts';
import { admin, paymentAccount, topup } from '../../db/schema/index.ts';
import { findSubmittedByPeriod, type SubmittedRange } from '../../db/submitted-by-period.ts';

// ---- Payment accounts ----

export type PaymentAccountRow = typeof paymentAccount.$inferSelect;
export type NewPaymentAccount = typeof paymentAccount.$inferInsert;

export function findPaymentAccounts(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(paymentAccount)
    .where(eq(paymentAccount.companyId, companyId))
    .orderBy(desc(paymentAccount.isDefault), asc(paymentAccount.id));
}

export async function findPaymentAccount(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(paymentAccount)
    .where(and(eq(paymentAccount.companyId, companyId), eq(paymentAccount.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findPaymentAccountByNumber(db: DbOrTx, companyId: number, accountNo: string, exceptId?: number) {
  const [row] = await db
    .select({ id: paymentAccount.id })
    .from(paymentAccount)
    .where(
      and(
        eq(paymentAccount.companyId, companyId),
        eq(paymentAccount.accountNo, accountNo),
        exceptId ? ne(paymentAccount.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Serialises changes of one company's payment accounts (the default flag spans rows). */
export async function lockCompanyPaymentAccounts(db: DbOrTx, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(7310016, ${companyId}::int)`);
}

export async function insertPaymentAccount(db: DbOrTx, values: NewPaymentAccount) {
  const [row] = await db.insert(paymentAccount).values(values).returning();
  if (!row) throw new Error('payment account not inserted');
  return row;
}

export async function updatePaymentAccount(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<NewPaymentAccount>,
) {
  const [row] = await db
    .update(paymentAccount)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(paymentAccount.companyId, companyId), eq(paymentAccount.id, id)))
    .returning();
  return row;
}

export async function clearDefaultPaymentAccount(db: DbOrTx, companyId: number) {
  await db
    .update(paymentAccount)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(paymentAccount.companyId, companyId), eq(paymentAccount.isDefault, true)));
}

export async function deletePaymentAccount(db: DbOrTx, companyId: number, id: number) {
  const rows = await db
    .delete(paymentAccount)
    .where(and(eq(paymentAccount.companyId, companyId), eq(paymentAccount.id, id)))
    .returning({ id: paymentAccount.id });
  return rows.length > 0;
}

/** The oldest account of the company, to become the default when the default one is removed. */
export async function findOldestPaymentAccount(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: paymentAccount.id })
    .from(paymentAccount)
    .where(eq(paymentAccount.companyId, companyId))
    .orderBy(asc(paymentAccount.id))
    .limit(1);
  return row;
}

// ---- Top-ups ----

export type TopupRow = typeof topup.$inferSelect & {
  companyName: string;
  serviceCompanyName: string;
  voucherReuses: TopupVoucherReuse[];
};

const topupColumns = {
  id: topup.id,
  companyId: topup.companyId,
  serviceCompanyId: topup.serviceCompanyId,
  amountFen: topup.amountFen,
  payerBank: topup.payerBank,
  payerAccountName: topup.payerAccountName,
  payerAccountNo: topup.payerAccountNo,
  voucherFileId: topup.voucherFileId,
  voucherSha256: topup.voucherSha256,
  remark: topup.remark,
  status: topup.status,
  rejectReason: topup.rejectReason,
  createdBy: topup.createdBy,
  decidedBy: topup.decidedBy,
  decidedAt: topup.decidedAt,
  transferId: topup.transferId,
  createdAt: topup.createdAt,
  companyName: sql<string>`(select c.name from company c where c.id = ${topup.companyId})`,
  serviceCompanyName: sql<string>`(select s.name from service_company s where s.id = ${topup.serviceCompanyId})`,
  /** The other top-ups whose voucher has the same content, oldest first. */
  voucherReuses: sql<TopupVoucherReuse[]>`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'companyId', o.company_id, 'companyName', (select c.name from company c where c.id = o.company_id),
      'status', o.status, 'amountFen', o.amount_fen, 'createdAt', o.created_at) order by o.id), '[]'::json)
    from topup o where o.voucher_sha256 = "topup"."voucher_sha256" and o.id <> "topup"."id")`,
};

export interface TopupVoucherReuse {
  id: number;
  companyId: number;
  companyName: string;
  status: string;
  amountFen: number;
  createdAt: string;
}

/** The company's open top-ups (审批中, 待确认) whose voucher has this content. */
export async function findOpenTopupsWithVoucher(db: DbOrTx, companyId: number, sha256: string) {
  return db
    .select({ id: topup.id, status: topup.status })
    .from(topup)
    .where(
      and(
        eq(topup.companyId, companyId),
        eq(topup.voucherSha256, sha256),
        inArray(topup.status, ['approving', 'pending']),
      ),
    )
    .orderBy(topup.id);
}

export interface TopupFilters {
  /** Undefined for the operator (every company). */
  companyId?: number | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /**
   * The operator's view: a top-up still in the company's approval is not the platform's yet, and
   * one the company withdrew is no longer.
   */
  hideApproving?: boolean;
}

/** A page of top-ups, newest first (the operator's queue of 待确认 reads oldest first). */
export async function findTopupPage(db: DbOrTx, f: TopupFilters, page: number, limit: number, oldestFirst = false) {
  const result = await pagedQuery(db, {
    from: topup,
    select: topupColumns,
    where: [
      equals(topup.companyId, f.companyId),
      equals(topup.status, f.status),
      f.hideApproving ? notInArray(topup.status, ['approving', 'withdrawn']) : undefined,
      f.from ? gte(topup.createdAt, f.from) : undefined,
      f.to ? lt(topup.createdAt, f.to) : undefined,
    ],
    sorts: { createdAt: topup.createdAt },
    sort: 'createdAt',
    order: oldestFirst ? 'asc' : 'desc',
    id: topup.id,
    page,
    limit,
  });
  return { total: result.total, rows: result.rows as TopupRow[] };
}

/** One top-up (of the company when given); `lock` takes its row lock for a decision. */
export async function findTopup(
  db: DbOrTx,
  id: number,
  companyId?: number,
  lock = false,
): Promise<TopupRow | undefined> {
  if (lock) await db.select({ id: topup.id }).from(topup).where(eq(topup.id, id)).for('update');
  const [row] = await db
    .select(topupColumns)
    .from(topup)
    .where(and(eq(topup.id, id), companyId !== undefined ? eq(topup.companyId, companyId) : undefined))
    .limit(1);
  return row as TopupRow | undefined;
}

export async function insertTopup(db: DbOrTx, values: typeof topup.$inferInsert): Promise<number> {
  const [row] = await db.insert(topup).values(values).returning({ id: topup.id });
  if (!row) throw new Error('top-up not inserted');
  return row.id;
}

/** The company's approval of a top-up ended: on to the platform (待确认), or 已驳回 with the reason. */
export async function finishTopupApproval(
  db: DbOrTx,
  id: number,
  values: { status: 'pending' } | { status: 'rejected'; rejectReason: string; decidedAt: Date },
) {
  await db
    .update(topup)
    .set(values)
    .where(and(eq(topup.id, id), eq(topup.status, 'approving')));
}

export async function setTopupApproving(db: DbOrTx, id: number) {
  await db.update(topup).set({ status: 'approving' }).where(eq(topup.id, id));
}

/** 撤回 by the company: only from 审批中 or 待确认 (the caller holds the row lock). */
export async function withdrawTopup(db: DbOrTx, id: number, at: Date) {
  await db
    .update(topup)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(and(eq(topup.id, id), inArray(topup.status, ['approving', 'pending'])));
}

/** The name of an admin of the company (a top-up's submitter). */
export async function findAdminName(db: DbOrTx, companyId: number, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: admin.name })
    .from(admin)
    .where(and(eq(admin.companyId, companyId), eq(admin.id, id)))
    .limit(1);
  return row?.name;
}

export async function decideTopup(
  db: DbOrTx,
  id: number,
  values: {
    status: 'confirmed' | 'rejected';
    decidedBy: number;
    decidedAt: Date;
    transferId?: number;
    rejectReason?: string;
  },
) {
  await db
    .update(topup)
    .set(values)
    .where(and(eq(topup.id, id), eq(topup.status, 'pending')));
}

/** 提交统计: the company's top-ups made in a range, by period, status and service company. */
export function findTopupsSubmitted(db: DbOrTx, range: SubmittedRange) {
  const { companyId, createdAt, status, serviceCompanyId, amountFen } = topup;
  const columns = { table: topup, companyId, createdAt, status, serviceCompanyId, amountFen };
  return findSubmittedByPeriod(db, columns, range);
}
