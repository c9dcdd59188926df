/**
 * The only SQL of 对账's tables (reconcile_day, reconcile_difference, reconcile_line) and of what
 * reconciliation reads and holds of the payouts (payroll's own table, ADR 0030).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { setStagingSetting } from '../../../db/copy.ts';
import {
  missingByJoin,
  missingByScan,
  ofDay,
  scanDayRefs,
  UNMATCHED_CAP,
  type DayScan,
  type NamedRefs,
} from './repo-missing.ts';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Service companies (ids), the days of each are reconciled. Names are a declared display read. */
export async function serviceCompanyIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`select id from service_company order by id`);
  return rows.map((r) => Number(r.id));
}

export async function findDayStatus(db: DbOrTx, serviceCompanyId: number, day: string) {
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`select id, status from reconcile_day where service_company_id = ${serviceCompanyId} and day = ${day}::date`,
  );
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/**
 * The day's row, taken for this transaction: new, or a refused one to try again. Undefined when
 * the day is reconciled (by this or another process: a concurrent insert waits for the other's
 * commit, then finds it done).
 */
export async function claimDay(tx: Tx, serviceCompanyId: number, day: string): Promise<number | undefined> {
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into reconcile_day (service_company_id, day, status) values (${serviceCompanyId}, ${day}::date, 'done')
        on conflict on constraint reconcile_day_key do nothing returning id`,
  );
  if (inserted) return Number(inserted.id);
  const [row] = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from reconcile_day where service_company_id = ${serviceCompanyId} and day = ${day}::date
        for update`,
  );
  if (!row || row.status === 'done') return undefined;
  await tx.execute(sql`update reconcile_day set attempts = attempts + 1 where id = ${row.id}`);
  return Number(row.id);
}

/** The COPY's target day (reconcile_line.day_id's default), for this transaction. */
export async function setLineDay(tx: Tx, dayId: number) {
  await setStagingSetting(tx, 'flexpay.reconcile_day', String(dayId));
}

