/**
 * The approval engine through the API (issue 17 point 4): flows per type, the start of an
 * approval by the module that owns its subject, decisions step by step (any of / all of), the
 * starter never approving, 待我审批, and another company's requests. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { startApproval, STARTER_CANNOT_APPROVE } from '../../src/modules/approval/service.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { opsLogin, serviceCompanyId, uploadVoucher } from '../money/support.ts';
import { adminWithout } from '../worker/support.ts';
import { withoutInvoiceOutcome } from './support.ts';

const FLOW = '/api/admin/approvalFlow/invoice';
const PENDING = '/api/admin/approval/pending';
const COUNT = '/api/admin/approval/pending/count';
const one = (id: number) => `/api/admin/approval/${id}`;

describe('approval engine', () => {
  let t: TestApp;
  let demo: Caller;
  let finance: Caller;
  let clerk: Caller;
  let yunfan: Caller;
  let demoToken: string;
  let ids: { xinghe: number; demo: number; finance: number; clerk: number; financeRole: number; yunfanRole: number };
  const outcomes: { subject: string; outcome: string; comment: string }[] = [];
  /** What waits for each admin in the demo data (the seeded batch waits for 财务): counts are relative to it. */
  let seeded: { demo: number; finance: number };

  const idOf = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: string }>(t.database.db, query))[0]?.id);

  beforeAll(async () => {
    t = await createTestApp({}, withoutInvoiceOutcome);
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    // A third admin of 星河科技 who starts approvals (holds every element, so not the 财务 role).
    clerk = caller(t.app, await adminWithout(t, demoToken, []));
    ids = {
      xinghe: await idOf(sql`select id from company where name = '星河科技有限公司'`),
      demo: await idOf(sql`select id from admin where username = 'demo'`),
      finance: await idOf(sql`select id from admin where username = 'finance'`),
      clerk: await idOf(sql`select id from admin where username like 'limited_%' order by id desc limit 1`),
      financeRole: await idOf(sql`select r.id from role r join company c on c.id = r.company_id
                                  where r.name = '财务' and c.name = '星河科技有限公司'`),
      yunfanRole: await idOf(sql`select r.id from role r join company c on c.id = r.company_id
                                 where c.name = '云帆物流有限公司' limit 1`),
    };
    seeded = {
      demo: (await demo.get(COUNT)).body.data.count as number,
      finance: (await finance.get(COUNT)).body.data.count as number,
    };
    // The engine's own tests: this test stands in for the owner of 开票 (the invoice area's is left out).
    t.app.ctx.registry.approvalOutcomes.add('invoice', async (_tx, request, outcome, comment) => {
      outcomes.push({ subject: request.subject.id, outcome, comment });
    });
  });
  afterAll(() => t.close());

  const start = (subject: string, amountFen: number, creator = ids.clerk) =>
    t.database.db.transaction((tx) =>
      startApproval(tx, t.app.ctx.registry.approvalOutcomes, {
        companyId: ids.xinghe,
        type: 'invoice',
        subject: { kind: 'test-invoice', id: subject },
        amountFen,
        creatorAdminId: creator,
        title: `测试开票 ${subject}`,
      }),
    );

  describe('flows', () => {
    it('answers no flow until one is saved, then the saved flow', async () => {
      const none = await demo.get(FLOW);
      expect(none.body.data).toMatchObject({ type: 'invoice', configured: false, enabled: false, steps: [] });
      const saved = await demo.put(FLOW, {
        thresholdFen: 5_000_000,
        enabled: true,
        steps: [
          { mode: 'any', roleId: ids.financeRole },
          { mode: 'all', adminIds: [ids.demo] },
        ],
      });
      expect(saved.body.status).toBe(200);
      expect(saved.body.message).toBe('审批流程已保存');
      const got = await demo.get(FLOW);
      expect(got.body.data).toMatchObject({
        configured: true,
        thresholdFen: 5_000_000,
        enabled: true,
        steps: [
          { mode: 'any', roleId: ids.financeRole, adminIds: [] },
          { mode: 'all', roleId: null, adminIds: [ids.demo] },
        ],
      });
    });

    it('refuses bad flows with Chinese messages, and changes nothing', async () => {
      const bad = async (body: unknown) => (await demo.put(FLOW, body)).body;
      expect((await bad({ thresholdFen: 0, enabled: true, steps: [] })).status).toBe(40000);
      const both = await bad({
        thresholdFen: 0,
        enabled: true,
        steps: [{ mode: 'any', roleId: ids.financeRole, adminIds: [ids.demo] }],
      });
      expect(both.message).toContain('二选一');
      const foreign = await bad({ thresholdFen: 0, enabled: true, steps: [{ mode: 'any', roleId: ids.yunfanRole }] });
      expect(foreign).toMatchObject({ status: 40000, message: '第 1 步的角色不存在' });
      const ghost = await bad({ thresholdFen: 0, enabled: true, steps: [{ mode: 'any', adminIds: [999_999] }] });
      expect(ghost.message).toBe('第 1 步的审批人不存在');
      expect(
        (await demo.put('/api/admin/approvalFlow/lunch', { thresholdFen: 0, enabled: true, steps: [] })).body.status,
      ).toBe(40000);
      expect((await demo.get(FLOW)).body.data.thresholdFen).toBe(5_000_000);
    });

    it('offers the company’s roles and enabled admins as approvers, never another company’s', async () => {
      const options = (await demo.get('/api/admin/approvalFlowOptions')).body.data as {
        roles: { id: number; name: string }[];
        admins: { id: number; name: string }[];
      };
      expect(options.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['财务', '人事专员']));
      expect(options.roles.map((r) => r.id)).not.toContain(ids.yunfanRole);
      expect(options.admins.map((a) => a.id)).toEqual(expect.arrayContaining([ids.demo, ids.finance]));
      expect((await finance.get('/api/admin/approvalFlowOptions')).body.status).toBe(40301);
    });

    it('answers 40301 without system:approval and 40101 without a session', async () => {
      expect((await finance.get(FLOW)).body.status).toBe(40301);
      expect((await finance.put(FLOW, { thresholdFen: 0, enabled: false, steps: [] })).body.status).toBe(40301);
      expect((await caller(t.app).get(FLOW)).body.status).toBe(40101);
    });
  });

  describe('requests', () => {
    beforeAll(async () => {
      const saved = await demo.put(FLOW, {
        thresholdFen: 5_000_000,
        enabled: true,
        steps: [
          { mode: 'any', roleId: ids.financeRole },
          { mode: 'all', adminIds: [ids.demo] },
        ],
      });
      expect(saved.body.status).toBe(200);
    });

    it('needs no approval under the threshold', async () => {
      expect(await start('small', 4_999_999)).toEqual({ status: 'approved' });
    });

    it('goes step by step to approved: never by its starter, only by the step’s approvers, once each', async () => {
      const started = await start('big', 6_000_000);
      expect(started.status).toBe('pending');
      const id = (started as { requestId: number }).requestId;

      expect((await clerk.post(`${one(id)}/approve`, {})).body).toMatchObject({
        status: 40301,
        message: STARTER_CANNOT_APPROVE,
      });
      expect((await demo.post(`${one(id)}/approve`, {})).body).toMatchObject({
        status: 40301,
        message: '您不是当前步骤的审批人',
      });
      expect((await demo.get(COUNT)).body.data.count).toBe(seeded.demo);
      expect((await finance.get(COUNT)).body.data.count).toBe(seeded.finance + 1);
      const waiting = (await finance.get(PENDING)).body.data;
      expect(waiting[0]).toMatchObject({
        id,
        title: '测试开票 big',
        amountFen: 6_000_000,
        currentStep: 1,
        stepCount: 2,
        canDecide: true,
      });
      // Each step names its approvers, fixed when the approval started.
      expect(waiting[0].steps).toEqual([
        { mode: expect.any(String), approvers: [expect.objectContaining({ id: ids.finance })] },
        { mode: expect.any(String), approvers: [expect.objectContaining({ id: ids.demo })] },
      ]);
      expect(
        waiting[0].steps.flatMap((s: { approvers: { name: string }[] }) => s.approvers.map((a) => a.name)),
      ).not.toContain('');

      const first = await finance.post(`${one(id)}/approve`, { comment: '金额无误' });
      expect(first.body.data).toMatchObject({ status: 'pending', currentStep: 2, canDecide: false });
      expect((await finance.post(`${one(id)}/approve`, {})).body.status).toBe(40301);
      expect((await finance.get(COUNT)).body.data.count).toBe(seeded.finance);
      expect((await demo.get(COUNT)).body.data.count).toBe(seeded.demo + 1);
      expect(outcomes).toEqual([]);

      const last = await demo.post(`${one(id)}/approve`, {});
      expect(last.body.data).toMatchObject({ status: 'approved', canDecide: false });
      expect(last.body.data.actions).toEqual([
        expect.objectContaining({ step: 1, adminId: ids.finance, decision: 'approve', comment: '金额无误' }),
        expect.objectContaining({ step: 2, adminId: ids.demo, decision: 'approve' }),
      ]);
      expect(outcomes).toEqual([{ subject: 'big', outcome: 'approved', comment: '' }]);
      expect((await demo.post(`${one(id)}/approve`, {})).body).toMatchObject({
        status: 40900,
        message: '该审批已结束，不能再审批',
      });
    });

    it('ends at a rejection, which needs a reason', async () => {
      const { requestId: id } = (await start('rejected', 9_000_000)) as { requestId: number };
      expect((await finance.post(`${one(id)}/reject`, { comment: '  ' })).body).toMatchObject({
        status: 40000,
        message: expect.stringContaining('请填写驳回原因'),
      });
      const rejected = await finance.post(`${one(id)}/reject`, { comment: '发票抬头有误' });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', currentStep: 1 });
      expect(outcomes.at(-1)).toEqual({ subject: 'rejected', outcome: 'rejected', comment: '发票抬头有误' });
      expect((await demo.get(COUNT)).body.data.count).toBe(seeded.demo);
    });

    it('counts one decision of two sent at once by the same approver (the second finds the step passed)', async () => {
      const { requestId: id } = (await start('twice', 7_000_000)) as { requestId: number };
      const answers = await Promise.all([
        finance.post(`${one(id)}/approve`, {}),
        finance.post(`${one(id)}/approve`, {}),
      ]);
      expect(answers.map((a) => a.body.status).sort()).toEqual([200, 40301]);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from approval_action where request_id = ${id}`,
      );
      expect(row?.n).toBe(1);
    });

    it('refuses to start when a step is left with no approver but the starter', async () => {
      // The starter is demo, the only approver of step 2.
      await expect(start('stranded', 8_000_000, ids.demo)).rejects.toMatchObject({ code: 40900 });
    });

    it("answers 40400 for another company's request", async () => {
      const { requestId: id } = (await start('foreign', 5_500_000)) as { requestId: number };
      expect((await yunfan.get(one(id))).body.status).toBe(40400);
      expect((await yunfan.post(`${one(id)}/approve`, {})).body.status).toBe(40400);
      expect((await yunfan.post(`${one(id)}/reject`, { comment: 'x' })).body.status).toBe(40400);
      expect((await demo.get(one(id))).body.data).toMatchObject({ status: 'pending', creator: { id: ids.clerk } });
      expect((await demo.get(one(999_999))).body.status).toBe(40400);
    });
  });

  describe('top-ups', () => {
    const TOPUP_FLOW = '/api/admin/approvalFlow/topup';
    let jiangsu: number;
    let payer: number;

    beforeAll(async () => {
      jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
      payer = (await demo.get('/api/companystaff/ecompanyPayAccount/list')).body.data[0].id as number;
      const saved = await demo.put(TOPUP_FLOW, {
        thresholdFen: 1_000_000,
        enabled: true,
        steps: [{ mode: 'any', roleId: ids.financeRole }],
      });
      expect(saved.body.status).toBe(200);
    });
    afterAll(async () => {
      await demo.put(TOPUP_FLOW, { thresholdFen: 0, enabled: false, steps: [] });
    });

    const topUp = async (amountFen: number) => {
      const voucher = await uploadVoucher(t.app, demoToken);
      const res = await demo.post('/api/companystaff/ecompanyRecharge', {
        amountFen,
        serviceCompanyId: jiangsu,
        paymentAccountId: payer,
        voucherFileId: voucher,
      });
      expect(res.body.status).toBe(200);
      return res.body as { message: string; data: { id: number; status: string } };
    };
    const inQueue = async (ops: Caller, id: number) =>
      ((await ops.get('/api/ops/topup/page', { status: 'pending' })).body.data.rows as { id: number }[]).some(
        (r) => r.id === id,
      );

    it('a top-up over the threshold waits 审批中, out of the operator’s sight, until approved', async () => {
      const ops = caller(t.app, await opsLogin(t.app));
      const created = await topUp(2_000_000);
      expect(created).toMatchObject({ message: '充值已提交，待公司内部审批', data: { status: 'approving' } });
      const id = created.data.id;
      expect(await inQueue(ops, id)).toBe(false);
      expect((await ops.get(`/api/ops/topup/${id}`)).body.status).toBe(40400);
      expect((await ops.post(`/api/ops/topup/${id}/confirm`)).body.status).toBe(40400);
      const approving = await demo.get('/api/companystaff/ecompanyRecharge/page', { status: 'approving' });
      expect(approving.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);

      const waiting = (await finance.get(PENDING)).body.data as { id: number; type: string; amountFen: number }[];
      const request = waiting.find((r) => r.type === 'topup' && r.amountFen === 2_000_000);
      expect(request).toBeDefined();
      expect((await finance.post(`${one(request!.id)}/approve`, { comment: '凭证无误' })).body.data.status).toBe(
        'approved',
      );
      expect((await demo.get(`/api/companystaff/ecompanyRecharge/${id}`)).body.data.status).toBe('pending');
      expect(await inQueue(ops, id)).toBe(true);
    });

    it('a rejected one is 已驳回 with the approver’s reason; under the threshold goes straight to the platform', async () => {
      const created = await topUp(3_000_000);
      const waiting = (await finance.get(PENDING)).body.data as { id: number; type: string; amountFen: number }[];
      const request = waiting.find((r) => r.type === 'topup' && r.amountFen === 3_000_000);
      await finance.post(`${one(request!.id)}/reject`, { comment: '本月预算已用完' });
      expect((await demo.get(`/api/companystaff/ecompanyRecharge/${created.data.id}`)).body.data).toMatchObject({
        status: 'rejected',
        rejectReason: '审批驳回：本月预算已用完',
      });
      const small = await topUp(999_999);
      expect(small).toMatchObject({ message: '充值已提交，待平台确认到账', data: { status: 'pending' } });
    });
  });
});
