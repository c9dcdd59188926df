/**
 * 对账's search for our payouts of a day that the statement lacks (ADR 0030): joined the other
 * way in SQL, or found by streaming the day's payout ids past the ids the statement's scan kept.
 * Part of the reconciliation's repository (repo.ts), which the rest of the job calls.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { copyOut } from '../../../db/copy.ts';

/** The statement's ids as its scan kept them (lib/statement-scan.ts). */
export interface NamedRefs {
  unnamed(source: AsyncIterable<Uint8Array>, limit: number): Promise<{ count: number; refs: string[] }>;
}

export type MissingRow = Record<string, unknown>;

/**
 * Our payouts of the day no statement line names, joined the other way in SQL: the day's lines
 * hashed (in memory, not in batches on disk) against the day's payouts.
 */
export async function missingByJoin(tx: Tx, dayId: number, serviceCompanyId: number, start: Date, end: Date) {
  await tx.execute(sql`set local work_mem = '128MB'`);
  return queryRows<MissingRow>(
    tx,
    sql`select o.id, o.ref, o.status, o.net_fen from (${ofDay(serviceCompanyId, start, end)}) o
         where not exists (select 1 from reconcile_line l where l.day_id = ${dayId} and l.ref = o.ref)`,
  );
}

/** The service company's payouts of the day (ofDay) as COPY's query: COPY takes no parameters. */
function refsOfDayQuery(serviceCompanyId: number, start: Date, end: Date): string | undefined {
  // The values are an integer and two instants written here.
  if (!Number.isSafeInteger(serviceCompanyId)) return undefined;
  return `select ref from payout
       where service_company_id = ${serviceCompanyId} and status in ('succeeded', 'failed')
         and settled_at >= '${start.toISOString()}'::timestamptz and settled_at < '${end.toISOString()}'::timestamptz
         and not reconcile_hold`;
}

type Unnamed = { count: number; refs: string[] };
export interface DayScan {
  /** The scan's answer, given how many missing payouts the transaction counted. */
  found(expected: number): Promise<Unnamed | undefined>;
  /** Resolves once nothing of the scan is running. */
  settled(): Promise<unknown>;
}

/**
 * The day's payout ids streamed out (one COPY, no join: a hash of a million lines costs
 * PostgreSQL twice the COPY) and looked up in the ids the statement's scan kept as the file went
 * past. With `aside` (PostgreSQL's pool), on a connection of its own, started before the join so
 * that the two run on both cores; it reads what is committed, and missingByScan checks what it
 * found in the transaction. Undefined where COPY cannot be used; a failure answers undefined too
 * (the join answers instead), so a scan never awaited rejects nobody.
 */
export function scanDayRefs(
  tx: Tx,
  aside: Db | null,
  named: NamedRefs,
  serviceCompanyId: number,
  start: Date,
  end: Date,
): DayScan | undefined {
  const query = refsOfDayQuery(serviceCompanyId, start, end);
  if (!query) return undefined;
  if (!aside)
    return { found: (expected) => named.unnamed(copyOut(tx, query), expected), settled: () => Promise.resolve() };
  const early = aside
    .transaction((other) => named.unnamed(copyOut(other, query), UNMATCHED_CAP))
    .catch(() => undefined);
  return { found: () => early, settled: () => early };
}

/**
 * Our payouts of the day the statement lacks, from the scan's ids: the few missing are read by id
 * in the transaction. Undefined, for the join to answer, unless it found exactly the `expected`
 * count read back in the transaction's own view (64-bit keys could, once in 10^7 days, take a
 * missing id for a named one; a scan aside could have seen other commits).
 */
export async function missingByScan(
  tx: Tx,
  found: Unnamed | undefined,
  serviceCompanyId: number,
  start: Date,
  end: Date,
  expected: number,
): Promise<MissingRow[] | undefined> {
  if (!found || found.refs.length !== expected) return undefined;
  const rows = await queryRows<MissingRow>(
    tx,
    sql`select o.id, o.ref, o.status, o.net_fen from (${ofDay(serviceCompanyId, start, end)}) o
         where o.ref = any(${sql.param(found.refs)}::text[])`,
  );
  return rows.length === expected ? rows : undefined;
}

/** At most this many unmatched refs a day: more means the statement is wrong as a whole. */
export const UNMATCHED_CAP = 10_000;

/** The service company's payouts settled that day (not held): what a statement is matched to. */
export const ofDay = (serviceCompanyId: number, start: Date, end: Date) =>
  sql`select id, ref, status, net_fen from payout
       where service_company_id = ${serviceCompanyId} and status in ('succeeded', 'failed')
         and settled_at >= ${start.toISOString()}::timestamptz and settled_at < ${end.toISOString()}::timestamptz
         and not reconcile_hold`;
