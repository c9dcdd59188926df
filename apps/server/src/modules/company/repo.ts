import { asc, eq, ilike, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
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

/** Companies for the operator console, by id, optionally by a part of the name. */
export async function findCompanyPage(db: DbOrTx, name: string | undefined, offset: number, limit: number) {
  const where = name ? ilike(company.name, `%${escapeLike(name)}%`) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: company.id, name: company.name, creditCode: company.creditCode, status: company.status })
      .from(company)
      .where(where)
      .orderBy(asc(company.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(company).where(where),
  ]);
  return { total: count?.n ?? 0, rows };
}
