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
