/**
 * 任务记录 (issue 38 points 1 and 2): every transition of a task and of each worker on it, with
 * who recorded it and when; the first 接单 of a 已发布 task starts it and says so; a refused
 * request records nothing; the demo's tasks carry the history the app would have written.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { adminWithout, assignmentsOf, assignmentUrl, CONFIRM, newTask, newWorker, T, taskUrl } from './support.ts';

interface TEvent {
  action: string;
  label: string;
  adminName: string;
  workerName: string | null;
  onBehalf: boolean;
  detail: string | null;
  at: string;
}

describe('任务记录', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let hainan: number;

  const history = async (id: number, c: Caller = demo) => {
    const res = await c.get(taskUrl(id));
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { history: TEvent[]; historyTotal: number; status: string };
  };
  const workerName = async (id: number) =>
    (await demo.get(`/api/companystaff/employee/${id}`)).body.data.name as string;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
  });
  afterAll(() => t.close());

  it('records every step of the task and of each worker, with who and when, the first 接单 starting the task', async () => {
    const id = await newTask(demo, hainan, { settlement: 'fixed', unitPriceFen: 20_000, plannedQuantity: 1 });
    const [w1, w2, w3] = [
      await newWorker(demo, '记录员工'),
      await newWorker(demo, '记录员工'),
      await newWorker(demo, '记录员工'),
    ];
    await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w1, w2, w3] });
    const a = await assignmentsOf(demo, id);
    const [a1, a2, a3] = [a.get(w1), a.get(w2), a.get(w3)] as number[];
    // 任务中心's bulk 接单: the task starts with it.
    expect((await demo.post(`${T}/taskCenter/answer`, { assignmentIds: [a1, a2], accept: true })).body.status).toBe(
      200,
    );
    expect((await history(id)).status).toBe('in_progress');
    expect((await demo.post(assignmentUrl(a3 as number, '/answer'), { accept: false })).body.status).toBe(200);
    const d1 = (await demo.post(assignmentUrl(a1 as number, '/uploadAchievement'), { description: '第一版' })).body.data
      .deliveries[0].id as number;
    await demo.post(`${T}/delivery/${d1}/review`, { pass: false, reason: '照片模糊' });
    const d2 = (await demo.post(assignmentUrl(a1 as number, '/uploadAchievement'), { description: '第二版' })).body.data
      .deliveries[0].id as number;
    await demo.post(`${T}/delivery/${d2}/review`, { pass: true });
    const confirmed = await demo.post(`${CONFIRM}/confirm`, {
      title: '记录批次',
      period: thisPeriod(),
      serviceCompanyId: hainan,
      channel: 'bank',
      assignmentIds: [a1],
    });
    expect(confirmed.body.status, JSON.stringify(confirmed.body)).toBe(200);

    const [n1, n2, n3] = [await workerName(w1), await workerName(w2), await workerName(w3)];
    const { history: h, historyTotal } = await history(id);
    expect(historyTotal).toBe(h.length);
    expect(h.map((e) => [e.label, e.workerName, e.detail])).toEqual([
      ['新建任务', null, null],
      ['发布任务', null, null],
      ['选择人员', null, '添加 3 人'],
      ['接单', n1, null],
      ['接单', n2, null],
      ['开始执行', null, '随第一位人员接单自动开始'],
      ['拒绝接单', n3, null],
      ['上传成果', n1, '第 1 轮'],
      ['验收驳回', n1, '第 1 轮，驳回原因：照片模糊'],
      ['重新提交成果', n1, '第 2 轮'],
      ['验收通过', n1, '第 2 轮，应付 ¥200.00'],
      ['任务确认', n1, '发放批次「记录批次」，¥200.00'],
    ]);
    // Who: the admin; a worker's own step recorded on the worker's behalf.
    expect(new Set(h.map((e) => e.adminName))).toEqual(new Set(['林晓']));
    expect(h.filter((e) => e.onBehalf).map((e) => e.action)).toEqual([
      'accept',
      'accept',
      'decline',
      'submit',
      'resubmit',
    ]);
    // When: in order, each a real instant.
    const times = h.map((e) => Date.parse(e.at));
    expect(times.every((x) => Number.isFinite(x))).toBe(true);
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('records 开始执行 by the button, a cancellation with its reason, a removal and an amount change', async () => {
    const id = await newTask(demo, hainan, { settlement: 'fixed', unitPriceFen: 20_000, plannedQuantity: 1 });
    const w = await newWorker(demo, '记录员工');
    await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w] });
    const a = (await assignmentsOf(demo, id)).get(w) as number;
    expect((await demo.put(assignmentUrl(a, '/amount'), { agreedFen: 25_000 })).body.status).toBe(200);
    expect((await demo.post(taskUrl(id, '/start'))).body.status).toBe(200);
    expect((await demo.del(assignmentUrl(a))).body.status).toBe(200);
    expect((await demo.post(taskUrl(id, '/cancel'), { reason: '需求取消' })).body.status).toBe(200);
    const name = await workerName(w);
    expect((await history(id)).history.map((e) => [e.action, e.workerName, e.detail])).toEqual([
      ['create', null, null],
      ['publish', null, null],
      ['assign', null, '添加 1 人'],
      ['amount', name, '改为 ¥250.00，原约定 ¥200.00'],
      ['start', null, null],
      ['unassign', name, null],
      ['cancel', null, '原因：需求取消'],
    ]);
    // A worker named in a record stays (its record would lose its name).
    expect((await demo.del(`/api/companystaff/employee/${w}`)).body).toMatchObject({
      message: expect.stringContaining('该员工已有任务记录'),
    });
  });

  it('records nothing for a refused request: the change and its record are saved together', async () => {
    const id = await newTask(demo, hainan, { settlement: 'fixed', unitPriceFen: 20_000, plannedQuantity: 1 });
    const [w1, w2] = [await newWorker(demo, '记录员工'), await newWorker(demo, '记录员工')];
    await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: [w1, w2] });
    const a = await assignmentsOf(demo, id);
    await demo.post(assignmentUrl(a.get(w1) as number, '/answer'), { accept: true });
    const before = await history(id);
    // One of the two has answered already: the whole bulk 接单 is refused.
    const refused = await demo.post(`${T}/taskCenter/answer`, { assignmentIds: [...a.values()], accept: true });
    expect(refused.body.status).toBe(40900);
    expect((await demo.post(`${T}/taskCenter/review`, { assignmentIds: [a.get(w1)], pass: true })).body.status).toBe(
      40900,
    );
    expect((await demo.post(taskUrl(id, '/complete'))).body.status).toBe(40900);
    expect((await history(id)).history).toEqual(before.history);
  });

  it('shows the demo tasks’ history as the app wrote it, the running one included', async () => {
    // The demo's own (this file's tasks are newer): found by title.
    const running = (await demo.get(`${T}/taskOrder/page`, { status: 'in_progress', title: '商品图片数据标注' })).body
      .data.rows[0];
    const { history: h } = await history(running.id as number);
    const actions = new Set(h.map((e) => e.action));
    for (const action of ['create', 'publish', 'assign', 'accept', 'autoStart', 'submit', 'reject', 'pass']) {
      expect(actions, action).toContain(action);
    }
    // One step after another, as the app would have written them, none after now.
    const times = h.map((e) => Date.parse(e.at));
    expect(new Set(times).size).toBeGreaterThan(5); // a bulk 接单 is one instant
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(h[0]?.at).toBe(running.createdAt);
    const done = (await demo.get(`${T}/taskOrder/page`, { status: 'completed' })).body.data.rows[0];
    expect((await history(done.id as number)).history.map((e) => e.action)).toEqual(
      expect.arrayContaining(['finish', 'complete']),
    );
  });

  it("keeps a task's history to its company and its viewers", async () => {
    const id = await newTask(demo, hainan);
    expect((await yunfan.get(taskUrl(id))).body.status).toBe(40400);
    const limited = caller(t.app, await adminWithout(t, demoToken, ['task:view']));
    expect((await limited.get(taskUrl(id))).body.status).toBe(40301);
  });
});
