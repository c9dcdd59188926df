import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import type { TApprovalRequest } from '@flexpay/contract/web';
import { PendingApprovalsButton } from './components/pending-approvals-button.tsx';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('待我审批 drawer', () => {
  it('names each request once: its type in the tag, the title without it', async () => {
    const waiting: TApprovalRequest = {
      id: 30,
      type: 'payroll',
      subject: { kind: 'payroll_batch', id: '7' },
      title: '发放 2026-11 数据标注结算（20 人，¥65,923.50）',
      amountFen: 6_592_350,
      status: 'pending',
      currentStep: 1,
      stepCount: 1,
      creator: { id: 4, name: '陈静' },
      steps: [{ mode: 'any', approvers: [{ id: 1, name: '林晓' }] }],
      canDecide: true,
      createdAt: '2026-11-24T02:10:00.000Z',
      decidedAt: null,
      actions: [],
    };
    api = mockApi({
      'GET /api/admin/approval/pending/count': () => ok({ count: 1 }),
      'GET /api/admin/approval/pending': () => ok([waiting]),
    });
    renderScreen(PendingApprovalsButton, { path: '/', initialEntry: '/' });
    await user.click(await screen.findByRole('button', { name: '待我审批 1' }));
    const drawer = await screen.findByRole('dialog');
    const item = (await within(drawer).findByText('2026-11 数据标注结算（20 人，¥65,923.50）')).closest(
      '.ant-list-item',
    ) as HTMLElement;
    expect(within(item).getAllByText(/发放/)).toHaveLength(1);
    // The amount is in the title: the line under it does not say it again (issue 38, point 12).
    expect(item.textContent?.split('¥65,923.50')).toHaveLength(2);
    expect(within(item).getByText(/第 1\/1 步 · 陈静 提交于/)).toBeInTheDocument();
  });

  it('gives the amount under a title that does not show it', async () => {
    const { pendingDescription } = await import('./components/pending-approvals-button.tsx');
    const request = {
      title: '开票 KP000012',
      amountFen: 123_456,
      currentStep: 2,
      stepCount: 3,
      creator: { id: 4, name: '陈静' },
      createdAt: '2026-11-24T02:10:00.000Z',
    } as TApprovalRequest;
    expect(pendingDescription(request)).toMatch(/^¥1,234\.56 · 第 2\/3 步 · 陈静 提交于 /);
    expect(pendingDescription({ ...request, title: '充值 ¥1,234.56' })).toMatch(/^第 2\/3 步/);
  });
});
