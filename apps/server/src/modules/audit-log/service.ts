import {
  AUDIT_ACTION_LABELS,
  type TCompanyLogAdmin,
  type TCompanyLogRow,
  type TPage,
  type TOpsAuditRow,
  type ZCompanyLogQuery,
  type ZOpsAuditQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repo.ts';

/** A day of the company's calendar (China time) as the instant it starts. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
const DAY_MS = 86_400_000;

/** A query's dates (China calendar days, both included) as instants, `to` exclusive. */
function dateRange(q: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: q.from ? dayStart(q.from) : undefined,
    to: q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : undefined,
  };
}

type AuditPageRow = Awaited<ReturnType<typeof repo.findAuditPage>>['rows'][number];

/** The fields both audit lists show. */
const auditFields = (r: AuditPageRow) => ({
  id: r.id,
  action: r.action,
  target: r.target,
  result: r.result,
  status: r.status,
  message: r.message,
  ip: r.ip,
  createdAt: r.createdAt.toISOString(),
});

/** 操作日志: the audit rows of the session's company only, newest first. */
export async function listCompanyLog(
  ctx: ServiceContext,
  companyId: number,
  q: z.output<typeof ZCompanyLogQuery>,
): Promise<TPage<TCompanyLogRow>> {
  const page = await repo.findAuditPage(
    ctx.db,
    { companyId },
    { adminId: q.adminId, action: q.action || undefined, ...dateRange(q) },
    q.page,
    q.limit,
  );
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...auditFields(r),
      adminId: r.adminId,
      adminName: r.adminName ?? r.username ?? '',
      actionLabel: AUDIT_ACTION_LABELS[r.action] ?? r.action,
    })),
  };
}

/** 操作审计 of the operator console: what operators did, and failed sign-ins there. */
export async function listOperatorAudit(
  ctx: ServiceContext,
  q: z.output<typeof ZOpsAuditQuery>,
): Promise<TPage<TOpsAuditRow>> {
  const page = await repo.findAuditPage(
    ctx.db,
    { operators: true },
    { action: q.action || undefined, ...dateRange(q) },
    q.page,
    q.limit,
  );
  return {
    total: page.total,
    rows: page.rows.map((r) => ({ ...auditFields(r), operatorId: r.operatorId, username: r.username })),
  };
}

/** The company's admins (name, and the username beside it where two share a name). */
export async function listCompanyLogAdmins(ctx: ServiceContext, companyId: number): Promise<TCompanyLogAdmin[]> {
  const rows = await repo.findCompanyAdmins(ctx.db, companyId);
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(r.name, (seen.get(r.name) ?? 0) + 1);
  return rows.map((r) => ({ id: r.id, name: (seen.get(r.name) ?? 0) > 1 ? `${r.name}（${r.username}）` : r.name }));
}

/** 首页's 最近动态: the company's latest `limit` audit rows, newest first. */
export async function listRecentActivity(ctx: ServiceContext, companyId: number, limit: number) {
  const rows = await repo.findRecent(ctx.db, companyId, limit);
  return rows.map((r) => ({
    id: r.id,
    actionLabel: AUDIT_ACTION_LABELS[r.action] ?? r.action,
    adminName: r.adminName ?? r.username ?? '',
    result: r.result,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A record's history: what succeeded on its audit target, oldest first, named in Chinese. */
export async function targetHistory(db: DbOrTx, companyId: number, target: string) {
  const rows = await repo.findTargetHistory(db, companyId, target);
  return rows.map((r) => ({
    action: r.action,
    label: AUDIT_ACTION_LABELS[r.action] ?? r.action,
    adminName: r.adminName ?? '',
    at: r.createdAt.toISOString(),
  }));
}

/** For other modules: the audit rows one request wrote (网关日志's request), oldest first. */
export async function auditRowsOfRequest(ctx: ServiceContext, requestId: string) {
  const rows = await repo.findByRequest(ctx.db, requestId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
