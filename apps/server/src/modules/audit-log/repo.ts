/** The reading of a company's audit rows (操作日志). The audit plugin alone writes them. */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equals, pagedQuery } from '../../db/paged-query.ts';
import { admin, auditLog } from '../../db/schema/index.ts';

export interface CompanyLogFilters {
  adminId?: number | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** A page of one company's audit rows, newest first, each with its admin's name. */
export function findCompanyLogPage(db: DbOrTx, companyId: number, f: CompanyLogFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: auditLog,
    select: {
      id: auditLog.id,
      adminId: auditLog.adminId,
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
      eq(auditLog.companyId, companyId),
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
