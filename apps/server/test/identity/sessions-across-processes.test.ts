/**
 * Issue 29: a sign-out, a revoked session or any other write request through one server process
 * reaches the session caches of the others (ADR 0007) through PostgreSQL's LISTEN/NOTIFY
 * (db/notifications.ts); while a process cannot hear the others, it remembers no session.
 * Notifications themselves are checked on PGlite too; two processes need PostgreSQL.
 */
import { Code } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_APPLICATION } from '../../src/db/notifications.ts';
import type { SessionCache } from '../../src/modules/auth/session-cache.ts';
import { caller, createSecondProcess, createTestApp, loginAs, type TestApp } from '../helpers.ts';

const INFO = '/api/admin/user/front/info';
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

const jtiOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;

describe('notifications between the processes of a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deliver a payload to every listener of the channel, and to no other channel', async () => {
    const heard: string[] = [];
    const other: string[] = [];
    const stop = await t.database.notifications.listen('fp_test_a', { onMessage: (p) => heard.push(p) });
    const stopOther = await t.database.notifications.listen('fp_test_b', { onMessage: (p) => other.push(p) });
    await t.database.notifications.notify('fp_test_a', '一条消息');
    await vi.waitFor(() => expect(heard).toEqual(['一条消息']));
    expect(other).toEqual([]);
    await stop();
    await t.database.notifications.notify('fp_test_a', 'after');
    await t.database.notifications.notify('fp_test_b', 'b');
    await vi.waitFor(() => expect(other).toEqual(['b']));
    expect(heard).toEqual(['一条消息']);
    await stopOther();
  });

  it('refuse a channel name that is not a plain identifier', async () => {
    await expect(t.database.notifications.notify('x; drop table worker', '')).rejects.toThrow(/channel/);
  });
});

/**
 * Reads the session through `p` until `p` remembers it: the sign-in was a write request, whose
 * notification may reach `p` after a first read and clear what it stored.
 */
async function rememberedBy(p: TestApp, token: string, timeout = 2000) {
  const cache = p.app.ctx.registry.authenticators.session as SessionCache;
  await vi.waitFor(
    async () => {
      expect((await caller(p.app, token).get(INFO)).body.status).toBe(200);
      expect(cache.size).toBeGreaterThan(0);
    },
    { timeout, interval: 50 },
  );
}

describe.skipIf(!isPostgres)('sessions across two server processes (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondProcess(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a sign-out through one process is refused by the other, whose cache held the session', async () => {
    const token = await loginAs(a.app, 'demo');
    const onB = caller(b.app, token);
    await rememberedBy(b, token);

    expect((await caller(a.app, token).post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
    // A answers only once B has heard and forgotten (B answered A): nothing to wait for here
    // (an outside probe saw the other process accept a disabled admin's token once in six).
    expect((b.app.ctx.registry.authenticators.session as SessionCache).size).toBe(0);
    expect((await onB.get(INFO)).body.status).toBe(Code.SESSION_REVOKED);
  });

  it('a disable through one process is refused by the other on the very next request, every time', async () => {
    const owner = caller(a.app, await loginAs(a.app, 'demo'));
    const roles = (await owner.get('/api/admin/role/options')).body.data as { id: number }[];
    for (let round = 0; round < 6; round++) {
      const username = `disable_${round}_${process.pid}`;
      const created = await owner.post('/api/admin/user', {
        username,
        password: 'Passw0rd!x',
        name: '停用测试',
        mobile: '13900000000',
        roleIds: [roles[0]?.id],
      });
      expect(created.body.status, JSON.stringify(created.body)).toBe(200);
      const token = await loginAs(a.app, username, 'Passw0rd!x');
      await rememberedBy(b, token);
      const disabled = await owner.put(`/api/admin/user/${created.body.data.id}/status`, { status: 'disabled' });
      expect(disabled.body.status).toBe(200);
      expect((await caller(b.app, token).get(INFO)).body.status, `round ${round}`).not.toBe(200);
    }
  });

  it('a process that cannot hear the others remembers no session until it hears them again', async () => {
    const token = await loginAs(a.app, 'finance');
    const onB = caller(b.app, token);
    const cache = b.app.ctx.registry.authenticators.session as SessionCache;
    await rememberedBy(b, token);

    // Cut B's listening connection (A's too: they are indistinguishable here, and both reconnect).
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${NOTIFICATIONS_APPLICATION} and datname = current_database()`,
    );
    await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 5000 });
    // Revoked behind the application's back: with a live cache B would answer from memory.
    await a.database.db.execute(
      sql`update session set revoked_at = now(), revoked_reason = 'test' where id = ${jtiOf(token)}`,
    );
    expect((await onB.get(INFO)).body.status).toBe(Code.SESSION_REVOKED);

    // Once B listens again it remembers sessions again.
    const fresh = await loginAs(a.app, 'finance');
    await rememberedBy(b, fresh, 10_000);
  });
});
