/**
 * 网关日志 (issue 41): every API request of both realms is logged off its path, without a body,
 * a token or a query string; operators list and filter it and open one request with its audit
 * rows and the server's warnings about it; no company's admin reads it, by the route or in SQL;
 * the days past ACCESS_LOG_DAYS are dropped whole.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform, inCompany } from '../../src/db/scope.ts';
import { keepGatewayLogDays } from '../../src/modules/gateway-log/service.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';

const PAGE = '/api/ops/gatewayLog/page';
let t: TestApp;
let ops: ReturnType<typeof caller>;
let stdout = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stdout += chunk.toString('utf8');
      done();
    },
  });
  t = await createTestApp(
    {},
    (app) => {
      // A route that fails, so that the server logs an error naming the request.
      app.get('/api/test-planted/fails', { config: { access: 'session' } }, async () => {
        throw new Error('planted failure');
      });
    },
    { level: 'warn', stream: sink },
  );
  ops = caller(t.app, await opsLogin(t.app));
});
afterAll(() => t.close());

const flush = async () => {
  await t.app.gatewayLog.access.flush();
  await t.app.gatewayLog.serverLines.flush();
};
const companyOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).companyId);

describe('网关日志', () => {
  it('logs a company request with who, route, path, status, code, latency and bytes, and no query string', async () => {
    const token = await loginAs(t.app, 'demo');
    const res = await caller(t.app, token).get('/api/companystaff/employee/page?page=1&limit=5&name=secret-query');
    expect(res.body.status).toBe(200);
    const requestId = String(res.headers['x-request-id']);
    await flush();
    const page = (await ops.get(PAGE, { requestId })).body;
    expect(page.status).toBe(200);
    expect(page.data.total).toBe(1);
    const [row] = page.data.rows;
    expect(row).toMatchObject({
      realm: 'company',
      companyId: companyOf(token),
      companyName: '星河科技有限公司',
      method: 'GET',
      route: '/api/companystaff/employee/page',
      path: '/api/companystaff/employee/page',
      status: 200,
      code: 200,
      requestId,
    });
    expect(row.adminId).toBeGreaterThan(0);
    expect(row.latencyMs).toBeGreaterThan(0);
    expect(row.bytes).toBeGreaterThan(0);
    // Nothing of the query string, the token or a password anywhere in the table.
    const [leak] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from access_log where path like '%secret-query%' or user_agent like '%Bearer%'
             or path like ${`%${token.slice(-20)}%`}`,
    );
    expect(leak?.n).toBe(0);
  });

  it('keeps a user agent and a path with a backslash or a tab exactly, and the size of a compressed answer as sent', async () => {
    const token = await loginAs(t.app, 'demo');
    const userAgent = 'Probe\\1.0\t(\\N)';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/companystaff/employee/page%5Cx?page=1',
      headers: { authorization: token, 'user-agent': userAgent },
    });
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/companystaff/employee/page?page=1&limit=50',
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    await flush();
    const [odd] = (await ops.get(PAGE, { requestId: String(res.headers['x-request-id']) })).body.data.rows;
    expect(odd).toMatchObject({ userAgent, path: '/api/companystaff/employee/page%5Cx' });
    const [sent] = (await ops.get(PAGE, { requestId: String(gzipped.headers['x-request-id']) })).body.data.rows;
    expect(sent.bytes).toBe(gzipped.rawPayload.length);
  });

  it('logs failed sign-ins (public realm, business code) and operator requests, never the password', async () => {
    const ip = freshIp();
    const failed = await caller(t.app, undefined, ip).post('/api/auth/jwt/ecomapnyToken', {
      username: 'demo',
      password: 'Wrong-password-123',
    });
    expect(failed.body.status).toBe(40001);
    await flush();
    const rows = (await ops.get(PAGE, { realm: 'public', code: 40001 })).body.data.rows as { ip: string }[];
    expect(rows.some((r) => r.ip === ip)).toBe(true);
    const [pw] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from access_log a where a::text like '%Wrong-password%' or a::text like ${`%${DEMO_PASSWORD}%`}`,
    );
    expect(pw?.n).toBe(0);
    const mine = (await ops.get(PAGE, { realm: 'operator', route: '/api/ops/gatewayLog/page' })).body.data;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows[0]).toMatchObject({ realm: 'operator', companyId: null, route: PAGE });
  });

  it('filters by company, status class, latency and route, newest first', async () => {
    const token = await loginAs(t.app, 'demo_yf');
    const yf = companyOf(token);
    await caller(t.app, token).get('/api/companystaff/employee/page?page=1&limit=5');
    await caller(t.app, token).get('/api/admin/user/no-such-route');
    await flush();
    const ofYf = (await ops.get(PAGE, { companyId: yf, limit: 200 })).body.data;
    expect(ofYf.rows.length).toBeGreaterThan(0);
    expect(ofYf.rows.every((r: { companyId: number }) => r.companyId === yf)).toBe(true);
    const times = ofYf.rows.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const missing = (await ops.get(PAGE, { statusClass: '4xx', route: '/api/admin/user/no-such' })).body.data;
    expect(missing.rows.length).toBeGreaterThan(0);
    expect(missing.rows.every((r: { status: number }) => r.status >= 400 && r.status < 500)).toBe(true);
    const slow = (await ops.get(PAGE, { minLatencyMs: 3_600_000 })).body.data;
    expect(slow.total).toBe(0);
  });

  it('answers bad ranges and filters with Chinese field errors', async () => {
    const reversed = await ops.get(PAGE, { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(reversed.body.status).toBe(40000);
    expect(reversed.body.message).toBe('开始时间须早于结束时间');
    const wide = await ops.get(PAGE, { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(wide.body.message).toContain('时间范围最多 7 天');
    expect((await ops.get(PAGE, { statusClass: '6xx' })).body.message).toContain('HTTP 状态类别不存在');
    expect((await ops.get(PAGE, { from: 'yesterday' })).body.message).toContain('开始时间格式不正确');
  });

  it('opens one request with its audit rows and what the server logged about it', async () => {
    const token = await loginAs(t.app, 'demo');
    const failing = await caller(t.app, token).get('/api/test-planted/fails');
    expect(failing.statusCode).toBe(500);
    const failedId = String(failing.headers['x-request-id']);
    const write = await caller(t.app, token).post('/api/auth/jwt/invalid', {});
    const writeId = String(write.headers['x-request-id']);
    await flush();
    const failed = (await ops.get(`/api/ops/gatewayLog/${failedId}`)).body.data;
    expect(failed.requests[0]).toMatchObject({ status: 500, route: '/api/test-planted/fails' });
    expect(
      failed.serverLog.some(
        (l: { level: string; detail: string }) => l.level === 'error' && l.detail.includes('planted failure'),
      ),
    ).toBe(true);
    expect(stdout).toContain('planted failure');
    const written = (await ops.get(`/api/ops/gatewayLog/${writeId}`)).body.data;
    expect(written.audit).toEqual([expect.objectContaining({ action: 'auth.logout', result: 'success' })]);
    const unknown = await ops.get('/api/ops/gatewayLog/no-such-request');
    expect(unknown.body.status).toBe(40400);
    expect((await ops.get('/api/ops/gatewayLog/bad id!')).body.status).toBe(40000);
  });

  it('is the operators’ only: no token and an admin’s token are refused, and a company’s scope cannot read it in SQL', async () => {
    expect((await caller(t.app).get(PAGE)).body.status).toBe(40101);
    const admin = await loginAs(t.app, 'demo');
    expect((await caller(t.app, admin).get(PAGE)).body.status).toBe(40101);
    await expect(
      inCompany(companyOf(admin), () => queryRows(t.app.db, sql`select count(*) from access_log`)),
    ).rejects.toThrow();
    await expect(
      inCompany(companyOf(admin), () => queryRows(t.app.db, sql`select count(*) from server_log`)),
    ).rejects.toThrow();
  });

  it('keeps partitions for the days to come and drops the days past ACCESS_LOG_DAYS whole', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const day = old.toISOString().slice(0, 10).replaceAll('-', '');
    const start = `${old.toISOString().slice(0, 10)}T00:00:00Z`;
    await t.database.db.execute(
      sql.raw(
        `create table access_log_p${day} partition of access_log for values from ('${start}') to ('${start}'::timestamptz + interval '1 day')`,
      ),
    );
    await t.database.db.execute(
      sql`insert into access_log (at, process, realm, method, route, path, status, latency_ms, ip, request_id, user_agent)
          values (${old}, 'p', 'public', 'GET', '', '/api/x', 200, 1, '', 'old-request', '')`,
    );
    const dropped = await asPlatform('a test of the log upkeep', () => keepGatewayLogDays(t.app.ctx));
    expect(dropped).toBeGreaterThanOrEqual(1);
    const parts = await queryRows<{ name: string }>(
      t.database.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'access_log'::regclass order by 1`,
    );
    const names = parts.map((p) => p.name);
    expect(names).not.toContain(`access_log_p${day}`);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(names).toContain(`access_log_p${today}`);
    expect(names.filter((n) => /_p\d{8}$/.test(n)).length).toBeGreaterThanOrEqual(3);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from access_log where request_id = 'old-request'`,
    );
    expect(left?.n).toBe(0);
  });
});
