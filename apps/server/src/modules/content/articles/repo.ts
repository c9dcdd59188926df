import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import { article } from '../../../db/schema/index.ts';

export type ArticleRow = typeof article.$inferSelect;
export type NewArticle = typeof article.$inferInsert;

export async function insertArticle(db: DbOrTx, values: NewArticle): Promise<ArticleRow> {
  const [row] = await db.insert(article).values(values).returning();
  if (!row) throw new Error('article not inserted');
  return row;
}

export async function findArticle(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(article)
    .where(and(eq(article.companyId, companyId), eq(article.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateArticle(db: DbOrTx, companyId: number, id: number, values: Partial<NewArticle>) {
  const [row] = await db
    .update(article)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(article.companyId, companyId), eq(article.id, id)))
    .returning();
  return row;
}

export async function deleteArticle(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(article)
    .where(and(eq(article.companyId, companyId), eq(article.id, id)))
    .returning({ id: article.id });
  return rows.length > 0;
}

export function findArticlePage(
  db: DbOrTx,
  f: { companyId: number; status?: string | undefined; title?: string | undefined },
  page: number,
  limit: number,
) {
  return pagedQuery(db, {
    from: article,
    select: { article },
    where: [eq(article.companyId, f.companyId), equals(article.status, f.status), contains(article.title, f.title)],
    sorts: { createdAt: article.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: article.id,
    page,
    limit,
  });
}

/** The company's latest published articles (首页): a company keeps few, read newest first. */
export function findLatestPublished(db: DbOrTx, companyId: number, limit: number) {
  return db
    .select({ id: article.id, title: article.title, summary: article.summary, publishedAt: article.publishedAt })
    .from(article)
    .where(and(eq(article.companyId, companyId), eq(article.status, 'published')))
    .orderBy(desc(article.publishedAt), desc(article.id))
    .limit(limit);
}
