import { allMenuCodes, ELEMENT_CODES } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, solveCaptcha, type TestApp } from '../helpers.ts';

const LOGIN = '/api/auth/jwt/ecomapnyToken';
const INFO = '/api/admin/user/front/info';

describe('sign-in, sessions and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

  it('signs demo in with a trimmed username, and user info lists every menu and element', async () => {
    const res = await caller(t.app, undefined, freshIp()).post(LOGIN, { username: '  demo ', password: DEMO_PASSWORD });
    expect(res.body.status).toBe(200);
    const claims = decode(res.body.data);
    expect(claims).toMatchObject({ sub: expect.any(String), jti: expect.any(String), companyId: expect.any(Number) });
    expect(claims.exp - claims.iat).toBe(7200);
    const info = await caller(t.app, res.body.data).get(INFO);
    expect(info.body.status).toBe(200);
    expect(info.body.data).toMatchObject({
      username: 'demo',
      companyName: '星河科技有限公司',
      isOwner: true,
      mobile: '138****0001',
    });
    expect(info.body.data.menus.map((m: { code: string }) => m.code).sort()).toEqual(allMenuCodes().sort());
    expect(info.body.data.elements.map((m: { code: string }) => m.code).sort()).toEqual([...ELEMENT_CODES].sort());
  });

  it('answers a wrong password and an unknown username identically', async () => {
    const ip = freshIp();
    const wrong = await caller(t.app, undefined, ip).post(LOGIN, { username: 'demo_yf', password: 'Wrong@123456' });
    const unknown = await caller(t.app, undefined, freshIp()).post(LOGIN, {
      username: 'nobody_here',
      password: 'Wrong@123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toEqual({ status: 40001, message: '用户名或密码错误', data: { captchaRequired: false } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects bad input with Chinese field errors', async () => {
    const c = caller(t.app, undefined, freshIp());
    const missing = await c.post(LOGIN, { password: 'x' });
    expect(missing.body.status).toBe(40000);
    expect(missing.body.data.errors[0]).toMatchObject({ path: 'username' });
    expect((await c.post(LOGIN, { username: '   ', password: 'x' })).body.data.errors[0].message).toBe('请输入用户名');
    expect((await c.post(LOGIN, { username: 'a'.repeat(65), password: 'x' })).body.data.errors[0].message).toBe(
      '用户名过长',
    );
    expect((await c.post(LOGIN, { username: 12, password: 'x' })).body.status).toBe(40000);
  });

  it('asks for an image captcha after 3 failures and locks after 5', async () => {
    const username = 'finance';
    await t.database.db.execute(sql`delete from login_attempt where username = ${username}`);
    const c = caller(t.app, undefined, freshIp());
    for (let i = 0; i < 3; i++) {
      const r = await c.post(LOGIN, { username, password: 'Wrong@1234' });
      expect(r.body.data.captchaRequired).toBe(i >= 2);
    }
    const noCaptcha = await c.post(LOGIN, { username, password: DEMO_PASSWORD });
    expect(noCaptcha.body).toMatchObject({
      status: 40001,
      message: '请输入图形验证码',
      data: { captchaRequired: true },
    });

    const badCaptcha = await c.get('/api/admin/vcc/code');
    const wrongText = await c.post(LOGIN, {
      username,
      password: DEMO_PASSWORD,
      token: badCaptcha.body.data.token,
      code: 'ZZZZ',
    });
    expect(wrongText.body.message).toBe('图形验证码错误或已过期');

    for (let i = 0; i < 2; i++) {
      const captcha = await c.get('/api/admin/vcc/code');
      expect(captcha.body.data.svg).toMatch(/^<svg/);
      const r = await c.post(LOGIN, {
        username,
        password: 'Wrong@1234',
        token: captcha.body.data.token,
        code: solveCaptcha(captcha.body.data.svg).toLowerCase(),
      });
      expect(r.body.message).toBe('用户名或密码错误');
    }
    const captcha = await c.get('/api/admin/vcc/code');
    const locked = await c.post(LOGIN, {
      username,
      password: DEMO_PASSWORD,
      token: captcha.body.data.token,
      code: solveCaptcha(captcha.body.data.svg),
    });
    expect(locked.body.status).toBe(40001);
    expect(locked.body.message).toMatch(/^登录失败次数过多，账号已锁定，请于 \d{2}:\d{2} 后重试$/);
    // The lock holds for the client that failed; the admin elsewhere passes the captcha and gets in.
    const elsewhere = caller(t.app, undefined, freshIp());
    expect((await elsewhere.post(LOGIN, { username, password: DEMO_PASSWORD })).body.data).toEqual({
      captchaRequired: true,
    });
    const other = await elsewhere.get('/api/admin/vcc/code');
    const signedIn = await elsewhere.post(LOGIN, {
      username,
      password: DEMO_PASSWORD,
      token: other.body.data.token,
      code: solveCaptcha(other.body.data.svg),
    });
    expect(signedIn.body.status).toBe(200);
    await t.database.db.execute(sql`delete from login_attempt where username = ${username}`);
  });

  it('never reveals whether a username exists, whatever the sequence of attempts', async () => {
    type Step = 'wrong' | 'wrongWithCaptcha' | 'badCaptcha';
    const run = async (username: string, steps: Step[]) => {
      await t.database.db.execute(sql`delete from login_attempt`);
      const c = caller(t.app, undefined, freshIp());
      const out: unknown[] = [];
      for (const step of steps) {
        const body: Record<string, string> = { username, password: 'Nope@12345' };
        if (step !== 'wrong') {
          const captcha = await c.get('/api/admin/vcc/code');
          body.token = captcha.body.data.token;
          body.code = step === 'badCaptcha' ? '0000' : solveCaptcha(captcha.body.data.svg);
        }
        const r = await c.post(LOGIN, body);
        // The lock's end time depends on when the run happened, not on the username.
        const data = r.body.data?.lockedUntil ? { ...r.body.data, lockedUntil: 'T' } : r.body.data;
        out.push([r.statusCode, r.body.status, r.body.message?.replace(/\d{2}:\d{2}/, 'HH:mm'), data]);
      }
      return out;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>('wrong', 'wrongWithCaptcha', 'badCaptcha'), { minLength: 1, maxLength: 7 }),
        async (steps) => {
          expect(await run('finance', steps)).toEqual(await run('ghost_user', steps));
        },
      ),
      { numRuns: 6 },
    );
    await t.database.db.execute(sql`delete from login_attempt`);
  });

  it('answers 40101 without a token and for a forged or expired one', async () => {
    const none = await caller(t.app).get(INFO);
    expect(none.statusCode).toBe(401);
    expect(none.body.status).toBe(40101);
    expect((await caller(t.app, 'not-a-jwt').get(INFO)).body.status).toBe(40101);
    const token = await loginAs(t.app, 'demo');
    const claims = decode(token);
    const forged = await signToken('another-secret-another-secret-another-secret', {
      adminId: Number(claims.sub),
      sessionId: claims.jti,
      companyId: claims.companyId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await caller(t.app, forged).get(INFO)).body.status).toBe(40101);
    const expired = await signToken(t.app.config.jwtSecret, {
      adminId: Number(claims.sub),
      sessionId: claims.jti,
      companyId: claims.companyId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await caller(t.app, expired).get(INFO);
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 40101, message: '登录已过期，请重新登录' });
  });

  it('logs out: the old token answers 40003, other sessions live on', async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => loginAs(t.app, 'demo_yf')));
    expect(new Set(tokens.map((tk) => decode(tk).jti)).size).toBe(50);
    const [first, second] = tokens as [string, string];
    expect((await caller(t.app, first).post('/api/auth/jwt/invalid', { token: first })).body.status).toBe(200);
    const after = await caller(t.app, first).get(INFO);
    expect(after.statusCode).toBe(401);
    expect(after.body.status).toBe(40003);
    expect((await caller(t.app, second).get(INFO)).body.status).toBe(200);
    const live = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from session s join admin a on a.id = s.admin_id where a.username = 'demo_yf' and s.revoked_at is null`,
    );
    expect(live[0]?.n).toBe(49);
  });

  it('refreshes a live token into one with the same session and rights', async () => {
    const token = await loginAs(t.app, 'finance');
    const res = await caller(t.app, token).post('/api/auth/jwt/refresh', { token });
    expect(res.body.status).toBe(200);
    const fresh = res.body.data as string;
    expect(decode(fresh).jti).toBe(decode(token).jti);
    const before = (await caller(t.app, token).get(INFO)).body.data;
    const after = (await caller(t.app, fresh).get(INFO)).body.data;
    expect(after.menus).toEqual(before.menus);
    expect(after.elements).toEqual(before.elements);
    await caller(t.app, fresh).post('/api/auth/jwt/invalid', { token: fresh });
    expect((await caller(t.app).post('/api/auth/jwt/refresh', { token: fresh })).body.status).toBe(40003);
    expect((await caller(t.app).post('/api/auth/jwt/refresh', { token: 'x.y.z' })).body.status).toBe(40101);
  });

  it('keeps the same rights through a refresh, whatever the role grants', async () => {
    const demo = caller(t.app, await loginAs(t.app, 'demo'));
    const role = (await demo.post('/api/admin/role', { name: '刷新测试', menuCodes: [], elementCodes: [] })).body.data;
    const created = await demo.post('/api/admin/user', {
      username: 'refresh_prop',
      password: 'Refresh@123',
      name: '刷新',
      mobile: '13700009999',
      roleIds: [role.id],
    });
    expect(created.body.status).toBe(200);
    const menuCodes = allMenuCodes();
    await fc.assert(
      fc.asyncProperty(fc.subarray([...ELEMENT_CODES]), fc.subarray(menuCodes), async (elementCodes, menus) => {
        await demo.put(`/api/admin/role/${role.id}`, { name: '刷新测试', menuCodes: menus, elementCodes });
        const token = await loginAs(t.app, 'refresh_prop', 'Refresh@123');
        const refreshed = (await caller(t.app).post('/api/auth/jwt/refresh', { token })).body.data as string;
        const before = (await caller(t.app, token).get(INFO)).body.data;
        const after = (await caller(t.app, refreshed).get(INFO)).body.data;
        expect(after.elements).toEqual(before.elements);
        expect(after.menus).toEqual(before.menus);
        expect(after.elements.map((e: { code: string }) => e.code).sort()).toEqual([...elementCodes].sort());
      }),
      { numRuns: 8 },
    );
  });

  it('switches demo to the linked 云帆物流 admin and refuses an unlinked one', async () => {
    const token = await loginAs(t.app, 'demo');
    const assoc = await caller(t.app, token).get('/api/admin/user/getAssociatedUserInfo');
    expect(assoc.body.data).toEqual([
      expect.objectContaining({ userName: 'demo', companyName: '星河科技有限公司', current: true }),
      expect.objectContaining({ userName: 'demo_yf', companyName: '云帆物流有限公司', current: false }),
    ]);
    const refused = await caller(t.app, token).post('/api/auth/jwt/ecomapnyAdminToken', { username: 'finance', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.status).toBe(40002);

    const res = await caller(t.app, token).post('/api/auth/jwt/ecomapnyAdminToken', { username: 'demo_yf', token });
    expect(res.body.status).toBe(200);
    const info = await caller(t.app, res.body.data).get(INFO);
    expect(info.body.data).toMatchObject({ username: 'demo_yf', companyName: '云帆物流有限公司' });
    expect(decode(res.body.data).companyId).toBe(info.body.data.companyId);
    expect((await caller(t.app, token).get(INFO)).body.status).toBe(40003);
  });

  it('gives finance only its permitted menus and no system elements', async () => {
    const token = await loginAs(t.app, 'finance');
    const info = (await caller(t.app, token).get(INFO)).body.data;
    const elements = info.elements.map((e: { code: string }) => e.code);
    expect(elements).not.toContain('system:role');
    expect(elements).not.toContain('employee:add');
    expect(elements).toContain('payroll:pay');
    const menus = info.menus.map((m: { code: string }) => m.code);
    expect(menus).not.toContain('systemSetting');
    const tree = (await caller(t.app, token).get('/api/admin/user/front/menus')).body.data;
    expect(JSON.stringify(tree)).not.toContain('systemSetting');
    expect((await caller(t.app, token).get('/api/admin/role/page')).body.status).toBe(40301);
  });

  it('writes audit rows for sign-ins, failed ones included', async () => {
    await caller(t.app, undefined, '10.200.0.1').post(LOGIN, { username: 'ghost_audit', password: 'Nope@12345' });
    await loginAs(t.app, 'demo', DEMO_PASSWORD, '10.200.0.2');
    const rows = await queryRows<{
      username: string;
      result: string;
      status: number;
      company_id: number | null;
      ip: string;
    }>(
      t.database.db,
      sql`select username, result, status, company_id::int as company_id, ip from audit_log where action = 'auth.login' and ip like '10.200.0.%' order by id`,
    );
    expect(rows).toEqual([
      { username: 'ghost_audit', result: 'failure', status: 40001, company_id: null, ip: '10.200.0.1' },
      expect.objectContaining({ username: 'demo', result: 'success', status: 200, ip: '10.200.0.2' }),
    ]);
    expect(rows[1]?.company_id).toEqual(expect.any(Number));
  });

  it('audits the envelope status of compressed responses too', async () => {
    const token = await loginAs(t.app, 'demo');
    // 100 bad menu codes give a validation answer well over the 1 KB compression threshold.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/role',
      headers: { authorization: token, 'accept-encoding': 'gzip' },
      payload: { name: '压缩审计', menuCodes: Array.from({ length: 100 }, (_, i) => i) },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const [row] = await queryRows<{ status: number; result: string }>(
      t.database.db,
      sql`select status, result from audit_log where action = 'role.create' order by id desc limit 1`,
    );
    expect(row).toEqual({ status: 40000, result: 'failure' });
  });
});
