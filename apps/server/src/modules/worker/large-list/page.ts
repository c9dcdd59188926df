/**
 * The worker list's million-row machinery, behind its own boundary.
 *
 * Every other list reads its pages through the plain list path, `db/paged-query.ts`: count the
 * filtered rows, read the page with LIMIT/OFFSET. This folder is what the worker list needed on
 * top of that to meet its targets on 1,000,000 workers (ADR 0008, ADR 0009): totals from
 * trigger-kept counters (`worker_count`, `worker_facet_count`, migrations 0005-0009, 0012, 0015),
 * deep pages seeking from page anchors (`worker_page_anchor`, migration 0010) rebuilt in the
 * background, and statements built and prepared once per shape. It is paid for on every write
 * to the worker table (the triggers), in code that only the worker list understands, and in tests
 * of its own (`test/worker/page.test.ts`).
 *
 * When a list may use it (ADR 0011): only when a benchmark in `bench/` shows that the plain path
 * misses the list's target at the volume the spec names, and an ADR records those figures and the
 * choice. Such a list builds its own counters and statements on this pattern for its own table;
 * nothing here is generic, and nothing outside `modules/worker` imports it except the seed and
 * the list benchmark.
 *
 * How a page is read: its total and its rows, in two statements whose SQL the list benchmark
 * replays directly through the driver.
 *
 * Deep pages of the default order (newest first, unfiltered) seek to a page anchor, the key of
 * every ANCHOR_EVERY-th worker (migration 0010), and skip fewer than ANCHOR_EVERY index entries
 * from there, instead of skipping hundreds of thousands with OFFSET. Anchors count from the
 * oldest worker, so appending workers leaves them valid; the triggers drop the ones an earlier
 * insert or a delete shifts. Missing or distant anchors are rebuilt in the background, and the
 * page is answered with OFFSET meanwhile.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { literalLimit } from '../../../db/literal-limit.ts';
import { prefixRange } from '../../../db/like.ts';
import { department, jobType, worker, workerCount, workerFacetCount } from '../../../db/schema/index.ts';
import {
  departmentOfWorker,
  filterShape,
  jobTypeOfWorker,
  listColumns,
  SORT_COLUMNS,
  type WorkerFilter,
  type WorkerListRow,
} from './filters.ts';

export interface WorkerPageQuery extends WorkerFilter {
  page: number;
  limit: number;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
}

/** One anchor per this many workers: a deep page skips fewer index entries than this. */
export const ANCHOR_EVERY = 1000;
/** Offsets below this are read with OFFSET: skipping them costs less than looking for an anchor. */
const ANCHOR_FROM_OFFSET = 2 * ANCHOR_EVERY;
/** When the nearest anchor is further than this from the page, the anchors are rebuilt. */
const REBUILD_GAP = 10 * ANCHOR_EVERY;
/**
 * The rows a seek reads at most from its anchor, written into its statement: ANCHOR_EVERY with the
 * anchors as kept, REBUILD_GAP with some dropped since their last rebuild. Undefined past that,
 * while a rebuild runs: the window is then the page's own reach, a parameter.
 */
const seekSpan = (skip: number) => (skip < ANCHOR_EVERY ? ANCHOR_EVERY : skip < REBUILD_GAP ? REBUILD_GAP : undefined);
/** Advisory lock class of anchor rebuilds; the triggers of migration 0010 take it shared. */
const ANCHOR_LOCK = 7310010;

/** Where a deep page starts: `skip` rows on from the anchor at `position`, oldest first. */
export interface PageSeek {
  position: number;
  skip: number;
  take: number;
}

const offsetOf = (f: WorkerPageQuery) => (f.page - 1) * f.limit;

/** The counted filters: a list filtered on one of them alone reads its total from a counter. */
const FACETS: Partial<Record<keyof WorkerFilter, string>> = {
  jobTypeId: 'job_type',
  departmentId: 'department',
  status: 'status',
  realNameStatus: 'real_name',
};

