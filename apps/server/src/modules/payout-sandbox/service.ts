/**
 * The sandbox payout provider (DOMAIN section 6), the default `PayoutProvider`: it stands for an
 * outside system, so it keeps its own books (`sandbox_payout`), decides each payout's outcome
 * when it is submitted (rules.ts), settles it a moment later and calls back the way a real
 * provider does: a signed HTTP request, which it may send again (duplicates are normal), one per
 * payout or, when many are due, one for a list of them (a batch notification); it answers queries
 * for reconciliation.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { sandboxPayout } from '../../db/schema/index.ts';
import { chinaDay } from '../../lib/china-time.ts';
import {
  signCallback,
  STATEMENT_HEADER,
  statementSigner,
  type CallbackResult,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutStatement,
} from '../../lib/payout-provider.ts';
import { sandboxOutcome } from './rules.ts';

/** A payout settles this long after it was submitted. */
export const SANDBOX_SETTLE_MS = 1_500;
/** Orders written to the sandbox's books a statement. */
const SUBMIT_CHUNK = 1_000;
/** Results a batch callback carries at most. */
export const CALLBACK_BATCH = 500;

export function createSandboxProvider(db: DbOrTx, now: () => Date, secret: string): PayoutProvider {
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
          insert into sandbox_payout (ref, channel, account_no, holder_name, amount_fen, outcome, reason,
                                      service_company_id, submitted_at, settles_at)
          select o.*, ${at.toISOString()}::timestamptz, ${settlesAt.toISOString()}::timestamptz
            from unnest(${text(chunk.map((o) => o.ref))}, ${text(chunk.map((o) => o.channel))},
                        ${text(chunk.map((o) => o.accountNo.slice(-4).padStart(o.accountNo.length, '*')))},
                        ${text(chunk.map((o) => o.holderName))}, ${sql.param(chunk.map((o) => o.amountFen))}::bigint[],
                        ${text(outcomes.map((o) => o.status))}, ${text(outcomes.map((o) => o.reason))},
                        ${sql.param(chunk.map((o) => o.serviceCompanyId))}::bigint[])
              as o(ref, channel, account_no, holder_name, amount_fen, outcome, reason, service_company_id)
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
    async statement(serviceCompanyId, day) {
      return sandboxStatement(db, secret, serviceCompanyId, day);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The day's statement (对账单, ADR 0030): written from the sandbox's own books, what it really
// did, with the disagreements a test told it to make.

/** Lines read from the books a statement, keyset by (settles_at, seq). */
const STATEMENT_PAGE = 10_000;

/** What a sandbox payout's statement line is told to get wrong (tests and demos). */
export type StatementFault = 'omitted' | 'amount' | 'status' | 'duplicate' | 'unsent';

type StatementRow = {
  seq: number;
  ref: string;
  amount_fen: number;
  outcome: string;
  settles_at: Date | string;
  statement_fault: string | null;
};

const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const beijingIso = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 23)}+08:00`;

/** The CSV lines of one sandbox payout (none, one or two), its fault applied. */
function statementLines(row: StatementRow): string {
  if (row.statement_fault === 'omitted') return '';
  const amount = row.statement_fault === 'amount' ? row.amount_fen + 100 : row.amount_fen;
  const status =
    row.statement_fault === 'status' ? (row.outcome === 'succeeded' ? 'failed' : 'succeeded') : row.outcome;
  const line = `SB${String(row.seq).padStart(12, '0')},${row.ref},${yuan(amount)},${status},${beijingIso(new Date(row.settles_at))}\n`;
  return row.statement_fault === 'duplicate' ? line + line : line;
}

/** The statement's bytes, streamed from the books a page at a time. */
async function* statementBytes(db: DbOrTx, serviceCompanyId: number, day: string): AsyncGenerator<Uint8Array> {
  const { start, end } = chinaDay(day);
  yield Buffer.from(`${STATEMENT_HEADER}\n`);
  let after: { at: string; seq: number } | null = null;
  for (;;) {
    const rows: StatementRow[] = await queryRows<StatementRow>(
      db,
      sql`select seq::float8 as seq, ref, amount_fen::float8 as amount_fen, outcome, settles_at, statement_fault
            from sandbox_payout
           where service_company_id = ${serviceCompanyId}
             and settles_at >= ${start.toISOString()}::timestamptz and settles_at < ${end.toISOString()}::timestamptz
             ${after ? sql`and (settles_at, seq) > (${after.at}::timestamptz, ${after.seq})` : sql``}
           order by settles_at, seq
           limit ${STATEMENT_PAGE}`,
    );
    if (!rows.length) return;
    yield Buffer.from(rows.map(statementLines).join(''));
    const last = rows[rows.length - 1] as StatementRow;
    after = { at: new Date(last.settles_at).toISOString(), seq: last.seq };
    if (rows.length < STATEMENT_PAGE) return;
  }
}

/**
 * One service company's statement of a Beijing day: signed over its bytes in a first pass (the
 * books of a past day do not change), streamed again when opened.
 */
export async function sandboxStatement(
  db: DbOrTx,
  secret: string,
  serviceCompanyId: number,
  day: string,
): Promise<PayoutStatement> {
  const signer = statementSigner(secret);
  for await (const chunk of statementBytes(db, serviceCompanyId, day)) signer.update(chunk);
  return { signature: signer.digest('hex'), open: () => statementBytes(db, serviceCompanyId, day) };
}

/**
 * For the demo seed, which settles its payouts at once (`settleBatchNow`): the sandbox's books
 * record them as submitted, settled and called back at `at`, as the provider would have.
 */
export async function recordSettledPayouts(
  db: DbOrTx,
  entries: readonly { order: PayoutOrder; outcome: { status: 'succeeded' | 'failed'; reason: string } }[],
  at: Date,
) {
  if (!entries.length) return;
  await db
    .insert(sandboxPayout)
    .values(
      entries.map(({ order, outcome }) => ({
        ref: order.ref,
        channel: order.channel,
        accountNo: order.accountNo.slice(-4).padStart(order.accountNo.length, '*'),
        holderName: order.holderName,
        amountFen: order.amountFen,
        outcome: outcome.status,
        reason: outcome.reason,
        submittedAt: at,
        settlesAt: at,
        callbackAt: at,
        callbacks: 1,
        serviceCompanyId: order.serviceCompanyId,
      })),
    )
    .onConflictDoNothing();
}

/** For tests and demos: tells the sandbox to get this payout's statement line wrong. */
export async function injectStatementFault(db: DbOrTx, ref: string, fault: Exclude<StatementFault, 'unsent'>) {
  await db.update(sandboxPayout).set({ statementFault: fault }).where(eq(sandboxPayout.ref, ref));
}

/**
 * For tests and demos: a payout the sandbox paid that we never sent (a ref of ours it was never
 * given), settled at `settlesAt` for the service company.
 */
export async function injectUnsentPayout(
  db: DbOrTx,
  input: { ref: string; serviceCompanyId: number; amountFen: number; settlesAt: Date },
) {
  await db.insert(sandboxPayout).values({
    ref: input.ref,
    channel: 'bank',
    accountNo: '************0000',
    holderName: '未知收款人',
    amountFen: input.amountFen,
    outcome: 'succeeded',
    submittedAt: input.settlesAt,
    settlesAt: input.settlesAt,
    callbackAt: input.settlesAt,
    serviceCompanyId: input.serviceCompanyId,
    statementFault: 'unsent',
  });
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
