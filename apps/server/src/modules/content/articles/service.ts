import type { TArticle, TPage, ZArticleBody, ZArticleQuery } from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { assertContentImage, imageIdsOfBody } from '../images.ts';
import { sanitizeRichText } from '../sanitize.ts';
import * as repo from './repo.ts';

type Body = z.output<typeof ZArticleBody>;

function toArticle(r: repo.ArticleRow): TArticle {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    coverFileId: r.coverFileId,
    body: r.body,
    status: r.status as TArticle['status'],
    publishedAt: r.publishedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The body as stored; refused when nothing of it survives the allow-list. */
function cleanBody(body: string): string {
  const clean = sanitizeRichText(body);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\s[^>]*\bsrc=/i.test(clean)) {
    throw invalidField('body', '正文没有可保存的内容（脚本等不安全内容已被移除）');
  }
  return clean;
}

/** The cover and every image of the body: uploads of the company, PNG or JPG. */
async function assertImages(db: DbOrTx, companyId: number, coverFileId: string | null, body: string) {
  if (coverFileId) await assertContentImage(db, companyId, coverFileId, 'coverFileId', '封面图片');
  for (const id of imageIdsOfBody(body)) await assertContentImage(db, companyId, id, 'body', '正文中的图片');
}

export async function listArticles(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZArticleQuery>,
): Promise<TPage<TArticle>> {
  const page = await repo.findArticlePage(ctx.db, { companyId: auth.companyId, ...q }, q.page, q.limit);
  return { total: page.total, rows: page.rows.map((r) => toArticle(r.article)) };
}

export async function getArticle(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TArticle> {
  const row = await repo.findArticle(ctx.db, auth.companyId, id);
  if (!row) throw notFound('文章不存在');
  return toArticle(row);
}

export async function createArticle(ctx: ServiceContext, auth: AuthContext, input: Body): Promise<TArticle> {
  const body = cleanBody(input.body);
  return ctx.db.transaction(async (tx) => {
    await assertImages(tx, auth.companyId, input.coverFileId, body);
    const row = await repo.insertArticle(tx, {
      companyId: auth.companyId,
      title: input.title,
      summary: input.summary,
      coverFileId: input.coverFileId,
      body,
      status: input.status,
      publishedAt: input.status === 'published' ? ctx.now() : null,
    });
    return toArticle(row);
  });
}

/** 编辑文章: a published article keeps its first publish time; back to 草稿 clears it. */
export async function updateArticle(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: Body,
): Promise<TArticle> {
  const body = cleanBody(input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findArticle(tx, auth.companyId, id, true);
    if (!before) throw notFound('文章不存在');
    await assertImages(tx, auth.companyId, input.coverFileId, body);
    const publishedAt = input.status === 'draft' ? null : (before.publishedAt ?? ctx.now());
    const row = await repo.updateArticle(tx, auth.companyId, id, {
      title: input.title,
      summary: input.summary,
      coverFileId: input.coverFileId,
      body,
      status: input.status,
      publishedAt,
    });
    if (!row) throw notFound('文章不存在');
    return toArticle(row);
  });
}

export async function removeArticle(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  if (!(await repo.deleteArticle(ctx.db, auth.companyId, id))) throw notFound('文章不存在');
  return null;
}

// For other modules

/** How many articles 首页 lists. */
export const LATEST_ARTICLES_SHOWN = 5;

/** 首页's 最新文章: the company's latest published articles, newest first. */
export async function listLatestArticles(ctx: ServiceContext, companyId: number) {
  const rows = await repo.findLatestPublished(ctx.db, companyId, LATEST_ARTICLES_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    // A published article always has its time (article_published_ck).
    publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
  }));
}
