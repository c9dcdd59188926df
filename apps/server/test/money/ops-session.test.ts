/** The operator console's session: a refreshed token carries the session on; logout ends both. */
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from './support.ts';

describe('operator session refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sessionEnd = async (jti: string) => {
    const [row] = await queryRows<{ at: string }>(
      t.database.db,
      sql`select expires_at::text as at from operator_session where id = ${jti}`,
    );
    return new Date(row?.at ?? 0).getTime();
  };

  it('gives a new token for the same session, moving the session end; logout ends both tokens', async () => {
    const first = await opsLogin(t.app);
    const claims = decodeJwt(first);
    const before = await sessionEnd(String(claims.jti));
    await new Promise((r) => setTimeout(r, 1100));
    const res = await caller(t.app, first).post('/api/ops/auth/refresh');
    expect(res.body.status).toBe(200);
    const second = res.body.data.token as string;
    const renewed = decodeJwt(second);
    expect(renewed.jti).toBe(claims.jti);
    expect(renewed.exp).toBeGreaterThan(claims.exp ?? 0);
    expect(await sessionEnd(String(claims.jti))).toBeGreaterThan(before);
    expect((await caller(t.app, second).get('/api/ops/auth/info')).body.data.username).toBe('ops');

    expect((await caller(t.app, second).post('/api/ops/auth/logout')).body.status).toBe(200);
    expect((await caller(t.app, second).post('/api/ops/auth/refresh')).body.status).toBe(40003);
    expect((await caller(t.app, first).get('/api/ops/auth/info')).body.status).toBe(40003);
  });

  it("refuses an admin's token and no token", async () => {
    const admin = await loginAs(t.app, 'demo');
    expect((await caller(t.app, admin).post('/api/ops/auth/refresh')).body.status).toBe(40101);
    expect((await caller(t.app).post('/api/ops/auth/refresh')).body.status).toBe(40101);
  });
});
