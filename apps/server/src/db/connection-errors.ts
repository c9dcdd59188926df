/**
 * A failed statement whose cause is the database being away (restarting, shutting down, not
 * reachable), not the statement: the error handler (plugins/errors.ts) answers it 503 in Chinese,
 * `/api/ready` answers not ready, and the work retries on its own once the database is back (the
 * pool opens new connections; a dropped one is never reused).
 */

/** What the admin reads while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = '数据库暂时无法连接，请稍后再试';

/** Socket errors of a connection that could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * SQLSTATEs of a server going away: 57P01 admin_shutdown (a fast or immediate stop ends the
 * session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in
 * recovery), and class 08, connection exceptions.
 */
const isConnectionState = (code: string) =>
  code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08');

/**
 * node-postgres's own messages for a connection that ended under a query or a pool that could not
 * hand one out in time (no code on these errors).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

/** Whether `err` (or what it wraps: Drizzle's `cause`, an AggregateError's errors) is the database being away. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 8) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return isConnectionState(code);
  }
  if (typeof code !== 'string' && DRIVER_MESSAGES.some((re) => re.test(err.message))) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}
