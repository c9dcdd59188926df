/**
 * Issue 38 point 15: the company switch takes the current token in its body (spec section 4
 * "post the chosen username and current token"; section 7 payload username, token). The body's
 * token names the session given up, and it must be the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';

const SWITCH = '/api/auth/jwt/ecomapnyAdminToken';
const INFO = '/api/admin/user/front/info';

describe('company switch with the token in its body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('switches when the body carries the current token, and ends that session', async () => {
    const token = await loginAs(t.app, 'demo');
    const res = await caller(t.app, token).post(SWITCH, { username: 'demo_yf', token });
    expect(res.body.status).toBe(200);
    expect((await caller(t.app, res.body.data).get(INFO)).body.data.username).toBe('demo_yf');
    expect((await caller(t.app, token).get(INFO)).body.status).toBe(40003);
  });

  it('refuses a switch without the token in its body, with a Chinese message, and changes nothing', async () => {
    const token = await loginAs(t.app, 'demo');
    const res = await caller(t.app, token).post(SWITCH, { username: 'demo_yf' });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(40000);
    expect(res.body.message).toContain('缺少当前登录凭证');
    expect((await caller(t.app, token).get(INFO)).body.data.username).toBe('demo');
  });

  it("refuses a body token of another session (another company's admin or a second sign-in) and keeps both", async () => {
    const token = await loginAs(t.app, 'demo');
    const yunfan = await loginAs(t.app, 'demo_yf');
    const second = await loginAs(t.app, 'demo');
    for (const other of [yunfan, second, 'not-a-token']) {
      const res = await caller(t.app, token).post(SWITCH, { username: 'demo_yf', token: other });
      expect(res.body.status).toBe(40000);
      expect(res.body.message).toBe('登录凭证与当前登录不一致，请刷新页面后重试');
    }
    expect((await caller(t.app, token).get(INFO)).body.data.username).toBe('demo');
    expect((await caller(t.app, yunfan).get(INFO)).body.data.username).toBe('demo_yf');
    expect((await caller(t.app, second).get(INFO)).body.data.username).toBe('demo');
  });

  it('answers 40101 without a session and 40002 for an admin not linked to the caller', async () => {
    const token = await loginAs(t.app, 'demo');
    expect((await caller(t.app).post(SWITCH, { username: 'demo_yf', token })).body.status).toBe(40101);
    const refused = await caller(t.app, token).post(SWITCH, { username: 'finance', token });
    expect(refused.body.status).toBe(40002);
  });
});
