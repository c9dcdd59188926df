import { sql, type Placeholder } from 'drizzle-orm';

/**
 * A LIMIT written into the statement's text instead of sent as a parameter: for a prepared
 * statement run with a handful of page sizes, one statement per size. PostgreSQL then knows the
 * row count of its generic plan and keeps it; with `LIMIT $n` it costs the generic plan for an
 * unknown tenth of the rows, finds it dearer than a custom plan, and plans every execution anew
 * (measured on the worker list: 0.4 ms of planning per page, more with row-level security's
 * policies to plan in, ADR 0025).
 */
export function literalLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`literalLimit: ${rows} is not a row count`);
  // Drizzle types .limit() as a number or a placeholder, and writes any SQL object it gets into
  // the text as it is (pg-core dialect, buildSelectQuery): a checked integer is that SQL here.
  return sql.raw(String(rows)) as unknown as Placeholder;
}
