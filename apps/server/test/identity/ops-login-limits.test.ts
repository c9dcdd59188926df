/**
 * The operator sign-in (/ops) holds the company sign-in's limits (issue 24, finding 3): failures
 * on the account from any address ask for the image captcha, 5 from one client lock it out, 30
 * from one IP make it wait, and every attempt is audited. Counted apart from the company sign-in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, freshIp, solveCaptcha, type TestApp } from '../helpers.ts';

const LOGIN = '/api/ops/auth/login';
const PASSWORD = 'Ops@123456';

describe('operator sign-in limits', () => {
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
    const { token, svg } = captcha.body.data;
    return (await c.post(LOGIN, { username, password, token, code: solveCaptcha(svg) })).body;
  };

  it('asks for the captcha after 3 failures on the account from three addresses, then signs in with it', async () => {
    for (let i = 0; i < 3; i++) {
      const wrong = await caller(t.app, undefined, freshIp()).post(LOGIN, { username: 'ops', password: `wrong${i}` });
      expect(wrong.body).toMatchObject({ status: 40001, message: '用户名或密码错误' });
    }
    const fourth = caller(t.app, undefined, freshIp());
    const asked = await fourth.post(LOGIN, { username: 'ops', password: 'wrong3' });
    expect(asked.body).toMatchObject({ status: 40001, message: '请输入图形验证码', data: { captchaRequired: true } });
    // The password is not even checked without the captcha: the right one is refused too.
    const right = await fourth.post(LOGIN, { username: 'ops', password: PASSWORD });
    expect(right.body).toMatchObject({ status: 40001, message: '请输入图形验证码' });
    const wrongCaptcha = await fourth.post(LOGIN, { username: 'ops', password: PASSWORD, token: 'x', code: 'abcd' });
    expect(wrongCaptcha.body).toMatchObject({ status: 40001, message: '图形验证码错误或已过期' });
    expect((await attempt(freshIp(), 'ops', PASSWORD)).status).toBe(200);
    // The company sign-in of the same typed name is counted apart.
    const company = await caller(t.app, undefined, freshIp()).post('/api/auth/jwt/ecomapnyToken', {
      username: 'ops',
      password: 'x',
    });
    expect(company.body.message).toBe('用户名或密码错误');
  });

  it('locks out the client that failed 5 times, not the operator elsewhere', async () => {
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await attempt(stranger, 'ops', `wrong${i}`)).status).toBe(40001);
    const locked = await attempt(stranger, 'ops', PASSWORD);
    expect(locked.message).toMatch(/^登录失败次数过多，账号已锁定，请于 \d{2}:\d{2} 后重试$/);
    expect((await attempt(freshIp(), 'ops', PASSWORD)).status).toBe(200);
    expect((await attempt(stranger, 'ops', PASSWORD)).message).toMatch(/^登录失败次数过多/);
  });

  it('makes an IP wait after 30 failures across usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await attempt(ip, `probe${i}`, 'wrong')).status).toBe(40001);
    expect(await attempt(ip, 'probe_x', 'wrong')).toMatchObject({
      status: 42900,
      message: '登录尝试过于频繁，请 15 分钟后再试',
    });
  });

  it('audits every attempt, and counts them in the operators’ realm', async () => {
    const ip = freshIp();
    await caller(t.app, undefined, ip).post(LOGIN, { username: 'nobody_here', password: 'wrong' });
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'ops.login' and ip = ${ip} and result = 'failure'`,
    );
    expect(audit?.n).toBe(1);
    const attempts = await queryRows<{ realm: string }>(
      t.database.db,
      sql`select realm from login_attempt where ip = ${ip}`,
    );
    expect(attempts).toEqual([{ realm: 'ops' }]);
  });
});
