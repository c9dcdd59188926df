/**
 * The operator freezes (冻结) and unfreezes (解冻) a company from /ops: a reason is required and
 * kept with the company and in the audit; frozen, the company's 确认支付 is refused with the
 * Chinese message (DOMAIN section 2: it can sign in and read, not pay); operator-only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin } from './support.ts';

const P = '/api/emolument';
const freeze = (id: number) => `/api/ops/company/${id}/freeze`;
const unfreeze = (id: number) => `/api/ops/company/${id}/unfreeze`;
const FROZEN = '企业账户已冻结，不能支付；如有疑问请联系平台客服';

describe('freezing a company from the operator console', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let ops: Caller;
  let xinghe: number;

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    ops = caller(t.app, await opsLogin(t.app));
    xinghe = await companyId(t.database.db, '星河科技有限公司');
  });
  afterAll(() => t.close());

  const listed = async () =>
    ((await ops.get('/api/ops/company/page', { name: '星河' })).body.data.rows as Record<string, unknown>[]).find(
      (c) => c.id === xinghe,
    );
  const payCode = async () => {
    const sent = (await demo.post(`${P}/payRoll/payCode`)).body.data;
    return { method: 'sms', token: sent.token as string, code: sent.demoCode as string };
  };

  it('refuses a freeze without a reason, by a company admin, or of an unknown company; nothing changes', async () => {
    const noReason = await ops.post(freeze(xinghe), { reason: '   ' });
    expect(noReason.body.status).toBe(40000);
    expect(noReason.body.data.errors[0]).toMatchObject({ path: 'reason', message: '请填写冻结原因' });
    expect((await demo.post(freeze(xinghe), { reason: '自己冻结' })).body.status).toBe(40101);
    expect((await caller(t.app).post(freeze(xinghe), { reason: '匿名' })).body.status).toBe(40101);
    expect((await ops.post(freeze(999_999), { reason: '测试' })).body).toMatchObject({
      status: 40400,
      message: '企业不存在',
    });
    expect(await listed()).toMatchObject({ status: 'normal', frozenReason: null, frozenAt: null });
  });

  it('freezes with a reason: listed 冻结 with it, audited; 确认支付 refused; unfreezes and pays', async () => {
    const toPay = (await demo.get(`${P}/emolumentGrant/page`, { status: 'to_pay' })).body.data.rows[0];
    expect(toPay).toBeTruthy();
    const code = await payCode();

    const frozen = await ops.post(freeze(xinghe), { reason: '  对公账户核查中  ' });
    expect(frozen.body).toMatchObject({
      status: 200,
      message: '已冻结“星河科技有限公司”，原因：对公账户核查中',
      data: { id: xinghe, status: 'frozen', frozenReason: '对公账户核查中', frozenAt: expect.any(String) },
    });
    expect(frozen.body.data.serviceCompanies.length).toBeGreaterThan(0);
    expect(await listed()).toMatchObject({ status: 'frozen', frozenReason: '对公账户核查中' });
    expect((await ops.post(freeze(xinghe), { reason: '再次冻结' })).body).toMatchObject({
      status: 40900,
      message: '该企业已冻结，请勿重复操作',
    });

    // The company still signs in and reads, but cannot pay.
    expect((await demo.get(`${P}/emolumentGrant/${toPay.id}`)).body.status).toBe(200);
    const paid = await demo.post(`${P}/payRoll/${toPay.id}/pay`, code);
    expect(paid.body).toMatchObject({ status: 40900, message: FROZEN });
    expect((await demo.get(`${P}/emolumentGrant/${toPay.id}`)).body.data.status).toBe('to_pay');

    const thawed = await ops.post(unfreeze(xinghe), { reason: '核查完毕' });
    expect(thawed.body).toMatchObject({
      status: 200,
      message: '已解冻“星河科技有限公司”',
      data: { status: 'normal', frozenReason: null, frozenAt: null },
    });
    expect((await ops.post(unfreeze(xinghe), {})).body).toMatchObject({
      status: 40900,
      message: '该企业未冻结，无需解冻',
    });
    const audit = await queryRows<{ action: string; result: string; target: string; detail: { reason: string } }>(
      t.database.db,
      sql`select action, result, target, detail from audit_log
          where action in ('ops.company.freeze', 'ops.company.unfreeze') and result = 'success' order by id`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'ops.company.freeze',
        target: `company:${xinghe}`,
        detail: { reason: '对公账户核查中' },
      }),
      expect.objectContaining({ action: 'ops.company.unfreeze', detail: { reason: '核查完毕' } }),
    ]);

    // Unfrozen, the same code pays.
    const ok = await demo.post(`${P}/payRoll/${toPay.id}/pay`, code);
    expect(ok.body.status, JSON.stringify(ok.body)).toBe(200);
  });
});
