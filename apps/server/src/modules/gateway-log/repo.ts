import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { accessLog, admin, company, operator, serverLog } from '../../db/schema/index.ts';
import { prefixRange } from '../../db/like.ts';

export interface GatewayLogFilters {
  from: Date;
  to: Date;
  companyId?: number | undefined;
  adminId?: number | undefined;
  operatorId?: number | undefined;
  realm?: string | undefined;
  /** A route pattern, or the start of a path. */
  route?: string | undefined;
  method?: string | undefined;
  /** 200 for 2xx … */
  statusFrom?: number | undefined;
  code?: number | undefined;
  minLatencyMs?: number | undefined;
  requestId?: string | undefined;
}

const columns = {
  id: accessLog.id,
  at: accessLog.at,
  process: accessLog.process,
  realm: accessLog.realm,
  companyId: accessLog.callerCompanyId,
  companyName: sql<
    string | null
  >`(select ${company.name} from ${company} where ${company.id} = ${accessLog.callerCompanyId})`,
  adminId: accessLog.adminId,
  operatorId: accessLog.operatorId,
  method: accessLog.method,
  route: accessLog.route,
  path: accessLog.path,
  status: accessLog.status,
  code: accessLog.code,
  latencyMs: accessLog.latencyMs,
  bytes: accessLog.bytes,
  ip: accessLog.ip,
  requestId: accessLog.requestId,
  userAgent: accessLog.userAgent,
};

function whereOf(f: GatewayLogFilters): SQL | undefined {
  return and(
    gte(accessLog.at, f.from),
    lt(accessLog.at, f.to),
    f.companyId === undefined ? undefined : eq(accessLog.callerCompanyId, f.companyId),
    f.adminId === undefined ? undefined : eq(accessLog.adminId, f.adminId),
    f.operatorId === undefined ? undefined : eq(accessLog.operatorId, f.operatorId),
    f.realm === undefined ? undefined : eq(accessLog.realm, f.realm),
    f.method === undefined ? undefined : eq(accessLog.method, f.method),
    // A pattern names its routes exactly; a path's start finds the paths under it.
    f.route ? (f.route.includes(':') ? eq(accessLog.route, f.route) : prefixRange(accessLog.path, f.route)) : undefined,
    f.statusFrom === undefined
      ? undefined
      : and(gte(accessLog.status, f.statusFrom), lt(accessLog.status, f.statusFrom + 100)),
    f.code === undefined ? undefined : eq(accessLog.code, f.code),
    f.minLatencyMs === undefined ? undefined : gt(accessLog.latencyMs, f.minLatencyMs),
    f.requestId ? eq(accessLog.requestId, f.requestId) : undefined,
  );
}

/**
 * A page of the log, newest first (a page written by hand: a time range of a busy day holds
 * millions of rows, so the total is counted up to a cap rather than by pagedQuery's count), and how many rows match up to `cap` (a count past it would
 * read every row of a busy range; the screen says "more than").
 */
export async function findGatewayLogPage(db: DbOrTx, f: GatewayLogFilters, page: number, limit: number, cap: number) {
  // The page's keys first, then only its rows: where the filter has an index ending with the id
  // (the rare values, migration 0060), the keys come from the index alone, and a week's 3,500
  // matches are sorted without reading each from a heap page of its own.
  const keys = db
    .select({ at: accessLog.at, id: accessLog.id })
    .from(accessLog)
    .where(whereOf(f))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_keys');
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(keys)
      .innerJoin(accessLog, and(eq(accessLog.at, keys.at), eq(accessLog.id, keys.id)))
      .orderBy(desc(keys.at), desc(keys.id)),
    countGatewayLog(db, f, cap),
  ]);
  return { rows, total };
}

/** How many rows match, counted up to `cap + 1` (past the cap the exact number is not worth reading). */
export async function countGatewayLog(db: DbOrTx, f: GatewayLogFilters, cap: number): Promise<number> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${accessLog} where ${whereOf(f)} limit ${cap + 1}) x`,
  );
  return counted?.n ?? 0;
}

/** An export's row: the list's, with the admin's or operator's name, and the key to go on from. */
const exportColumns = {
  ...columns,
  adminName: sql<
    string | null
  >`(select ${admin.name} from ${admin} where ${admin.companyId} = ${accessLog.callerCompanyId} and ${admin.id} = ${accessLog.adminId})`,
  operatorName: sql<
    string | null
  >`(select ${operator.name} from ${operator} where ${operator.id} = ${accessLog.operatorId})`,
  // The instant as text: a Date holds milliseconds, the column microseconds, and the next batch
  // must start exactly after this row.
  cursor: sql<string>`${accessLog.at}::text`,
};

export type GatewayLogExportRow = Awaited<ReturnType<typeof findBatchAfter>>[number];

function findBatchAfter(
  db: DbOrTx,
  f: GatewayLogFilters,
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  return db
    .select(exportColumns)
    .from(accessLog)
    .where(
      and(
        whereOf(f),
        // `at >=` lets the planner skip the day partitions already read; the row comparison is the key.
        after
          ? and(
              gte(accessLog.at, sql`${after.at}::timestamptz`),
              sql`(${accessLog.at}, ${accessLog.id}) > (${after.at}::timestamptz, ${after.id})`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(accessLog.at), asc(accessLog.id))
    .limit(limit);
}

/**
 * Every matching row, oldest first, in keyset batches by (at, id) over the day partitions: each
 * batch starts after the last row of the one before (an index range of `access_log_at_idx`),
 * never an OFFSET, so a batch costs the same at the millionth row as at the first.
 */
export async function* iterateGatewayLog(
  db: DbOrTx,
  f: GatewayLogFilters,
  batchRows: number,
): AsyncGenerator<GatewayLogExportRow[]> {
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await findBatchAfter(db, f, after, batchRows);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) return;
    after = { at: last.cursor, id: last.id };
  }
}

/** The log rows of one request id (one, unless a client sent the same X-Request-Id twice). */
export function findRequests(db: DbOrTx, requestId: string) {
  return db
    .select(columns)
    .from(accessLog)
    .where(eq(accessLog.requestId, requestId))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(20);
}

/** What the server logged about one request, oldest first. */
export function findServerLines(db: DbOrTx, requestId: string) {
  return db
    .select({
      at: serverLog.at,
      process: serverLog.process,
      level: serverLog.level,
      message: serverLog.message,
      detail: serverLog.detail,
    })
    .from(serverLog)
    .where(eq(serverLog.requestId, requestId))
    .orderBy(serverLog.at, serverLog.id)
    .limit(100);
}

/** Makes today's and the next days' partitions and drops the days older than `keepDays`. */
export async function keepLogDays(db: DbOrTx, keepDays: number): Promise<number> {
  const [row] = await queryRows<{ dropped: number }>(db, sql`select flexpay_keep_log_days(${keepDays}, 2) as dropped`);
  return row?.dropped ?? 0;
}
