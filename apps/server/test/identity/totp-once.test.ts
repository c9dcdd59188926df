/**
 * An authenticator (TOTP) code is accepted once per admin and purpose (issue 24, finding 1): the
 * same code cannot pay a second time within its 30 s window, nor sign in twice, nor prove the
 * admin twice on the personal settings; of two concurrent uses only one passes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { generateTotpSecret, totp } from '../../src/lib/totp.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, type Caller, type TestApp } from '../helpers.ts';

const P = '/api/emolument';
const LOGIN = '/api/auth/jwt/ecomapnyToken';
const USED = '该动态码已使用，请等待下一个动态码';

describe('a TOTP code is used once', () => {
  let t: TestApp;
  let demo: Caller;
  const secret = generateTotpSecret();
  const setSecret = (username: string, method: string) =>
    t.database.db.execute(
      sql`update admin set totp_secret = ${t.app.ctx.cipher.encrypt(secret)}, verify_method = ${method} where username = ${username}`,
    );

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    await setSecret('demo', 'password');
  });
  afterAll(() => t.close());

  it('pays once with a code: of two concurrent payments one passes; the code is refused after', async () => {
    const toPay = (await demo.get(`${P}/emolumentGrant/page`, { status: 'to_pay' })).body.data.rows;
    const failed = (await demo.get(`${P}/refund/page`)).body.data.rows;
    expect(toPay.length && failed.length).toBeTruthy();
    const pay = (code: string) => demo.post(`${P}/payRoll/${toPay[0].id}/pay`, { method: 'totp', code });
    const repay = (code: string) => demo.post(`${P}/refund/${failed[0].id}/repay`, { method: 'totp', code });
    const code = totp(secret);
    const [a, b] = await Promise.all([pay(code), repay(code)]);
    expect([a.body.status, b.body.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 40000]);
    const refused = a.body.status === 200 ? b : a;
    expect(refused.body.data.errors[0]).toMatchObject({ path: 'code', message: USED });
    // The refused one changed nothing: the batch is still 待支付, or the item still failed.
    if (a.body.status === 200) {
      const [item] = await queryRows<{ pay_status: string }>(
        t.database.db,
        sql`select pay_status from payroll_item where id = ${failed[0].id}`,
      );
      expect(item?.pay_status).toBe('failed');
    } else {
      expect((await demo.get(`${P}/emolumentGrant/${toPay[0].id}`)).body.data.status).toBe('to_pay');
    }

    // The same code again, alone: refused; the next code passes.
    const other = a.body.status === 200 ? repay : pay;
    const again = await other(code);
    expect(again.body.status).toBe(40000);
    expect(again.body.data.errors[0]).toMatchObject({ path: 'code', message: USED });
    const next = await other(totp(secret, Date.now() + 30_000));
    expect(next.body.status, JSON.stringify(next.body)).toBe(200);
  });

  it('signs in once with a code, again with the next one', async () => {
    await setSecret('finance', 'totp');
    const ip = freshIp();
    const client = caller(t.app, undefined, ip);
    const code = totp(secret);
    const signIn = async (c: string) => {
      const step1 = await client.post(LOGIN, { username: 'finance', password: DEMO_PASSWORD });
      expect(step1.body).toMatchObject({ status: 1001, data: { verifyMethod: 'totp' } });
      return client.post(LOGIN, {
        username: 'finance',
        password: DEMO_PASSWORD,
        token: step1.body.data.token,
        code: c,
      });
    };
    expect((await signIn(code)).body.status).toBe(200);
    const replay = await signIn(code);
    expect(replay.body).toMatchObject({ status: 40001, message: USED });
    expect((await signIn(totp(secret, Date.now() + 30_000))).body.status).toBe(200);
  });

  it('proves the admin once on the personal settings', async () => {
    await setSecret('demo', 'totp');
    const code = totp(secret);
    const first = await demo.put('/api/admin/user/personal/verifyMethod', { method: 'password', code });
    expect(first.body.status, JSON.stringify(first.body)).toBe(200);
    await setSecret('demo', 'totp');
    const again = await demo.put('/api/admin/user/personal/verifyMethod', { method: 'password', code });
    expect(again.body.status).toBe(40000);
    expect(again.body.data.errors[0]).toMatchObject({ path: 'code', message: USED });
    const [row] = await queryRows<{ verify_method: string }>(
      t.database.db,
      sql`select verify_method from admin where username = 'demo'`,
    );
    expect(row?.verify_method).toBe('totp');
  });
});
