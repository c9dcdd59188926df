/**
 * The demo's task orders (DOMAIN section 4, issue 26): 星河科技 has a task in every state, workers
 * on them in every assignment state, deliveries waiting for review (任务中心) and passed amounts
 * waiting in 任务确认 for a batch; 云帆物流 has one published task. Made through the task area's
 * own steps (create, publish, pick, answer, deliver, review, finish, complete, cancel) inside
 * the seed's transaction, so every rule holds as it would through the API.
 */
import type { TTaskBody } from '@flexpay/contract';
import { ZTaskBody } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../core/auth.ts';
import type { ServiceContext } from '../core/context.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { chinaDateOf } from '../lib/china-time.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import { assignWorkers } from '../modules/task/assignments/picking.ts';
import { deliver, recordAnswers, reviewDelivery, listAssignments } from '../modules/task/assignments/service.ts';
import { createTask, moveTask } from '../modules/task/orders/service.ts';

export interface TaskSeedIds {
  xinghe: number;
  yunfan: number;
  /** 海南灵工, linked with both companies. */
  service: number;
  /** The owners of 星河科技 and 云帆物流. */
  demo: number;
  demoYf: number;
}

const day = (now: Date, offset: number) => chinaDateOf(new Date(now.getTime() + offset * 86_400_000));

export async function seedTasks(tx: Tx, cipher: FieldCipher, ids: TaskSeedIds, now: Date) {
  // The area's services take a context and a session: the seed's transaction and the owners.
  // Each step a few seconds after the one before, ending by `now`: 任务记录 then reads as the app
  // would have written it, one step after another (never after `now`, never another day but at midnight).
  let clock = now.getTime() - 5 * 60_000;
  const tick = () => new Date(Math.min((clock += 3_000), now.getTime()));
  const ctx = { db: tx, cipher, now: tick } as unknown as ServiceContext;
  const auth = (companyId: number, adminId: number) => ({ companyId, adminId }) as AuthContext;
  const xinghe = auth(ids.xinghe, ids.demo);

  const workersOf = async (companyId: number, n: number) =>
    (
      await queryRows<{ id: string | number }>(
        tx,
        sql`select id from worker where company_id = ${companyId} and status = 'active' order by id desc limit ${n}`,
      )
    ).map((r) => Number(r.id));
  const [jobType] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from job_type where company_id = ${ids.xinghe} and enabled order by id limit 1`,
  );
  const body = (b: Partial<TTaskBody> & Pick<TTaskBody, 'title' | 'settlement' | 'unitPriceFen'>) =>
    ZTaskBody.parse({
      serviceCompanyId: ids.service,
      jobTypeId: jobType ? Number(jobType.id) : null,
      location: '远程',
      startDate: day(now, -10),
      endDate: day(now, 30),
      headcount: 10,
      ...b,
    });
  const task = async (who: AuthContext, b: Parameters<typeof body>[0], publish = true) => {
    const t = await createTask(ctx, who, body(b));
    if (publish) await moveTask(ctx, who, t.id, 'publish');
    return t.id;
  };
  const pick = async (who: AuthContext, taskId: number, workerIds: number[]) => {
    await assignWorkers(ctx, who, taskId, { workerIds, excludeIds: [] });
    const page = await listAssignments(ctx, who, taskId, { page: 1, limit: 200 });
    // Oldest first: the order they were picked in.
    return page.rows.map((r) => r.id).reverse();
  };
  const submit = (id: number, description: string, quantity?: number) =>
    deliver(ctx, xinghe, id, { description, fileIds: [], ...(quantity === undefined ? {} : { quantity }) });
  const review = async (id: number, pass: boolean, reason = '') => {
    const detail = await submit(id, '已按要求完成，详见说明');
    const deliveryId = detail.deliveries[0]?.id as number;
    await reviewDelivery(ctx, xinghe, deliveryId, { pass, reason });
  };

  const workers = await workersOf(ids.xinghe, 40);
  const take = (n: number) => workers.splice(0, n);

  // 草稿: not yet published.
  await task(
    xinghe,
    {
      title: '客服话术整理',
      settlement: 'fixed',
      unitPriceFen: 60_000,
      description: '整理常见问题的标准回复，按业务线归档。',
    },
    false,
  );

  // 已发布: workers picked, none has answered (待接单).
  const published = await task(xinghe, {
    title: 'APP 功能回归测试',
    settlement: 'hour',
    unitPriceFen: 5_000,
    plannedQuantity: 16,
    description: '按测试用例完成新版本的回归测试，提交缺陷清单。',
  });
  await pick(xinghe, published, take(5));

  // 进行中: every assignment state, two deliveries waiting for review.
  const running = await task(xinghe, {
    title: '商品图片数据标注',
    settlement: 'piece',
    unitPriceFen: 80,
    plannedQuantity: 500,
    headcount: 20,
    budgetFen: 1_000_000,
    description: '为商品图片标注类目与主体框，每张图片一件。',
  });
  const r = await pick(xinghe, running, take(8));
  await recordAnswers(ctx, xinghe, r.slice(2), true); // 2 stay 待接单
  await submit(r[4] as number, '完成 480 张', 480);
  await submit(r[5] as number, '完成 520 张', 520); // 已提交: waiting in 任务中心
  await review(r[6] as number, true); // 已通过: payable
  await review(r[7] as number, false, '部分标注框偏移，请修正后重新提交'); // 已驳回
  // r[2], r[3]: 已接单

  // 待验收: work over, one delivery still to review, three passed.
  const accepting = await task(xinghe, {
    title: '社区内容安全审核',
    settlement: 'hour',
    unitPriceFen: 4_000,
    plannedQuantity: 20,
    description: '审核社区帖子与评论，标记违规内容。',
  });
  const a = await pick(xinghe, accepting, take(4));
  await recordAnswers(ctx, xinghe, a, true);
  for (const id of a.slice(0, 3)) await review(id, true);
  await submit(a[3] as number, '审核 20 小时', 20);
  await moveTask(ctx, xinghe, accepting, 'finish');

  // 已完成: every delivery passed; the amounts wait in 任务确认.
  const done = await task(xinghe, {
    title: '双十一客服支援',
    settlement: 'fixed',
    unitPriceFen: 80_000,
    startDate: day(now, -30),
    endDate: day(now, -5),
    description: '大促期间在线客服支援，每人固定报酬。',
  });
  const d = await pick(xinghe, done, take(3));
  await recordAnswers(ctx, xinghe, d, true);
  for (const id of d) await review(id, true);
  await moveTask(ctx, xinghe, done, 'finish');
  await moveTask(ctx, xinghe, done, 'complete');

  // 已取消.
  const cancelled = await task(xinghe, { title: '线下地推活动', settlement: 'fixed', unitPriceFen: 30_000 });
  await moveTask(ctx, xinghe, cancelled, 'cancel', '活动取消');

  // 云帆物流: one published task with workers waiting to answer.
  const yunfan = auth(ids.yunfan, ids.demoYf);
  const [yfType] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from job_type where company_id = ${ids.yunfan} and enabled order by id limit 1`,
  );
  const yfTask = await createTask(
    ctx,
    yunfan,
    body({
      title: '同城夜间配送',
      settlement: 'piece',
      unitPriceFen: 600,
      plannedQuantity: 40,
      jobTypeId: yfType ? Number(yfType.id) : null,
    }),
  );
  await moveTask(ctx, yunfan, yfTask.id, 'publish');
  await pick(yunfan, yfTask.id, await workersOf(ids.yunfan, 3));
}
