/**
 * 薪酬发放 through the API (issue 17): batches, items from picked workers and from a sheet, every
 * check reason, fees, edits and re-checks, the monthly limit across batches (and under two
 * concurrent checks), submission through the two-step approval of the demo data, cancellation,
 * permissions and another company's batches. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, payrollPeriodRange } from '@flexpay/contract';
import { queryRows } from '../../src/db/client.ts';
import { chinaDateOf, chinaMonthOf } from '../../src/lib/china-time.ts';
import { buildXlsx, download, testCardNumber, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { adminWithout, waitForImportAt } from './support.ts';
import { signAgreement, waitForRealName } from '../worker/support.ts';

const P = '/api/emolument';
const batchUrl = (id: number, action = '') => `${P}/emolumentGrant/${id}${action}`;

describe('payroll batches', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let hr: Caller;
  let hrToken: string;
  let finance: Caller;
  let yunfan: Caller;
  let hainan: number;
  let jiangsu: number;
  let period: string;
  let serial = 0;

  /** A new 在职 worker of 星河科技 with a bank card (or an Alipay account); answers id and ID number. */
  const newWorker = async (opts: { name?: string; alipay?: boolean } = {}) => {
    const n = ++serial;
    const idNumber = testIdNumber(5_000 + n);
    const body = {
      name:
        opts.name ??
        `测试员工${'甲乙丙丁戊己庚辛壬癸'[n % 10]}${n}`.replace(/\d/g, (d) => '零一二三四五六七八九'[Number(d)] ?? ''),
      idNumber,
      mobile: `139${String(10_000_000 + n).slice(-8)}`,
      joinedAt: '2026-01-05',
      ...(opts.alipay
        ? { alipay: { account: `pay${n}@example.com` } }
        : { bankCard: { bankCode: 'ICBC', cardNumber: testCardNumber(7_000 + n), branch: '' } }),
    };
    const res = await demo.post('/api/companystaff/employee', body);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    // Paid only once verified (实名认证 runs in the background).
    expect(await waitForRealName(demo, res.body.data.id)).toBe('verified');
    return { id: res.body.data.id as number, idNumber, name: body.name };
  };

  const createBatch = async (c: Caller = hr, extra: Record<string, unknown> = {}) => {
    const res = await c.post(`${P}/emolumentGrant`, {
      title: '测试批次',
      period,
      serviceCompanyId: hainan,
      channel: 'bank',
      source: 'workers',
      ...extra,
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const pick = (c: Caller, id: number, items: { workerId: number; amountFen: number }[]) =>
    c.post(batchUrl(id, '/items'), { items });
  const items = async (id: number, query: Record<string, unknown> = {}) =>
    (await demo.get(`${P}/emolumentDetail/page`, { batchId: id, limit: 100, ...query })).body.data as {
      total: number;
      rows: {
        id: number;
        name: string;
        checkResult: string;
        checkReasons: string[];
        feeFen: number;
        amountFen: number;
      }[];
    };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    hrToken = await loginAs(t.app, 'hr');
    hr = caller(t.app, hrToken);
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    period = thisPeriod();
  });
  afterAll(() => t.close());

  describe('the demo data', () => {
    it('has batches in several states, one waiting for the owner or 财务', async () => {
      const counts = (await demo.get(`${P}/emolumentGrant/statusCounts`)).body.data as {
        status: string;
        count: number;
      }[];
      const of = (s: string) => counts.find((c) => c.status === s)?.count;
      expect([of('draft'), of('checking'), of('approving'), of('to_pay'), of('cancelled')]).toEqual([1, 1, 1, 1, 1]);
      const waiting = (await demo.get(`${P}/emolumentGrant/page`, { status: 'approving' })).body.data.rows[0];
      expect(waiting).toMatchObject({ itemCount: 20, failedCount: 0, creator: { name: '陈静' }, feeRateBp: 650 });
      expect(waiting.debitFen).toBe(waiting.amountFen + waiting.feeFen);
      const detail = (await finance.get(batchUrl(waiting.id))).body.data;
      expect(detail.approval).toMatchObject({ status: 'pending', currentStep: 1, stepCount: 1, canDecide: true });
      // Either the owner or 财务 may approve it (it is hr's).
      expect((await demo.get(batchUrl(waiting.id))).body.data.approval.canDecide).toBe(true);
      const failing = (await demo.get(`${P}/emolumentGrant/page`, { status: 'checking' })).body.data.rows[0];
      const failed = await items(failing.id, { result: 'failed' });
      expect(failed.rows[0]?.checkReasons).toContain('员工已离职');
    });
  });

  describe('create, pick, check, fees', () => {
    it('creates a 草稿, refuses bad input and an unlinked service company', async () => {
      const id = await createBatch();
      const got = (await hr.get(batchUrl(id))).body.data;
      expect(got).toMatchObject({ status: 'draft', itemCount: 0, channel: 'bank', approval: null });
      expect(got.batchNo).toMatch(/^FF\d{8}\d{6}$/);
      const bad = await hr.post(`${P}/emolumentGrant`, {
        title: ' ',
        period: '2026-13',
        serviceCompanyId: hainan,
        channel: 'wechat',
      });
      expect(bad.body.status).toBe(40000);
      const paths = (bad.body.data.errors as { path: string }[]).map((e) => e.path).sort();
      expect(paths).toEqual(['channel', 'period', 'title']);
      const foreign = await yunfan.post(`${P}/emolumentGrant`, {
        title: 'x',
        period,
        serviceCompanyId: jiangsu,
        channel: 'bank',
      });
      expect(foreign.body).toMatchObject({ status: 40000, message: '未与该服务商签约或签约已停用' });
      expect((await hr.post(batchUrl(id, '/check'))).body).toMatchObject({
        status: 40900,
        message: '批次中没有发放明细，请先导入或选择员工',
      });
    });

    it('checks picked workers: all pass, fees round half up and 企业承担 adds them to the debit', async () => {
      const a = await newWorker();
      const b = await newWorker();
      const id = await createBatch();
      const added = await pick(hr, id, [
        { workerId: a.id, amountFen: 100_007 },
        { workerId: b.id, amountFen: 200_000 },
      ]);
      expect(added.body.data).toMatchObject({ itemCount: 2, amountFen: 300_007, status: 'draft' });
      const checked = await hr.post(batchUrl(id, '/check'));
      expect(checked.body).toMatchObject({ status: 200, message: '核对通过' });
      // 100,007 × 6.5% = 6,500.455 → 6,500; 200,000 × 6.5% = 13,000.
      expect(checked.body.data).toMatchObject({
        status: 'confirming',
        okCount: 2,
        feeFen: 19_500,
        netFen: 300_007,
        debitFen: 319_507,
        feeRateBp: 650,
        feeBearer: 'company',
      });
      const rows = (await items(id)).rows;
      expect(rows.map((r) => r.checkResult)).toEqual(['ok', 'ok']);
      expect(rows[0]).toMatchObject({ feeFen: 6_500, account: { channel: 'bank', bankCode: 'ICBC' } });
      expect((rows[0] as unknown as { account: { accountMasked: string } }).account.accountMasked).toMatch(/\*/);
    });

    it('个人承担 deducts the fee from the net (江苏智薪, 8%)', async () => {
      const a = await newWorker();
      // 江苏智薪 has an agreement (the demo's): the worker signs it before being paid through it.
      await signAgreement(t, demo, jiangsu, a.id);
      const id = await createBatch(hr, { serviceCompanyId: jiangsu });
      await pick(hr, id, [{ workerId: a.id, amountFen: 12_345 }]);
      const checked = (await hr.post(batchUrl(id, '/check'))).body.data;
      // 12,345 × 8% = 987.6 → 988.
      expect(checked).toMatchObject({ feeFen: 988, netFen: 11_357, debitFen: 12_345, feeBearer: 'worker' });
    });

    it('reports every check reason, in Chinese, per item', async () => {
      const left = await newWorker();
      await demo.put(`/api/companystaff/employee/${left.id}/leave`, { leftAt: '2026-06-30' });
      const alipayOnly = await newWorker({ alipay: true });
      const renamed = await newWorker();
      await t.database.db.execute(
        sql`update worker_bank_card set holder_name = '别人' where worker_id = ${renamed.id}`,
      );
      const ok = await newWorker();
      const id = await createBatch();
      await pick(hr, id, [
        { workerId: left.id, amountFen: 10_000 },
        { workerId: alipayOnly.id, amountFen: 10_000 },
        { workerId: renamed.id, amountFen: 10_000 },
        { workerId: ok.id, amountFen: 50 },
        { workerId: ok.id, amountFen: 5_000_001 },
        { workerId: ok.id, amountFen: 10_000 },
        { workerId: ok.id, amountFen: 10_000 },
      ]);
      // A sheet row whose name does not match, and an ID number of no worker.
      const itemsTable = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from payroll_item where batch_id = ${id} order by row_no`,
      );
      await t.database.db.execute(sql`update payroll_item set name = '张冒名' where id = ${itemsTable[5]?.id}`);
      await t.database.db.execute(
        sql`update payroll_item set id_number_hash = 'no-such-worker' where id = ${itemsTable[6]?.id}`,
      );
      const checked = await hr.post(batchUrl(id, '/check'));
      expect(checked.body.message).toBe('核对完成：7 条未通过，请修改或删除后重新核对');
      expect(checked.body.data).toMatchObject({ status: 'checking', failedCount: 7, okCount: 0 });
      const reasons = (await items(id)).rows.map((r) => r.checkReasons);
      expect(reasons[0]).toEqual(['员工已离职']);
      expect(reasons[1]).toEqual(['员工没有银行卡收款账户']);
      expect(reasons[2]).toEqual(['银行卡收款账户户名与员工姓名不符']);
      expect(reasons[3]).toEqual(['金额低于单笔最低 ¥1.00']);
      expect(reasons[4]).toEqual(['同一批次中重复：与序号 4 为同一员工', '金额超过单笔最高 ¥50000.00']);
      expect(reasons[5]).toEqual(['同一批次中重复：与序号 4 为同一员工', `姓名与身份证号不符（登记姓名为${ok.name}）`]);
      expect(reasons[6]).toEqual(['员工不存在：该身份证号未登记为本公司员工']);
      expect((await items(id, { result: 'failed' })).total).toBe(7);
      expect((await items(id, { result: 'ok' })).total).toBe(0);
      expect((await hr.post(batchUrl(id, '/submit'))).body).toMatchObject({
        status: 40900,
        message: '还有 7 条发放明细核对未通过，请修改或删除后重新核对',
      });
    });

    it('fixes a failed item by editing or removing it, then passes the re-check', async () => {
      const a = await newWorker();
      const b = await newWorker();
      const id = await createBatch();
      await pick(hr, id, [
        { workerId: a.id, amountFen: 6_000_000 },
        { workerId: b.id, amountFen: 100_000 },
        { workerId: b.id, amountFen: 100_000 },
      ]);
      await hr.post(batchUrl(id, '/check'));
      const [first, , third] = (await items(id)).rows;
      const edited = await hr.put(`${P}/emolumentDetail/${first?.id}`, { amountFen: 4_000_000, remark: '改为 4 万' });
      expect(edited.body).toMatchObject({ status: 200, data: { checkResult: 'unchecked', amountFen: 4_000_000 } });
      expect((await hr.put(`${P}/emolumentDetail/${first?.id}`, { amountFen: 0 })).body.status).toBe(40000);
      expect((await hr.del(`${P}/emolumentDetail/${third?.id}`)).body.status).toBe(200);
      const rechecked = (await hr.post(batchUrl(id, '/check'))).body.data;
      expect(rechecked).toMatchObject({ status: 'confirming', itemCount: 2, okCount: 2, amountFen: 4_100_000 });
      // An edit after a passed check takes the batch back to 核对中.
      const [, second] = (await items(id)).rows;
      await hr.put(`${P}/emolumentDetail/${second?.id}`, { amountFen: 100_001 });
      expect((await hr.get(batchUrl(id))).body.data.status).toBe('checking');
    });
  });

  describe('the items list', () => {
    it('pages in 序号 order, which stays without gaps after a removal; filters by result and name', async () => {
      const w = await newWorker();
      const id = await createBatch();
      await pick(
        hr,
        id,
        Array.from({ length: 25 }, (_, i) => ({ workerId: w.id, amountFen: 1_000 + i })),
      );
      const third = (await items(id)).rows[2];
      expect((await hr.del(`${P}/emolumentDetail/${third?.id}`)).body.status).toBe(200);
      const page2 = (await demo.get(`${P}/emolumentDetail/page`, { batchId: id, page: 2, limit: 10 })).body.data;
      expect(page2.total).toBe(24);
      expect(page2.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      expect(page2.rows.map((r: { amountFen: number }) => r.amountFen)).toEqual(
        Array.from({ length: 10 }, (_, i) => 1_011 + i),
      );
      const page3 = (await demo.get(`${P}/emolumentDetail/page`, { batchId: id, page: 3, limit: 10 })).body.data;
      expect(page3.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual([21, 22, 23, 24]);
      await hr.post(batchUrl(id, '/check'));
      expect((await items(id, { result: 'failed' })).total).toBe(23);
      expect((await items(id, { result: 'ok' })).total).toBe(1);
      expect((await items(id, { name: w.name.slice(0, 2) })).total).toBe(24);
      expect((await items(id, { name: '无此人' })).total).toBe(0);
    });
  });

  describe('the monthly limit', () => {
    it('counts what is held or paid this month, whatever the 发放月份 label: the later batch fails past ¥98,000', async () => {
      const w = await newWorker();
      const first = await createBatch();
      await pick(hr, first, [{ workerId: w.id, amountFen: 5_000_000 }]);
      expect((await hr.post(batchUrl(first, '/check'))).body.data.status).toBe('confirming');
      // Labelled next month, paid this month: it shares this month's total.
      const second = await createBatch(hr, { period: addMonths(period, 1) });
      await pick(hr, second, [{ workerId: w.id, amountFen: 4_900_000 }]);
      expect((await hr.post(batchUrl(second, '/check'))).body.data.failedCount).toBe(1);
      expect((await items(second)).rows[0]?.checkReasons).toEqual([
        '超出每月限额 ¥98000.00：本月已发放 ¥50000.00，本笔 ¥49000.00',
      ]);
      // Cancelling the first gives its reservation back.
      expect((await hr.post(batchUrl(first, '/cancel'), { reason: '' })).body.status).toBe(40000);
      expect((await hr.post(batchUrl(first, '/cancel'), { reason: '金额有误' })).body.data.status).toBe('cancelled');
      expect((await hr.post(batchUrl(second, '/check'))).body.data.status).toBe('confirming');
    });

    it('counts money paid within this month in China, and not what was paid last month or failed', async () => {
      const w = await newWorker();
      const paid = await createBatch(hr, { period: addMonths(period, -1) });
      await pick(hr, paid, [{ workerId: w.id, amountFen: 5_000_000 }]);
      expect((await hr.post(batchUrl(paid, '/check'))).body.data.status).toBe('confirming');
      // Paid in full a moment ago (as settlement leaves it).
      const settle = (payStatus: string, paidAt: string) =>
        t.database.db.execute(sql`
          with b as (update payroll_batch set status = 'completed' where id = ${paid} returning id)
          update payroll_item set pay_status = ${payStatus}, paid_at = ${paidAt}::timestamptz
           where batch_id = (select id from b)`);
      await settle('paid', new Date().toISOString());
      const next = await createBatch(hr, { period: addMonths(period, 1) });
      await pick(hr, next, [{ workerId: w.id, amountFen: 4_900_000 }]);
      expect((await hr.post(batchUrl(next, '/check'))).body.data.failedCount).toBe(1);
      expect((await items(next)).rows[0]?.checkReasons).toEqual([
        '超出每月限额 ¥98000.00：本月已发放 ¥50000.00，本笔 ¥49000.00',
      ]);
      // Paid before this month began (China time): this month's total does not hold it.
      const { start } = chinaMonthOf(new Date());
      await settle('paid', new Date(start.getTime() - 1).toISOString());
      expect((await hr.post(batchUrl(next, '/check'))).body.data.status).toBe('confirming');
      // A failed payment returned the money: it counts no more either.
      await t.database.db.execute(sql`update payroll_batch set status = 'checking' where id = ${next}`);
      await settle('failed', new Date().toISOString());
      expect((await hr.post(batchUrl(next, '/check'))).body.data.status).toBe('confirming');
    });

    it('takes 发放月份 labels from a year back to a month ahead, nothing else', async () => {
      const { min, max } = payrollPeriodRange(chinaDateOf(new Date()));
      for (const bad of [addMonths(min, -1), addMonths(max, 1), '2031-06']) {
        const res = await hr.post(`${P}/emolumentGrant`, {
          title: '月份测试',
          period: bad,
          serviceCompanyId: hainan,
          channel: 'bank',
          source: 'workers',
        });
        expect(res.body, bad).toMatchObject({ status: 40000, message: `发放月份须在 ${min} 至 ${max} 之间` });
      }
      expect(await createBatch(hr, { period: min })).toBeGreaterThan(0);
      expect(await createBatch(hr, { period: max })).toBeGreaterThan(0);
    });

    it('two batches checked at the same time never together pass a worker over the limit', async () => {
      const w = await newWorker();
      const a = await createBatch();
      const b = await createBatch();
      await pick(hr, a, [{ workerId: w.id, amountFen: 5_000_000 }]);
      await pick(hr, b, [{ workerId: w.id, amountFen: 5_000_000 }]);
      const [ra, rb] = await Promise.all([hr.post(batchUrl(a, '/check')), hr.post(batchUrl(b, '/check'))]);
      expect([ra.body.data.status, rb.body.data.status].sort()).toEqual(['checking', 'confirming']);
    });
  });

  describe('submission and approval', () => {
    const ready = async (amountFen: number, by: Caller = hr) => {
      const workers = await Promise.all([newWorker(), newWorker()]);
      const id = await createBatch(by);
      await pick(
        by,
        id,
        workers.map((w) => ({ workerId: w.id, amountFen })),
      );
      expect((await by.post(batchUrl(id, '/check'))).body.data.status).toBe('confirming');
      return id;
    };

    it('under ¥50,000 needs no approval: 待支付 at once', async () => {
      const id = await ready(1_000_000);
      const submitted = await hr.post(batchUrl(id, '/submit'));
      expect(submitted.body).toMatchObject({
        status: 200,
        message: '核对确认完成，待支付',
        data: { status: 'to_pay' },
      });
      expect((await hr.post(batchUrl(id, '/submit'))).body).toMatchObject({
        status: 40900,
        message: '批次当前为“待支付”，不能提交（请先完成核对）',
      });
    });

    it('over it: the owner or 财务 approves, never the creator, to 待支付', async () => {
      const id = await ready(3_000_000);
      const submitted = await hr.post(batchUrl(id, '/submit'));
      expect(submitted.body).toMatchObject({ message: '已提交审批', data: { status: 'approving' } });
      const approval = (await hr.get(batchUrl(id))).body.data.approval;
      expect(approval).toMatchObject({ status: 'pending', currentStep: 1, stepCount: 1, canDecide: false });
      // hr made it (and may not approve anyway).
      expect((await hr.post(`/api/admin/approval/${approval.id}/approve`, {})).body.status).toBe(40301);
      expect(
        (await hr.put(`${P}/emolumentDetail/${(await items(id)).rows[0]?.id}`, { amountFen: 1 })).body.status,
      ).toBe(40900);
      await demo.post(`/api/admin/approval/${approval.id}/approve`, { comment: '同意' });
      const done = (await hr.get(batchUrl(id))).body.data;
      expect(done.status).toBe('to_pay');
      expect(
        done.approval.actions.map((a: { adminName: string; comment: string }) => [a.adminName, a.comment]),
      ).toEqual([['林晓', '同意']]);
    });

    it("the owner's own batch over ¥50,000: says beforehand that 财务 approves, and 财务 takes it to 待支付", async () => {
      const id = await ready(3_000_000, demo);
      const preview = await demo.get(batchUrl(id, '/submitPreview'));
      expect(preview.body.data).toEqual({
        required: true,
        thresholdFen: 5_000_000,
        steps: [{ mode: 'any', approvers: [{ id: expect.any(Number), name: '王敏' }] }],
        blocked: null,
      });
      expect((await demo.post(batchUrl(id, '/submit'))).body.data.status).toBe('approving');
      const approval = (await demo.get(batchUrl(id))).body.data.approval;
      expect((await demo.post(`/api/admin/approval/${approval.id}/approve`, {})).body.status).toBe(40301);
      expect((await finance.post(`/api/admin/approval/${approval.id}/approve`, {})).body.status).toBe(200);
      expect((await demo.get(batchUrl(id))).body.data.status).toBe('to_pay');
    });

    it('the preview says no approval is needed under the threshold, and why a submission would be refused', async () => {
      const small = await ready(1_000_000);
      expect((await hr.get(batchUrl(small, '/submitPreview'))).body.data).toEqual({
        required: false,
        thresholdFen: 5_000_000,
        steps: [],
        blocked: null,
      });
      // finance's own batch, with finance the only other approver disabled: nobody is left.
      const big = await ready(3_000_000, finance);
      await t.database.db.execute(sql`update admin set status = 'disabled' where username = 'demo'`);
      try {
        const blocked = (await finance.get(batchUrl(big, '/submitPreview'))).body.data;
        expect(blocked).toMatchObject({ required: true, steps: [{ approvers: [] }] });
        expect(blocked.blocked).toMatch(/第 1 步.*没有可审批的管理员/);
      } finally {
        await t.database.db.execute(sql`update admin set status = 'enabled' where username = 'demo'`);
      }
      expect((await yunfan.get(batchUrl(big, '/submitPreview'))).body.status).toBe(40400);
    });

    it('a 待审批 batch can be withdrawn to 待确认 or cancelled; its approval ends and leaves the approvers’ lists', async () => {
      const pendingOf = async (c: Caller) =>
        ((await c.get('/api/admin/approval/pending')).body.data as { id: number }[]).map((r) => r.id);
      // 撤回: back to 待确认, the approval 已撤回, a decision on it refused; it can be submitted again.
      const w = await ready(3_000_000);
      await hr.post(batchUrl(w, '/submit'));
      const first = (await hr.get(batchUrl(w))).body.data.approval;
      expect(await pendingOf(finance)).toContain(first.id);
      const withdrawn = await hr.post(batchUrl(w, '/withdraw'));
      expect(withdrawn.body).toMatchObject({
        status: 200,
        message: '已撤回，批次回到待确认',
        data: { status: 'confirming' },
      });
      expect((await hr.get(batchUrl(w))).body.data.approval).toMatchObject({ id: first.id, status: 'withdrawn' });
      expect(await pendingOf(finance)).not.toContain(first.id);
      expect(await pendingOf(demo)).not.toContain(first.id);
      expect((await finance.post(`/api/admin/approval/${first.id}/approve`, {})).body).toMatchObject({
        status: 40900,
        message: '该审批已结束，不能再审批',
      });
      expect((await hr.post(batchUrl(w, '/withdraw'))).body).toMatchObject({
        status: 40900,
        message: '批次当前为“待确认”，不能撤回（只有待审批的批次可以撤回）',
      });
      expect((await hr.post(batchUrl(w, '/submit'))).body.data.status).toBe('approving');

      // 取消: 已取消 with its reason, the approval 已撤回.
      const c = await ready(3_000_000);
      await hr.post(batchUrl(c, '/submit'));
      const approval = (await hr.get(batchUrl(c))).body.data.approval;
      expect((await hr.post(batchUrl(c, '/cancel'), { reason: ' ' })).body.status).toBe(40000);
      expect((await hr.get(batchUrl(c))).body.data).toMatchObject({
        status: 'approving',
        approval: { status: 'pending' },
      });
      const cancelled = await hr.post(batchUrl(c, '/cancel'), { reason: '金额有误，重新做' });
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: '金额有误，重新做' });
      expect((await hr.get(batchUrl(c))).body.data.approval).toMatchObject({ status: 'withdrawn' });
      expect(await pendingOf(demo)).not.toContain(approval.id);
      expect((await demo.post(`/api/admin/approval/${approval.id}/approve`, {})).body.status).toBe(40900);
      expect((await hr.get(batchUrl(c))).body.data.status).toBe('cancelled');

      // Nothing else: another company's batch, and no element.
      expect((await yunfan.post(batchUrl(w, '/withdraw'))).body.status).toBe(40400);
      const viewer = caller(t.app, await adminWithout(t, demoToken, ['payroll:check']));
      expect((await viewer.post(batchUrl(w, '/withdraw'))).body.status).toBe(40301);
      expect((await hr.get(batchUrl(w))).body.data.status).toBe('approving');
    });

    it('a rejection sends it back to 待确认 with the reason in its history; it can be resubmitted', async () => {
      const id = await ready(3_000_000);
      await hr.post(batchUrl(id, '/submit'));
      const approval = (await hr.get(batchUrl(id))).body.data.approval;
      await finance.post(`/api/admin/approval/${approval.id}/reject`, { comment: '金额需再确认' });
      const back = (await hr.get(batchUrl(id))).body.data;
      expect(back).toMatchObject({ status: 'confirming', approval: { status: 'rejected' } });
      expect(back.approval.actions[0]).toMatchObject({ decision: 'reject', comment: '金额需再确认' });
      expect((await hr.post(batchUrl(id, '/submit'))).body.data.status).toBe('approving');
    });

    it('an approver without 审批发放 cannot decide a batch', async () => {
      const noApprove = caller(t.app, await adminWithout(t, demoToken, ['payroll:approve']));
      const id = await ready(3_000_000, noApprove);
      await noApprove.post(batchUrl(id, '/submit'));
      const approval = (await demo.get(batchUrl(id))).body.data.approval;
      // hr holds 人事专员 (no 审批发放) and is not an approver either; finance is.
      expect((await finance.post(`/api/admin/approval/${approval.id}/approve`, {})).body.status).toBe(200);
    });
  });

  describe('the sheet import', () => {
    it('downloads the template, imports a sheet into the batch, and the check judges its rows', async () => {
      const template = await download(t.app, hrToken, `${P}/emolumentGrant/import/template`);
      expect(template.statusCode).toBe(200);
      const a = await newWorker();
      const b = await newWorker();
      const id = await createBatch(hr, { source: 'sheet' });
      const sheet = await buildXlsx([
        {
          name: '发放明细',
          rows: [
            ['*姓名', '*身份证号', '*金额（元）', '备注'],
            [a.name, a.idNumber, 1234.5, '十一月'],
            [b.name, b.idNumber, '6000000', ''],
          ],
        },
      ]);
      const upload = await uploadTo(t.app, hrToken, `${P}/emolumentGrant/import?subjectId=${id}`, {
        name: '发放.xlsx',
        content: sheet,
      });
      expect(upload.body.status, JSON.stringify(upload.body)).toBe(200);
      const validated = await waitForImportAt(t, hrToken, `${P}/emolumentGrant/import`, upload.body.data.id);
      expect(validated).toMatchObject({ status: 'validated', validRows: 2, errorRows: 0 });
      expect((await hr.post(`${P}/emolumentGrant/import/${validated.id}/commit`)).body.status).toBe(200);
      const committed = await waitForImportAt(t, hrToken, `${P}/emolumentGrant/import`, validated.id);
      expect(committed).toMatchObject({ status: 'committed', insertedRows: 2 });
      const batch = (await hr.post(batchUrl(id, '/check'))).body.data;
      expect(batch).toMatchObject({ itemCount: 2, okCount: 1, failedCount: 1, amountFen: 600_123_450 });
      const rows = (await items(id)).rows;
      expect(rows[0]).toMatchObject({ amountFen: 123_450, remark: '十一月', checkResult: 'ok' });
      expect(rows[1]?.checkReasons).toEqual(['金额超过单笔最高 ¥50000.00']);
    });

    it('reports a bad row with its reason, and refuses an upload without or into a closed batch', async () => {
      const id = await createBatch(hr, { source: 'sheet' });
      const csv = '姓名,身份证号,金额（元）,备注\n张三,110105199003071234,12.345,\n,,abc,\n';
      const upload = await uploadTo(t.app, hrToken, `${P}/emolumentGrant/import?subjectId=${id}`, {
        name: '发放.csv',
        content: csv,
      });
      const job = await waitForImportAt(t, hrToken, `${P}/emolumentGrant/import`, upload.body.data.id);
      expect(job.errorRows).toBe(2);
      const messages = (job.errors as { row: number; field: string; message: string }[]).map(
        (e) => `${e.row}:${e.field}:${e.message}`,
      );
      expect(messages).toContain('2:金额:金额应为数字，最多两位小数');
      expect(messages).toContain('3:姓名:请填写姓名');
      expect(messages.some((m) => m.startsWith('2:身份证号:身份证号'))).toBe(true);
      expect(
        (await uploadTo(t.app, hrToken, `${P}/emolumentGrant/import`, { name: 'a.csv', content: csv })).body,
      ).toMatchObject({
        status: 40000,
        message: '请指定发放明细导入的目标',
      });
      const cancelled = await createBatch();
      await hr.post(batchUrl(cancelled, '/cancel'), { reason: '作废' });
      const closed = await uploadTo(t.app, hrToken, `${P}/emolumentGrant/import?subjectId=${cancelled}`, {
        name: 'a.csv',
        content: csv,
      });
      expect(closed.body).toMatchObject({ status: 40900, message: '批次当前为“已取消”，不能添加发放明细' });
    });
  });

  describe('permissions and other companies', () => {
    it('answers 40301 without the payroll elements', async () => {
      const none = caller(
        t.app,
        await adminWithout(t, demoToken, ['payroll:view', 'payroll:create', 'payroll:check', 'payroll:approve']),
      );
      expect((await none.get(`${P}/emolumentGrant/page`)).body.status).toBe(40301);
      expect((await none.post(`${P}/emolumentGrant`, {})).body.status).toBe(40301);
      expect((await none.post(batchUrl(1, '/check'))).body.status).toBe(40301);
      expect((await none.post(batchUrl(1, '/submit'))).body.status).toBe(40301);
      expect((await none.get(`${P}/emolumentDetail/page`, { batchId: 1 })).body.status).toBe(40301);
      expect((await caller(t.app).get(`${P}/emolumentGrant/page`)).body.status).toBe(40101);
    });

    it("answers 40400 for another company's batch and items, and lists only the company's own", async () => {
      const w = await newWorker();
      const id = await createBatch();
      await pick(hr, id, [{ workerId: w.id, amountFen: 10_000 }]);
      const item = (await items(id)).rows[0]?.id as number;
      for (const res of [
        await yunfan.get(batchUrl(id)),
        await yunfan.post(batchUrl(id, '/check')),
        await yunfan.post(batchUrl(id, '/submit')),
        await yunfan.post(batchUrl(id, '/cancel'), { reason: 'x' }),
        await yunfan.post(batchUrl(id, '/items'), { items: [{ workerId: w.id, amountFen: 1 }] }),
        await yunfan.get(`${P}/emolumentDetail/page`, { batchId: id }),
        await yunfan.put(`${P}/emolumentDetail/${item}`, { amountFen: 5 }),
        await yunfan.del(`${P}/emolumentDetail/${item}`),
      ]) {
        expect(res.body.status).toBe(40400);
      }
      expect((await yunfan.post(`${P}/emolumentDetail/getEmolumentDetailByIds`, { ids: [item] })).body.data).toEqual(
        [],
      );
      expect(
        (await demo.post(`${P}/emolumentDetail/getEmolumentDetailByIds`, { ids: [item] })).body.data[0],
      ).toMatchObject({ id: item, batchId: id });
      expect((await yunfan.get(`${P}/emolumentGrant/page`)).body.data.total).toBe(0);
      // Another company's worker cannot be picked.
      const foreignWorker = await queryRows<{ id: number }>(
        t.database.db,
        sql`select w.id from worker w join company c on c.id = w.company_id where c.name = '云帆物流有限公司' limit 1`,
      );
      const picked = await pick(hr, id, [{ workerId: Number(foreignWorker[0]?.id), amountFen: 100 }]);
      expect(picked.body).toMatchObject({ status: 40000, message: '第 1 名员工不存在' });
    });
  });
});
