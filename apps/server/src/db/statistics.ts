/**
 * Planner statistics kept up by the bulk paths that grow tables (ADR 0016): worker import commit,
 * payroll import commit, queuing a payment's payouts, settlement. A table is analysed when the
 * rows written since its last ANALYZE (committed ones, from `pg_stat_user_tables`, plus those the
 * caller wrote in its still open transaction) reach its size at that ANALYZE, and at least
 * `GROWTH_MIN`: at most one ANALYZE per doubling, a few per bulk operation on a fresh database
 * and none on a grown one. ANALYZE also invalidates the plans cached for the table, among them the
 * foreign-key checks' lookups that every connection keeps for its lifetime: a check planned while
 * `ledger_transfer` was one page scans it for each new entry until then.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from './client.ts';

/**
 * ANALYZE of one table. The app's roles own no table, so it goes through the owner's function
 * `flexpay_analyze` (migration 0049), which analyses a table of the schema and does nothing else.
 */
export async function analyzeTable(db: DbOrTx, table: string): Promise<void> {
  await db.execute(sql`select flexpay_analyze(${table})`);
}

/** Fewer rows written than this never analyse a table (a small table's plans cost little). */
export const GROWTH_MIN = 1_000;

/** Tables analysed now by this process: another caller skips them rather than wait. */
const running = new Set<string>();

interface TableGrowth {
  table: string;
  /** Rows at the last ANALYZE (pg_class.reltuples; 0 when never analysed). */
  tuples: number;
  /** Rows inserted, updated or deleted since, as far as committed transactions report them. */
  modified: number;
}

async function growthOf(db: DbOrTx, tables: readonly string[]): Promise<TableGrowth[]> {
  const rows = await queryRows<{ table: string; tuples: number; modified: string | number | null }>(
    db,
    sql`select c.relname as table, greatest(c.reltuples, 0)::float8 as tuples, s.n_mod_since_analyze as modified
          from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
         where c.oid = any(array(select to_regclass(t) from unnest(${sql.param([...tables])}::text[]) t))`,
  );
  return rows.map((r) => ({ table: r.table, tuples: Number(r.tuples), modified: Number(r.modified ?? 0) }));
}

/**
 * Whether `written` rows more make a table's statistics stale enough to analyse it. `committed`:
 * rows the caller knows it wrote in transactions that have committed, which the statistics views
 * may not report (PGlite keeps no such counts), so the larger of the two figures is taken.
 */
export function isStale(g: TableGrowth, written = 0, committed = 0): boolean {
  return Math.max(g.modified, committed) + written >= Math.max(GROWTH_MIN, g.tuples);
}

/**
 * Analyses those of `tables` that grew by their size since their last ANALYZE (see above);
 * `written` counts rows the caller wrote in its open transaction (the statistics views see only
 * committed ones), `committed` rows it wrote in transactions that committed (see isStale). Inside a transaction ANALYZE counts the transaction's own rows too. Answers
 * the tables analysed.
 */
export async function analyzeGrown(
  db: DbOrTx,
  tables: readonly string[],
  written: Readonly<Record<string, number>> = {},
  committed: Readonly<Record<string, number>> = {},
): Promise<string[]> {
  const stale = (await growthOf(db, tables)).filter(
    (g) => !running.has(g.table) && isStale(g, written[g.table], committed[g.table]),
  );
  const done: string[] = [];
  for (const { table } of stale) {
    running.add(table);
    try {
      await analyzeTable(db, table);
      done.push(table);
    } finally {
      running.delete(table);
    }
  }
  return done;
}

/**
 * For one bulk operation in one transaction (an import's commit): counts the rows it writes and
 * analyses a table once they reach its analysed size (`analyzeGrown`), then counts afresh.
 */
export function growthTracker(db: DbOrTx, tables: readonly string[]) {
  const written: Record<string, number> = Object.fromEntries(tables.map((t) => [t, 0]));
  return {
    async wrote(rows: Readonly<Record<string, number>>): Promise<string[]> {
      for (const [t, n] of Object.entries(rows)) written[t] = (written[t] ?? 0) + n;
      const done = await analyzeGrown(db, tables, written);
      for (const t of done) written[t] = 0;
      return done;
    },
  };
}
