/**
 * The plain list path: one page of an ordinary list (roles, admins, job types, the download
 * centre…) as `{ total, rows }`, from the filters, a whitelisted sort key, the order and the
 * page. Two statements: `count(*)` under the filters, then the page with LIMIT/OFFSET, ordered by
 * the pinned expressions, the sort key and the row id as the last key (in the same direction),
 * so equal sort values never swap rows between pages.
 *
 * Every list starts here. The worker list's machinery (trigger-kept counters, page anchors,
 * prepared statements: `modules/worker/large-list/`) is for a list that a benchmark shows this
 * path cannot serve, recorded in an ADR (docs/decisions/0011).
 */
import { and, asc, count, desc, eq, ilike, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './client.ts';
import { escapeLike } from './like.ts';

export type SortOrder = 'asc' | 'desc';

/** A sort key: a column or an expression over the list's table. */
export type SortExpression = AnyPgColumn | SQL;

export interface PagedQuery<TTable extends PgTable, TSelection extends SelectedFields, TSort extends string> {
  from: TTable;
  /** The row's fields: columns, whole tables (nested), or SQL expressions. */
  select: TSelection;
  /** Conditions joined with AND; an `undefined` (a filter left empty) is skipped. */
  where: (SQL | undefined)[];
  /** The sort keys the list accepts, by name: nothing else can reach ORDER BY. */
  sorts?: Record<TSort, SortExpression>;
  /** The requested key; none orders by the pinned expressions and the id alone. */
  sort?: TSort | undefined;
  order: SortOrder;
  /** Ordering placed before the sort key whatever the order asked for (e.g. the owner first). */
  pinned?: SQL[];
  /** The row's unique id: the last key of every order. */
  id: AnyPgColumn;
  page: number;
  limit: number;
}

export type PagedRow<TTable extends PgTable, TSelection extends SelectedFields> = SelectResult<
  TSelection,
  'partial',
  Record<TTable['_']['name'], 'not-null'>
>;

export interface Paged<T> {
  total: number;
  rows: T[];
}

const direction = (order: SortOrder) => (order === 'asc' ? asc : desc);

/** The ORDER BY of a page, checked against the whitelist. Exported for its unit test. */
export function orderOf<TSort extends string>(
  q: Pick<PagedQuery<PgTable, SelectedFields, TSort>, 'sorts' | 'sort' | 'order' | 'pinned' | 'id'>,
): SQL[] {
  const dir = direction(q.order);
  const keys: SQL[] = [...(q.pinned ?? [])];
  if (q.sort !== undefined) {
    // The type allows only whitelisted names; this stops a string that slipped past validation.
    if (!q.sorts || !Object.hasOwn(q.sorts, q.sort)) throw new Error(`unknown sort key: ${String(q.sort)}`);
    keys.push(dir(q.sorts[q.sort]));
  }
  keys.push(dir(q.id));
  return keys;
}

export async function pagedQuery<
  TTable extends PgTable,
  TSelection extends SelectedFields,
  TSort extends string = never,
>(db: DbOrTx, q: PagedQuery<TTable, TSelection, TSort>): Promise<Paged<PagedRow<TTable, TSelection>>> {
  // Typed at the boundary (the caller's table and selection give the row type); inside, plain
  // PgTable and fields keep Drizzle's conditional builder types out of the generic body.
  const from: PgTable = q.from;
  const fields: SelectedFields = q.select;
  const where = and(...q.where);
  const [counted] = await db.select({ n: count() }).from(from).where(where);
  const total = counted?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { total, rows: [] };
  const rows = await db
    .select(fields)
    .from(from)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(offset);
  return { total, rows: rows as PagedRow<TTable, TSelection>[] };
}

// ── Filters: each answers undefined when its input is empty, so the list skips it ─────────────

/** Text typed in a search box, matched anywhere in the column; `%`, `_` and `\` match themselves. */
export function contains(column: AnyPgColumn, text: string | undefined, options: { ignoreCase?: boolean } = {}) {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return (options.ignoreCase ?? true) ? ilike(column, pattern) : like(column, pattern);
}

/** The column equals the chosen value; no choice, no condition. */
export function equals<T>(column: AnyPgColumn, value: T | undefined) {
  return value === undefined ? undefined : eq(column, value);
}