/** The day before's reconciled row of the same service company (its lines are kept). */
export async function previousDayId(db: DbOrTx, serviceCompanyId: number, day: string): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from reconcile_day
         where service_company_id = ${serviceCompanyId} and day = ${day}::date - 1 and status = 'done'`,
  );
  return row ? Number(row.id) : null;
}

/** Whether the service company has payouts still open (few: the open index answers). */
export async function hasOpenPayouts(tx: Tx, serviceCompanyId: number): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    tx,
    sql`select exists (select 1 from payout where status in ('queued', 'submitted')
                          and service_company_id = ${serviceCompanyId} and not reconcile_hold) as open`,
  );
  return Boolean(row?.open);
}

/**
 * Our payouts still open that the statement settles (the provider's final word): paid when a line
 * says so, else failed. A ref on several lines is settled too, so that its 重复记录 is held on a
 * settled payout (a held payout is final: nothing would release its frozen debit otherwise).
 */
export async function openPayoutsNamed(tx: Tx, dayId: number, serviceCompanyId: number) {
  return queryRows<{ ref: string; status: 'succeeded' | 'failed' }>(
    tx,
    sql`select l.ref, case when bool_or(l.status = 'succeeded') then 'succeeded' else 'failed' end as status
          from reconcile_line l
          join payout p on p.ref = l.ref
         where l.day_id = ${dayId} and p.service_company_id = ${serviceCompanyId}
           and p.status in ('queued', 'submitted') and not p.reconcile_hold
         group by l.ref`,
  );
}

export interface NewDifference {
  id: number;
  kind: string;
  ref: string;
  payoutId: number | null;
  suspenseFen: number;
}

/** A ref the join did not match: its lines summed (when any) and our payout of the day (when any). */
export interface UnmatchedRow {
  ref: string;
  lines: number;
  providerRef: string | null;
  statusMin: string | null;
  statusMax: string | null;
  at: Date | null;
  amountFen: number | null;
  paidFen: number;
  payoutId: number | null;
  ourStatus: string | null;
  ourNetFen: number | null;
}

/** A statement line or payout the join did not match (or a line of a repeated order id). */
interface UnmatchedLine {
  ref: string;
  line: boolean;
  providerRef: string | null;
  status: string | null;
  amountFen: number | null;
  at: string | null;
  payoutId: number | null;
  ourStatus: string | null;
  ourNetFen: number | null;
}

export { UNMATCHED_CAP } from './repo-missing.ts';

/**
 * Matches the statement's lines to the service company's payouts of the day: the floor's one
 * join, each line to our payout of the day by order id (a left join the database runs in
 * parallel). A line with its payout's status and amount is matched (counted and summed) unless
 * its order id is repeated (`duplicates`, found as the file streamed); every other line (few)
 * comes back for the difference rules, summed by order id. The payouts of the day no line names
 * are found by counting: only when the day has more payouts than the lines named is the other
 * direction joined. Lines outside the day, or with no valid amount or status, are counted: the
 * statement is refused.
 */
export async function matchDay(
  tx: Tx,
  dayId: number,
  serviceCompanyId: number,
  start: Date,
  end: Date,
  duplicates: readonly string[],
  /** The lines' count, sum and bad ones, when the file's scan could tell them. */
  scanned: { lines: number; fen: number; bad: number } | null = null,
  /** The ids the statement named, as its scan kept them (PostgreSQL, a statement with no quotes). */
  namedRefs: NamedRefs | null = null,
  /** A pool to scan the day's payouts on while the join runs (PostgreSQL), or null: after it. */
  aside: Db | null = null,
) {
  const scanOurs = namedRefs ? scanDayRefs(tx, aside, namedRefs, serviceCompanyId, start, end) : undefined;
  try {
    return await matchLines(tx, dayId, serviceCompanyId, start, end, duplicates, scanned, scanOurs);
  } finally {
    // A scan started aside is over before the transaction goes on, whatever happened.
    await scanOurs?.settled();
  }
}

async function matchLines(
  tx: Tx,
  dayId: number,
  serviceCompanyId: number,
  start: Date,
  end: Date,
  duplicates: readonly string[],
  scanned: { lines: number; fen: number; bad: number } | null,
  scanOurs: DayScan | undefined,
) {
  // The lines alone: how many, their sum, and any outside the day or invalid.
  const [totals] = scanned
    ? [scanned]
    : await queryRows<{ lines: number; fen: number; bad: number }>(
        tx,
        sql`select count(*)::int as lines, coalesce(sum(round(amount * 100)), 0)::float8 as fen,
               count(*) filter (where settled_at < ${start.toISOString()}::timestamptz
                                   or settled_at >= ${end.toISOString()}::timestamptz
                                   or amount <= 0 or status not in ('succeeded', 'failed'))::int as bad
          from reconcile_line where day_id = ${dayId}`,
      );
  // The one join: only the lines it does not match come back (filtered where the join runs).
  const unmatchedRows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select l.ref, l.provider_ref, l.status, round(l.amount * 100)::float8 as amount_fen, l.settled_at,
               o.id as o_id, o.status as o_status, o.net_fen as o_net
          from reconcile_line l left join (${ofDay(serviceCompanyId, start, end)}) o on o.ref = l.ref
         where l.day_id = ${dayId}
           and (o.id is null or o.status <> l.status or o.net_fen <> round(l.amount * 100)
                or l.ref = any(${sql.param([...duplicates])}::text[]))
         limit ${UNMATCHED_CAP + 1}`,
  );
  const unmatchedFen = unmatchedRows.reduce((sum, r) => sum + Number(r.amount_fen), 0);
  const row = {
    matched: (totals?.lines ?? 0) - unmatchedRows.length,
    matched_fen: (totals?.fen ?? 0) - unmatchedFen,
    lines: totals?.lines ?? 0,
    bad: totals?.bad ?? 0,
    // Lines whose payout is of the day.
    named: (totals?.lines ?? 0) - unmatchedRows.filter((r) => r.o_id === null || r.o_id === undefined).length,
    unmatched: unmatchedRows.length,
  };
  const tooMany = row.unmatched > UNMATCHED_CAP;
  const lines = (tooMany ? [] : unmatchedRows).map((r): UnmatchedLine => ({
    ref: String(r.ref),
    line: true,
    providerRef: (r.provider_ref as string | null) ?? null,
    status: (r.status as string | null) ?? null,
    amountFen: num(r.amount_fen),
    at: r.settled_at ? new Date(r.settled_at as string | Date).toISOString() : null,
    payoutId: num(r.o_id),
    ourStatus: (r.o_status as string | null) ?? null,
    ourNetFen: num(r.o_net),
  }));
  // Summed by order id.
  const byRef = new Map<string, UnmatchedRow>();
  for (const l of lines) {
    const u = byRef.get(l.ref) ?? {
      ref: l.ref,
      lines: 0,
      providerRef: null,
      statusMin: null,
      statusMax: null,
      at: null,
      amountFen: null,
      paidFen: 0,
      payoutId: l.payoutId,
      ourStatus: l.ourStatus,
      ourNetFen: l.ourNetFen,
    };
    if (l.line) {
      u.lines++;
      if (u.providerRef === null || (l.providerRef !== null && l.providerRef < u.providerRef))
        u.providerRef = l.providerRef;
      if (l.status !== null) {
        if (u.statusMin === null || l.status < u.statusMin) u.statusMin = l.status;
        if (u.statusMax === null || l.status > u.statusMax) u.statusMax = l.status;
      }
      const at = l.at ? new Date(l.at) : null;
      if (at && (!u.at || at > u.at)) u.at = at;
      u.amountFen = (u.amountFen ?? 0) + (l.amountFen ?? 0);
      if (l.status === 'succeeded') u.paidFen += l.amountFen ?? 0;
    }
    byRef.set(l.ref, u);
  }
  // Payouts of the day no line names: counted, and joined the other way only when there are some.
  let named = row.named;
  for (const u of byRef.values()) if (u.payoutId !== null && u.lines > 1) named -= u.lines - 1;
  const [ours] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (${ofDay(serviceCompanyId, start, end)}) o`,
  );
  if (!tooMany && (ours?.n ?? 0) > named) {
    const expected = (ours?.n ?? 0) - named;
    const missing =
      (scanOurs && (await missingByScan(tx, await scanOurs.found(expected), serviceCompanyId, start, end, expected))) ??
      (await missingByJoin(tx, dayId, serviceCompanyId, start, end));
    for (const m of missing)
      byRef.set(String(m.ref), {
        ref: String(m.ref),
        lines: 0,
        providerRef: null,
        statusMin: null,
        statusMax: null,
        at: null,
        amountFen: null,
        paidFen: 0,
        payoutId: Number(m.id),
        ourStatus: String(m.status),
        ourNetFen: Number(m.net_fen),
      });
  }
  return {
    matchedCount: row.matched,
    matchedFen: row.matched_fen,
    lines: row.lines,
    /** Lines outside the day, or with an amount or status no payout has: the statement is refused. */
    badLines: row.bad,
    /** More unmatched order ids than UNMATCHED_CAP: the statement is refused as a whole. */
    tooMany,
    unmatched: [...byRef.values()].sort((a, b) => (a.ref < b.ref ? -1 : 1)),
  };
}

/** Order ids named on more than one line of the day (when the file could not be read for them). */
export async function repeatedRefs(tx: Tx, dayId: number): Promise<string[]> {
  const rows = await queryRows<{ ref: string }>(
    tx,
    sql`select ref from reconcile_line where day_id = ${dayId} group by ref having count(*) > 1`,
  );
  return rows.map((r) => r.ref);
}

/** Our payouts by their refs (lines whose payout was not settled that day by this service company). */
export async function payoutsByRefs(tx: Tx, refs: string[]) {
  if (!refs.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select id, ref, status, net_fen, service_company_id, reconcile_hold from payout
         where ref = any(${sql.param(refs)}::text[])`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    ref: String(r.ref),
    status: String(r.status),
    netFen: Number(r.net_fen),
    serviceCompanyId: Number(r.service_company_id),
    reconcileHold: Boolean(r.reconcile_hold),
  }));
}

