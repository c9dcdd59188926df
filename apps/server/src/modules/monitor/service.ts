import { hostname } from 'node:os';
import { JOB_STATES, type TJobState, type TMonitor } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DatabaseKind, DbOrTx } from '../../db/client.ts';
import { takeEventLoopDelayMs } from '../../lib/event-loop.ts';
import type { QueueDepth } from '../../lib/job-queue.ts';
import type { RecentRequests } from '../../lib/recent-requests.ts';
import type { PoolStats } from '../../plugins/metrics.ts';
import { openPayouts } from '../payroll/payouts/service.ts';
import * as repo from './repo.ts';

/** A process silent this long is shown as gone (three missed beats). */
export const GONE_AFTER_MS = 30_000;
/** ... and its row is removed after this long. */
export const REMOVE_AFTER_MS = 60 * 60_000;

/** This process, as its heartbeat names it: PROCESS_NAME, or host:pid. */
export function processName(configured: string | undefined): string {
  return configured ?? `${hostname()}:${process.pid}`.slice(0, 100);
}

export interface BeatSource {
  name: string;
  version: string;
  startedAt: Date;
  recent: RecentRequests;
}

/** Writes this process's heartbeat and removes the rows of processes long gone. */
export async function beat(ctx: ServiceContext, source: BeatSource): Promise<void> {
  const now = ctx.now();
  const memory = process.memoryUsage();
  const figures = source.recent.figures(now.getTime());
  await repo.upsertHeartbeat(ctx.db, {
    name: source.name,
    version: source.version,
    startedAt: source.startedAt,
    beatAt: now,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    eventLoopDelayMs: takeEventLoopDelayMs(),
    requestsPerMinute: figures.requests,
    p95Ms: figures.p95Ms,
    errorRate: figures.errorRate,
  });
  await repo.deleteHeartbeatsBefore(ctx.db, new Date(now.getTime() - REMOVE_AFTER_MS));
}

/** Job depths by queue, one count per state (0 where the queue has none). */
export function queuesByState(depths: readonly QueueDepth[]): TMonitor['queues'] {
  const byQueue = new Map<string, Record<TJobState, number>>();
  for (const d of depths) {
    if (!(JOB_STATES as readonly string[]).includes(d.state)) continue;
    let counts = byQueue.get(d.queue);
    if (!counts) {
      counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<TJobState, number>;
      byQueue.set(d.queue, counts);
    }
    counts[d.state as TJobState] += d.count;
  }
  return [...byQueue].map(([queue, counts]) => ({ queue, counts }));
}

export interface MonitorSources {
  db: DbOrTx;
  now: Date;
  kind: DatabaseKind;
  pool: PoolStats | undefined;
  depths: () => Promise<QueueDepth[]>;
}

/** 系统监控: every process's last heartbeat, the job queues, open payouts, the database. */
export async function monitor(src: MonitorSources): Promise<TMonitor> {
  const [beats, depths, payouts, database] = await Promise.all([
    repo.findHeartbeats(src.db),
    src.depths(),
    openPayouts(src.db),
    repo.findDatabaseFigures(src.db),
  ]);
  const nowMs = src.now.getTime();
  return {
    now: src.now.toISOString(),
    processes: beats.map((b) => ({
      name: b.name,
      version: b.version,
      startedAt: b.startedAt.toISOString(),
      beatAt: b.beatAt.toISOString(),
      gone: nowMs - b.beatAt.getTime() > GONE_AFTER_MS,
      rssBytes: b.rssBytes,
      heapUsedBytes: b.heapUsedBytes,
      eventLoopDelayMs: b.eventLoopDelayMs,
      requestsPerMinute: b.requestsPerMinute,
      p95Ms: b.p95Ms,
      errorRate: b.errorRate,
    })),
    queues: queuesByState(depths),
    payouts: {
      open: payouts.open,
      oldest: payouts.oldest && {
        ref: payouts.oldest.ref,
        status: payouts.oldest.status,
        createdAt: payouts.oldest.createdAt.toISOString(),
        ageSeconds: Math.max(0, Math.round((nowMs - payouts.oldest.createdAt.getTime()) / 1000)),
      },
    },
    database: {
      kind: src.kind,
      sizeBytes: database.sizeBytes,
      connections: database.connections,
      pool: src.pool ? { total: src.pool.totalCount, idle: src.pool.idleCount, waiting: src.pool.waitingCount } : null,
    },
  };
}
