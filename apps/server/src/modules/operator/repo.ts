/** The only SQL of operator and operator_session (sign-in failures are counted by modules/verification; the audit lists are modules/audit-log's). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operator, operatorSession } from '../../db/schema/index.ts';

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

export async function extendOperatorSession(db: DbOrTx, sessionId: string, expiresAt: Date) {
  await db
    .update(operatorSession)
    .set({ expiresAt })
    .where(and(eq(operatorSession.id, sessionId), sql`${operatorSession.revokedAt} is null`));
}
