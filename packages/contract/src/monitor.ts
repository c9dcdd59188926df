import { z } from 'zod';
import { JOB_STATES } from './monitor-rules.ts';

/** One server process as its last heartbeat left it (系统监控). */
export const ZMonitorProcess = z.object({
  name: z.string(),
  version: z.string(),
  startedAt: z.string(),
  beatAt: z.string(),
  /** No heartbeat for longer than three beats: the process has stopped or hangs. */
  gone: z.boolean(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  /** The event loop's delay (p99 since the beat before), in ms. */
  eventLoopDelayMs: z.number(),
  /** Requests answered in the last minute. */
  requestsPerMinute: z.number().int(),
  /** The 95th percentile of their duration, in ms (null without a request). */
  p95Ms: z.number().nullable(),
  /** The share of them answered 5xx, 0 to 1 (null without a request). */
  errorRate: z.number().nullable(),
});
export type TMonitorProcess = z.infer<typeof ZMonitorProcess>;

/** One job queue's jobs by state. */
export const ZMonitorQueue = z.object({
  queue: z.string(),
  counts: z.record(z.enum(JOB_STATES), z.number().int()),
});
export type TMonitorQueue = z.infer<typeof ZMonitorQueue>;

export const ZMonitor = z.object({
  /** The server's clock when it answered. */
  now: z.string(),
  processes: z.array(ZMonitorProcess),
  queues: z.array(ZMonitorQueue),
  payouts: z.object({
    /** Payouts queued or submitted to the provider, not yet settled. */
    open: z.number().int(),
    oldest: z
      .object({ ref: z.string(), status: z.string(), createdAt: z.string(), ageSeconds: z.number().int() })
      .nullable(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
    /** Sessions connected to this database (pg_stat_activity). */
    connections: z.number().int().nullable(),
    /** This process's pool (PostgreSQL); PGlite has one connection and no pool. */
    pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).nullable(),
  }),
});
export type TMonitor = z.infer<typeof ZMonitor>;
