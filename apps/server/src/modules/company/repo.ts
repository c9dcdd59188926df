import { eq } from 'drizzle-orm';
import { contains, pagedQuery } from '../../db/paged-query.ts';
import type { DbOrTx } from '../../db/client.ts';
import { company } from '../../db/schema/index.ts';

export async function findCompanyBranding(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ name: company.name, branding: company.branding })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  return row;
}

export async function findCompanyName(db: DbOrTx, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
  return row?.name;
}

/** The company's status: normal 正常 | frozen 冻结 (undefined for an unknown company). */
export async function findCompanyStatus(db: DbOrTx, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ status: company.status }).from(company).where(eq(company.id, companyId)).limit(1);
  return row?.status;
}

const opsCompanyColumns = {
  id: company.id,
  name: company.name,
  creditCode: company.creditCode,
  status: company.status,
  frozenReason: company.frozenReason,
  frozenAt: company.frozenAt,
};

/** Companies for the operator console, by id, optionally by a part of the name. */
export function findCompanyPage(db: DbOrTx, name: string | undefined, page: number, limit: number) {
  return pagedQuery(db, {
    from: company,
    select: opsCompanyColumns,
    where: [contains(company.name, name)],
    order: 'asc',
    id: company.id,
    page,
    limit,
  });
}

/** One company as the operator console lists it; `lock` takes its row lock (冻结 / 解冻). */
export async function findOpsCompany(db: DbOrTx, id: number, lock = false) {
  const q = db.select(opsCompanyColumns).from(company).where(eq(company.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateCompanyStatus(
  db: DbOrTx,
  id: number,
  values: { status: 'normal' | 'frozen'; frozenReason: string | null; frozenAt: Date | null },
  now: Date,
) {
  await db
    .update(company)
    .set({ ...values, updatedAt: now })
    .where(eq(company.id, id));
}
