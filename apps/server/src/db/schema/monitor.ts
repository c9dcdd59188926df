import { bigint, index, integer, pgTable, real, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * 系统监控: one row per server process, rewritten by its heartbeat every 10 s
 * (modules/monitor/heartbeat.ts). A row whose beat is old is shown as gone, then removed. Platform
 * bookkeeping of no company (a local table, db/distribution.ts).
 */
export const processHeartbeat = pgTable(
  'process_heartbeat',
  {
    /** PROCESS_NAME, or host:pid. */
    name: varchar('name', { length: 100 }).primaryKey(),
    version: varchar('version', { length: 40 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
    rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
    heapUsedBytes: bigint('heap_used_bytes', { mode: 'number' }).notNull(),
    /** p99 of the event loop's delay since the beat before, in ms. */
    eventLoopDelayMs: real('event_loop_delay_ms').notNull(),
    /** Requests answered in the minute before the beat. */
    requestsPerMinute: integer('requests_per_minute').notNull(),
    /** Their 95th percentile duration, ms; null without a request. */
    p95Ms: real('p95_ms'),
    /** Their share answered 5xx; null without a request. */
    errorRate: real('error_rate'),
  },
  (t) => [index('process_heartbeat_beat_at_idx').on(t.beatAt)],
);
