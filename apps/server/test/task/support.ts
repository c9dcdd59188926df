import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { testCardNumber, testIdNumber } from '../files.ts';
import type { Caller, TestApp } from '../helpers.ts';
import { waitForRealName } from '../worker/support.ts';

export { adminWithout } from '../worker/support.ts';

export const T = '/api/task';
export const taskUrl = (id: number, action = '') => `${T}/taskOrder/${id}${action}`;
export const assignmentUrl = (id: number, action = '') => `${T}/assignment/${id}${action}`;
export const CONFIRM = '/api/emolument/taskConfirmation';

let serial = 0;

/** A new 在职 worker of the caller's company with a bank card, named with `prefix`; answers its id. */
export async function newWorker(c: Caller, prefix: string, base = 60_000): Promise<number> {
  const n = ++serial + base;
  const digits = String(n).replace(/\d/g, (d) => '零一二三四五六七八九'[Number(d)] ?? '');
  const res = await c.post('/api/companystaff/employee', {
    name: `${prefix}${digits}`,
    idNumber: testIdNumber(n),
    mobile: `137${String(10_000_000 + n).slice(-8)}`,
    joinedAt: '2026-01-05',
    bankCard: { bankCode: 'ICBC', cardNumber: testCardNumber(n), branch: '' },
  });
  expect(res.body.status, JSON.stringify(res.body)).toBe(200);
  // Paid only once verified (实名认证 runs in the background).
  expect(await waitForRealName(c, res.body.data.id)).toBe('verified');
  return res.body.data.id as number;
}

/** A task body with sensible defaults. */
export const taskBody = (serviceCompanyId: number, extra: Record<string, unknown> = {}) => ({
  title: '数据标注任务',
  serviceCompanyId,
  description: '标注 1000 张图片',
  location: '远程',
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  headcount: 10,
  settlement: 'piece',
  unitPriceFen: 150,
  plannedQuantity: 100,
  ...extra,
});

/** Creates a task (草稿) and, unless told otherwise, publishes it; answers its id. */
export async function newTask(
  c: Caller,
  serviceCompanyId: number,
  extra: Record<string, unknown> = {},
  publish = true,
) {
  const res = await c.post(`${T}/taskOrder`, taskBody(serviceCompanyId, extra));
  expect(res.body.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.id as number;
  if (publish) expect((await c.post(taskUrl(id, '/publish'))).body.status).toBe(200);
  return id;
}

/** The assignment ids of a task, by worker id. */
export async function assignmentsOf(c: Caller, taskId: number): Promise<Map<number, number>> {
  const res = await c.get(taskUrl(taskId, '/assignments'), { limit: 200 });
  expect(res.body.status).toBe(200);
  return new Map((res.body.data.rows as { workerId: number; id: number }[]).map((r) => [r.workerId, r.id]));
}

/** Runs an assignment from 待接单 to 已通过 (answer, delivery, pass); answers the delivery's id. */
export async function passAssignment(c: Caller, id: number, delivery: Record<string, unknown> = {}) {
  expect((await c.post(assignmentUrl(id, '/answer'), { accept: true })).body.status).toBe(200);
  const d = await c.post(assignmentUrl(id, '/uploadAchievement'), { description: '已完成', ...delivery });
  expect(d.body.status, JSON.stringify(d.body)).toBe(200);
  const deliveryId = d.body.data.deliveries[0].id as number;
  const r = await c.post(`${T}/delivery/${deliveryId}/review`, { pass: true });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return deliveryId;
}

/** Audit actions written for a target. */
export async function auditActions(t: TestApp, target: string): Promise<string[]> {
  const rows = await queryRows<{ action: string; result: string }>(
    t.database.db,
    sql`select action, result from audit_log where target = ${target} order by id`,
  );
  return rows.map((r) => `${r.action}:${r.result}`);
}
