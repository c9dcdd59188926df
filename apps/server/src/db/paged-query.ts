/**
 * The plain list path: one page of an ordinary list (roles, admins, job types, the download
 * centre, payroll's receipts and payments…) as `{ total, rows }`, from the filters, a whitelisted
 * sort key, the order and the page. Two statements: `count(*)` under the filters, then the page
 * with LIMIT/OFFSET, ordered by the pinned expressions, the sort key and the row id as the last
 * key (in the same direction), so equal sort values never swap rows between pages.
 *
 * A list may read other tables' columns through `joins` (each meets at most one row of its table,
 * so a list row stays one row of `from`). The page runs every join; the count leaves out the
 * joins that can change neither which rows there are nor how many (see `countJoins`).
 *
 * Every list starts here. The worker list's machinery (trigger-kept counters, page anchors,
 * prepared statements: `modules/worker/large-list/`) is for a list that a benchmark shows this
 * path cannot serve, recorded in an ADR (docs/decisions/0011).
 */
import { and, asc, count, desc, eq, getTableName, getViewName, ilike, is, like, type SQL } from 'drizzle-orm';
import { PgDialect, PgTable, type AnyPgColumn, type PgView, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './client.ts';
import { escapeLike, prefixRange } from './like.ts';

export type SortOrder = 'asc' | 'desc';

/** A sort key: a column or an expression over the list's tables. */
export type SortExpression = AnyPgColumn | SQL;

/**
 * Another table read with the list's rows: one of the list's area, or another area's public read
 * (a view the owner names in db/schema/owners.ts).
 */
export interface PagedJoin {
  table: PgTable | PgView;
  /**
   * How a row meets the table. It must meet at most one row of it (the table's key, usually by
   * a foreign key), so that a list row stays one row of `from`: a join that repeats rows is not
   * a list, and the count below relies on it.
   */
  on: SQL;
  /** `left` keeps a row that meets none (the table's fields read null); `inner` drops it. */
  type: 'inner' | 'left';
  /**
   * The caller's word, for an inner join, that every row meets exactly one row of the table
   * (`on` follows a NOT NULL foreign key to the table's key): the join then drops no row either,
   * so the count may leave it out like a left join. Left out, it is not checked.
   */
  exactlyOne?: boolean;
}

export interface PagedQuery<
  TTable extends PgTable,
  TSelection extends SelectedFields,
  TSort extends string,
  TJoins extends readonly PagedJoin[] = readonly [],
> {
  from: TTable;
  /** The row's fields: columns, whole tables (nested), or SQL expressions, of `from` and the joins. */
  select: TSelection;
  /** Joined tables, in order (a join's `on` may name `from` and the joins before it). */
  joins?: TJoins;
  /** Conditions joined with AND; an `undefined` (a filter left empty) is skipped. */
  where: readonly (SQL | undefined)[];
  /** The sort keys the list accepts, by name: nothing else can reach ORDER BY. */
  sorts?: Record<TSort, SortExpression>;
  /** The requested key; none orders by the pinned expressions and the id alone. */
  sort?: TSort | undefined;
  order: SortOrder;
  /**
   * Ordering placed before the sort key whatever the order asked for (e.g. the owner first, or
   * a list's fixed order in directions of its own).
   */
  pinned?: readonly SQL[];
  /** The row's unique id: the last key of every order. */
  id: AnyPgColumn;
  page: number;
  limit: number;
}

/** The nullability of each table of the selection: `from` and inner joins never null, left joins may be. */
type NullabilityOf<TTable extends PgTable, TJoins extends readonly PagedJoin[]> = Record<
  TTable['_']['name'],
  'not-null'
> & {
  [J in TJoins[number] as J['table']['_']['name']]: J['type'] extends 'left' ? 'nullable' : 'not-null';
};

/**
 * A page's row, as Drizzle types a select with these joins: a left-joined table's columns are
 * `| null`, and a whole left-joined table (nested) is `| null`. A field of a table that is
 * neither `from` nor joined is `never`.
 */
export type PagedRow<
  TTable extends PgTable,
  TSelection extends SelectedFields,
  TJoins extends readonly PagedJoin[] = readonly [],
> = SelectResult<TSelection, 'partial', NullabilityOf<TTable, TJoins>>;

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

const dialect = new PgDialect();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the SQL's text names the table: quoted (as Drizzle writes it) or bare and qualifying a column. */
function names(text: string, table: string): boolean {
  return (
    text.includes(`"${table.replace(/"/g, '""')}"`) ||
    new RegExp(`(^|\\W)${escapeRegExp(table)}\\s*\\.`, 'i').test(text)
  );
}

/**
 * The joins the count needs. A join that can change neither which rows there are nor how many
 * (a left join, meeting at most one row; an inner join declared `exactlyOne`) is left out unless
 * the filters, or the `on` of a join kept, name its table. Safe by construction: the filters are
 * rendered and searched for the table's name as text (a subquery or raw SQL included), so a doubt
 * keeps the join; at worst the count reads a table it did not need. Exported for its unit test.
 */
export function countJoins<TJoin extends PagedJoin>(joins: readonly TJoin[], where: SQL | undefined): TJoin[] {
  if (!joins.some((j) => j.type === 'left' || j.exactlyOne)) return [...joins];
  const texts = where ? [dialect.sqlToQuery(where).sql] : [];
  const kept: TJoin[] = [];
  // From the last join back: a join's `on` can only name the tables before it.
  for (const join of [...joins].reverse()) {
    const table = is(join.table, PgTable) ? getTableName(join.table) : getViewName(join.table);
    const omittable = join.type === 'left' || join.exactlyOne === true;
    if (omittable && !texts.some((text) => names(text, table))) continue;
    kept.unshift(join);
    texts.push(dialect.sqlToQuery(join.on).sql);
  }
  return kept;
}

export async function pagedQuery<
  TTable extends PgTable,
  TSelection extends SelectedFields,
  TSort extends string = never,
  const TJoins extends readonly PagedJoin[] = readonly [],
>(db: DbOrTx, q: PagedQuery<TTable, TSelection, TSort, TJoins>): Promise<Paged<PagedRow<TTable, TSelection, TJoins>>> {
  // Typed at the boundary (the caller's tables, joins and selection give the row type); inside,
  // plain PgTable and fields keep Drizzle's conditional builder types out of the generic body.
  const from: PgTable = q.from;
  const fields: SelectedFields = q.select;
  const joins: readonly PagedJoin[] = q.joins ?? [];
  const where = and(...q.where);
  // Checked first, so that a sort key outside the whitelist is refused even past the last page.
  const order = orderOf(q);

  let counting = db.select({ n: count() }).from(from).$dynamic();
  for (const j of countJoins(joins, where))
    counting = j.type === 'left' ? counting.leftJoin(j.table, j.on) : counting.innerJoin(j.table, j.on);
  const [counted] = await counting.where(where);
  const total = counted?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { total, rows: [] };

  let paging = db.select(fields).from(from).$dynamic();
  for (const j of joins) paging = j.type === 'left' ? paging.leftJoin(j.table, j.on) : paging.innerJoin(j.table, j.on);
  const rows = await paging
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(offset);
  return { total, rows: rows as PagedRow<TTable, TSelection, TJoins>[] };
}

// ── Filters: each answers undefined when its input is empty, so the list skips it ─────────────

/** Text typed in a search box, matched anywhere in the column; `%`, `_` and `\` match themselves. */
export function contains(column: AnyPgColumn, text: string | undefined, options: { ignoreCase?: boolean } = {}) {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return (options.ignoreCase ?? true) ? ilike(column, pattern) : like(column, pattern);
}

/**
 * Text typed in a search box, matched at the start of the column (a name typed from its first
 * character); `%`, `_` and `\` match themselves. Case-sensitive by default: a byte range
 * (`prefixRange`, db/like.ts) that a `text_pattern_ops` index (e.g. `(company_id, name
 * text_pattern_ops)`) serves under row-level security too; an ILIKE is served by none.
 */
export function startsWith(column: AnyPgColumn, text: string | undefined, options: { ignoreCase?: boolean } = {}) {
  if (!text) return undefined;
  return (options.ignoreCase ?? false) ? ilike(column, `${escapeLike(text)}%`) : prefixRange(column, text);
}

/** The column equals the chosen value; no choice, no condition. */
export function equals<T>(column: AnyPgColumn, value: T | undefined) {
  return value === undefined ? undefined : eq(column, value);
}
