import { eq } from 'drizzle-orm';
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
