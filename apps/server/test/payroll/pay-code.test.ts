/**
 * The pay form's step-up (issue 24, point 7): the SMS code of a payment is in the answer only in
 * demo mode, never outside it; the form learns whether the authenticator is offered.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';

const CODE_URL = '/api/emolument/payRoll/payCode';
const METHODS_URL = '/api/emolument/payRoll/payMethods';
const DEMO_MOBILE = '13800000001';

async function lastCode(t: TestApp) {
  const [row] = await queryRows<{ content: string }>(
    t.database.db,
    sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
  );
  return /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1];
}

describe('pay code in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
  });
  afterAll(() => t.close());

  it('answers the code itself, the one the SMS carries, and it is a pay code', async () => {
    const demo = caller(t.app, await loginAs(t.app, 'demo'));
    const sent = await demo.post(CODE_URL);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ mobile: '138****0001', resendAfterSeconds: 60 });
    expect(sent.body.data.demoCode).toMatch(/^\d{6}$/);
    expect(sent.body.data.demoCode).toBe(await lastCode(t));
    // A second send within 60 s is refused with its wait, and no new code is answered.
    const again = await demo.post(CODE_URL);
    expect(again.body.status).toBe(42900);
    expect(again.body.message).toMatch(/秒后再试/);
  });

  it('says which ways the admin has: SMS to the masked mobile, no authenticator', async () => {
    const demo = caller(t.app, await loginAs(t.app, 'demo'));
    expect((await demo.get(METHODS_URL)).body.data).toEqual({ sms: true, totp: false, mobile: '138****0001' });
    await t.database.db.execute(sql`update admin set totp_secret = 'x' where username = 'demo'`);
    expect((await demo.get(METHODS_URL)).body.data).toMatchObject({ totp: true });
  });

  it('needs a session', async () => {
    expect((await caller(t.app).post(CODE_URL)).body.status).toBe(40101);
  });
});

describe('pay code outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
  });
  afterAll(() => t.close());

  it('sends the code but never answers it', async () => {
    const demo = caller(t.app, await loginAs(t.app, 'demo'));
    const sent = await demo.post(CODE_URL);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.demoCode).toBeNull();
    expect(await lastCode(t)).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent.body)).not.toContain(String(await lastCode(t)));
  });
});
