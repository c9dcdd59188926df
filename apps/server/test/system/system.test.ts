import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPostgres } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

describe('system endpoints and envelopes', () => {
  let t: TestApp;
  let webDist: string;
  let closedPort = 0;

  beforeAll(async () => {
    closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as AddressInfo).port;
        server.close(() => resolve(port));
      });
    });
    webDist = mkdtempSync(join(tmpdir(), 'fp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist }, (app: FastifyInstance) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/api/test/echo',
        {
          config: { access: 'public' },
          schema: {
            body: z.object({
              name: z.string().trim().min(1, '请输入名称').max(5, '名称最多 5 个字'),
              age: z.number().int().min(0),
            }),
          },
        },
        async (req) => ({ status: 200, data: req.body }),
      );
      typed.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
      // A real query through Drizzle on a database no server answers (a port nothing listens on).
      typed.get('/api/test/database-away', { config: { access: 'public' } }, async () => {
        const away = openPostgres(`postgres://postgres@127.0.0.1:${closedPort}/none`, 1);
        try {
          await away.db.execute(sql`select 1`);
        } finally {
          await away.close();
        }
        return { status: 200, data: null };
      });
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /api/health with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { ok: true } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('names each request with a UUID of version 7, in the order the requests came (the request id indexes append)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      ids.push(String(res.headers['x-request-id']));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time it was made, in milliseconds.
    const made = parseInt((ids[0] ?? '').replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(made - Date.now())).toBeLessThan(60_000);
  });

  it('answers /api/ready with the database kind and every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.ok).toBe(true);
    expect(body.data.database).toBe(t.database.kind);
    expect(body.data.migrations.applied).toBe(body.data.migrations.expected);
    expect(body.data.migrations.expected).toBeGreaterThan(0);
  });

  it('answers an unknown /api path with the 40400 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 40400, message: '请求的资源不存在' });
    }
  });

  it('answers invalid input with 40000 and Chinese field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '  ', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(40000);
    const paths = body.data.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'age']));
    expect(body.data.errors.find((e: { path: string }) => e.path === 'name').message).toBe('请输入名称');
    for (const e of body.data.errors) expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('reports a missing field by its name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok' } });
    expect(res.json().data.errors).toEqual([expect.objectContaining({ path: 'age' })]);
  });

  it('trims input and accepts valid data', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: ' 张三 ', age: 3 } });
    expect(res.json()).toEqual({ status: 200, data: { name: '张三', age: 3 } });
  });

  it('answers malformed JSON with a Chinese 40000', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 40000, message: '请求体不是有效的 JSON' });
  });

  it('answers an unexpected error with 500, a request id and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-42' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: '系统繁忙，请稍后再试！', data: { requestId: 'req-42' } });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers a database that cannot be reached with 503 and a Chinese message (db/connection-errors.ts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/database-away' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: '数据库暂时无法连接，请稍后再试' });
  });

  it('serves index.html for any deep link outside /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/EmployeeManagement/listEmployee?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('compresses responses for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves the OpenAPI document and its viewer at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths).toHaveProperty('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('the process name (several processes behind a proxy)', () => {
  let named: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    named = await createTestApp({ processName: 'app-2' });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await named.close();
    await plain.close();
  });

  it('is answered in X-Served-By on every response when PROCESS_NAME is set, and not otherwise', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await named.app.inject({ method: 'GET', url });
      expect(res.headers['x-served-by']).toBe('app-2');
    }
    expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).headers['x-served-by']).toBeUndefined();
  });
});
