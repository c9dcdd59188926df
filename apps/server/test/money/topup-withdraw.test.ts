/**
 * 充值记录 opens a top-up and withdraws one that is 审批中 or 待确认 (issue 24, point 20): the
 * detail names its submitter and its approval; 撤回 ends a running approval (已撤回), takes the
 * top-up out of the operator's queue and moves no money; refused without the right, once the
 * operator has decided, and for another company's top-up (404). A withdrawal racing the
 * operator's confirmation has exactly one winner.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout } from '../worker/support.ts';
import { opsLogin, serviceCompanyId, uploadVoucher } from './support.ts';

const TOPUP = '/api/companystaff/ecompanyRecharge';
const one = (id: number) => `${TOPUP}/${id}`;
const withdraw = (id: number) => `${TOPUP}/${id}/withdraw`;
const TOPUP_FLOW = '/api/admin/approvalFlow/topup';

describe('withdrawing a top-up', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let finance: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let jiangsu: number;
  let payer: number;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    ops = caller(t.app, await opsLogin(t.app));
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    payer = (await demo.get('/api/companystaff/ecompanyPayAccount/list')).body.data[0].id as number;
  });
  afterAll(() => t.close());

  const topUp = async (amountFen = 12_300) => {
    const res = await demo.post(TOPUP, {
      amountFen,
      serviceCompanyId: jiangsu,
      paymentAccountId: payer,
      voucherFileId: await uploadVoucher(t.app, demoToken),
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; status: string };
  };
  const inQueue = async (id: number) =>
    ((await ops.get('/api/ops/topup/page', { status: 'pending', limit: 100 })).body.data.rows as { id: number }[]).some(
      (r) => r.id === id,
    );
  const ledgerOf = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_transfer where ref_kind = 'topup' and ref_id = ${String(id)}`,
      )
    )[0]?.n;
  const available = async () =>
    (
      (await demo.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.data as {
        serviceCompanyId: number;
        availableFen: number;
      }[]
    ).find((b) => b.serviceCompanyId === jiangsu)?.availableFen;

  it('opens a top-up with its submitter, no approval and 撤回 offered', async () => {
    const created = await topUp();
    const res = await demo.get(one(created.id));
    expect(res.body.data).toMatchObject({
      id: created.id,
      status: 'pending',
      createdByName: expect.any(String),
      approval: null,
      canWithdraw: true,
    });
    expect(res.body.data.createdByName.length).toBeGreaterThan(0);
  });

  it('withdraws a 待确认 top-up: 已撤回, out of the operator’s queue, no money moved, the operator refused', async () => {
    const created = await topUp(45_600);
    expect(await inQueue(created.id)).toBe(true);
    const before = await available();
    const res = await demo.post(withdraw(created.id));
    expect(res.body).toMatchObject({
      status: 200,
      message: '充值已撤回',
      data: { status: 'withdrawn', canWithdraw: false },
    });
    expect(res.body.data.decidedAt).not.toBeNull();
    expect(await inQueue(created.id)).toBe(false);
    // Not in the operator's list at all, nor confirmable.
    const all = (await ops.get('/api/ops/topup/page', { limit: 100 })).body.data.rows as { id: number }[];
    expect(all.some((r) => r.id === created.id)).toBe(false);
    const confirm = await ops.post(`/api/ops/topup/${created.id}/confirm`);
    expect(confirm.body).toMatchObject({ status: 40900, message: '该充值已被企业撤回，不能再处理' });
    expect(await available()).toBe(before);
    expect(await ledgerOf(created.id)).toBe(0);
    // The company's list shows it 已撤回; a second withdrawal is refused.
    const listed = await demo.get(`${TOPUP}/page`, { status: 'withdrawn' });
    expect(listed.body.data.rows.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await demo.post(withdraw(created.id))).body).toMatchObject({
      status: 40900,
      message: '该充值已撤回，请勿重复操作',
    });
    // The withdrawal is audited.
    const [audit] = await queryRows<{ result: string }>(
      t.database.db,
      sql`select result from audit_log where action = 'money.topup.withdraw' and target = ${`topup:${created.id}`}
          order by id limit 1`,
    );
    expect(audit?.result).toBe('success');
  });

  it('refuses once the operator has confirmed or rejected it, with nothing changed', async () => {
    const confirmed = await topUp(10_100);
    expect((await ops.post(`/api/ops/topup/${confirmed.id}/confirm`)).body.status).toBe(200);
    expect((await demo.post(withdraw(confirmed.id))).body).toMatchObject({
      status: 40900,
      message: '该充值已确认到账，不能撤回',
    });
    expect((await demo.get(one(confirmed.id))).body.data).toMatchObject({ status: 'confirmed', canWithdraw: false });

    const rejected = await topUp(10_200);
    expect((await ops.post(`/api/ops/topup/${rejected.id}/reject`, { reason: '金额不符' })).body.status).toBe(200);
    expect((await demo.post(withdraw(rejected.id))).body).toMatchObject({
      status: 40900,
      message: '该充值已驳回，不能撤回',
    });
    expect((await demo.get(one(rejected.id))).body.data.status).toBe('rejected');
  });

  it('is for the submitter or an admin holding 账户充值: another admin holding it may, one without it may not', async () => {
    const created = await topUp(10_300);
    const viewer = caller(t.app, await adminWithout(t, demoToken, ['money:topup']));
    const seen = await viewer.get(one(created.id));
    expect(seen.body.data).toMatchObject({ status: 'pending', canWithdraw: false });
    expect((await viewer.post(withdraw(created.id))).body).toMatchObject({
      status: 40301,
      message: '只有提交该充值的管理员或拥有“账户充值”权限的管理员可以撤回',
    });
    expect(await inQueue(created.id)).toBe(true);
    // 财务 holds 账户充值 and did not submit it.
    expect((await finance.get(one(created.id))).body.data.canWithdraw).toBe(true);
    expect((await finance.post(withdraw(created.id))).body.data.status).toBe('withdrawn');
  });

  it('answers 404 for another company’s top-up, and leaves it alone', async () => {
    const created = await topUp(10_400);
    expect((await yunfan.get(one(created.id))).body.status).toBe(40400);
    expect((await yunfan.post(withdraw(created.id))).body).toMatchObject({ status: 40400, message: '充值记录不存在' });
    expect((await demo.get(one(created.id))).body.data.status).toBe('pending');
  });

  it('a withdrawal racing the operator’s confirmation: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await topUp(20_000 + round);
      const before = await available();
      const [w, c] = await Promise.all([
        demo.post(withdraw(created.id)),
        ops.post(`/api/ops/topup/${created.id}/confirm`),
      ]);
      const statuses = [w.body.status, c.body.status].sort();
      expect(statuses, JSON.stringify([w.body, c.body])).toEqual([200, 40900]);
      const final = (await demo.get(one(created.id))).body.data.status as string;
      if (w.body.status === 200) {
        expect(final).toBe('withdrawn');
        expect(await ledgerOf(created.id)).toBe(0);
        expect(await available()).toBe(before);
      } else {
        expect(final).toBe('confirmed');
        expect(w.body.message).toBe('该充值已确认到账，不能撤回');
        expect(await ledgerOf(created.id)).toBe(1);
        expect(await available()).toBe((before ?? 0) + 20_000 + round);
      }
    }
  });

  describe('in the company’s approval (审批中)', () => {
    let financeRole: number;
    beforeAll(async () => {
      [{ id: financeRole }] = (await queryRows<{ id: number }>(
        t.database.db,
        sql`select r.id::int as id from role r join company c on c.id = r.company_id
            where r.name = '财务' and c.name = '星河科技有限公司'`,
      )) as [{ id: number }];
      const saved = await demo.put(TOPUP_FLOW, {
        thresholdFen: 1_000_000,
        enabled: true,
        steps: [{ mode: 'any', roleId: financeRole }],
      });
      expect(saved.body.status).toBe(200);
    });
    afterAll(async () => {
      await demo.put(TOPUP_FLOW, { thresholdFen: 0, enabled: false, steps: [] });
    });

    it('shows its approval; withdrawn, the approval ends 已撤回, its approvers no longer see it, a decision is refused', async () => {
      const created = await topUp(2_500_000);
      expect(created.status).toBe('approving');
      const detail = (await demo.get(one(created.id))).body.data;
      expect(detail).toMatchObject({
        status: 'approving',
        canWithdraw: true,
        approval: { type: 'topup', status: 'pending', currentStep: 1, stepCount: 1 },
      });
      const requestId = detail.approval.id as number;
      const waiting = async () =>
        ((await finance.get('/api/admin/approval/pending')).body.data as { id: number }[]).some(
          (r) => r.id === requestId,
        );
      expect(await waiting()).toBe(true);

      const res = await demo.post(withdraw(created.id));
      expect(res.body.data).toMatchObject({ status: 'withdrawn', approval: { id: requestId, status: 'withdrawn' } });
      expect(await waiting()).toBe(false);
      expect((await finance.post(`/api/admin/approval/${requestId}/approve`, { comment: '同意' })).body).toMatchObject({
        status: 40900,
        message: '该审批已结束，不能再审批',
      });
      expect((await demo.get(one(created.id))).body.data.status).toBe('withdrawn');
      expect(await inQueue(created.id)).toBe(false);
      expect(await ledgerOf(created.id)).toBe(0);
    });

    it('after its approval passed it is 待确认 and may still be withdrawn', async () => {
      const created = await topUp(2_600_000);
      const requestId = (await demo.get(one(created.id))).body.data.approval.id as number;
      expect((await finance.post(`/api/admin/approval/${requestId}/approve`, { comment: '同意' })).body.status).toBe(
        200,
      );
      const detail = (await demo.get(one(created.id))).body.data;
      expect(detail).toMatchObject({ status: 'pending', approval: { status: 'approved' }, canWithdraw: true });
      expect((await demo.post(withdraw(created.id))).body.data).toMatchObject({
        status: 'withdrawn',
        approval: { status: 'approved' },
      });
    });
  });
});
