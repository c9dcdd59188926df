import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work belongs to, for the log: a request's handling runs with its id
 * (app.ts), and a job queued during it carries that id (lib/job-queue.ts) and runs with it again,
 * so the job's log lines name the request that queued it (`reqId`, as Fastify names a request's).
 */
interface LogContext {
  reqId: string;
  /** Set while a job runs: the logger's mixin adds `reqId` to its lines (a request's own lines have it already). */
  inJob?: boolean;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` (and everything it starts) as part of the request `reqId`. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return storage.run({ reqId }, fn);
}

/** Runs a job's handler with the id of the request that queued it, when one did. */
export function inJobOf<T>(reqId: string | undefined, fn: () => Promise<T>): Promise<T> {
  return reqId ? storage.run({ reqId, inJob: true }, fn) : fn();
}

/** The id of the request the running code belongs to, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** Pino's mixin: the queuing request's id on every line a job logs. */
export function logMixin(): Record<string, string> {
  const store = storage.getStore();
  return store?.inJob ? { reqId: store.reqId } : {};
}
