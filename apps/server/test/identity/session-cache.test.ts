import { Code } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/core/context.ts';
import { createSessionCache } from '../../src/modules/auth/session-cache.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { asPlatform } from '../../src/db/scope.ts';

/** Sessions are found before their company is known, as the auth plugin does. */
const platform = <T>(fn: () => Promise<T>) => asPlatform('a test of the session cache', fn);

const INFO = '/api/admin/user/front/info';

/** ADR 0007: a verified session is reused for a few seconds, and forgotten on any write request. */
describe('session cache', () => {
  let t: TestApp;
  let clock: number;
  let ctx: ServiceContext;

  const revoke = (token: string) =>
    t.database.db.execute(
      sql`update session set revoked_at = now(), revoked_reason = 'test'
          where id = ${JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    clock = Date.now();
    ctx = { ...t.app.ctx, now: () => new Date(clock) };
  });
  afterAll(() => t.close());

  it('answers a verified token from memory for the TTL, then reads the session again', async () => {
    const cache = createSessionCache(5);
    const token = await loginAs(t.app, 'demo');
    const first = await platform(() => cache.authenticate(ctx, token));
    await revoke(token);
    expect(await platform(() => cache.authenticate(ctx, token))).toBe(first);
    clock += 5_001;
    await expect(platform(() => cache.authenticate(ctx, token))).rejects.toMatchObject({ code: Code.SESSION_REVOKED });
    expect(cache.size).toBe(0);
  });

  it('never keeps an entry past the session’s own expiry', async () => {
    const cache = createSessionCache(60);
    const token = await loginAs(t.app, 'demo');
    const auth = await platform(() => cache.authenticate(ctx, token));
    await t.database.db.execute(
      sql`update session set expires_at = now() - interval '1 second' where id = ${auth.sessionId}`,
    );
    clock = auth.expiresAt.getTime() + 1;
    await expect(platform(() => cache.authenticate(ctx, token))).rejects.toMatchObject({ code: Code.UNAUTHENTICATED });
  });

  it('does not store what was read across a clear, nor anything with a TTL of 0', async () => {
    const cache = createSessionCache(5);
    const token = await loginAs(t.app, 'demo');
    const reading = platform(() => cache.authenticate(ctx, token));
    cache.clear();
    await reading;
    expect(cache.size).toBe(0);
    const off = createSessionCache(0);
    await platform(() => off.authenticate(ctx, token));
    expect(off.size).toBe(0);
  });

  it('is cleared by any write request before its answer leaves, so the next request reads the session', async () => {
    const token = await loginAs(t.app, 'finance');
    const c = caller(t.app, token);
    expect((await c.get(INFO)).body.status).toBe(200);
    // Revoked behind the application's back: the process does not know yet, within the TTL.
    await revoke(token);
    expect((await c.get(INFO)).body.status).toBe(200);
    // Any write request, even a refused one, clears the cache.
    await caller(t.app).post('/api/auth/jwt/invalid', {});
    expect((await c.get(INFO)).body.status).toBe(Code.SESSION_REVOKED);
  });

  it('applies a sign-out at once through the API', async () => {
    const token = await loginAs(t.app, 'demo_yf');
    const c = caller(t.app, token);
    expect((await c.get(INFO)).body.status).toBe(200);
    expect((await c.post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
    expect((await c.get(INFO)).body.status).toBe(Code.SESSION_REVOKED);
  });
});
