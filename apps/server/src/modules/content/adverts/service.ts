/** 广告 (内容管理, issue 28): images with a link, shown on 首页 in their position and days. */
import type { TAdvert, TAdvertPosition, TPage, ZAdvertBody, ZAdvertQuery } from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { chinaDateOf } from '../../../lib/china-time.ts';
import { notFound } from '../../../lib/errors.ts';
import { assertContentImage } from '../images.ts';
import * as repo from './repo.ts';

type Body = z.output<typeof ZAdvertBody>;
const NOT_FOUND = '广告不存在';

function toAdvert(r: repo.AdvertRow): TAdvert {
  return {
    id: r.id,
    title: r.title,
    imageFileId: r.imageFileId,
    link: r.link,
    position: r.position as TAdvertPosition,
    startDate: r.startDate,
    endDate: r.endDate,
    sort: r.sort,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listAdverts(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZAdvertQuery>,
): Promise<TPage<TAdvert>> {
  const page = await repo.findAdvertPage(
    ctx.db,
    { companyId: auth.companyId, title: q.title, position: q.position },
    q.page,
    q.limit,
  );
  return { total: page.total, rows: page.rows.map((r) => toAdvert(r.advert)) };
}

export async function getAdvert(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TAdvert> {
  const row = await repo.findAdvert(ctx.db, auth.companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toAdvert(row);
}

export async function createAdvert(ctx: ServiceContext, auth: AuthContext, input: Body): Promise<TAdvert> {
  return ctx.db.transaction(async (tx) => {
    await assertContentImage(tx, auth.companyId, input.imageFileId, 'imageFileId', '广告图片');
    return toAdvert(await repo.insertAdvert(tx, { companyId: auth.companyId, ...input }));
  });
}

export async function updateAdvert(ctx: ServiceContext, auth: AuthContext, id: number, input: Body): Promise<TAdvert> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findAdvert(tx, auth.companyId, id, true))) throw notFound(NOT_FOUND);
    await assertContentImage(tx, auth.companyId, input.imageFileId, 'imageFileId', '广告图片');
    const row = await repo.updateAdvert(tx, auth.companyId, id, input);
    if (!row) throw notFound(NOT_FOUND);
    return toAdvert(row);
  });
}

export async function removeAdvert(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  if (!(await repo.deleteAdvert(ctx.db, auth.companyId, id))) throw notFound(NOT_FOUND);
  return null;
}

// ── For other modules ─────────────────────────────────────────────────────────────────────────

/** At most this many adverts show on 首页. */
export const ADVERTS_SHOWN = 12;

/** 首页: the company's enabled adverts whose days include today (China time). */
export async function listCurrentAdverts(ctx: ServiceContext, companyId: number) {
  const rows = await repo.findCurrentAdverts(ctx.db, companyId, chinaDateOf(ctx.now()), ADVERTS_SHOWN);
  return rows.map((r) => ({ ...r, position: r.position as TAdvertPosition }));
}
