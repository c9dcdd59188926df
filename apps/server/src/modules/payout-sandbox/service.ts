/**
 * The sandbox payout provider (DOMAIN section 6), the default `PayoutProvider`: it stands for an
 * outside system, so it keeps its own books (`sandbox_payout`), decides each payout's outcome
 * when it is submitted (rules.ts), settles it a moment later and calls back the way a real
 * provider does: a signed HTTP request, which it may send again (duplicates are normal), and it
 * answers queries for reconciliation.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPayout } from '../../db/schema/index.ts';
import { signCallback, type PayoutProvider } from '../../lib/payout-provider.ts';
import { sandboxOutcome } from './rules.ts';

/** A payout settles this long after it was submitted. */
export const SANDBOX_SETTLE_MS = 1_500;

export function createSandboxProvider(db: DbOrTx, now: () => Date): PayoutProvider {
  return {
    async submit(order) {
      const outcome = sandboxOutcome(order);
      const at = now();
      await db
        .insert(sandboxPayout)
        .values({
          ref: order.ref,
          channel: order.channel,
          accountNo: order.accountNo.slice(-4).padStart(order.accountNo.length, '*'),
          holderName: order.holderName,
          amountFen: order.amountFen,
          outcome: outcome.status,
          reason: outcome.reason,
          submittedAt: at,
          settlesAt: new Date(at.getTime() + SANDBOX_SETTLE_MS),
        })
        .onConflictDoNothing();
    },
    async query(ref) {
      const [row] = await db.select().from(sandboxPayout).where(eq(sandboxPayout.ref, ref)).limit(1);
      if (!row) return undefined;
      if (row.settlesAt > now()) return { status: 'processing', reason: '' };
      return { status: row.outcome as 'succeeded' | 'failed', reason: row.reason };
    },
  };
}

export interface SignedCallback {
  body: string;
  headers: Record<string, string>;
}

/**
 * Sends the callbacks of the payouts settled by now whose callback has not gone out (at most
 * `limit`), each signed; a callback whose delivery throws is tried again on the next run.
 */
export async function deliverDueCallbacks(
  db: DbOrTx,
  secret: string,
  now: Date,
  send: (callback: SignedCallback) => Promise<void>,
  limit = 500,
): Promise<number> {
  const due = await db
    .select()
    .from(sandboxPayout)
    .where(and(isNull(sandboxPayout.callbackAt), lte(sandboxPayout.settlesAt, now)))
    .orderBy(sandboxPayout.settlesAt)
    .limit(limit);
  let sent = 0;
  for (const row of due) {
    await send(signedCallback(secret, row, now));
    await db
      .update(sandboxPayout)
      .set({ callbackAt: now, callbacks: sql`${sandboxPayout.callbacks} + 1` })
      .where(eq(sandboxPayout.ref, row.ref));
    sent++;
  }
  return sent;
}

/** The signed callback of one sandbox payout (also what a test replays or forges). */
export function signedCallback(
  secret: string,
  row: { ref: string; outcome: string; reason: string; settlesAt: Date },
  now: Date,
): SignedCallback {
  const body = JSON.stringify({
    ref: row.ref,
    status: row.outcome,
    reason: row.reason,
    settledAt: row.settlesAt.toISOString(),
  });
  const timestamp = String(now.getTime());
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-payout-timestamp': timestamp,
      'x-payout-signature': signCallback(secret, timestamp, body),
    },
  };
}

/** For tests: the sandbox's row of a payout. */
export async function findSandboxPayout(db: DbOrTx, ref: string) {
  const [row] = await db.select().from(sandboxPayout).where(eq(sandboxPayout.ref, ref)).limit(1);
  return row;
}
