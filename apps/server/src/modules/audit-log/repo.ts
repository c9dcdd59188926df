/** The reading of audit rows: 操作日志 and 操作审计. The audit plugin alone writes them. */
import { and, asc, desc, eq, gte, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equals, pagedQuery } from '../../db/paged-query.ts';
import { admin, auditLog } from '../../db/schema/index.ts';

export interface AuditFilters {
  adminId?: number | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** Whose rows: one company's (操作日志), or the operator console's (操作审计). */
export type AuditScope = { companyId: number } | { operators: true };

/**
 * A page of audit rows, newest first, each with its admin's name. The operator console's rows
 * are those of operators, and the failed sign-ins at the console (no operator known yet).
 */
export function findAuditPage(db: DbOrTx, scope: AuditScope, f: AuditFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: auditLog,
    select: {
      id: auditLog.id,
      adminId: auditLog.adminId,
      operatorId: auditLog.operatorId,
      adminName: sql<string | null>`(select ${admin.name} from ${admin} where ${admin.id} = ${auditLog.adminId})`,
      username: auditLog.username,
      action: auditLog.action,
      target: auditLog.target,
      result: auditLog.result,
      status: auditLog.status,
      message: auditLog.message,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    },
    where: [
      'companyId' in scope
        ? eq(auditLog.companyId, scope.companyId)
        : or(isNotNull(auditLog.operatorId), and(isNull(auditLog.companyId), like(auditLog.action, 'ops.%'))),
      equals(auditLog.adminId, f.adminId),
      equals(auditLog.action, f.action),
      f.from ? gte(auditLog.createdAt, f.from) : undefined,
      f.to ? lt(auditLog.createdAt, f.to) : undefined,
    ],
    sorts: { createdAt: auditLog.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: auditLog.id,
    page,
    limit,
  });
}

/** The company's admins, for the log's admin filter. */
export function findCompanyAdmins(db: DbOrTx, companyId: number) {
  return db
    .select({ id: admin.id, name: admin.name, username: admin.username })
    .from(admin)
    .where(and(eq(admin.companyId, companyId)))
    .orderBy(asc(admin.id));
}

/** The company's latest audit rows (首页's 最近动态): the newest end of its index, `limit` rows. */
export function findRecent(db: DbOrTx, companyId: number, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      result: auditLog.result,
      username: auditLog.username,
      adminName: sql<string | null>`(select ${admin.name} from ${admin} where ${admin.id} = ${auditLog.adminId})`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

/**
 * What succeeded on one record of the company (its audit target, e.g. `task:7`), oldest first,
 * with each admin's name: a record's history (任务详情's 任务记录).
 */
export function findTargetHistory(db: DbOrTx, companyId: number, target: string, limit = 100) {
  return db
    .select({
      action: auditLog.action,
      adminName: sql<string | null>`(select ${admin.name} from ${admin} where ${admin.id} = ${auditLog.adminId})`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.target, target), eq(auditLog.result, 'success')))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(limit);
}

/** The audit rows of one request (网关日志's request, by its id): every company's, for operators. */
export function findByRequest(db: DbOrTx, requestId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      result: auditLog.result,
      status: auditLog.status,
      message: auditLog.message,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.requestId, requestId))
    .orderBy(asc(auditLog.id))
    .limit(50);
}
