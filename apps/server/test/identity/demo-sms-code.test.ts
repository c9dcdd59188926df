/**
 * The demo's SMS codes (issue 24, point 7): in demo mode every SMS code a visitor needs is in the
 * answer that sent it (sign-in's second step, its resend, the personal settings' codes), the one
 * the SMS carries; outside demo mode it never is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, type TestApp } from '../helpers.ts';

const LOGIN = '/api/auth/jwt/ecomapnyToken';
const SEND = '/api/admin/vcc/sendSms';
const FINANCE_MOBILE = '13800000003';

async function lastCode(t: TestApp, mobile: string) {
  const [row] = await queryRows<{ content: string }>(
    t.database.db,
    sql`select content from sms_outbox where mobile = ${mobile} order by id desc limit 1`,
  );
  return /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1];
}

for (const demoMode of [true, false]) {
  describe(`SMS codes ${demoMode ? 'in' : 'outside'} demo mode`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ demoMode });
    });
    afterAll(() => t.close());

    it(`${demoMode ? 'answers' : 'never answers'} the code of sign-in's SMS step`, async () => {
      await t.database.db.execute(sql`update admin set verify_method = 'sms' where username = 'finance'`);
      const step = await caller(t.app, undefined, freshIp()).post(LOGIN, {
        username: 'finance',
        password: DEMO_PASSWORD,
      });
      expect(step.body).toMatchObject({ status: 1001, data: { verifyMethod: 'sms', mobile: '138****0003' } });
      const code = await lastCode(t, FINANCE_MOBILE);
      expect(code).toMatch(/^\d{6}$/);
      if (demoMode) expect(step.body.data.demoCode).toBe(code);
      else {
        expect(step.body.data.demoCode ?? null).toBeNull();
        expect(JSON.stringify(step.body)).not.toContain(String(code));
      }
    });

    it(`${demoMode ? 'answers' : 'never answers'} the code sent for the personal settings`, async () => {
      const me = caller(t.app, await loginAs(t.app, 'demo'));
      const sent = await me.post(SEND, { purpose: 'verify' });
      expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
      const code = await lastCode(t, '13800000001');
      expect(sent.body.data.demoCode).toBe(demoMode ? code : null);
    });
  });
}