/**
 * The counter holding the total of a list filtered on one filter alone, if one does: a counted
 * column, or a name of one character (a surname, migration 0012), whose value is the placeholder
 * `surname`.
 */
function counterOf(f: WorkerFilter, shape: FilterShape): { facet: string; placeholder: string } | undefined {
  // A prefix filter is two placeholders (`name` and its range's end `nameEnd`): one filter.
  const keys = Object.keys(shape.params).filter((k) => !RANGE_ENDS.has(k)) as (keyof WorkerFilter)[];
  const [key] = keys;
  if (keys.length !== 1 || !key) return undefined;
  if (key === 'name')
    return f.name && [...f.name].length === 1 ? { facet: 'surname', placeholder: 'surname' } : undefined;
  const facet = FACETS[key];
  return facet ? { facet, placeholder: key } : undefined;
}

const RANGE_ENDS = new Set(['nameEnd', 'mobileEnd']);

/**
 * A list filtered on a name alone and ordered by something else than the name can find its page
 * two ways: walking the order's index and keeping the rows of that name (the index carries the
 * name), or reading every worker of that name through the name index and sorting them. Which is
 * cheaper depends on how many workers have the name, which the first statement has counted: the
 * walk reads about (offset + limit) × company ÷ matches rows, the name index all the matches.
 */
const mayWalkForName = (f: WorkerPageQuery, shape: FilterShape) => shape.key === 'name,nameEnd' && f.sort !== 'name';
const shouldWalk = (f: WorkerPageQuery, matches: number, company: number) =>
  matches > 0 && matches * matches >= (offsetOf(f) + f.limit) * company;

/** Whether the page may be read from an anchor: the default order, unfiltered, deep enough. */
function mayUseAnchors(f: WorkerPageQuery, shape: FilterShape): boolean {
  return f.sort === 'createdAt' && shape.key === 'all' && offsetOf(f) >= ANCHOR_FROM_OFFSET;
}

type FilterShape = ReturnType<typeof filterShape>;

/**
 * The first statement of a page: its total, and for a deep page of the default order the
 * nearest anchor at or before the page's first row (oldest first). Totals come from the
 * counters kept by triggers (migrations 0006, 0009 and 0012) when the filter allows: unfiltered,
 * or one job type, department, status, real-name status or one-character name alone; any other
 * filter counts rows.
 * Values are placeholders (`companyId`, the filters', `offset`, `reach` = offset + limit).
 */
function totalStatement(db: DbOrTx, f: WorkerPageQuery, shape: FilterShape) {
  const companyId = sql.placeholder('companyId');
  if (shape.key === 'all') {
    // The page's first row counted from the oldest worker.
    const start =
      f.order === 'desc'
        ? sql`greatest(0, ${workerCount.total} - ${sql.placeholder('reach')})`
        : sql`${sql.placeholder('offset')}`;
    // The bound is computed in a sub-select of its own: written inline, its arithmetic on the outer
    // row (not leakproof) would keep it out of the anchor index scan under row-level security,
    // which would then read the company's every anchor (ADR 0025).
    const anchor = mayUseAnchors(f, shape)
      ? sql<string | null>`(select a.position from worker_page_anchor a where a.company_id = ${companyId}
          and a.position <= (select (${start})::bigint) order by a.position desc limit 1)`
      : sql<string | null>`null`;
    return db.select({ n: workerCount.total, anchor }).from(workerCount).where(eq(workerCount.companyId, companyId));
  }
  const counter = counterOf(f, shape);
  // The company's total beside a name's, to choose how to find the page (mayWalkForName).
  const of = mayWalkForName(f, shape)
    ? sql<string | null>`(select c.total from worker_count c where c.company_id = ${companyId})`
    : sql<string | null>`null`;
  if (counter?.facet === 'department') {
    // A department's list holds its whole subtree: the counters of its descendants, summed.
    return db
      .select({ n: sql<string>`coalesce(sum(${workerFacetCount.total}), 0)`, anchor: sql<string | null>`null` })
      .from(workerFacetCount)
      .where(
        and(
          eq(workerFacetCount.companyId, companyId),
          eq(workerFacetCount.facet, 'department'),
          sql`${workerFacetCount.value} in (select c.descendant_id::text from department_closure c
            where c.company_id = ${companyId} and c.ancestor_id = ${sql.placeholder(counter.placeholder)})`,
        ),
      );
  }
  if (counter) {
    return db
      .select({ n: workerFacetCount.total, anchor: sql<string | null>`null`, of })
      .from(workerFacetCount)
      .where(
        and(
          eq(workerFacetCount.companyId, companyId),
          eq(workerFacetCount.facet, counter.facet),
          eq(workerFacetCount.value, sql`${sql.placeholder(counter.placeholder)}::text`),
        ),
      );
  }
  return db
    .select({ n: count(), anchor: sql<string | null>`null`, of })
    .from(worker)
    .where(shape.where);
}