/** Which of these refs the day before's statement named (a payout settled just after midnight). */
export async function refsOnDay(tx: Tx, dayId: number, refs: string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await queryRows<{ ref: string }>(
    tx,
    sql`select distinct ref from reconcile_line where day_id = ${dayId} and ref = any(${sql.param(refs)}::text[])`,
  );
  return new Set(rows.map((r) => r.ref));
}

export interface DifferenceToInsert {
  kind: string;
  ref: string;
  payoutId: number | null;
  ourStatus: string | null;
  ourAmountFen: number | null;
  providerRef: string | null;
  providerStatus: string | null;
  providerAmountFen: number | null;
  providerLines: number;
  providerAt: Date | null;
  suspenseFen: number;
}

const differenceOf = (r: Record<string, unknown>): NewDifference => ({
  id: Number(r.id),
  kind: String(r.kind),
  ref: String(r.ref),
  payoutId: num(r.payout_id),
  suspenseFen: Number(r.suspense_fen),
});

/** The day's differences, in one statement. */
export async function insertDifferences(
  tx: Tx,
  dayId: number,
  serviceCompanyId: number,
  rows: readonly DifferenceToInsert[],
): Promise<NewDifference[]> {
  if (!rows.length) return [];
  const text = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
  const inserted = await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into reconcile_difference (day_id, service_company_id, kind, ref, payout_id, our_status, our_amount_fen,
                                          provider_ref, provider_status, provider_amount_fen, provider_lines,
                                          provider_at, suspense_fen)
        select ${dayId}, ${serviceCompanyId}, v.*
          from unnest(${text(rows.map((r) => r.kind))}, ${text(rows.map((r) => r.ref))},
                      ${sql.param(rows.map((r) => r.payoutId))}::bigint[], ${text(rows.map((r) => r.ourStatus))},
                      ${sql.param(rows.map((r) => r.ourAmountFen))}::bigint[], ${text(rows.map((r) => r.providerRef))},
                      ${text(rows.map((r) => r.providerStatus))}, ${sql.param(rows.map((r) => r.providerAmountFen))}::bigint[],
                      ${sql.param(rows.map((r) => r.providerLines))}::int[],
                      ${text(rows.map((r) => r.providerAt?.toISOString() ?? null))}::timestamptz[],
                      ${sql.param(rows.map((r) => r.suspenseFen))}::bigint[])
            as v(kind, ref, payout_id, our_status, our_amount_fen, provider_ref, provider_status, provider_amount_fen,
                 provider_lines, provider_at, suspense_fen)
        returning id, kind, ref, payout_id, suspense_fen`,
  );
  return inserted.map(differenceOf);
}

/** 对账异常: these payouts are held until their differences are resolved. */
export async function holdPayouts(tx: Tx, payoutIds: number[]) {
  if (!payoutIds.length) return;
  await tx.execute(sql`update payout set reconcile_hold = true where id = any(${sql.param(payoutIds)}::bigint[])`);
}

export async function finishDay(
  tx: Tx,
  dayId: number,
  r: { sha256: string; lineCount: number; matchedCount: number; matchedFen: number; differenceCount: number },
) {
  await tx.execute(sql`update reconcile_day
      set status = 'done', error = null, statement_sha256 = ${r.sha256}, line_count = ${r.lineCount},
          matched_count = ${r.matchedCount}, matched_fen = ${r.matchedFen}, difference_count = ${r.differenceCount},
          open_count = ${r.differenceCount}, updated_at = now()
    where id = ${dayId}`);
}

/** Lines older than the day before (of this service company) are no longer needed. */
export async function forgetOldLines(tx: Tx, serviceCompanyId: number, day: string) {
  await tx.execute(sql`delete from reconcile_line
      where day_id in (select id from reconcile_day where service_company_id = ${serviceCompanyId} and day < ${day}::date - 1)`);
}

/** A refused statement: recorded (or again) with why, for the operators' alert. */
export async function refuseDay(db: DbOrTx, serviceCompanyId: number, day: string, error: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into reconcile_day (service_company_id, day, status, error) values (${serviceCompanyId}, ${day}::date, 'refused', ${error.slice(0, 200)})
        on conflict on constraint reconcile_day_key do update
          set status = 'refused', error = excluded.error, attempts = reconcile_day.attempts + 1, updated_at = now()
          where reconcile_day.status = 'refused'
        returning id`,
  );
  return Number(row?.id ?? 0);
}
