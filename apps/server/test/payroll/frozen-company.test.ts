/**
 * A frozen company (company.status = 'frozen', DOMAIN: can sign in and read, not pay) cannot pay
 * or pay again (issue 24, point 14): refused with a Chinese message before any code is used,
 * nothing frozen or queued.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

const P = '/api/emolument';
const XINGHE = '星河科技有限公司';

describe('paying while the company is frozen', () => {
  let t: TestApp;
  let demo: Caller;
  const setStatus = (status: string) =>
    t.database.db.execute(sql`update company set status = ${status} where name = ${XINGHE}`);
  const payCode = async () => {
    const sent = (await demo.post(`${P}/payRoll/payCode`)).body.data;
    return { method: 'sms', token: sent.token as string, code: sent.demoCode as string };
  };
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    demo = caller(t.app, await loginAs(t.app, 'demo'));
  });
  afterAll(() => t.close());

  it('refuses 确认支付 and 重新支付 with its reason; nothing is frozen, the code stays unused', async () => {
    const toPay = (await demo.get(`${P}/emolumentGrant/page`, { status: 'to_pay' })).body.data.rows[0];
    const failed = (await demo.get(`${P}/refund/page`)).body.data.rows[0];
    expect(toPay && failed).toBeTruthy();
    const body = await payCode();
    await setStatus('frozen');
    const paid = await demo.post(`${P}/payRoll/${toPay.id}/pay`, body);
    expect(paid.body).toMatchObject({ status: 40900, message: '企业账户已冻结，不能支付；如有疑问请联系平台客服' });
    const repaid = await demo.post(`${P}/refund/${failed.id}/repay`, body);
    expect(repaid.body).toMatchObject({ status: 40900, message: '企业账户已冻结，不能支付；如有疑问请联系平台客服' });
    expect((await demo.get(`${P}/emolumentGrant/${toPay.id}`)).body.data.status).toBe('to_pay');
    const [queued] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payout where batch_id = ${toPay.id}`,
    );
    expect(queued?.n).toBe(0);
    // Unfrozen, the same code pays.
    await setStatus('normal');
    const ok = await demo.post(`${P}/payRoll/${toPay.id}/pay`, body);
    expect(ok.body.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('paying');
  });

  it('sends no pay code while the company is frozen', async () => {
    await setStatus('frozen');
    try {
      const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sms_outbox`);
      const sent = await demo.post(`${P}/payRoll/payCode`);
      expect(sent.body).toMatchObject({ status: 40900, message: '企业账户已冻结，不能支付；如有疑问请联系平台客服' });
      const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sms_outbox`);
      expect(after?.n).toBe(before?.n);
    } finally {
      await setStatus('normal');
    }
  });
});