export type PageTotal = {
  total: number;
  seek?: PageSeek | undefined;
  /** A name's page is found by walking the order's index (mayWalkForName). */
  walk?: boolean;
  rebuild: boolean;
};

/** Reads the first statement's answer: the total, and how to reach a deep page. */
function readPageTotal(
  f: WorkerPageQuery,
  shape: FilterShape,
  row: { n: number | string; anchor: string | number | null; of?: string | number | null } | undefined,
): PageTotal {
  const total = Number(row?.n ?? 0);
  if (mayWalkForName(f, shape)) return { total, walk: shouldWalk(f, total, Number(row?.of ?? total)), rebuild: false };
  if (!mayUseAnchors(f, shape)) return { total, rebuild: false };
  const o = offsetOf(f);
  const first = f.order === 'desc' ? Math.max(0, total - o - f.limit) : o;
  const take = f.order === 'desc' ? total - o - first : Math.min(f.limit, total - o);
  if (take <= 0) return { total, rebuild: false };
  const position = row?.anchor === null || row?.anchor === undefined ? undefined : Number(row.anchor);
  const skip = position === undefined ? Infinity : first - position;
  // OFFSET skips `o` entries from the page's own end of the index; an anchor skips `skip`.
  const seek = skip < o && position !== undefined ? { position, skip, take } : undefined;
  return { total, seek, rebuild: skip > REBUILD_GAP };
}

/**
 * The second statement: the page's rows. The page is chosen on the worker table alone, where the
 * (company_id, sort column, id) indexes serve it, and only its rows are joined to their job type,
 * department and accounts: joining first would make PostgreSQL sort the whole company to keep
 * twenty rows.
 *
 * Every number PostgreSQL's generic plan needs is written into the statement (`literalLimit`: a
 * handful of page sizes), so that the plan made once per connection is kept instead of a plan
 * made for every page. A seek reads the page oldest first from its anchor: at most `seekSpan` rows
 * from the anchor, a written number, and the page's `skip` from those, a parameter whose generic
 * estimate is a tenth of that window, not of the company.
 */
function rowsStatement(db: DbOrTx, f: WorkerPageQuery, shape: FilterShape, seek?: PageSeek, walk = false) {
  const dir = f.order === 'asc' ? asc : desc;
  const companyId = sql.placeholder('companyId');
  let page;
  if (seek) {
    const window = db
      .select({ companyId: worker.companyId, id: worker.id, createdAt: worker.createdAt })
      .from(worker)
      .where(
        and(
          eq(worker.companyId, companyId),
          sql`(${worker.createdAt}, ${worker.id}) >= (select a.created_at, a.worker_id from worker_page_anchor a
            where a.company_id = ${companyId} and a.position = ${sql.placeholder('position')})`,
        ),
      )
      .orderBy(asc(worker.createdAt), asc(worker.id))
      .limit(literalOr(seekSpan(seek.skip), seek.take, sql.placeholder('seekReach')))
      .as('seek_window');
    page = db
      .select({ companyId: window.companyId, id: window.id })
      .from(window)
      .orderBy(asc(window.createdAt), asc(window.id))
      .limit(literalLimit(seek.take))
      .offset(sql.placeholder('skip'))
      .as('page');
  } else {
    page = db
      .select({ companyId: worker.companyId, id: worker.id })
      .from(worker)
      .where(walk ? walkingWhere : shape.where)
      .orderBy(dir(SORT_COLUMNS[f.sort]), dir(worker.id))
      .limit(literalLimit(f.limit))
      // The first page has no OFFSET at all: with an OFFSET placeholder PostgreSQL costs the
      // generic plan for an unknown offset and plans every execution anew.
      .offset(offsetOf(f) > 0 ? sql.placeholder('offset') : 0)
      .as('page');
  }
  return db
    .select(listColumns)
    .from(page)
    .innerJoin(worker, and(eq(worker.companyId, page.companyId), eq(worker.id, page.id)))
    .leftJoin(jobType, jobTypeOfWorker)
    .leftJoin(department, departmentOfWorker)
    .orderBy(dir(SORT_COLUMNS[f.sort]), dir(worker.id));
}

