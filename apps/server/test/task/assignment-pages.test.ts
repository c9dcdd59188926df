/**
 * Deep pages of the assignment lists (ADR 0017) seek from anchors: with anchors every few rows,
 * every page of a task's list, of one status, and of 任务中心's queue equals the page read with
 * OFFSET alone, before and after assignments are added, change status and are removed.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findAssignmentPage, type AssignmentFilters } from '../../src/modules/task/assignments/repo.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { newTask, taskUrl } from './support.ts';

describe('assignment list pages seeking from anchors', () => {
  let t: TestApp;
  let demo: Caller;
  let companyId: number;
  let taskId: number;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    const hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    taskId = await newTask(demo, hainan, { headcount: 500, plannedQuantity: 10_000 });
    const assigned = await demo.post(taskUrl(taskId, '/selectEmployees'), { filter: {} });
    expect(assigned.body.status, JSON.stringify(assigned.body)).toBe(200);
    const [c] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select company_id as id from task_order where id = ${taskId}`,
    );
    companyId = Number(c?.id);
  });
  afterAll(() => t.close());

  const ids = (page: { rows: { assignment: { id: number } }[] }) => page.rows.map((r) => r.assignment.id);

  /** Every page of the list (limit 3), past the end included, with anchors every 4 rows and without. */
  async function expectSamePages(f: Omit<AssignmentFilters, 'companyId'>) {
    const filters = { companyId, ...f };
    const plain = await findAssignmentPage(t.database.db, filters, 1, 3, { every: 1_000_000 });
    expect(plain.total).toBeGreaterThan(8);
    const pages = Math.ceil(plain.total / 3) + 1;
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const offsetOnly = await findAssignmentPage(t.database.db, filters, page, 3, { every: 1_000_000 });
      const seeking = await findAssignmentPage(t.database.db, filters, page, 3, { every: 4 });
      expect(ids(seeking), `page ${page}`).toEqual(ids(offsetOnly));
      expect(seeking.total).toBe(offsetOnly.total);
      seen.push(...ids(seeking));
    }
    // Every assignment once, newest first.
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(plain.total);
  }

  it('reads every page of a task, of a status and of a queue as OFFSET does', async () => {
    await expectSamePages({ taskId });
    await expectSamePages({ taskId, status: 'pending' });
    await expectSamePages({ status: 'pending' });
  });

  it('follows assignments added, moved to another status and removed', async () => {
    await expectSamePages({ taskId });
    const all = (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from task_assignment where company_id = ${companyId} and task_id = ${taskId} order by id`,
      )
    ).map((r) => Number(r.id));
    // Some answered (another status): the pending list shrinks in the middle.
    await t.database.db.execute(
      sql`update task_assignment set status = 'accepted', answered_at = now()
          where company_id = ${companyId} and id = any(${sql.param(all.filter((_, i) => i % 5 === 2))}::bigint[])`,
    );
    await expectSamePages({ taskId, status: 'pending' });
    await expectSamePages({ taskId });
    // One removed from the middle and one added: the same count, a new newest id.
    const [removed] = await queryRows<{ worker_id: string }>(
      t.database.db,
      sql`select worker_id from task_assignment where company_id = ${companyId} and id = ${all[7]}`,
    );
    await t.database.db.execute(sql`delete from task_assignment where company_id = ${companyId} and id = ${all[7]}`);
    const other = await newTask(demo, await serviceCompanyId(t.database.db, '海南灵工服务有限公司'), {
      headcount: 500,
      plannedQuantity: 10_000,
    });
    expect((await demo.post(taskUrl(other, '/selectEmployees'), { filter: {} })).body.status).toBe(200);
    await t.database.db.execute(
      sql`update task_assignment set task_id = ${taskId}
          where company_id = ${companyId} and task_id = ${other}
            and worker_id = ${Number(removed?.worker_id)}`,
    );
    const [moved] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from task_assignment where company_id = ${companyId} and task_id = ${taskId}
            and worker_id = ${Number(removed?.worker_id)}`,
    );
    expect(Number(moved?.n)).toBe(1);
    await expectSamePages({ taskId });
    await expectSamePages({ status: 'pending' });
  });
});
