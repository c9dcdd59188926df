import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import { homeModule } from '../../../db/schema/index.ts';

export type HomeModuleRow = typeof homeModule.$inferSelect;
export type NewHomeModule = typeof homeModule.$inferInsert;

export async function insertHomeModule(db: DbOrTx, values: NewHomeModule): Promise<HomeModuleRow> {
  const [row] = await db.insert(homeModule).values(values).returning();
  if (!row) throw new Error('home module not inserted');
  return row;
}

export async function findHomeModule(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(homeModule)
    .where(and(eq(homeModule.companyId, companyId), eq(homeModule.id, id)));
  return row;
}

export async function updateHomeModule(db: DbOrTx, companyId: number, id: number, values: Partial<NewHomeModule>) {
  const [row] = await db
    .update(homeModule)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(homeModule.companyId, companyId), eq(homeModule.id, id)))
    .returning();
  return row;
}

export async function deleteHomeModule(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(homeModule)
    .where(and(eq(homeModule.companyId, companyId), eq(homeModule.id, id)))
    .returning({ id: homeModule.id });
  return rows.length > 0;
}

export function findHomeModulePage(
  db: DbOrTx,
  f: { companyId: number; title?: string | undefined; enabled?: boolean | undefined },
  page: number,
  limit: number,
) {
  return pagedQuery(db, {
    from: homeModule,
    select: { homeModule },
    where: [
      eq(homeModule.companyId, f.companyId),
      equals(homeModule.enabled, f.enabled),
      contains(homeModule.title, f.title),
    ],
    sorts: { sort: homeModule.sort },
    sort: 'sort',
    order: 'asc',
    id: homeModule.id,
    page,
    limit,
  });
}

/** The enabled modules of the company in their order (首页): few rows, read by the sort index. */
export function findEnabledHomeModules(db: DbOrTx, companyId: number, limit: number) {
  return db
    .select({ id: homeModule.id, title: homeModule.title, icon: homeModule.icon, link: homeModule.link })
    .from(homeModule)
    .where(and(eq(homeModule.companyId, companyId), eq(homeModule.enabled, true)))
    .orderBy(asc(homeModule.sort), asc(homeModule.id))
    .limit(limit);
}
