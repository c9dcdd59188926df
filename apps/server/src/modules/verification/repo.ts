import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOutbox, verification } from '../../db/schema/index.ts';

export type VerificationRow = typeof verification.$inferSelect;

export async function insertVerification(db: DbOrTx, values: typeof verification.$inferInsert): Promise<string> {
  const [row] = await db.insert(verification).values(values).returning({ id: verification.id });
  if (!row) throw new Error('verification not inserted');
  return row.id;
}

/** A live (unconsumed, unexpired) challenge by id, locked for update inside a transaction. */
export async function findLiveVerification(db: DbOrTx, id: string, now: Date): Promise<VerificationRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(verification)
    .where(and(eq(verification.id, id), isNull(verification.consumedAt), gt(verification.expiresAt, now)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateVerification(db: DbOrTx, id: string, values: Partial<typeof verification.$inferInsert>) {
  await db.update(verification).set(values).where(eq(verification.id, id));
}

export async function countFailedAttempt(db: DbOrTx, id: string) {
  await db
    .update(verification)
    .set({ attempts: sql`${verification.attempts} + 1` })
    .where(eq(verification.id, id));
}

/** SMS sent to a mobile or from an IP since a time, and the latest send to that mobile. */
export async function smsStats(db: DbOrTx, by: { mobile: string } | { ip: string }, since: Date) {
  const key = 'mobile' in by ? eq(smsOutbox.mobile, by.mobile) : eq(smsOutbox.ip, by.ip);
  const [row] = await db
    .select({ sent: count(), last: max(smsOutbox.createdAt) })
    .from(smsOutbox)
    .where(and(key, gt(smsOutbox.createdAt, since)));
  return { sent: row?.sent ?? 0, last: row?.last ?? null };
}

export async function insertSmsOutbox(db: DbOrTx, message: typeof smsOutbox.$inferInsert) {
  await db.insert(smsOutbox).values(message);
}
