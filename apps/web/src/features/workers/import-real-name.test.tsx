import type { TRealNameRun } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListEmployeePage } from './routes/list-employee-page.tsx';
import { DEPARTMENT_OPTIONS, JOB_TYPE_OPTIONS, importJob, workerRow } from './test-data.ts';

const PATH = '/EmployeeManagement/listEmployee';
const PROGRESS = '/api/companystaff/employee/import/imp-1/realName';

const run = (overrides: Partial<TRealNameRun>): TRealNameRun => ({
  id: 9,
  source: 'import',
  total: 5,
  verified: 0,
  failed: 0,
  pending: 5,
  createdAt: '2026-11-29T02:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'employee:import': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

/** The list with an import of five workers that commits, and its verification's answers in turn. */
function mockImport(answers: (TRealNameRun | null)[]) {
  return mockApi({
    'GET /api/companystaff/employee/page': () => ok({ total: 1, rows: [workerRow({ id: 1, name: '张三' })] }),
    'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok(JOB_TYPE_OPTIONS),
    'GET /api/companystaff/department/options': () => ok(DEPARTMENT_OPTIONS),
    'GET /api/companystaff/employee/realName/runs': () => ok([]),
    'POST /api/companystaff/employee/import': () => ok(importJob({ status: 'validated', totalRows: 5, validRows: 5 })),
    'POST /api/companystaff/employee/import/:id/commit': () =>
      ok(importJob({ status: 'committed', progress: 100, totalRows: 5, validRows: 5, insertedRows: 5 })),
    'GET /api/companystaff/employee/import/:id/realName': () => ok(answers.length > 1 ? answers.shift() : answers[0]),
    'GET /api/companystaff/employee/import/:id': () =>
      ok(importJob({ status: 'committed', progress: 100, totalRows: 5, validRows: 5, insertedRows: 5 })),
  });
}

async function importFive(): Promise<HTMLElement> {
  renderScreen(ListEmployeePage, { path: PATH });
  await screen.findByText('张三');
  await user.click(getButton('批量导入'));
  const drawer = (await screen.findByText('批量导入员工')).closest('[role="dialog"]') as HTMLElement;
  const input = drawer.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await user.upload(input, new File(['x'], 'workers.xlsx'));
  await user.click(await within(drawer).findByRole('button', { name: /确认导入/ }));
  await within(drawer).findByText('成功导入 5 条');
  return drawer;
}

describe('批量导入员工: the imported workers’ 实名认证 in the drawer', () => {
  it('shows how many are verified, failed and 认证中, read again until none is left', async () => {
    api = mockImport([
      null,
      run({ verified: 2, pending: 3 }),
      run({ verified: 4, failed: 1, pending: 0, finishedAt: '2026-11-29T02:00:09.000Z' }),
    ]);
    const drawer = await importFive();
    expect(
      await within(drawer).findByText('导入的 5 名员工正在实名认证：已完成 2 / 5', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(within(drawer).getByText('已认证 2，认证失败 0，认证中 3')).toBeVisible();
    expect(within(drawer).getByRole('progressbar', { name: '导入的 5 名员工实名认证进度' })).toBeVisible();
    expect(await within(drawer).findByText('导入的 5 名员工实名认证已完成', {}, { timeout: 5_000 })).toBeVisible();
    expect(within(drawer).getByText('已认证 4，认证失败 1')).toBeVisible();
    // Ended: not read again.
    const reads = api.calls.filter((c) => c.url === PROGRESS).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.calls.filter((c) => c.url === PROGRESS).length).toBe(reads);
  }, 20_000);

  it('shows nothing of it while the import has queued none', async () => {
    api = mockImport([null]);
    const drawer = await importFive();
    expect(within(drawer).queryByText(/实名认证/)).toBeNull();
  });
});
