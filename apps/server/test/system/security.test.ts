/**
 * What a probe of the API from outside found (issue 15, findings 6, 8, 9 and 10): browser
 * security headers, bad input that used to end in HTTP 500, framework errors answered outside
 * the envelope, personal data in the log, and the API documentation open in production.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import {
  caller,
  createTestApp,
  createTestDatabase,
  loginAs,
  testConfig,
  type Caller,
  type TestApp,
} from '../helpers.ts';

const LOGIN = '/api/auth/jwt/ecomapnyToken';
const WORKERS = '/api/companystaff/employee/page';
const EXPORT = '/api/companystaff/employee/export';
const HAN = /[\u4e00-\u9fff]/;

/** The envelope of a refused request: 40000 with a Chinese message, nothing else. */
function expectRefused(res: { statusCode: number; body: { status: number; message: string } }, http = 400) {
  expect(res.statusCode).toBe(http);
  expect(res.body.status).toBe(40000);
  expect(res.body.message).toMatch(HAN);
}

describe('security of every answer', () => {
  let t: TestApp;
  let webDist: string;
  let demo: Caller;
  let token: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'fp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist });
    token = await loginAs(t.app, 'demo');
    demo = caller(t.app, token);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('browser security headers (finding 6)', () => {
    it('sends a strict CSP, no framing, nosniff and no referrer on the page and the API', async () => {
      for (const url of ['/login', '/api/health']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]+'/);
        expect(csp).toMatch(/style-src 'self' 'nonce-[0-9a-f]+'/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        // Scripts and style elements never run inline without the nonce; only style attributes may.
        expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
        expect(csp).toContain("style-src-attr 'unsafe-inline'");
        expect(csp).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
    });

    it("hands the page its answer's style nonce, fresh each time", async () => {
      const nonceOf = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/EmployeeManagement/listEmployee' });
        const inPolicy = /style-src 'self' 'nonce-([0-9a-f]+)'/.exec(
          String(res.headers['content-security-policy']),
        )?.[1];
        const inPage = /<meta name="csp-nonce" content="([0-9a-f]+)"/.exec(res.body)?.[1];
        expect(inPage).toBeDefined();
        expect(inPage).toBe(inPolicy);
        return inPage;
      };
      expect(await nonceOf()).not.toBe(await nonceOf());
      // index.html by its own name goes through the same fallback, never without a nonce.
      const direct = await t.app.inject({ method: 'GET', url: '/index.html' });
      expect(direct.body).toContain('<meta name="csp-nonce"');
    });

    it('sends HSTS only when the request came over TLS', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // A client's own X-Forwarded-Proto is not believed; a trusted proxy's is (TRUST_PROXY).
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
      const behindProxy = await createTestApp({ webDist, trustProxy: ['127.0.0.1'] });
      try {
        const tls = await behindProxy.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await behindProxy.close();
      }
    });

    it('forbids caches to keep API answers (they carry personal data), and lets assets be cached', async () => {
      const list = await t.app.inject({ method: 'GET', url: WORKERS, headers: { authorization: token } });
      expect(list.json().status).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const refused = await t.app.inject({ method: 'GET', url: WORKERS });
      expect(refused.headers['cache-control']).toBe('no-store');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    });
  });

  describe('bad input is a 40000, never a 500 (finding 8)', () => {
    it('refuses a NUL character at the sign-in without a session', async () => {
      const res = await caller(t.app).post(LOGIN, { username: 'demo\u0000', password: 'x' });
      expectRefused(res);
      expect(res.body.data.errors[0].path).toBe('username');
    });

    it('refuses a NUL character and lone surrogates in search fields and free text', async () => {
      expectRefused(await demo.get(WORKERS, { name: '张\u0000' }));
      // A lone surrogate cannot travel in a URL (UTF-8); in a JSON body it can.
      expectRefused(await demo.get(WORKERS, { mobile: '138\u0000' }));
      expectRefused(await demo.get('/api/admin/role/page', { name: 'a\u0000' }));
      expectRefused(await demo.post('/api/chat/messages/text', { text: '你好\u0000' }));
      expectRefused(await demo.post('/api/admin/role', { name: '\uDC00角色', menuCodes: [], elementCodes: [] }));
    });

    it('refuses an impossible date in the list filters', async () => {
      const res = await demo.get(WORKERS, { joinedFrom: '2023-02-30' });
      expectRefused(res);
      expect(res.body.message).toContain('不是有效的日期');
      expect((await demo.get(WORKERS, { joinedFrom: '2023-02-28' })).body.status).toBe(200);
    });

    it('refuses bad text and impossible dates in export filters before any job is made', async () => {
      const before = await demo.get('/api/admin/export/page');
      expectRefused(await demo.post(EXPORT, { name: '\u0000' }));
      expectRefused(await demo.post(EXPORT, { name: 'a\uD83D' }));
      expectRefused(await demo.post(EXPORT, { joinedTo: '2023-02-30' }));
      expectRefused(await demo.post(EXPORT, { joinedFrom: '2023-13-01' }));
      const after = await demo.get('/api/admin/export/page');
      expect(after.body.data.total).toBe(before.body.data.total);
    });

    it('lets emoji and Chinese text through (pairs of surrogates are text)', async () => {
      const res = await demo.get(WORKERS, { name: '张😀' });
      expect(res.body.status).toBe(200);
    });
  });

  describe('every failure is the envelope (finding 9)', () => {
    const expectEnvelope = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      expect(String(res.headers['content-type'])).toContain('application/json');
      const body = JSON.parse(res.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['message', 'status']);
      expect(body.message).toMatch(HAN);
      return body;
    };

    it('answers a path id over 100 characters with 414 and no echo of the path', async () => {
      const id = 'x'.repeat(150);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/user/${id}`,
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(414);
      expect(expectEnvelope(res)).toEqual({ status: 40000, message: '请求地址过长' });
      expect(res.body).not.toContain(id);
    });

    it('answers a malformed URL with 400', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/user/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(expectEnvelope(res)).toEqual({ status: 40000, message: '请求地址有误' });
    });

    it('answers a body over the limit with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'x' }),
      });
      expect(res.statusCode).toBe(413);
      expect(expectEnvelope(res)).toEqual({ status: 40000, message: '请求体过大' });
    });

    it('answers bad JSON with 400 and an unsupported media type with 415', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(bad.statusCode).toBe(400);
      expect(expectEnvelope(bad).status).toBe(40000);
      const media = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/x-evil' },
        payload: 'a=b',
      });
      expect(media.statusCode).toBe(415);
      expect(expectEnvelope(media)).toEqual({ status: 40000, message: '不支持的请求内容类型' });
    });

    it('answers an unknown API path and an unknown method with 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['PATCH', '/api/admin/role/1'],
        ['DELETE', '/some/page'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(404);
        expect(expectEnvelope(res)).toEqual({ status: 40400, message: '请求的资源不存在' });
      }
    });

    it("answers a request Node's HTTP parser refuses with the envelope", async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
        );
        let got = '';
        socket.on('data', (d) => (got += d.toString('utf8')));
        socket.on('end', () => resolve(got));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400/);
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(body).toEqual({ status: 40000, message: '请求格式有误' });
    });
  });
});

describe('personal data in the log and the API documentation (findings 8 and 10)', () => {
  // One database for the apps built here: each is built with its own options, then closed.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const withApp = async <T>(
    overrides: Partial<AppConfig>,
    logger: Parameters<typeof buildApp>[0]['logger'],
    use: (app: FastifyInstance) => Promise<T>,
  ): Promise<T> => {
    const config = testConfig(overrides);
    const app = await buildApp({ config, database, logger });
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  };

  it("logs a failed query's SQL without its parameters, and a request without its query string", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    await withApp({}, { level: 'info', stream }, async (app) => {
      // A real failed query carrying a name and a mobile number as parameters.
      const failure = await database.db
        .execute(sql`select ${'张三丰'}::int, ${'13912345678'}::int`)
        .then(() => undefined)
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(Error);
      expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain('张三丰');
      app.log.error({ err: failure }, 'unexpected error');
      await app.inject({ method: 'GET', url: `${WORKERS}?name=${encodeURIComponent('李四')}&mobile=13800000000` });
    });
    const log = lines.join('');
    expect(log).toContain('Failed query: select $1::int, $2::int');
    expect(log).toContain('22P02');
    expect(log).toContain(`"url":"${WORKERS}"`);
    for (const secret of ['张三丰', '13912345678', '李四', '13800000000']) expect(log).not.toContain(secret);
  });

  const docs = (overrides: Partial<AppConfig>) =>
    withApp(overrides, false, async (app) => {
      const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
      const ui = await app.inject({ method: 'GET', url: '/api/docs' });
      return { json: json.statusCode, ui: ui.statusCode, body: json.json() as Record<string, unknown> };
    });

  it('serves the API documentation in demo mode', async () => {
    const r = await docs({ demoMode: true });
    expect(r.json).toBe(200);
    expect([200, 302]).toContain(r.ui);
  });

  it('does not serve the API documentation outside demo mode unless API_DOCS asks for it', async () => {
    const off = await docs({ demoMode: false });
    expect(off.json).toBe(404);
    expect(off.ui).toBe(404);
    expect(off.body).toEqual({ status: 40400, message: '请求的资源不存在' });
    expect((await docs({ demoMode: false, apiDocs: true })).json).toBe(200);
    expect((await docs({ demoMode: true, apiDocs: false })).json).toBe(404);
  });
});
