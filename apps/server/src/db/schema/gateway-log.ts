import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, real, smallint, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/**
 * 网关日志 (issue 41): one row per API request of either realm, written in batches off the
 * request's path (plugins/gateway-log.ts) and read by the operators' /ops 网关日志. Partitioned
 * by day on `at` (migration 0050, maintained by `flexpay_keep_log_days`): a day older than
 * ACCESS_LOG_DAYS is dropped whole. Never a body, a token, a query string, a password, a code or
 * an ID number: the path is the URL's path only. The platform's own record, not a company's
 * (db/distribution.ts: a local table), so no company's admin can read it.
 */
export const accessLog = pgTable(
  'access_log',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    // A sequence, not an identity column: PostgreSQL before 17 has none on a partitioned table.
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** PROCESS_NAME, or host:pid. */
    process: varchar('process', { length: 64 }).notNull(),
    /** company (an admin's session), operator, or public (no session). */
    realm: varchar('realm', { length: 10 }).notNull(),
    /** The company of the admin who called: the caller's, not the row's (the log is the platform's). */
    callerCompanyId: bigint('caller_company_id', { mode: 'number' }),
    adminId: bigint('admin_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    method: varchar('method', { length: 10 }).notNull(),
    /** The route's pattern (`/api/ops/topup/:id`), or '' when no route matched. */
    route: varchar('route', { length: 200 }).notNull(),
    /** The URL's path, without its query string. */
    path: varchar('path', { length: 500 }).notNull(),
    status: smallint('status').notNull(),
    /** The envelope's business code (40001, 200…), when the answer was one. */
    code: integer('code'),
    latencyMs: real('latency_ms').notNull(),
    /** Bytes of the answer's body before compression, when known. */
    bytes: integer('bytes'),
    ip: varchar('ip', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull(),
  },
  // One index per filter of the 网关日志 page, each with the time after it: a filter that matches
  // few rows of a week (a 5xx, an admin, a slow request) is read from its own index, not found by
  // walking millions of rows in time order (bench:gateway-log-page, ADR 0028). Where one value is
  // most rows (a 2xx, the success code, the company realm, a fast answer), the index holds only
  // the others (partial, migration 0059; an answer of 20 ms and over): the common value is met at once walking the time index,
  // and each request's row enters four indexes fewer (ADR 0028, the access log's cost). The
  // indexes of rare values end with the id (migration 0060): a page of them is chosen from the
  // index alone, and only its 20 rows are read (findGatewayLogPage).
  (t) => [
    index('access_log_at_idx').on(t.at, t.id),
    index('access_log_company_idx').on(t.callerCompanyId, t.at),
    index('access_log_route_idx').on(t.route, t.at),
    index('access_log_request_idx').on(t.requestId),
    index('access_log_admin_idx')
      .on(t.adminId, t.at)
      .where(sql`${t.adminId} is not null`),
    index('access_log_operator_idx')
      .on(t.operatorId, t.at, t.id)
      .where(sql`${t.operatorId} is not null`),
    index('access_log_realm_idx')
      .on(t.realm, t.at, t.id)
      .where(sql`${t.realm} <> 'company'`),
    index('access_log_status_idx')
      .on(t.status, t.at, t.id)
      .where(sql`${t.status} >= 300`),
    index('access_log_code_idx')
      .on(t.code, t.at, t.id)
      .where(sql`${t.code} <> 200`),
    index('access_log_latency_idx')
      .on(t.latencyMs, t.at, t.id)
      .where(sql`${t.latencyMs} >= 20`),
    // A path's start, as the byte range of db/like.ts prefixRange.
    index('access_log_path_idx').using('btree', sql`${t.path} text_pattern_ops`, t.at),
  ],
);

/**
 * The server's warning and error log lines that name a request (pino's `reqId`), kept as long as
 * the access log and partitioned the same way, so that a 网关日志 row shows what the server said
 * about that request, whichever process answered it.
 */
export const serverLog = pgTable(
  'server_log',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    process: varchar('process', { length: 64 }).notNull(),
    /** pino's level: 40 warn, 50 error, 60 fatal. */
    level: smallint('level').notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    /** The line's other fields (the error's type and message, the job…), cut to 4,000 characters. */
    detail: varchar('detail', { length: 4000 }).notNull(),
  },
  (t) => [index('server_log_request_idx').on(t.requestId, t.at)],
);
