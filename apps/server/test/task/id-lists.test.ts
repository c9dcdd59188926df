/**
 * Lists of ids at the schemas' own maximum (TASK_BULK_MAX, 100,000) on the task routes that take
 * them (issue 40, an outside probe's finding: HTTP 500, one query parameter per id passed
 * PostgreSQL's 65,535). Ids that name nothing of the company are answered as such, never with a
 * 500, and nothing changes. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { TASK_BULK_MAX } from '@flexpay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { CONFIRM, newTask, T, taskUrl } from './support.ts';

/** 100,000 ids no row of the demo has (well past every sequence). */
const MANY = Array.from({ length: TASK_BULK_MAX }, (_, i) => 50_000_000 + i);

describe('task routes with the largest id lists', () => {
  let t: TestApp;
  let demo: Caller;
  let taskId: number;
  let hainan: number;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    taskId = await newTask(demo, hainan);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases: [string, () => Promise<{ statusCode: number; body: { status: number; data?: unknown } }>][] = [
    ['选择人员 by ids', () => demo.post(taskUrl(taskId, '/selectEmployees'), { workerIds: MANY })],
    [
      '选择人员 of everyone but the excluded',
      () => demo.post(taskUrl(taskId, '/selectEmployees'), { filter: {}, excludeIds: MANY }),
    ],
    ['记录接单 in bulk', () => demo.post(`${T}/taskCenter/answer`, { assignmentIds: MANY, accept: true })],
    ['验收 in bulk', () => demo.post(`${T}/taskCenter/review`, { assignmentIds: MANY, pass: true })],
    [
      '任务确认',
      () =>
        demo.post(`${CONFIRM}/confirm`, {
          title: '大名单',
          period: '2026-11',
          serviceCompanyId: hainan,
          channel: 'bank',
          assignmentIds: MANY,
        }),
    ],
  ];

  it.each(cases)('%s answers without a server error', async (_name, send) => {
    const res = await send();
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
  });
});
