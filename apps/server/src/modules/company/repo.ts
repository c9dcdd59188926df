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

/** Companies for the operator console, by id, optionally by a part of the name. */
export function findCompanyPage(db: DbOrTx, name: string | undefined, page: number, limit: number) {
  return pagedQuery(db, {
    from: company,
    select: { id: company.id, name: company.name, creditCode: company.creditCode, status: company.status },
    where: [contains(company.name, name)],
    order: 'asc',
    id: company.id,
    page,
    limit,
  });
}
