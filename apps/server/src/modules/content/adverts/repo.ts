import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import { advert } from '../../../db/schema/index.ts';

export type AdvertRow = typeof advert.$inferSelect;
export type NewAdvert = typeof advert.$inferInsert;

export async function insertAdvert(db: DbOrTx, values: NewAdvert): Promise<AdvertRow> {
  const [row] = await db.insert(advert).values(values).returning();
  if (!row) throw new Error('advert not inserted');
  return row;
}

export async function findAdvert(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(advert)
    .where(and(eq(advert.companyId, companyId), eq(advert.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateAdvert(db: DbOrTx, companyId: number, id: number, values: Partial<NewAdvert>) {
  const [row] = await db
    .update(advert)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(advert.companyId, companyId), eq(advert.id, id)))
    .returning();
  return row;
}

export async function deleteAdvert(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(advert)
    .where(and(eq(advert.companyId, companyId), eq(advert.id, id)))
    .returning({ id: advert.id });
  return rows.length > 0;
}

export function findAdvertPage(
  db: DbOrTx,
  f: { companyId: number; title?: string | undefined; position?: string | undefined },
  page: number,
  limit: number,
) {
  return pagedQuery(db, {
    from: advert,
    select: { advert },
    where: [eq(advert.companyId, f.companyId), equals(advert.position, f.position), contains(advert.title, f.title)],
    sorts: { sort: advert.sort },
    sort: 'sort',
    order: 'asc',
    id: advert.id,
    page,
    limit,
  });
}

/** The enabled adverts of the company showing on `day` (YYYY-MM-DD), in their order. */
export function findCurrentAdverts(db: DbOrTx, companyId: number, day: string, limit: number) {
  return db
    .select({
      id: advert.id,
      title: advert.title,
      imageFileId: advert.imageFileId,
      link: advert.link,
      position: advert.position,
    })
    .from(advert)
    .where(
      and(
        eq(advert.companyId, companyId),
        eq(advert.enabled, true),
        lte(advert.startDate, day),
        gte(advert.endDate, day),
      ),
    )
    .orderBy(asc(advert.sort), asc(advert.id))
    .limit(limit);
}
