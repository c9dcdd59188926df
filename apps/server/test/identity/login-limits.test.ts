import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, solveCaptcha, type TestApp } from '../helpers.ts';

const LOGIN = '/api/auth/jwt/ecomapnyToken';
const INFO = '/api/admin/user/front/info';
const PASSWORD = '/api/admin/user/personal/password';
const VERIFY_METHOD = '/api/admin/user/personal/verifyMethod';

/** A sign-in from `remoteAddress` (the TCP peer) that claims another client in X-Forwarded-For. */
const loginVia = (t: TestApp, remoteAddress: string, forwardedFor: string, body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: body,
  });

/** Where a sign-in of `username` was counted, its last login IP, and the audit's IP. */
async function recordedIps(t: TestApp, username: string) {
  const attempts = await queryRows<{ ip: string }>(
    t.database.db,
    sql`select ip from login_attempt where username = ${username} order by id`,
  );
  const [admin] = await queryRows<{ ip: string | null }>(
    t.database.db,
    sql`select last_login_ip as ip from admin where username = ${username}`,
  );
  const audits = await queryRows<{ ip: string }>(
    t.database.db,
    sql`select ip from audit_log where action = 'auth.login' and username = ${username} order by id`,
  );
  return { attempts: attempts.map((r) => r.ip), lastLoginIp: admin?.ip ?? null, audits: audits.map((r) => r.ip) };
}

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: ['10.9.0.1', '192.168.50.0/24'] });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('ignores a forged X-Forwarded-For: limits, last login IP and audit keep the peer address', async () => {
    await loginVia(direct, '10.7.0.1', '203.0.113.9', { username: 'finance', password: 'Wrong@1234' });
    const ok = await loginVia(direct, '10.7.0.1', '203.0.113.9', { username: 'finance', password: DEMO_PASSWORD });
    expect(ok.json().status).toBe(200);
    expect(await recordedIps(direct, 'finance')).toEqual({
      attempts: ['10.7.0.1', '10.7.0.1'],
      lastLoginIp: '10.7.0.1',
      audits: ['10.7.0.1', '10.7.0.1'],
    });
  });

  it('cannot lift the per-IP limit by changing X-Forwarded-For', async () => {
    const peer = '10.7.0.2';
    for (let i = 0; i < 3; i++) {
      await loginVia(direct, peer, `198.51.100.${i}`, { username: `nobody_${i}`, password: 'Wrong@1234' });
    }
    // Three failures from this peer: the fourth attempt needs the captcha whatever it claims to be.
    const fourth = await loginVia(direct, peer, '198.51.100.77', { username: 'nobody_4', password: 'Wrong@1234' });
    expect(fourth.json()).toMatchObject({ status: 40001, message: '请输入图形验证码' });
  });

  it('believes X-Forwarded-For from a configured proxy, and only from it', async () => {
    const viaProxy = await loginVia(proxied, '10.9.0.1', '203.0.113.10', {
      username: 'demo_yf',
      password: DEMO_PASSWORD,
    });
    expect(viaProxy.json().status).toBe(200);
    const viaRange = await loginVia(proxied, '192.168.50.7', '203.0.113.11', {
      username: 'demo_yf',
      password: 'Wrong@1234',
    });
    expect(viaRange.json().status).toBe(40001);
    // A peer that is not a configured proxy is itself the client.
    await loginVia(proxied, '10.9.0.2', '203.0.113.12', { username: 'demo_yf', password: 'Wrong@1234' });
    expect(await recordedIps(proxied, 'demo_yf')).toEqual({
      attempts: ['203.0.113.10', '203.0.113.11', '10.9.0.2'],
      lastLoginIp: '203.0.113.10',
      audits: ['203.0.113.10', '203.0.113.11', '10.9.0.2'],
    });
  });
});

describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A sign-in that passes the image captcha whenever it is asked for. */
  const attempt = async (ip: string, username: string, password: string) => {
    const c = caller(t.app, undefined, ip);
    const first = await c.post(LOGIN, { username, password });
    if (first.body.message !== '请输入图形验证码') return first.body;
    const captcha = await c.get('/api/admin/vcc/code');
    const { token } = captcha.body.data;
    return (await c.post(LOGIN, { username, password, token, code: solveCaptcha(captcha.body.data.svg) })).body;
  };

  it('draws the captcha without text nodes', async () => {
    const captcha = await caller(t.app, undefined, freshIp()).get('/api/admin/vcc/code');
    expect(captcha.body.data.svg).toMatch(/^<svg /);
    expect(captcha.body.data.svg).not.toMatch(/<text/);
  });

  it('keeps counting an IP’s failures across usernames when a sign-in succeeds in between', async () => {
    const ip = freshIp();
    for (let i = 0; i < 15; i++) expect((await attempt(ip, `probe_a${i}`, 'Wrong@1234')).status).toBe(40001);
    expect((await attempt(ip, 'demo_yf', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await attempt(ip, `probe_b${i}`, 'Wrong@1234')).status).toBe(40001);
    const throttled = await attempt(ip, 'probe_c', 'Wrong@1234');
    expect(throttled).toMatchObject({ status: 42900, message: '登录尝试过于频繁，请 15 分钟后再试' });
    // Another client is not affected.
    expect((await attempt(freshIp(), 'demo_yf', DEMO_PASSWORD)).status).toBe(200);
  });

  it('does not let a stranger lock the owner out: the owner signs in elsewhere with the captcha', async () => {
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await attempt(stranger, 'demo', 'Wrong@1234')).status).toBe(40001);
    const lockedOut = await attempt(stranger, 'demo', DEMO_PASSWORD);
    expect(lockedOut.message).toMatch(/^登录失败次数过多，账号已锁定，请于 \d{2}:\d{2} 后重试$/);
    const owner = caller(t.app, undefined, freshIp());
    expect((await owner.post(LOGIN, { username: 'demo', password: DEMO_PASSWORD })).body).toMatchObject({
      status: 40001,
      message: '请输入图形验证码',
    });
    expect((await attempt(freshIp(), 'demo', DEMO_PASSWORD)).status).toBe(200);
    // The stranger stays locked out after the owner's success.
    expect((await attempt(stranger, 'demo', DEMO_PASSWORD)).message).toMatch(/^登录失败次数过多/);
  });

  it('ends a session that guesses the current password on the password change', async () => {
    const ip = freshIp();
    const token = await loginAs(t.app, 'finance', DEMO_PASSWORD, ip);
    const c = caller(t.app, token, ip);
    for (let i = 0; i < 4; i++) {
      const wrong = await c.put(PASSWORD, { oldPassword: `Guess@${i}000`, newPassword: 'Changed@123' });
      expect(wrong.body).toMatchObject({ status: 40000, data: { errors: [{ path: 'oldPassword' }] } });
    }
    const fifth = await c.put(PASSWORD, { oldPassword: 'Guess@5000', newPassword: 'Changed@123' });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.body.status).toBe(40003);
    expect(fifth.body.message).toMatch(/^验证失败次数过多，已退出登录，请于 \d{2}:\d{2} 后重新登录$/);
    // The right password no longer helps that session, and it is gone for every request.
    const right = await c.put(PASSWORD, { oldPassword: DEMO_PASSWORD, newPassword: 'Changed@123' });
    expect(right.body.status).toBe(40003);
    expect((await c.get(INFO)).body.status).toBe(40003);
    // The password is unchanged; the guesses count as sign-in failures of this client.
    expect((await attempt(ip, 'finance', DEMO_PASSWORD)).message).toMatch(/^登录失败次数过多/);
    expect((await attempt(freshIp(), 'finance', DEMO_PASSWORD)).status).toBe(200);
  });

  it('ends a session that guesses the current password on the verification method change', async () => {
    const ip = freshIp();
    const token = await loginAs(t.app, 'demo_yf', DEMO_PASSWORD, ip);
    const c = caller(t.app, token, ip);
    for (let i = 0; i < 4; i++) {
      const wrong = await c.put(VERIFY_METHOD, { method: 'sms', code: `Guess@${i}000` });
      expect(wrong.body).toMatchObject({
        status: 40000,
        data: { errors: [{ path: 'code', message: '当前密码不正确' }] },
      });
    }
    expect((await c.put(VERIFY_METHOD, { method: 'sms', code: 'Guess@5000' })).body.status).toBe(40003);
    expect((await c.put(VERIFY_METHOD, { method: 'sms', code: DEMO_PASSWORD })).body.status).toBe(40003);
    const [row] = await queryRows<{ m: string }>(
      t.database.db,
      sql`select verify_method as m from admin where username = 'demo_yf'`,
    );
    expect(row?.m).toBe('password');
  });
});
