import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows in one INSERT with one array parameter per column
 * (`insert … select * from unnest($1::timestamptz[], $2::varchar(64)[], …)`), for the tables
 * written in batches off the request's path (网关日志). Drizzle's multi-row `values()` builds a
 * placeholder per value, 16,000 for a thousand access-log rows, on the event loop of the process
 * that answers requests; here the work is sixteen arrays.
 *
 * The columns are the keys of the first row (a batch's rows share theirs); a value missing from a
 * later row is written as NULL.
 */
export function insertByColumns<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const first = rows[0];
  if (!first) throw new RangeError('insertByColumns: no rows');
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((k) => k in columns);
  const names: ReturnType<typeof sql.identifier>[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) continue;
    // Each value as the driver sends it: a Date as an instant, NULL for undefined.
    const values = rows.map((row) => (row as Record<string, unknown>)[key] ?? null);
    names.push(sql.identifier(column.name));
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}
