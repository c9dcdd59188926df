import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';
import type { z } from 'zod';
import { currentRequestId, inJobOf } from './log-context.ts';

/** What a handler learns about the run it is in. */
export interface JobRun {
  id: string;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
  /** No retry follows when this run fails: the handler should record the failure itself. */
  isLastAttempt: boolean;
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export interface WorkOptions {
  /** Retries after a failed run (a thrown error or a run that outlived `expireInSeconds`). */
  retryLimit?: number;
  /** Seconds between a failure and the retry. */
  retryDelay?: number;
  /** A run still active after this long counts as failed (the process died, or it hangs). */
  expireInSeconds?: number;
  /** A cron expression (UTC): pg-boss sends the job on schedule, once across all processes. */
  schedule?: string;
  /** Send one job when the queue starts (e.g. a cleanup that should not wait for its schedule). */
  runOnStart?: boolean;
}

/**
 * Background jobs that live in the database: they survive restarts, and several server
 * processes sharing one database never run one job twice (pg-boss fetches with
 * `FOR UPDATE SKIP LOCKED`).
 */
export interface JobQueue {
  /** Registers a handler; call before the queue starts. `schema` checks the job's data. */
  work<T extends object>(name: string, schema: z.ZodType<T>, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Queues a job for a registered handler; answers its id. */
  send<T extends object>(name: string, data: T): Promise<string>;
  start(): Promise<void>;
  /** How many jobs each queue holds, by state (系统监控 and /metrics), read from pg-boss's tables. */
  depths(): Promise<QueueDepth[]>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then waits for pending SQL. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  /** created, retry, active, completed, cancelled or failed (pg-boss's job states). */
  state: string;
  count: number;
}

/**
 * The key of a job's data that carries the id of the request that queued it (taken off before the
 * handler's schema sees the data). pg-boss 10 keeps no other metadata a sender may set.
 */
export const REQUEST_ID_KEY = '__requestId';

/** The `db` adapter pg-boss accepts instead of a connection of its own. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss over an embedded PGlite. PGlite has one connection and already runs each call alone
 * (its calls wait for a running transaction to end), so no extra lock is needed here. pg-boss
 * sends its schema set-up and maintenance as several statements in one text without
 * parameters: those go through `exec`, the rest through the extended protocol.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss over the app's node-postgres pool: one pool for the app and its jobs. */
export function poolExecutor(pool: Queryable): SqlExecutor {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** The executor for the client under a Drizzle database (PGlite or a node-postgres pool). */
export function executorForClient(client: unknown): SqlExecutor {
  if (client instanceof PGlite) return pgliteExecutor(client);
  if (typeof client === 'object' && client !== null && typeof (client as Partial<Queryable>).query === 'function') {
    return poolExecutor(client as Queryable);
  }
  throw new Error('jobs: unsupported database client');
}

/** How a finished job's completion waits for a database that is away (`settleCompletions`). */
export interface CompletionRetry {
  /** Whether a failed statement is the database being away (db/connection-errors), worth a retry. */
  transient: (err: unknown) => boolean;
  /** Milliseconds between tries. */
  everyMs?: number;
  /** After this long the completion is given up: the run outlives its expiry and pg-boss retries it. */
  giveUpAfterMs?: number;
}

/** pg-boss's own schema, where its statements name their tables. */
const BOSS_SCHEMA = 'pgboss';

/**
 * pg-boss sends a finished job's completion (`complete` or `fail`) without awaiting it. A statement
 * of it that fails, as every statement does while PostgreSQL restarts, would reject with no
 * handler anywhere. So those two statements, and only they, are tried again here until the
 * database is back, and never reject: a completion that still cannot be written (given up, the
 * queue stopping, or an error that is not the database being away) is logged and the run is left
 * active, to expire and be retried as if its process had died. The handlers are written for that
 * (a job may run twice).
 */
function settleCompletions(
  executor: SqlExecutor,
  log: FastifyBaseLogger,
  { transient, everyMs = 1000, giveUpAfterMs = 5 * 60_000 }: CompletionRetry,
  stopping: () => boolean,
): SqlExecutor {
  const completions = new Set([plans.completeJobs(BOSS_SCHEMA), plans.failJobsById(BOSS_SCHEMA)]);
  return {
    async executeSql(text, values) {
      if (!completions.has(text)) return executor.executeSql(text, values);
      const deadline = Date.now() + giveUpAfterMs;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await executor.executeSql(text, values);
        } catch (err) {
          const again = transient(err) && !stopping() && Date.now() + everyMs < deadline;
          if (!again) {
            log.error(
              { err, queue: values?.[0], attempt },
              'job completion not written: the run will expire and be retried',
            );
            return { rows: [{ count: 0 }] };
          }
          if (attempt === 1) log.warn({ err, queue: values?.[0] }, 'job completion waits for the database');
          await new Promise((resolve) => setTimeout(resolve, everyMs));
        }
      }
    },
  };
}

/** Counts statements in flight, so that stopping can wait for pg-boss's unawaited completions. */
function trackPending(executor: SqlExecutor) {
  const pending = new Set<Promise<unknown>>();
  /** Counts a promise that may issue statements later (a job handler pg-boss completes after). */
  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    const forget = () => pending.delete(p);
    p.then(forget, forget);
    return p;
  };
  const tracked: SqlExecutor = {
    executeSql(text, values) {
      return track(executor.executeSql(text, values));
    },
  };
  // A fetch still in flight when pg-boss stops may hand its job to the handler afterwards, and
  // pg-boss sends the job's completion without awaiting it: both happen within microtasks of
  // what they follow, so one macrotask with nothing new in flight means nothing more will come.
  const drain = async () => {
    for (;;) {
      while (pending.size) await Promise.allSettled([...pending]);
      await new Promise((resolve) => setImmediate(resolve));
      if (!pending.size) return;
    }
  };
  return { tracked, track, drain };
}

