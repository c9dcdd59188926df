/** The only SQL of operator and operator_session, and the reading of the operators' audit rows. */
import { and, eq, gte, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import { equals, pagedQuery } from '../../db/paged-query.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, operator, operatorSession } from '../../db/schema/index.ts';

export async function findOperatorByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select().from(operator).where(eq(operator.username, username)).limit(1);
  return row;
}

export async function insertOperatorSession(db: DbOrTx, values: typeof operatorSession.$inferInsert) {
  await db.insert(operatorSession).values(values);
}

export async function markOperatorLoggedIn(db: DbOrTx, id: number, at: Date) {
  await db.update(operator).set({ lastLoginAt: at }).where(eq(operator.id, id));
}

export async function findOperatorSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: operatorSession.id,
      operatorId: operatorSession.operatorId,
      expiresAt: operatorSession.expiresAt,
      revokedAt: operatorSession.revokedAt,
      username: operator.username,
      name: operator.name,
      status: operator.status,
    })
    .from(operatorSession)
    .innerJoin(operator, eq(operator.id, operatorSession.operatorId))
    .where(eq(operatorSession.id, sessionId))
    .limit(1);
  return row;
}

export async function revokeOperatorSession(db: DbOrTx, sessionId: string, at: Date) {
  await db
    .update(operatorSession)
    .set({ revokedAt: at })
    .where(and(eq(operatorSession.id, sessionId), sql`${operatorSession.revokedAt} is null`));
}

/** The audit rows written by operators (newest first). */
export function findOperatorAuditPage(
  db: DbOrTx,
  f: { action?: string | undefined; from?: Date | undefined; to?: Date | undefined },
  page: number,
  limit: number,
) {
  return pagedQuery(db, {
    from: auditLog,
    select: {
      id: auditLog.id,
      operatorId: auditLog.operatorId,
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
      // An operator's rows, and the failed sign-ins at the console (no operator known yet).
      or(isNotNull(auditLog.operatorId), and(isNull(auditLog.companyId), like(auditLog.action, 'ops.%'))),
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

/** Failed sign-ins to the operator console from this client for this username since a time (from the audit). */
export async function countOperatorLoginFailures(
  db: DbOrTx,
  username: string,
  ip: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'ops.login'),
        eq(auditLog.result, 'failure'),
        eq(auditLog.username, username),
        eq(auditLog.ip, ip),
        gte(auditLog.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
