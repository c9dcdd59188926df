import { API, type TMonitor } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';

describe('系统监控 (/api/ops/monitor)', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp({ processName: 'api-1' });
    ops = await opsLogin(t.app);
  });
  afterAll(() => t?.close());

  const read = async (token: string | undefined) => caller(t.app, token).get(API.ops.monitor);

  it("shows this process's heartbeat with its figures, the queues, open payouts and the database", async () => {
    for (let i = 0; i < 4; i++) await caller(t.app).get('/api/health');
    await t.app.heartbeat();
    const res = await read(ops);
    expect(res.body.status).toBe(200);
    const data = res.body.data as TMonitor;
    const me = data.processes.find((p) => p.name === 'api-1');
    expect(me).toMatchObject({ version: '0.1.0', gone: false });
    expect(me?.rssBytes).toBeGreaterThan(1e6);
    expect(me?.heapUsedBytes).toBeGreaterThan(1e6);
    expect(me?.requestsPerMinute).toBeGreaterThanOrEqual(4);
    expect(me?.p95Ms).toBeGreaterThan(0);
    expect(me?.errorRate).toBe(0);
    expect(me?.eventLoopDelayMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(me?.beatAt ?? '')).toBeLessThanOrEqual(Date.parse(data.now));

    // pg-boss's queues of the areas: the cleanups sent on start are there.
    expect(data.queues.length).toBeGreaterThan(0);
    for (const q of data.queues) {
      expect(Object.keys(q.counts).sort()).toEqual(['active', 'cancelled', 'completed', 'created', 'failed', 'retry']);
    }

    expect(data.database.kind).toBe(t.database.kind);
    expect(data.database.sizeBytes).toBeGreaterThan(1e6);
    expect(data.database.connections).toBeGreaterThanOrEqual(1);
    if (t.database.kind === 'postgres') expect(data.database.pool?.total).toBeGreaterThanOrEqual(1);
    else expect(data.database.pool).toBeNull();
  });

  it('counts open payouts and ages the oldest', async () => {
    // A settled payout of the demo data put back to submitted an hour ago (a fixture: the
    // platform's scope, as the payout round has).
    const [moved] = await asPlatform('test fixture', () =>
      queryRows<{ ref: string }>(
        t.app.db,
        sql`update payout set status = 'submitted', created_at = now() - interval '1 hour'
            where id = (select min(id) from payout where status = 'succeeded') returning ref`,
      ),
    );
    expect(moved).toBeDefined();
    const [open] = await asPlatform('test check', () =>
      queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from payout where status in ('queued', 'submitted')`,
      ),
    );
    const data = (await read(ops)).body.data as TMonitor;
    expect(data.payouts.open).toBe(open?.n);
    expect(data.payouts.open).toBeGreaterThanOrEqual(1);
    expect(data.payouts.oldest).toMatchObject({ ref: moved?.ref, status: 'submitted' });
    expect(data.payouts.oldest?.ageSeconds).toBeGreaterThanOrEqual(3600);
    expect(data.payouts.oldest?.ageSeconds).toBeLessThan(3700);
  });

  it('marks a silent process gone, and removes it once it has been silent an hour', async () => {
    const row = (name: string, secondsAgo: number) => sql`
      insert into process_heartbeat (name, version, started_at, beat_at, rss_bytes, heap_used_bytes,
        event_loop_delay_ms, requests_per_minute, p95_ms, error_rate)
      values (${name}, '0.1.0', now() - interval '2 hours', now() - make_interval(secs => ${secondsAgo}),
        1, 1, 0, 0, null, null)`;
    await t.database.db.execute(row('api-gone', 90));
    await t.database.db.execute(row('api-long-gone', 2 * 3600));
    await t.app.heartbeat();
    const data = (await read(ops)).body.data as TMonitor;
    const names = data.processes.map((p) => p.name);
    expect(data.processes.find((p) => p.name === 'api-gone')?.gone).toBe(true);
    expect(data.processes.find((p) => p.name === 'api-1')?.gone).toBe(false);
    expect(names).not.toContain('api-long-gone');
  });

  it("refuses no token and an admin's token", async () => {
    expect((await read(undefined)).body.status).toBe(40101);
    const admin = await loginAs(t.app, 'demo');
    expect((await read(admin)).body.status).toBe(40101);
  });
});
