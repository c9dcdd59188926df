import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { invoiceApplication, invoiceInfo } from '../../../db/schema/index.ts';

export type InvoiceInfoRow = typeof invoiceInfo.$inferSelect;
export type NewInvoiceInfo = typeof invoiceInfo.$inferInsert;

export async function findInfos(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(invoiceInfo)
    .where(eq(invoiceInfo.companyId, companyId))
    .orderBy(desc(invoiceInfo.isDefault), asc(invoiceInfo.id));
}

export async function findInfo(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(invoiceInfo)
    .where(and(eq(invoiceInfo.companyId, companyId), eq(invoiceInfo.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findDefaultInfo(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select()
    .from(invoiceInfo)
    .where(and(eq(invoiceInfo.companyId, companyId), eq(invoiceInfo.isDefault, true)));
  return row;
}

export async function countInfos(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoiceInfo)
    .where(eq(invoiceInfo.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertInfo(db: DbOrTx, values: NewInvoiceInfo): Promise<number> {
  const [row] = await db.insert(invoiceInfo).values(values).returning({ id: invoiceInfo.id });
  if (!row) throw new Error('invoice info not inserted');
  return row.id;
}

export async function updateInfo(db: DbOrTx, companyId: number, id: number, values: Partial<NewInvoiceInfo>) {
  await db
    .update(invoiceInfo)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(invoiceInfo.companyId, companyId), eq(invoiceInfo.id, id)));
}

/** Clears the company's default (before another becomes it). */
export async function clearDefault(db: DbOrTx, companyId: number) {
  await db
    .update(invoiceInfo)
    .set({ isDefault: false })
    .where(and(eq(invoiceInfo.companyId, companyId), eq(invoiceInfo.isDefault, true)));
}

/** Deletes an info; the applications that chose it keep their snapshot and forget the id. */
export async function deleteInfo(db: DbOrTx, companyId: number, id: number) {
  await db
    .update(invoiceApplication)
    .set({ infoId: null })
    .where(and(eq(invoiceApplication.companyId, companyId), eq(invoiceApplication.infoId, id)));
  await db.delete(invoiceInfo).where(and(eq(invoiceInfo.companyId, companyId), eq(invoiceInfo.id, id)));
}

/** Serialises the changes of a company's infos (the default is one per company). */
export async function lockCompanyInfos(db: DbOrTx, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoice-info:${companyId}`}, 0))`);
}
