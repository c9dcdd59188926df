import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { Component as ExamineManagePage } from './routes/examine-manage-page.tsx';

const OPTIONS = {
  roles: [
    { id: 1, name: '企业管理员' },
    { id: 2, name: '财务' },
  ],
  admins: [
    { id: 10, name: '林晓' },
    { id: 11, name: '王敏' },
  ],
};

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('审批管理', () => {
  it('shows the saved 发放 flow and saves it back with the threshold in fen', async () => {
    api = mockApi({
      'GET /api/admin/approvalFlow/:type': () =>
        ok({
          type: 'payroll',
          configured: true,
          thresholdFen: 5_000_000,
          enabled: true,
          steps: [
            { mode: 'any', roleId: 2, adminIds: [] },
            { mode: 'any', roleId: null, adminIds: [10] },
          ],
          updatedAt: '2026-11-24T02:00:00.000Z',
        }),
      'GET /api/admin/approvalFlowOptions': () => ok(OPTIONS),
      'PUT /api/admin/approvalFlow/:type': (call) =>
        ok({ type: 'payroll', configured: true, ...(call.body as object), updatedAt: null }),
    });
    renderScreen(ExamineManagePage, { path: '/systemSetting/examineManage' });
    expect(await screen.findByText('第 2 步')).toBeInTheDocument();
    expect(await screen.findByText('财务')).toBeInTheDocument();
    expect(screen.getByText('林晓')).toBeInTheDocument();
    await user.click(getButton('保存'));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      thresholdFen: 5_000_000,
      steps: [
        { mode: 'any', roleId: 2, adminIds: [] },
        { mode: 'any', roleId: null, adminIds: [10] },
      ],
    });
    expect(await screen.findByText('审批流程已保存')).toBeInTheDocument();
  });

  it('asks for the approvers of a new step before saving', async () => {
    api = mockApi({
      'GET /api/admin/approvalFlow/:type': () =>
        ok({ type: 'payroll', configured: false, thresholdFen: 0, enabled: false, steps: [], updatedAt: null }),
      'GET /api/admin/approvalFlowOptions': () => ok(OPTIONS),
    });
    renderScreen(ExamineManagePage, { path: '/systemSetting/examineManage' });
    expect(await screen.findByText('尚未设置发放审批流程：目前无需审批。')).toBeInTheDocument();
    await user.click(getButton('保存'));
    expect(await screen.findByText('请选择角色')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