/**
 * The conditions of a walk (mayWalkForName), written so that PostgreSQL estimates them the same
 * whatever their values, and so keeps the plan it made once per connection instead of planning
 * every page: the company as a sub-select (its rows estimated as any company's, the order's index
 * still seeking to it), the name through an expression without statistics, which the name index
 * cannot serve either, so the plan walks the order's index. Written on the columns, the biggest
 * company and each common surname would get a custom plan, made anew for every page.
 */
const walkingWhere = and(
  sql`${worker.companyId} = (select ${sql.placeholder('companyId')}::bigint)`,
  prefixRange(sql`(${worker.name} || '')`, sql.placeholder('name'), sql.placeholder('nameEnd')),
) as SQL;

/** `span + take` written into the statement, or the placeholder when there is no span. */
const literalOr = (span: number | undefined, take: number, placeholder: ReturnType<typeof sql.placeholder>) =>
  span === undefined ? placeholder : literalLimit(span + take);

/** The placeholders' values of both statements of a page. */
function valuesOf(companyId: number, f: WorkerPageQuery, shape: FilterShape, seek?: PageSeek) {
  const o = offsetOf(f);
  return {
    ...shape.params,
    companyId,
    surname: f.name,
    offset: o,
    reach: o + f.limit,
    position: seek?.position,
    skip: seek?.skip,
    seekReach: seek ? seek.skip + seek.take : undefined,
  };
}

/**
 * A statement is built and prepared once per shape (filters set, order, page size, anchor use)
 * and database handle, then run with values: no SQL building per request, and on PostgreSQL a
 * named statement whose plan is made once per connection when a generic plan does as well.
 */
const preparedStatements = new WeakMap<object, Map<string, unknown>>();

