import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgBossQueue, pgliteExecutor, type JobQueue, type JobRun } from './job-queue.ts';

const silent = { error: () => {}, info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job queue (pg-boss on PGlite)', () => {
  let client: PGlite;
  let jobs: JobQueue;
  const seen: { n: number; run: JobRun }[] = [];
  const flaky: JobRun[] = [];
  let started = 0;
  let slowStarted = false;
  let slowDone = false;

  beforeAll(async () => {
    client = await PGlite.create();
    jobs = createPgBossQueue(pgliteExecutor(client), silent);
    jobs.work('test.echo', z.object({ n: z.number() }), async (data, run) => {
      seen.push({ n: data.n, run });
    });
    jobs.work(
      'test.flaky',
      z.object({}),
      async (_data, run) => {
        flaky.push(run);
        if (run.retryCount === 0) throw new Error('first run fails');
      },
      { retryLimit: 1 },
    );
    jobs.work('test.start', z.object({}), async () => void (started += 1), { runOnStart: true });
    jobs.work('test.slow', z.object({}), async () => {
      slowStarted = true;
      await new Promise((r) => setTimeout(r, 300));
      slowDone = true;
    });
    await jobs.start();
  });
  afterAll(() => client.close());

  it('runs a sent job with its data, and a job queued at start', async () => {
    const id = await jobs.send('test.echo', { n: 7 });
    await until(() => seen.length === 1 && started === 1);
    expect(seen[0]).toEqual({ n: 7, run: { id, retryCount: 0, isLastAttempt: true } });
  });

  it('retries a failed run, telling the handler which attempt is the last', async () => {
    await jobs.send('test.flaky', {});
    await until(() => flaky.length === 2);
    expect(flaky.map((r) => [r.retryCount, r.isLastAttempt])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('refuses jobs for unknown queues and registrations after start', async () => {
    await expect(jobs.send('test.nobody', {})).rejects.toThrow(/no handler/);
    expect(() => jobs.work('test.late', z.object({}), async () => {})).toThrow(/after start/);
  });

  it('lets a running job finish when it stops', async () => {
    await jobs.send('test.slow', {});
    await until(() => slowStarted);
    await jobs.stop(5000);
    expect(slowDone).toBe(true);
  });
});

describe('job queue stopped while a fetch is in flight', () => {
  it('sends no statement once stop has answered: the job that fetch brings runs and completes first', async () => {
    const client = await PGlite.create();
    const base = pgliteExecutor(client);
    let holdFetch = false;
    let fetchHeld = false;
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let stopped = false;
    const late: string[] = [];
    const jobs = createPgBossQueue(
      {
        async executeSql(text, values) {
          if (stopped) late.push(text.trim().slice(0, 60));
          // The worker's fetch: held back, as a slow network would, until stop has been asked.
          if (holdFetch && /SKIP LOCKED/i.test(text) && values?.[0] === 'test.boot') {
            holdFetch = false;
            fetchHeld = true;
            const rows = await base.executeSql(text, values);
            await released;
            return rows;
          }
          return base.executeSql(text, values);
        },
      },
      silent,
    );
    let ran = 0;
    jobs.work('test.boot', z.object({}), async () => {
      await new Promise((r) => setTimeout(r, 50));
      ran += 1;
    });
    await jobs.start();
    holdFetch = true;
    await jobs.send('test.boot', {});
    await until(() => fetchHeld);
    const stopping = jobs.stop(5000);
    await new Promise((r) => setTimeout(r, 100));
    release();
    await stopping;
    stopped = true;
    await new Promise((r) => setTimeout(r, 300));
    await client.close();
    expect(ran).toBe(1);
    expect(late).toEqual([]);
  });
});

describe("a job's completion while the database is away", () => {
  /** An executor whose completion statements fail `failures` times with `error` first. */
  async function queueWithFailingCompletion(failures: number, error: () => Error) {
    const client = await PGlite.create();
    const base = pgliteExecutor(client);
    let left = failures;
    const logged: string[] = [];
    const log = {
      ...silent,
      warn: (_o: unknown, msg: string) => logged.push(msg),
      error: (_o: unknown, msg: string) => logged.push(msg),
    } as unknown as FastifyBaseLogger;
    const jobs = createPgBossQueue(
      {
        async executeSql(text, values) {
          if (left > 0 && /SET completed_on = now\(\)/.test(text)) {
            left -= 1;
            throw error();
          }
          return base.executeSql(text, values);
        },
      },
      log,
      undefined,
      { transient: (err) => err instanceof Error && err.message.startsWith('Connection terminated'), everyMs: 20 },
    );
    let ran = 0;
    jobs.work('test.done', z.object({}), async () => void (ran += 1));
    await jobs.start();
    const state = async (id: string) =>
      (await client.query<{ state: string }>('select state::text from pgboss.job where id = $1', [id])).rows[0]
        ?.state ?? '';
    return { client, jobs, logged, state, ran: () => ran, left: () => left };
  }

  /** Collects unhandled rejections while `run` runs (pg-boss leaves its completion's promise unhandled). */
  async function unhandledDuring(run: () => Promise<void>) {
    const seen: unknown[] = [];
    const listener = (reason: unknown) => seen.push(reason);
    process.on('unhandledRejection', listener);
    try {
      await run();
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('unhandledRejection', listener);
    }
    return seen;
  }

  it('is tried again until the database is back, and the job ends completed, with no unhandled rejection', async () => {
    const q = await queueWithFailingCompletion(3, () => new Error('Connection terminated unexpectedly'));
    const unhandled = await unhandledDuring(async () => {
      const id = await q.jobs.send('test.done', {});
      await until(() => q.left() === 0);
      const deadline = Date.now() + 5000;
      while ((await q.state(id)) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await q.state(id)).toBe('completed');
    });
    expect(unhandled).toEqual([]);
    expect(q.logged).toContain('job completion waits for the database');
    await q.jobs.stop(5000);
    await q.client.close();
  });

  it('is given up, logged and left active (to expire and be retried) on an error that is not the database being away', async () => {
    const q = await queueWithFailingCompletion(1, () => new Error('something else'));
    const unhandled = await unhandledDuring(async () => {
      const id = await q.jobs.send('test.done', {});
      await until(() => q.ran() === 1 && q.logged.length > 0);
      expect(await q.state(id)).toBe('active');
    });
    expect(unhandled).toEqual([]);
    expect(q.logged).toEqual(['job completion not written: the run will expire and be retried']);
    await q.jobs.stop(5000);
    await q.client.close();
  });
});
