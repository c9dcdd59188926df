import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admin, loginAttempt, smsOutbox, totpStepUse, verification } from '../../db/schema/index.ts';

/** Whose sign-in an attempt was: a company admin's or a platform operator's (their usernames are apart). */
export type SignInRealm = 'admin' | 'ops';

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

/** The company of an admin, as a subquery: the TOTP steps are keyed by (company_id, admin_id, purpose). */
const companyOfAdmin = (adminId: number) => sql<number>`(select company_id from ${admin} where id = ${adminId})`;

/**
 * Records that an admin used this TOTP step for a purpose, when it is newer than the last one
 * recorded; answers whether it was. One statement, so of two concurrent uses of a step only one
 * is recorded (the second waits for the first's row and then finds the step not newer).
 */
export async function claimTotpStep(
  db: DbOrTx,
  values: { adminId: number; purpose: string; step: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(totpStepUse)
    .values({
      companyId: companyOfAdmin(values.adminId),
      adminId: values.adminId,
      purpose: values.purpose,
      step: values.step,
      usedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [totpStepUse.companyId, totpStepUse.adminId, totpStepUse.purpose],
      set: { step: values.step, usedAt: values.now },
      setWhere: sql`${totpStepUse.step} < ${values.step}`,
    })
    .returning({ step: totpStepUse.step });
  return rows.length > 0;
}

/** The last TOTP step an admin used for a purpose, or null. */
export async function lastTotpStep(db: DbOrTx, adminId: number, purpose: string): Promise<number | null> {
  const [row] = await db
    .select({ step: totpStepUse.step })
    .from(totpStepUse)
    .where(
      and(
        eq(totpStepUse.companyId, companyOfAdmin(adminId)),
        eq(totpStepUse.adminId, adminId),
        eq(totpStepUse.purpose, purpose),
      ),
    );
  return row?.step ?? null;
}

/**
 * Failed sign-in attempts within the window: for captcha, lockout and the per-IP limit. By
 * username, and by username and IP, they count from the username's (or that pair's) last
 * success; by IP they all count, whatever signed in from that IP in between, so one good login
 * does not restart the count of a client trying many usernames.
 */
export async function countRecentFailures(
  db: DbOrTx,
  realm: SignInRealm,
  by: { username: string; ip?: string } | { ip: string },
  since: Date,
): Promise<{ failures: number; lastFailureAt: Date | null }> {
  const key = and(
    eq(loginAttempt.realm, realm),
    'username' in by
      ? and(eq(loginAttempt.username, by.username), by.ip === undefined ? undefined : eq(loginAttempt.ip, by.ip))
      : eq(loginAttempt.ip, by.ip),
  );
  let from = since;
  if ('username' in by) {
    const [lastOk] = await db
      .select({ at: max(loginAttempt.createdAt) })
      .from(loginAttempt)
      .where(and(key, eq(loginAttempt.success, true), gt(loginAttempt.createdAt, since)));
    if (lastOk?.at && lastOk.at > since) from = lastOk.at;
  }
  const [row] = await db
    .select({ failures: count(), last: max(loginAttempt.createdAt) })
    .from(loginAttempt)
    .where(and(key, eq(loginAttempt.success, false), gt(loginAttempt.createdAt, from)));
  return { failures: row?.failures ?? 0, lastFailureAt: row?.last ?? null };
}

export async function recordLoginAttempt(
  db: DbOrTx,
  attempt: { realm: SignInRealm; username: string; ip: string; success: boolean },
) {
  await db.insert(loginAttempt).values(attempt);
}