/** Statement names are at most 63 bytes: a digest of the shape, not the shape itself. */
const statementName = (key: string) => `worker_page_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

function prepareOnce<T>(db: Db, key: string, make: (name: string) => T): T {
  let byKey = preparedStatements.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedStatements.set(db, byKey);
  }
  let prepared = byKey.get(key) as T | undefined;
  if (!prepared) {
    prepared = make(statementName(key));
    byKey.set(key, prepared);
  }
  return prepared;
}

const totalKey = (f: WorkerPageQuery, shape: FilterShape) =>
  `total|${shape.key}|${counterOf(f, shape)?.facet ?? '-'}|${mayUseAnchors(f, shape) ? f.order : '-'}`;
const rowsKey = (f: WorkerPageQuery, shape: FilterShape, seek?: PageSeek, walk = false) =>
  seek
    ? `seek|${f.order}|${seek.take}|${seekSpan(seek.skip) ?? 'reach'}`
    : `rows|${shape.key}${walk ? '|walk' : ''}|${f.sort}|${f.order}|${f.limit}|${offsetOf(f) > 0 ? 'offset' : 'first'}`;

export async function findWorkerPage(
  db: Db,
  companyId: number,
  f: WorkerPageQuery,
): Promise<{ total: number; rows: WorkerListRow[] }> {
  const shape = filterShape(f);
  const totalQuery = prepareOnce(db, totalKey(f, shape), (name) => totalStatement(db, f, shape).prepare(name));
  const [first] = await totalQuery.execute(valuesOf(companyId, f, shape));
  const { total, seek, walk, rebuild } = readPageTotal(f, shape, first);
  if (rebuild) scheduleAnchorRebuild(db, companyId);
  // Past the last row (the totals are exact): nothing to read.
  if (offsetOf(f) >= total) return { total, rows: [] };
  const rowsOf = (s?: PageSeek) =>
    prepareOnce(db, rowsKey(f, shape, s, walk), (name) => rowsStatement(db, f, shape, s, walk).prepare(name)).execute(
      valuesOf(companyId, f, shape, s),
    );
  let rows = await rowsOf(seek);
  // The anchor was dropped by a write between the two statements: read the page with OFFSET.
  if (seek && !rows.length) rows = await rowsOf();
  return { total, rows };
}

/** A statement as the driver receives it: its prepared name, text and values. */
export interface PageStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * The two statements `findWorkerPage` runs for this page, as the driver receives them: the list
 * benchmark runs exactly these straight through the driver.
 */
export async function pageStatements(db: Db, companyId: number, f: WorkerPageQuery): Promise<PageStatement[]> {
  const shape = filterShape(f);
  const statement = (key: string, query: { toSQL(): { sql: string; params: unknown[] } }, seek?: PageSeek) => {
    const { sql: text, params } = query.toSQL();
    return { name: statementName(key), text, values: fillPlaceholders(params, valuesOf(companyId, f, shape, seek)) };
  };
  const totalQuery = prepareOnce(db, totalKey(f, shape), (name) => totalStatement(db, f, shape).prepare(name));
  const { seek, walk } = readPageTotal(f, shape, (await totalQuery.execute(valuesOf(companyId, f, shape)))[0]);
  return [
    statement(totalKey(f, shape), totalStatement(db, f, shape)),
    statement(rowsKey(f, shape, seek, walk), rowsStatement(db, f, shape, seek, walk), seek),
  ];
}

// ── Anchor rebuilds ────────────────────────────────────────────────────────────────────────

/**
 * Rebuilds the company's anchors from its workers, oldest first. Takes the company's anchor lock
 * without waiting: while a transaction that inserted or deleted workers is open it holds the
 * lock shared, and a rebuild now could miss its rows, so the rebuild is left to a later page.
 * Answers whether it ran.
 */
export async function rebuildPageAnchors(db: Db, companyId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ANCHOR_LOCK}, ${companyId}::int) as ok`,
    );
    if (!lock?.ok) return false;
    await tx.execute(sql`delete from worker_page_anchor where company_id = ${companyId}`);
    await tx.execute(sql`insert into worker_page_anchor (company_id, position, created_at, worker_id)
      select company_id, position, created_at, id
      from (select company_id, created_at, id, row_number() over (order by created_at, id) - 1 as position
            from worker where company_id = ${companyId}) w
      where position % ${ANCHOR_EVERY} = 0`);
    return true;
  });
}

/** Rebuilds under way, per database handle and company: one at a time per company. */
const pendingRebuilds = new WeakMap<object, Map<number, Promise<void>>>();

/** Starts a background rebuild of the company's anchors unless one is already running. */
export function scheduleAnchorRebuild(db: Db, companyId: number): void {
  let pending = pendingRebuilds.get(db);
  if (!pending) {
    pending = new Map();
    pendingRebuilds.set(db, pending);
  }
  if (pending.has(companyId)) return;
  const run = rebuildPageAnchors(db, companyId)
    .then(() => undefined)
    .catch((err: unknown) => {
      // A failed rebuild costs only speed: deep pages keep using OFFSET until the next one.
      console.warn(`员工列表分页锚点重建失败（企业 ${companyId}）`, err);
    })
    .finally(() => pending.delete(companyId));
  pending.set(companyId, run);
}

/** Waits for the background rebuilds of this database handle (tests, shutdown). */
export async function settleAnchorRebuilds(db: Db): Promise<void> {
  await Promise.all(pendingRebuilds.get(db)?.values() ?? []);
}
