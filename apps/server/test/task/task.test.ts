/**
 * 任务订单 through the API (issue 26): tasks and every transition from allowed and disallowed
 * states, editing before and after assignment, attachments and delivery files (and another
 * company's files), picking workers by id and by the worker list's filters, answers, deliveries,
 * reviews and resubmission, 任务中心, permissions, another company's tasks and workers.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId, uploadVoucher } from '../money/support.ts';
import {
  adminWithout,
  assignmentsOf,
  assignmentUrl,
  auditActions,
  newTask,
  newWorker,
  passAssignment,
  T,
  taskBody,
  taskUrl,
} from './support.ts';

describe('task orders', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let yunfanToken: string;
  let hainan: number;
  let jiangsu: number;

  const task = async (id: number, c: Caller = demo) => (await c.get(taskUrl(id))).body.data;
  const assignment = async (id: number, c: Caller = demo) => (await c.get(assignmentUrl(id))).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfanToken = await loginAs(t.app, 'demo_yf');
    yunfan = caller(t.app, yunfanToken);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  describe('the demo data', () => {
    it('has tasks in every state, workers in every state, deliveries to review and amounts to confirm', async () => {
      const counts = (await demo.get(`${T}/taskOrder/statusCounts`)).body.data as { status: string; count: number }[];
      expect(counts.map((c) => [c.status, c.count])).toEqual([
        ['draft', 1],
        ['published', 1],
        ['in_progress', 1],
        ['accepting', 1],
        ['completed', 1],
        ['cancelled', 1],
      ]);
      const running = (await demo.get(`${T}/taskOrder/page`, { status: 'in_progress' })).body.data.rows[0];
      expect(running.counts).toEqual({ total: 8, pending: 2, accepted: 2, submitted: 2, passed: 1, rejected: 1 });
      expect((await demo.get(`${T}/taskCenter/counts`)).body.data).toEqual({ review: 3, answer: 7 });
      const payable = (await demo.get('/api/emolument/taskConfirmation/summary')).body.data;
      expect(payable).toMatchObject({ count: 7 });
      expect((await yunfan.get(`${T}/taskCenter/counts`)).body.data).toEqual({ review: 0, answer: 3 });
      const rejected = (await demo.get(taskUrl(running.id, '/assignments'), { status: 'rejected' })).body.data.rows[0];
      expect((await assignment(rejected.id)).deliveries[0].rejectReason).toContain('重新提交');
    });
  });

  describe('publishing and editing', () => {
    it('creates a 草稿 with its attachments, refusing bad input in Chinese', async () => {
      const file = await uploadVoucher(t.app, demoToken, '说明.png');
      const res = await demo.post(`${T}/taskOrder`, taskBody(hainan, { attachmentIds: [file], budgetFen: 100_000 }));
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'draft',
        settlement: 'piece',
        plannedQuantity: 100,
        defaultAgreedFen: 15_000,
        actions: ['publish', 'cancel'],
        lockedFields: [],
        attachments: [{ id: file, name: '说明.png' }],
        creator: { name: '林晓' },
      });
      expect(res.body.data.taskNo).toMatch(/^RW\d{8}$/);

      const bad = await demo.post(`${T}/taskOrder`, {
        ...taskBody(hainan),
        title: ' ',
        endDate: '2026-10-01',
        settlement: 'daily',
        unitPriceFen: 0.5,
        plannedQuantity: 1.234,
      });
      expect(bad.body.status).toBe(40000);
      const paths = (bad.body.data.errors as { path: string; message: string }[]).map((e) => e.path).sort();
      expect(paths).toEqual(['plannedQuantity', 'settlement', 'title', 'unitPriceFen']);
      const dates = await demo.post(`${T}/taskOrder`, taskBody(hainan, { endDate: '2026-10-01' }));
      expect(dates.body.data.errors[0]).toMatchObject({ path: 'endDate', message: '结束日期不能早于开始日期' });
    });

    it("refuses another company's file, service company and job type, and an unlinked service company", async () => {
      const theirs = await uploadVoucher(t.app, yunfanToken);
      const foreignFile = await demo.post(`${T}/taskOrder`, taskBody(hainan, { attachmentIds: [theirs] }));
      expect(foreignFile.body.status).toBe(40000);
      expect(foreignFile.body.data.errors[0]).toMatchObject({
        path: 'attachmentIds.0',
        message: '文件不存在，请重新上传',
      });
      const unlinked = await yunfan.post(`${T}/taskOrder`, taskBody(jiangsu));
      expect(unlinked.body.data.errors[0]).toMatchObject({ path: 'serviceCompanyId' });
      const [theirType] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select j.id from job_type j join company c on c.id = j.company_id where c.name = '云帆物流有限公司' limit 1`,
      );
      const foreignType = await demo.post(`${T}/taskOrder`, taskBody(hainan, { jobTypeId: Number(theirType?.id) }));
      expect(foreignType.body.data.errors[0]).toMatchObject({ path: 'jobTypeId', message: '工种不存在' });
      // Nothing was written by the refusals.
      const [n] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from task_attachment where file_id = ${theirs}`,
      );
      expect(n?.n).toBe(0);
    });

    it('moves only along the state machine, each transition audited', async () => {
      const id = await newTask(demo, hainan, {}, false);
      const target = `task:${id}`;
      // From 草稿: no start, finish or complete.
      for (const [action, message] of [
        ['/start', '只有已发布的任务可以开始执行'],
        ['/finish', '只有进行中的任务可以进入验收'],
        ['/complete', '只有待验收的任务可以完成'],
      ] as const) {
        const res = await demo.post(taskUrl(id, action));
        expect(res.body).toMatchObject({ status: 40900, message });
      }
      expect((await task(id)).status).toBe('draft');
      expect((await demo.post(taskUrl(id, '/publish'))).body.data).toMatchObject({
        status: 'published',
        actions: ['start', 'cancel'],
      });
      expect((await demo.post(taskUrl(id, '/publish'))).body).toMatchObject({
        status: 40900,
        message: '只有草稿状态的任务可以发布',
      });
      expect((await demo.post(taskUrl(id, '/start'))).body.data.status).toBe('in_progress');
      expect((await demo.post(taskUrl(id, '/complete'))).body.status).toBe(40900);
      expect((await demo.post(taskUrl(id, '/finish'))).body.data.status).toBe('accepting');
      expect((await demo.post(taskUrl(id, '/cancel'), { reason: '不做了' })).body).toMatchObject({
        status: 40900,
        message: '待验收、已完成或已取消的任务不能取消',
      });
      expect((await demo.post(taskUrl(id, '/complete'))).body.data).toMatchObject({ status: 'completed', actions: [] });
      for (const action of ['/publish', '/start', '/finish', '/complete']) {
        expect((await demo.post(taskUrl(id, action))).body.status).toBe(40900);
      }
      expect((await demo.put(taskUrl(id), taskBody(hainan))).body).toMatchObject({
        status: 40900,
        message: '已完成或已取消的任务不能编辑',
      });
      expect(await auditActions(t, target)).toEqual([
        'task.create:success',
        'task.start:failure',
        'task.finish:failure',
        'task.complete:failure',
        'task.publish:success',
        'task.publish:failure',
        'task.start:success',
        'task.complete:failure',
        'task.finish:success',
        'task.cancel:failure',
        'task.complete:success',
        'task.publish:failure',
        'task.start:failure',
        'task.finish:failure',
        'task.complete:failure',
        'task.update:failure',
      ]);
      // 任务详情's 任务记录: what succeeded, in order, with who did it.
      const history = (await demo.get(taskUrl(id))).body.data.history as { label: string; adminName: string }[];
      expect(history.map((h) => h.label)).toEqual([
        '新建任务',
        '发布任务',
        '开始执行',
        '结束作业，进入验收',
        '完成任务',
      ]);
      expect(new Set(history.map((h) => h.adminName))).toEqual(new Set(['林晓']));

      const other = await newTask(demo, hainan);
      expect((await demo.post(taskUrl(other, '/cancel'), { reason: ' ' })).body.status).toBe(40000);
      expect((await demo.post(taskUrl(other, '/cancel'), { reason: '需求取消' })).body.data).toMatchObject({
        status: 'cancelled',
        cancelReason: '需求取消',
      });
      expect((await demo.post(taskUrl(other, '/cancel'), { reason: '再取消' })).body.status).toBe(40900);
    });

    it('edits everything while nobody is assigned, afterwards only what cannot hurt an agreed worker', async () => {
      const id = await newTask(demo, hainan, { headcount: 3, budgetFen: 100_000 });
      const free = await demo.put(
        taskUrl(id),
        taskBody(hainan, { unitPriceFen: 200, settlement: 'hour', headcount: 3 }),
      );
      expect(free.body.data).toMatchObject({ unitPriceFen: 200, settlement: 'hour', defaultAgreedFen: 20_000 });
      const w = await newWorker(demo, '编辑员工');
      expect((await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w] })).body.data.assigned).toBe(1);
      const locked = (await task(id)).lockedFields;
      expect(locked).toEqual(
        expect.arrayContaining(['settlement', 'unitPriceFen', 'serviceCompanyId', 'startDate', 'plannedQuantity']),
      );
      const base = { settlement: 'hour', unitPriceFen: 200, headcount: 3 };
      const price = await demo.put(taskUrl(id), taskBody(hainan, { ...base, unitPriceFen: 100 }));
      expect(price.body.data.errors[0]).toMatchObject({ path: 'unitPriceFen', message: '任务已有人员，不能修改单价' });
      const earlier = await demo.put(taskUrl(id), taskBody(hainan, { ...base, endDate: '2026-12-01' }));
      expect(earlier.body.data.errors[0]).toMatchObject({ path: 'endDate', message: '任务已有人员，结束日期只能延后' });
      const service = await demo.put(taskUrl(id), taskBody(jiangsu, base));
      expect(service.body.data.errors[0].path).toBe('serviceCompanyId');
      const fewer = await demo.put(taskUrl(id), taskBody(hainan, { ...base, headcount: 0 }));
      expect(fewer.body.status).toBe(40000);
      const budget = await demo.put(taskUrl(id), taskBody(hainan, { ...base, budgetFen: 100 }));
      expect(budget.body.data.errors[0].path).toBe('budgetFen');
      const ok = await demo.put(
        taskUrl(id),
        taskBody(hainan, { ...base, description: '新的说明', endDate: '2027-01-31', title: '改名', headcount: 5 }),
      );
      expect(ok.body.data).toMatchObject({
        description: '新的说明',
        endDate: '2027-01-31',
        title: '改名',
        headcount: 5,
      });
      expect((await task(id)).unitPriceFen).toBe(200);
    });
  });

  describe('picking workers', () => {
    it('assigns every 在职 worker matching a filter in one request, never twice, never a 离职 one', async () => {
      const id = await newTask(demo, hainan, { headcount: 50 });
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push(await newWorker(demo, '筛选员工'));
      // One leaves: it matches the filter but is not assigned.
      expect((await demo.put(`/api/companystaff/employee/${ids[5]}/leave`, { leftAt: '2026-11-01' })).body.status).toBe(
        200,
      );
      const body = { filter: { name: '筛选员工' }, excludeIds: [ids[4]] };
      const preview = await demo.post(taskUrl(id, '/selectEmployees/preview'), body);
      expect(preview.body.data).toMatchObject({
        matched: 5,
        assigned: 4,
        alreadyAssigned: 0,
        notActive: 1,
        placesLeft: 50,
      });
      const done = await demo.post(taskUrl(id, '/selectEmployees'), body);
      expect(done.body.data).toMatchObject({ assigned: 4, agreedFen: 15_000 });
      const list = await assignmentsOf(demo, id);
      expect([...list.keys()].sort()).toEqual(ids.slice(0, 4).sort());
      // Again: nobody left to add; with the excluded one: only it.
      expect((await demo.post(taskUrl(id, '/selectEmployees'), body)).body).toMatchObject({
        status: 40900,
        message: '所选人员均已在该任务中或不是在职员工，没有可添加的人员',
      });
      const again = await demo.post(taskUrl(id, '/selectEmployees'), { filter: { name: '筛选员工' }, agreedFen: 999 });
      expect(again.body.data).toMatchObject({ assigned: 1, alreadyAssigned: 4 });
      expect((await assignment(list.get(ids[0] as number) as number)).agreedFen).toBe(15_000);
      const page = (await demo.get(taskUrl(id, '/assignments'), { status: 'pending', name: '筛选' })).body.data;
      expect(page.total).toBe(5);
      expect(page.rows[0]).toMatchObject({ status: 'pending', taskStatus: 'published', latestDelivery: null });
      expect((await task(id)).counts).toMatchObject({ total: 5, pending: 5 });
      // Without a name filter the page carries its total from the kept counts; past the end, the
      // total alone (and the task is still this company's).
      const first = (await demo.get(taskUrl(id, '/assignments'), { page: 1, limit: 2 })).body.data;
      expect(first.total).toBe(5);
      expect(first.rows).toHaveLength(2);
      const past = (await demo.get(taskUrl(id, '/assignments'), { page: 4, limit: 2 })).body;
      expect(past).toMatchObject({ status: 200, data: { total: 5, rows: [] } });
      const none = (await demo.get(taskUrl(id, '/assignments'), { status: 'passed' })).body;
      expect(none).toMatchObject({ status: 200, data: { total: 0, rows: [] } });
    });

    it('refuses more than the headcount or the budget, a 草稿 task, and nothing changes', async () => {
      const id = await newTask(demo, hainan, { headcount: 2 });
      const ws = [
        await newWorker(demo, '名额员工'),
        await newWorker(demo, '名额员工'),
        await newWorker(demo, '名额员工'),
      ];
      const over = await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: ws });
      expect(over.body).toMatchObject({ status: 40900, message: '超出招募人数：该任务还可选择 2 人，本次将添加 3 人' });
      expect((await task(id)).counts.total).toBe(0);
      const budgeted = await newTask(demo, hainan, { headcount: 5, budgetFen: 20_000 });
      const overBudget = await demo.post(taskUrl(budgeted, '/selectEmployees'), { workerIds: ws.slice(0, 2) });
      expect(overBudget.body.status).toBe(40900);
      expect(overBudget.body.message).toContain('超出预算');
      const draft = await newTask(demo, hainan, {}, false);
      expect((await demo.post(taskUrl(draft, '/selectEmployees'), { workerIds: ws })).body.status).toBe(40900);
      const neither = await demo.post(taskUrl(id, '/selectEmployees'), {});
      expect(neither.body.status).toBe(40000);
    });

    it("never assigns another company's worker, and another company sees none of the task", async () => {
      const id = await newTask(demo, hainan);
      const theirs = await newWorker(yunfan, '云帆员工');
      const res = await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [theirs] });
      expect(res.body.status).toBe(40900);
      const preview = await demo.post(taskUrl(id, '/selectEmployees/preview'), { workerIds: [theirs] });
      expect(preview.body.data).toMatchObject({ matched: 1, assigned: 0, notActive: 1 });
      // Their admin cannot read or change the task or its workers.
      for (const reply of [
        await yunfan.get(taskUrl(id)),
        await yunfan.put(taskUrl(id), taskBody(hainan)),
        await yunfan.post(taskUrl(id, '/publish')),
        await yunfan.post(taskUrl(id, '/cancel'), { reason: 'x' }),
        await yunfan.get(taskUrl(id, '/assignments')),
        await yunfan.post(taskUrl(id, '/selectEmployees'), { workerIds: [theirs] }),
      ]) {
        expect(reply.body.status).toBe(40400);
      }
      const mine = await newWorker(demo, '本企业员工');
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [mine] });
      const a = (await assignmentsOf(demo, id)).get(mine) as number;
      for (const reply of [
        await yunfan.get(assignmentUrl(a)),
        await yunfan.post(assignmentUrl(a, '/answer'), { accept: true }),
        await yunfan.del(assignmentUrl(a)),
        await yunfan.post(`${T}/taskCenter/answer`, { assignmentIds: [a], accept: true }),
      ]) {
        expect(reply.body.status).toBe(40400);
      }
      expect((await yunfan.get(`${T}/taskOrder/page`)).body.data.rows.some((r: { id: number }) => r.id === id)).toBe(
        false,
      );
      // The worker on a task is not deleted.
      const del = await demo.del(`/api/companystaff/employee/${mine}`);
      expect(del.body.status).toBe(40900);
      expect(del.body.message).toContain('任务');
    });
  });

  describe('answers, deliveries and reviews', () => {
    it('runs an assignment through every transition and keeps every round', async () => {
      const id = await newTask(demo, hainan, { settlement: 'hour', unitPriceFen: 3_333, plannedQuantity: 2 });
      const w = await newWorker(demo, '交付员工');
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w] });
      const a = (await assignmentsOf(demo, id)).get(w) as number;
      const url = (s: string) => assignmentUrl(a, s);
      // 待接单: no delivery.
      expect((await demo.post(url('/uploadAchievement'), { description: 'x' })).body).toMatchObject({
        status: 40900,
        message: '只有已接单的人员可以上传成果',
      });
      expect((await demo.post(url('/answer'), { accept: true })).body.data.count).toBe(1);
      expect((await task(id)).status).toBe('in_progress');
      expect((await demo.post(url('/answer'), { accept: true })).body.status).toBe(40900);
      expect((await demo.del(url(''))).body).toMatchObject({ status: 40900, message: '已接单的人员不能移除' });
      // A delivery with files: the company's uploads only.
      const theirs = await uploadVoucher(t.app, yunfanToken);
      const foreign = await demo.post(url('/uploadAchievement'), { description: '成果', fileIds: [theirs] });
      expect(foreign.body.data.errors[0]).toMatchObject({ path: 'fileIds.0' });
      expect((await demo.post(url('/uploadAchievement'), { description: '' })).body.status).toBe(40000);
      const file = await uploadVoucher(t.app, demoToken, '成果.png');
      const first = await demo.post(url('/uploadAchievement'), {
        description: '第一版',
        fileIds: [file],
        quantity: 2.5,
      });
      expect(first.body.data).toMatchObject({
        status: 'submitted',
        deliveries: [{ round: 1, status: 'reviewing', quantity: 2.5, files: [{ id: file }] }],
      });
      const d1 = first.body.data.deliveries[0].id as number;
      expect((await demo.post(url('/uploadAchievement'), { description: '再交' })).body.status).toBe(40900);
      // Review: a rejection needs a reason.
      expect((await demo.post(`${T}/delivery/${d1}/review`, { pass: false })).body.status).toBe(40000);
      const rejected = await demo.post(`${T}/delivery/${d1}/review`, { pass: false, reason: '标注有误' });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', payableFen: null });
      expect(rejected.body.data.deliveries[0]).toMatchObject({ status: 'rejected', rejectReason: '标注有误' });
      expect((await demo.post(`${T}/delivery/${d1}/review`, { pass: true })).body.status).toBe(40900);
      // Resubmission: round 2; the first round stays in the history.
      const second = await demo.post(url('/uploadAchievement'), { description: '第二版', quantity: 2.5 });
      expect(second.body.data.deliveries.map((d: { round: number; status: string }) => [d.round, d.status])).toEqual([
        [2, 'reviewing'],
        [1, 'rejected'],
      ]);
      const d2 = second.body.data.deliveries[0].id as number;
      expect((await demo.post(`${T}/delivery/${d1}/review`, { pass: true })).body.status).toBe(40900);
      // The task cannot complete or be cancelled while a delivery waits.
      await demo.post(taskUrl(id, '/finish'));
      expect((await demo.post(taskUrl(id, '/complete'))).body.message).toBe('还有 1 份成果待验收，请验收后再完成任务');
      const passed = await demo.post(`${T}/delivery/${d2}/review`, { pass: true });
      // 2.5 hours × ¥33.33 = ¥83.325 → ¥83.33.
      expect(passed.body.data).toMatchObject({
        status: 'passed',
        payableFen: 8_333,
        confirmation: { status: 'payable', batch: null },
      });
      expect(passed.body.data.deliveries[0]).toMatchObject({
        status: 'passed',
        passedFen: 8_333,
        reviewedBy: { name: '林晓' },
      });
      expect((await demo.post(url('/uploadAchievement'), { description: '第三版' })).body.status).toBe(40900);
      expect((await demo.post(`${T}/delivery/${d2}/review`, { pass: false, reason: 'x' })).body.status).toBe(40900);
      expect((await demo.post(taskUrl(id, '/complete'))).body.data.status).toBe('completed');
      expect(await auditActions(t, `taskAssignment:${a}`)).toContain('task.deliver:success');
    });

    it('cancels no task with passed work; declines and removals free the place', async () => {
      const id = await newTask(demo, hainan, { headcount: 2 });
      const [w1, w2] = [await newWorker(demo, '取消员工'), await newWorker(demo, '取消员工')];
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w1, w2] });
      const list = await assignmentsOf(demo, id);
      await passAssignment(demo, list.get(w1) as number);
      expect((await demo.post(taskUrl(id, '/cancel'), { reason: '取消' })).body).toMatchObject({
        status: 40900,
        message: '任务已有提交或验收通过的成果，不能取消',
      });
      expect((await demo.post(assignmentUrl(list.get(w2) as number, '/answer'), { accept: false })).body.status).toBe(
        200,
      );
      expect((await demo.get(assignmentUrl(list.get(w2) as number))).body.status).toBe(40400);
      expect((await task(id)).counts).toMatchObject({ total: 1, passed: 1 });
      const w3 = await newWorker(demo, '取消员工');
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w3] });
      expect((await demo.del(assignmentUrl((await assignmentsOf(demo, id)).get(w3) as number))).body.status).toBe(200);
    });

    it('works 任务中心: both queues across tasks, bulk answers and reviews, all or nothing', async () => {
      const id = await newTask(demo, hainan, { settlement: 'fixed', unitPriceFen: 50_000, plannedQuantity: 1 });
      const ws = [];
      for (let i = 0; i < 3; i++) ws.push(await newWorker(demo, '中心员工'));
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: ws });
      const ids = [...(await assignmentsOf(demo, id)).values()];
      const counts = (await demo.get(`${T}/taskCenter/counts`)).body.data;
      const queue = (await demo.get(`${T}/taskCenter/page`, { kind: 'answer', taskId: id })).body.data;
      expect(queue.total).toBe(3);
      expect(counts.answer).toBeGreaterThanOrEqual(3);
      expect((await demo.post(`${T}/taskCenter/answer`, { assignmentIds: ids, accept: true })).body.data.count).toBe(3);
      // A quantity is refused on 固定金额.
      const q = await demo.post(assignmentUrl(ids[0] as number, '/uploadAchievement'), {
        description: 'x',
        quantity: 2,
      });
      expect(q.body.data.errors[0].path).toBe('quantity');
      for (const a of ids.slice(0, 2)) await demo.post(assignmentUrl(a, '/uploadAchievement'), { description: '完成' });
      const review = (await demo.get(`${T}/taskCenter/page`, { kind: 'review', taskId: id })).body.data;
      expect(review.total).toBe(2);
      expect(review.rows[0].latestDelivery).toMatchObject({ round: 1, status: 'reviewing' });
      // The third has not submitted: the whole bulk review is refused and nothing changes.
      const refused = await demo.post(`${T}/taskCenter/review`, { assignmentIds: ids, pass: true });
      expect(refused.body.status).toBe(40900);
      expect(refused.body.message).toContain('所选 3 条中有 1 条状态不符');
      expect((await demo.get(`${T}/taskCenter/page`, { kind: 'review', taskId: id })).body.data.total).toBe(2);
      const ok = await demo.post(`${T}/taskCenter/review`, { assignmentIds: ids.slice(0, 2), pass: true });
      expect(ok.body.data.count).toBe(2);
      expect((await assignment(ids[0] as number)).payableFen).toBe(50_000);
    });

    it('keeps the counts of every task and status equal to its assignments after all of the above', async () => {
      const differing = await queryRows<{ task_id: number }>(
        t.database.db,
        sql`select coalesce(k.task_id, a.task_id) as task_id
              from (select company_id, task_id, status, n from task_assignment_count where n <> 0) k
              full join (select company_id, task_id, status, count(*) as n from task_assignment group by 1, 2, 3) a
                on a.company_id = k.company_id and a.task_id = k.task_id and a.status = k.status
             where k.n is distinct from a.n`,
      );
      expect(differing).toEqual([]);
      const [kept] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from task_assignment_count where n < 0`,
      );
      expect(kept?.n).toBe(0);
    });

    it('checks each element: 40301 without it, and nothing changes', async () => {
      const id = await newTask(demo, hainan);
      const w = await newWorker(demo, '权限员工');
      await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w] });
      const a = (await assignmentsOf(demo, id)).get(w) as number;
      const cases: [string, (c: Caller) => Promise<{ body: { status: number } }>][] = [
        ['task:view', (c) => c.get(taskUrl(id))],
        ['task:edit', (c) => c.post(`${T}/taskOrder`, taskBody(hainan))],
        ['task:publish', (c) => c.post(taskUrl(id, '/start'))],
        ['task:assign', (c) => c.post(taskUrl(id, '/selectEmployees'), { workerIds: [w] })],
        ['task:answer', (c) => c.post(assignmentUrl(a, '/answer'), { accept: true })],
        ['task:deliver', (c) => c.post(assignmentUrl(a, '/uploadAchievement'), { description: 'x' })],
        ['task:review', (c) => c.post(`${T}/taskCenter/review`, { assignmentIds: [a], pass: true })],
        ['task:confirm', (c) => c.get('/api/emolument/taskConfirmation/page')],
      ];
      for (const [element, call] of cases) {
        const limited = caller(t.app, await adminWithout(t, demoToken, [element]));
        expect((await call(limited)).body.status, element).toBe(40301);
      }
      expect((await task(id)).status).toBe('published');
      expect((await assignment(a)).status).toBe('pending');
    });
  });
});
