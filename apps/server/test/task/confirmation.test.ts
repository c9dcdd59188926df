/**
 * 任务确认 through the API (issue 26): passed deliveries as payable amounts, a payroll batch
 * (source 任务确认, one item per worker) from picked ids or all matching a filter, an amount taken
 * once (also by two confirmations at the same time), a cancelled batch or a removed item giving
 * the amounts back, and another company's amounts. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { assignmentsOf, CONFIRM, newTask, newWorker, passAssignment, taskUrl } from './support.ts';

describe('task confirmation', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let hainan: number;
  let jiangsu: number;
  let period: string;

  /** A task of `serviceCompany` with `n` new workers, each passed at `unitPriceFen` (固定金额); answers their assignment ids. */
  const passedAssignments = async (n: number, prefix: string, serviceCompany = hainan, unitPriceFen = 20_000) => {
    const id = await newTask(demo, serviceCompany, {
      settlement: 'fixed',
      unitPriceFen,
      plannedQuantity: 1,
      headcount: n,
    });
    const workers = [];
    for (let i = 0; i < n; i++) workers.push(await newWorker(demo, prefix));
    await demo.post(taskUrl(id, '/selectEmployees'), { workerIds: workers });
    const ids = [...(await assignmentsOf(demo, id)).values()];
    for (const a of ids) await passAssignment(demo, a);
    return { taskId: id, ids, workers };
  };
  const confirmBody = (extra: Record<string, unknown>) => ({
    title: '任务结算',
    period,
    serviceCompanyId: hainan,
    channel: 'bank',
    ...extra,
  });
  const paymentsOf = async (ids: number[]) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from task_payment where assignment_id = any(${sql.param(ids)}::bigint[])`,
      )
    )[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    period = thisPeriod();
  });
  afterAll(() => t.close());

  it('lists passed amounts and confirms picked ones into a 任务确认 batch, once', async () => {
    const { taskId, ids } = await passedAssignments(3, '确认员工');
    const page = (await demo.get(`${CONFIRM}/page`, { taskId })).body.data;
    expect(page.total).toBe(3);
    expect(page.rows[0]).toMatchObject({
      taskId,
      payableFen: 20_000,
      serviceCompanyId: hainan,
      confirmation: { status: 'payable', batch: null },
    });
    expect((await demo.get(`${CONFIRM}/summary`, { taskId })).body.data).toEqual({
      count: 3,
      amountFen: 60_000,
      workers: 3,
    });
    // Another service company's amounts are not taken into this one's batch.
    const wrong = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids, serviceCompanyId: jiangsu }));
    expect(wrong.body.status).toBe(40900);
    const done = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids.slice(0, 2) }));
    expect(done.body.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ itemCount: 2, assignmentCount: 2, amountFen: 40_000 });
    const batchId = done.body.data.batchId as number;
    const batch = (await demo.get(`/api/emolument/emolumentGrant/${batchId}`)).body.data;
    expect(batch).toMatchObject({ source: 'tasks', status: 'draft', itemCount: 2, amountFen: 40_000 });
    // The batch goes through the same check as any batch.
    expect((await demo.post(`/api/emolument/emolumentGrant/${batchId}/check`)).body.data.status).toBe('confirming');
    // Taken once: again by id is refused whole, the third still payable.
    const again = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids }));
    expect(again.body.status).toBe(40900);
    expect(again.body.message).toContain('有 2 条已确认');
    const confirmed = (await demo.get(`${CONFIRM}/page`, { taskId, status: 'confirmed' })).body.data;
    expect(confirmed.total).toBe(2);
    expect(confirmed.rows[0].confirmation).toMatchObject({ status: 'confirmed', batch: { id: batchId } });
    expect((await demo.get(`${CONFIRM}/page`, { taskId })).body.data.total).toBe(1);
    // The assignment shows it too.
    const a = (await demo.get(`/api/task/assignment/${ids[0]}`)).body.data;
    expect(a.confirmation).toMatchObject({ status: 'confirmed', batch: { id: batchId, status: 'confirming' } });
  });

  it('confirms all matching a filter, one item per worker with its amounts summed', async () => {
    const first = await passedAssignments(2, '汇总员工', hainan, 10_000);
    // The same two workers on a second task: one item each, both amounts.
    const second = await newTask(demo, hainan, { settlement: 'fixed', unitPriceFen: 5_000, plannedQuantity: 1 });
    await demo.post(taskUrl(second, '/selectEmployees'), { workerIds: first.workers });
    for (const a of (await assignmentsOf(demo, second)).values()) await passAssignment(demo, a);
    const res = await demo.post(`${CONFIRM}/confirm`, confirmBody({ filter: { name: '汇总员工' } }));
    expect(res.body.data).toMatchObject({ itemCount: 2, assignmentCount: 4, amountFen: 30_000 });
    const items = (await demo.get('/api/emolument/emolumentDetail/page', { batchId: res.body.data.batchId, limit: 10 }))
      .body.data.rows as { amountFen: number; remark: string }[];
    expect(items.map((i) => i.amountFen)).toEqual([15_000, 15_000]);
    expect(items[0]?.remark).toContain('任务确认');
    expect((await demo.post(`${CONFIRM}/confirm`, confirmBody({ filter: { name: '汇总员工' } }))).body).toMatchObject({
      status: 40900,
      message: '没有符合条件的待确认金额',
    });
  });

  it('gives one batch item to each amount when two admins confirm the same ones at once', async () => {
    const { ids } = await passedAssignments(4, '并发员工');
    const finance = caller(t.app, await loginAs(t.app, 'finance'));
    const replies = await Promise.all([
      demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids, title: '甲' })),
      finance.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids, title: '乙' })),
    ]);
    expect(replies.map((r) => r.body.status).sort()).toEqual([200, 40900]);
    expect(await paymentsOf(ids)).toBe(4);
    // By filter at once: the loser finds nothing left.
    const more = await passedAssignments(3, '并发筛选');
    const byFilter = await Promise.all([
      demo.post(`${CONFIRM}/confirm`, confirmBody({ filter: { name: '并发筛选' } })),
      finance.post(`${CONFIRM}/confirm`, confirmBody({ filter: { name: '并发筛选' } })),
    ]);
    expect(byFilter.map((r) => r.body.status).sort()).toEqual([200, 40900]);
    expect(await paymentsOf(more.ids)).toBe(3);
    const [items] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payroll_item i join task_payment p on p.item_id = i.id
           where p.assignment_id = any(${sql.param(more.ids)}::bigint[])`,
    );
    expect(items?.n).toBe(3);
  });

  it('gives the amounts back when the batch is cancelled or an item is removed', async () => {
    const { taskId, ids } = await passedAssignments(2, '退回员工');
    const done = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids }));
    const batchId = done.body.data.batchId as number;
    expect((await demo.get(`${CONFIRM}/page`, { taskId })).body.data.total).toBe(0);
    // A removed item gives its worker's amounts back.
    const items = (await demo.get('/api/emolument/emolumentDetail/page', { batchId, limit: 10 })).body.data.rows as {
      id: number;
    }[];
    expect((await demo.del(`/api/emolument/emolumentDetail/${items[0]?.id}`)).body.status).toBe(200);
    expect((await demo.get(`${CONFIRM}/page`, { taskId })).body.data.total).toBe(1);
    // A cancelled batch gives the rest back: both can be confirmed again.
    expect(
      (await demo.post(`/api/emolument/emolumentGrant/${batchId}/cancel`, { reason: '重新发放' })).body.data.status,
    ).toBe('cancelled');
    expect((await demo.get(`${CONFIRM}/page`, { taskId })).body.data.total).toBe(2);
    const again = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids }));
    expect(again.body.data).toMatchObject({ assignmentCount: 2 });
    expect(again.body.data.batchId).not.toBe(batchId);
  });

  it("neither lists nor confirms another company's amounts, and refuses bad input", async () => {
    const { ids } = await passedAssignments(1, '他司员工');
    expect(
      (await yunfan.get(`${CONFIRM}/page`)).body.data.rows.some((r: { assignmentId: number }) =>
        ids.includes(r.assignmentId),
      ),
    ).toBe(false);
    const theirs = await yunfan.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids }));
    expect(theirs.body.status).toBe(40900);
    expect(await paymentsOf(ids)).toBe(0);
    const neither = await demo.post(`${CONFIRM}/confirm`, confirmBody({}));
    expect(neither.body.status).toBe(40000);
    const badPeriod = await demo.post(`${CONFIRM}/confirm`, confirmBody({ assignmentIds: ids, period: '2020-01' }));
    expect(badPeriod.body.status).toBe(40000);
    expect(await paymentsOf(ids)).toBe(0);
  });
});
