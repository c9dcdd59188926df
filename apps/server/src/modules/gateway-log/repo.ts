import { and, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { accessLog, company, serverLog } from '../../db/schema/index.ts';
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
  const where = whereOf(f);
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(accessLog)
      .where(where)
      .orderBy(desc(accessLog.at), desc(accessLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${accessLog} where ${where} limit ${cap + 1}) x`,
    ),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
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
