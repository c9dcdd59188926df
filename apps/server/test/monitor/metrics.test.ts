import { getMetricsFromIterator, type PromData, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

/**
 * The text format parsed by a Prometheus text parser (prom2javascript: it also checks that each
 * histogram's count is its +Inf bucket). prom-client writes NaN as `Nan` (the event loop's lag
 * just after a scrape reset it), which Prometheus reads (Go's ParseFloat ignores case) and this
 * parser cannot: those lines are checked to be only that, and left out.
 */
function parse(text: string): Promise<PromMetrics> {
  const lines = text.split('\n');
  const nan = lines.filter((l) => / Nan$/.test(l));
  expect(nan.every((l) => l.startsWith('nodejs_eventloop_lag_'))).toBe(true);
  return getMetricsFromIterator(lines.filter((l) => !/ Nan$/.test(l))[Symbol.iterator]());
}

function family(families: PromMetrics, name: string, type: string) {
  const found = families[name];
  if (!found) throw new Error(`no metric family ${name} in ${Object.keys(families).join(', ')}`);
  expect(found.type).toBe(type);
  return found;
}
const samples = (families: PromMetrics, name: string) => family(families, name, 'gauge').data as PromData[];
const histogram = (families: PromMetrics, name: string) =>
  family(families, name, 'histogram').data as PromHistogramData[];

describe('/metrics behind a token on the main port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers the Prometheus text format: requests by route and status with buckets, the process, the pool, queues, payouts, chat', async () => {
    for (let i = 0; i < 3; i++) expect((await caller(t.app).get('/api/health')).statusCode).toBe(200);
    await caller(t.app).get('/api/no/such/path');
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = await parse(res.body);

    const http = histogram(families, 'http_request_duration_seconds');
    const health = http.find(
      (m) => m.labels.route === '/api/health' && m.labels.status === '200' && m.labels.method === 'GET',
    );
    expect(health?.count).toBe(3);
    expect(Object.keys(health?.buckets ?? {})).toEqual(expect.arrayContaining(['0.005', '0.1', '1', '+Inf']));
    expect(health?.buckets['+Inf']).toBe(3);
    expect(health?.sum).toBeGreaterThan(0);
    // A path no route has is one label; the scrape itself is not counted.
    expect(http.some((m) => m.labels.route === '(unmatched)' && m.labels.status === '404')).toBe(true);
    expect(http.some((m) => m.labels.route === '/metrics')).toBe(false);

    expect(samples(families, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(1e6);
    expect(samples(families, 'nodejs_eventloop_lag_p99_seconds')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(samples(families, 'nodejs_heap_size_used_bytes')[0]?.value).toBeGreaterThan(1e6);

    const pool = samples(families, 'flexpay_db_pool_connections');
    if (t.database.kind === 'postgres') {
      expect(pool.map((m) => m.labels.state).sort()).toEqual(['idle', 'in_use', 'total']);
      expect(samples(families, 'flexpay_db_pool_waiting')[0]?.value).toBe(0);
    } else {
      expect(pool).toEqual([{ labels: { state: 'total' }, value: 1 }]);
    }

    // The queues of the areas' jobs: the cleanups queued on start are there, by state.
    const jobs = samples(families, 'flexpay_job_queue_jobs');
    expect(jobs.length).toBeGreaterThan(0);
    for (const m of jobs) {
      expect(m.labels.queue).toBeTruthy();
      expect(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']).toContain(m.labels.state);
    }

    expect(samples(families, 'flexpay_payouts_open')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(samples(families, 'flexpay_payout_oldest_open_age_seconds')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(samples(families, 'flexpay_chat_streams_open')).toEqual([{ labels: {}, value: 0 }]);
    // 网关日志's writer: the rows waiting by log, and none dropped.
    expect(
      samples(families, 'flexpay_access_log_rows_waiting')
        .map((s) => s.labels.log)
        .sort(),
    ).toEqual(['access', 'server']);
    expect(samples(families, 'flexpay_access_log_rows_dropped')).toEqual([{ labels: {}, value: 0 }]);
  });

  it('counts each request once more on the next scrape', async () => {
    const count = async () => {
      const families = await parse((await scrape(`Bearer ${TOKEN}`)).body);
      const m = histogram(families, 'http_request_duration_seconds').find(
        (x) => x.labels.route === '/api/health' && x.labels.status === '200',
      );
      return m?.count ?? 0;
    };
    const before = await count();
    await caller(t.app).get('/api/health');
    expect(await count()).toBe(before + 1);
  });

  it('refuses a scrape without the token, with a wrong one, or with an admin session', async () => {
    for (const header of [undefined, 'Bearer wrong', TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const admin = await loginAs(t.app, 'demo');
    expect((await scrape(admin)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${admin}`)).statusCode).toBe(401);
  });
});

describe('/metrics not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is not served at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('METRICS_TOKEN');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });
});

describe('/metrics on its own port', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // With the web app served: its fallback must not answer /metrics with the page.
    web = mkdtempSync(join(tmpdir(), 'fp-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>web</title>');
    t = await createTestApp({ metricsPort: 0, webDist: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the metrics there and not on the main port', async () => {
    const port = t.app.metrics.port;
    expect(port).toBeGreaterThan(0);
    await caller(t.app).get('/api/health');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const families = await parse(await res.text());
    expect(histogram(families, 'http_request_duration_seconds').some((m) => m.labels.route === '/api/health')).toBe(
      true,
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    const main = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(main.statusCode).toBe(404);
    expect(main.body).toContain('METRICS_PORT');
    // The web app's fallback still answers its own paths.
    expect((await t.app.inject({ method: 'GET', url: '/workers' })).body).toContain('<title>web</title>');
  });
});
