import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1)`: a list of ids sent as ONE array parameter. Drizzle's `inArray` sends one
 * parameter per id, and PostgreSQL takes at most 65,535 in a statement: a list of 100,000 ids
 * (the schemas' own maximum) answered HTTP 500 (an outside probe's finding). The lint refuses
 * `inArray` on an id column; small fixed lists (statuses) may keep it. In raw SQL, name the
 * column as `sql\`a.id\``.
 */
export function anyId(column: AnyPgColumn | SQL, ids: Iterable<number>): SQL {
  return sql`${column} = any(${sql.param([...ids])}::bigint[])`;
}

/** The same for uuid keys (stored files). */
export function anyUuid(column: AnyPgColumn, ids: Iterable<string>): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}
