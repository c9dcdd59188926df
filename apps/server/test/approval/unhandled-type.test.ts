/**
 * An approval type that no area handles (here 开票, its area's handler left out) is never approved into
 * nothing (issue 23): its flow cannot be saved, an approval of it cannot start, and a pending one
 * (left from before) cannot be decided — each refused with a clear message, nothing changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/errors.ts';
import { startApproval } from '../../src/modules/approval/service.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { withoutInvoiceOutcome } from './support.ts';

describe('an approval type no area handles', () => {
  let t: TestApp;
  let demo: Caller;
  let finance: Caller;
  let ids: { xinghe: number; demo: number; finance: number };

  const idOf = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: string }>(t.database.db, query))[0]?.id);

  beforeAll(async () => {
    t = await createTestApp({}, withoutInvoiceOutcome);
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    ids = {
      xinghe: await idOf(sql`select id from company where name = '星河科技有限公司'`),
      demo: await idOf(sql`select id from admin where username = 'demo'`),
      finance: await idOf(sql`select id from admin where username = 'finance'`),
    };
  });
  afterAll(() => t.close());

  it('is not handled by this app (开票 left out), while 发放 and 充值 are', () => {
    const outcomes = t.app.ctx.registry.approvalOutcomes;
    expect(outcomes.has('invoice')).toBe(false);
    expect(outcomes.keys().sort()).toEqual(['payroll', 'topup']);
  });

  it('refuses to save its flow, and keeps none', async () => {
    const res = await demo.put('/api/admin/approvalFlow/invoice', {
      thresholdFen: 0,
      enabled: true,
      steps: [{ mode: 'any', adminIds: [ids.finance] }],
    });
    expect(res.body).toMatchObject({ status: 40900, message: '开票业务尚未开通，不能配置开票审批流程' });
    expect((await demo.get('/api/admin/approvalFlow/invoice')).body.data).toMatchObject({ configured: false });
  });

  it('refuses to start one, writing nothing', async () => {
    const before = await idOf(sql`select count(*) as id from approval_request`);
    const started = t.database.db.transaction((tx) =>
      startApproval(tx, t.app.ctx.registry.approvalOutcomes, {
        companyId: ids.xinghe,
        type: 'invoice',
        subject: { kind: 'invoice', id: 1 },
        amountFen: 100,
        creatorAdminId: ids.demo,
        title: '开票',
      }),
    );
    await expect(started).rejects.toThrow(AppError);
    await expect(started).rejects.toMatchObject({ code: 40900, message: '开票业务尚未开通，不能发起开票审批' });
    expect(await idOf(sql`select count(*) as id from approval_request`)).toBe(before);
  });

  it('refuses to decide a pending one: it stays pending, with no decision recorded', async () => {
    // A request written before its type lost its handler (or by hand): finance is its approver.
    const id = await idOf(sql`
      insert into approval_request (company_id, type, subject_kind, subject_id, title, amount_fen, creator_admin_id, steps)
      values (${ids.xinghe}, 'invoice', 'invoice', '1', '开票 ¥1.00', 100, ${ids.demo},
              ${JSON.stringify([{ mode: 'any', approvers: [ids.finance] }])}::jsonb)
      returning id`);
    const res = await finance.post(`/api/admin/approval/${id}/approve`, { comment: '同意' });
    expect(res.body).toMatchObject({ status: 40900, message: '开票业务尚未开通，不能处理开票审批' });
    const [row] = await queryRows<{ status: string; actions: number }>(
      t.database.db,
      sql`select status, (select count(*)::int from approval_action where request_id = ${id}) as actions
          from approval_request where id = ${id}`,
    );
    expect(row).toEqual({ status: 'pending', actions: 0 });
  });

  it('keeps one handler a type: a second registration is a mistake of the composition', () => {
    expect(() => t.app.ctx.registry.approvalOutcomes.add('payroll', async () => {})).toThrow('重复注册');
  });
});