interface Registration {
  schema: z.ZodType<object>;
  handler: JobHandler<object>;
  options: WorkOptions;
  workerId?: string;
}

/**
 * The JobQueue on pg-boss 10, over the given SQL executor. `around` runs each handler (the app
 * opens the job's database scope there); `completionRetry` says which failures of a job's
 * completion are the database being away (`settleCompletions`).
 */
export function createPgBossQueue(
  executor: SqlExecutor,
  log: FastifyBaseLogger,
  around: <T>(queue: string, run: () => Promise<T>) => Promise<T> = (_queue, run) => run(),
  completionRetry: CompletionRetry = { transient: () => false },
): JobQueue {
  let stopping = false;
  const { tracked, track, drain } = trackPending(settleCompletions(executor, log, completionRetry, () => stopping));
  const boss = new PgBoss({
    db: tracked as PgBoss.Db,
    // Finished jobs are kept a week for inspection, then dropped by pg-boss's maintenance.
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const registrations = new Map<string, Registration>();
  let started = false;

  const runHandler = async (name: string, reg: Registration, job: PgBoss.JobWithMetadata<object>) => {
    const { [REQUEST_ID_KEY]: queuedBy, ...data } = job.data as Record<string, unknown>;
    const reqId = typeof queuedBy === 'string' ? queuedBy : undefined;
    await inJobOf(reqId, () => runParsed(name, reg, job, data));
  };

  const runParsed = async (
    name: string,
    reg: Registration,
    job: PgBoss.JobWithMetadata<object>,
    data: Record<string, unknown>,
  ) => {
    const parsed = reg.schema.safeParse(data);
    if (!parsed.success) {
      // Retrying data of the wrong shape cannot help: log it and let the job complete.
      log.error({ job: job.id, queue: name, issues: parsed.error.issues }, 'job data rejected');
      return;
    }
    const run: JobRun = { id: job.id, retryCount: job.retryCount, isLastAttempt: job.retryCount >= job.retryLimit };
    try {
      await around(name, () => reg.handler(parsed.data, run));
    } catch (err) {
      log.error({ err, job: job.id, queue: name, retryCount: job.retryCount }, 'job failed');
      throw err;
    }
  };

  return {
    work(name, schema, handler, options = {}) {
      if (started) throw new Error(`jobs: ${name} registered after start`);
      if (registrations.has(name)) throw new Error(`jobs: ${name} registered twice`);
      registrations.set(name, {
        schema: schema as z.ZodType<object>,
        handler: handler as JobHandler<object>,
        options,
      });
    },

    async send(name, data) {
      const reg = registrations.get(name);
      if (!reg) throw new Error(`jobs: no handler for ${name}`);
      // A job queued while a request is handled carries its id, for the log lines of its run.
      const reqId = currentRequestId();
      const id = await boss.send(name, reqId ? { ...data, [REQUEST_ID_KEY]: reqId } : data);
      if (!id) throw new Error(`jobs: ${name} not queued`);
      // Start it now on this process rather than at the next poll.
      if (reg.workerId) boss.notifyWorker(reg.workerId);
      return id;
    },

    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const [name, reg] of registrations) {
        const { retryLimit = 0, retryDelay = 0, expireInSeconds = 15 * 60 } = reg.options;
        await boss.createQueue(name, { name, retryLimit, retryDelay, expireInSeconds });
        reg.workerId = await boss.work<object>(
          name,
          { includeMetadata: true, pollingIntervalSeconds: 2 },
          async ([job]) => {
            if (job) await track(runHandler(name, reg, job));
          },
        );
        if (reg.options.schedule) await boss.schedule(name, reg.options.schedule, {});
        if (reg.options.runOnStart) {
          await boss.send(name, {});
          boss.notifyWorker(reg.workerId);
        }
      }
    },

    async depths() {
      // pg-boss 10 keeps every job, of every state, in pgboss.job (partitioned by queue).
      const { rows } = await executor.executeSql(
        'select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2 order by 1, 2',
      );
      return rows as QueueDepth[];
    },

    async stop(timeoutMs = 30_000) {
      if (!started) return;
      started = false;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      await drain();
    },
  };
}
