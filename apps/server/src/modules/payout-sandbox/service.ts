/**
 * The sandbox payout provider (DOMAIN section 6), the default `PayoutProvider`: it stands for an
 * outside system, so it keeps its own books (`sandbox_payout`), decides each payout's outcome
 * when it is submitted (rules.ts), settles it a moment later and calls back the way a real
 * provider does: a signed HTTP request, which it may send again (duplicates are normal), one per
 * payout or, when many are due, one for a list of them (a batch notification); it answers queries
 * for reconciliation.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPayout } from '../../db/schema/index.ts';
import {
  signCallback,
  type CallbackResult,
  type PayoutOutcome,
  type PayoutProvider,
} from '../../lib/payout-provider.ts';
import { sandboxOutcome } from './rules.ts';

/** A payout settles this long after it was submitted. */
export const SANDBOX_SETTLE_MS = 1_500;
/** Orders written to the sandbox's books a statement. */
const SUBMIT_CHUNK = 1_000;
/** Results a batch callback carries at most. */
export const CALLBACK_BATCH = 500;

export function createSandboxProvider(db: DbOrTx, now: () => Date): PayoutProvider {
  return {
    async submit(orders) {
      const at = now();
      const settlesAt = new Date(at.getTime() + SANDBOX_SETTLE_MS);
      for (let i = 0; i < orders.length; i += SUBMIT_CHUNK) {
        const chunk = orders.slice(i, i + SUBMIT_CHUNK);
        const outcomes = chunk.map((order) => sandboxOutcome(order));
        const text = (values: string[]) => sql`${sql.param(values)}::text[]`;
        // One statement a chunk, its columns bound as arrays (not nine values a row).
        await db.execute(sql`
          insert into sandbox_payout (ref, channel, account_no, holder_name, amount_fen, outcome, reason, submitted_at,
                                      settles_at)
          select o.*, ${at.toISOString()}::timestamptz, ${settlesAt.toISOString()}::timestamptz
            from unnest(${text(chunk.map((o) => o.ref))}, ${text(chunk.map((o) => o.channel))},
                        ${text(chunk.map((o) => o.accountNo.slice(-4).padStart(o.accountNo.length, '*')))},
                        ${text(chunk.map((o) => o.holderName))}, ${sql.param(chunk.map((o) => o.amountFen))}::bigint[],
                        ${text(outcomes.map((o) => o.status))}, ${text(outcomes.map((o) => o.reason))})
              as o(ref, channel, account_no, holder_name, amount_fen, outcome, reason)
          on conflict (ref) do nothing`);
      }
    },
    async query(refs) {
      const answers = new Map<string, PayoutOutcome>();
      if (!refs.length) return answers;
      const rows = await db
        .select()
        .from(sandboxPayout)
        .where(sql`${sandboxPayout.ref} = any(${sql.param([...refs])}::text[])`);
      const at = now();
      for (const row of rows) {
        answers.set(
          row.ref,
          row.settlesAt > at
            ? { status: 'processing', reason: '' }
            : { status: row.outcome as 'succeeded' | 'failed', reason: row.reason },
        );
      }
      return answers;
    },
  };
}

export interface SignedCallback {
  body: string;
  headers: Record<string, string>;
}

type SandboxResultRow = { ref: string; outcome: string; reason: string; settlesAt: Date };

/**
 * Sends the callbacks of the payouts settled by now whose callback has not gone out (at most
 * `limit` payouts a run): one signed request per `perCallback` results (a batch notification; a
 * single result goes alone, in the single form). A request whose delivery throws stops the run
 * and its results are sent again on the next one.
 */
export async function deliverDueCallbacks(
  db: DbOrTx,
  secret: string,
  now: Date,
  send: (callback: SignedCallback) => Promise<void>,
  limit = 5_000,
  perCallback = CALLBACK_BATCH,
): Promise<number> {
  const due = await db
    .select({
      ref: sandboxPayout.ref,
      outcome: sandboxPayout.outcome,
      reason: sandboxPayout.reason,
      settlesAt: sandboxPayout.settlesAt,
    })
    .from(sandboxPayout)
    .where(and(isNull(sandboxPayout.callbackAt), lte(sandboxPayout.settlesAt, now)))
    .orderBy(sandboxPayout.settlesAt)
    .limit(limit);
  let sent = 0;
  for (let i = 0; i < due.length; i += perCallback) {
    const rows = due.slice(i, i + perCallback);
    await send(
      rows.length === 1
        ? signedCallback(secret, rows[0] as SandboxResultRow, now)
        : signedBatchCallback(secret, rows, now),
    );
    await db
      .update(sandboxPayout)
      .set({ callbackAt: now, callbacks: sql`${sandboxPayout.callbacks} + 1` })
      .where(sql`${sandboxPayout.ref} = any(${sql.param(rows.map((r) => r.ref))}::text[])`);
    sent += rows.length;
  }
  return sent;
}

const resultOf = (row: SandboxResultRow): CallbackResult => ({
  ref: row.ref,
  status: row.outcome as CallbackResult['status'],
  reason: row.reason,
  settledAt: row.settlesAt.toISOString(),
});

function signed(secret: string, body: string, now: Date): SignedCallback {
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

/** The signed callback of one sandbox payout (also what a test replays or forges). */
export function signedCallback(secret: string, row: SandboxResultRow, now: Date): SignedCallback {
  return signed(secret, JSON.stringify(resultOf(row)), now);
}

/** The signed batch callback of many sandbox payouts: `{ results: [...] }`. */
export function signedBatchCallback(secret: string, rows: readonly SandboxResultRow[], now: Date): SignedCallback {
  return signed(secret, JSON.stringify({ results: rows.map(resultOf) }), now);
}

/** For tests: the sandbox's row of a payout. */
export async function findSandboxPayout(db: DbOrTx, ref: string) {
  const [row] = await db.select().from(sandboxPayout).where(eq(sandboxPayout.ref, ref)).limit(1);
  return row;
}
