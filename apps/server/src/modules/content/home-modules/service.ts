/** 首页模块 (内容管理, issue 28): the entries of the company's home page. */
import type { THomeModule, TPage, ZHomeModuleBody, ZHomeModuleQuery } from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { notFound } from '../../../lib/errors.ts';
import * as repo from './repo.ts';

type Body = z.output<typeof ZHomeModuleBody>;
const NOT_FOUND = '首页模块不存在';

function toHomeModule(r: repo.HomeModuleRow): THomeModule {
  return {
    id: r.id,
    title: r.title,
    icon: r.icon,
    link: r.link,
    sort: r.sort,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listHomeModules(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZHomeModuleQuery>,
): Promise<TPage<THomeModule>> {
  const enabled = q.enabled === undefined ? undefined : q.enabled === 'true';
  const page = await repo.findHomeModulePage(
    ctx.db,
    { companyId: auth.companyId, title: q.title, enabled },
    q.page,
    q.limit,
  );
  return { total: page.total, rows: page.rows.map((r) => toHomeModule(r.homeModule)) };
}

export async function getHomeModule(ctx: ServiceContext, auth: AuthContext, id: number): Promise<THomeModule> {
  const row = await repo.findHomeModule(ctx.db, auth.companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toHomeModule(row);
}

export async function createHomeModule(ctx: ServiceContext, auth: AuthContext, input: Body): Promise<THomeModule> {
  return toHomeModule(await repo.insertHomeModule(ctx.db, { companyId: auth.companyId, ...input }));
}

export async function updateHomeModule(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: Body,
): Promise<THomeModule> {
  const row = await repo.updateHomeModule(ctx.db, auth.companyId, id, input);
  if (!row) throw notFound(NOT_FOUND);
  return toHomeModule(row);
}

export async function removeHomeModule(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  if (!(await repo.deleteHomeModule(ctx.db, auth.companyId, id))) throw notFound(NOT_FOUND);
  return null;
}

// ── For other modules ─────────────────────────────────────────────────────────────────────────

/** At most this many modules show on 首页. */
export const HOME_MODULES_SHOWN = 24;

/** 首页: the company's enabled modules, in their order. */
export function listEnabledHomeModules(ctx: ServiceContext, companyId: number) {
  return repo.findEnabledHomeModules(ctx.db, companyId, HOME_MODULES_SHOWN);
}
