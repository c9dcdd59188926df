import type { TApprovalRequest, TTopupDetail } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListMoneyPage } from './routes/list-money-page.tsx';
import { BALANCES, topup } from './test-data.ts';

const PATH = '/moneyManagement/listMoney';
const ALL = { 'money:view': true, 'money:topup': true, 'money:account': true, 'money:log': true };

const APPROVAL: TApprovalRequest = {
  id: 9,
  type: 'topup',
  subject: { kind: 'topup', id: '2' },
  title: '充值 ¥200,000.00',
  amountFen: 20_000_000,
  status: 'pending',
  currentStep: 1,
  stepCount: 1,
  creator: { id: 1, name: '林晓' },
  steps: [{ mode: 'any', approvers: [{ id: 2, name: '王芳' }] }],
  canDecide: false,
  createdAt: '2024-11-02T02:00:00.000Z',
  decidedAt: null,
  actions: [],
};

const detail = (overrides: Partial<TTopupDetail> = {}): TTopupDetail => ({
  ...topup({ id: 2, status: 'approving', decidedAt: null, transferId: null, amountFen: 20_000_000 }),
  createdByName: '林晓',
  approval: APPROVAL,
  canWithdraw: true,
  ...overrides,
});

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => useSession.setState({ elements: ALL }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

function mock(current: { value: TTopupDetail }, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCES),
    'GET /api/companystaff/ecompanyFdIssue/entries': () => ok({ total: 0, rows: [] }),
    'GET /api/companystaff/ecompanyRecharge/page': () => ok({ total: 1, rows: [current.value] }),
    'GET /api/companystaff/ecompanyRecharge/:id': () => ok(current.value),
    'GET /api/admin/file/:id': () => ({ body: 'voucher-bytes' }),
    ...extra,
  });
}

async function openDrawer() {
  await user.click(await screen.findByLabelText('查看充值 2', {}, { timeout: 15_000 }));
  return (await screen.findByText('充值详情', { selector: '.ant-drawer-title span' })).closest(
    '.ant-drawer',
  ) as HTMLElement;
}

describe('充值记录: a top-up opened', () => {
  it('shows its fields, approval steps and voucher, and withdraws it after confirming', async () => {
    const current = { value: detail() };
    api = mock(current, {
      'POST /api/companystaff/ecompanyRecharge/:id/withdraw': () => {
        current.value = detail({
          status: 'withdrawn',
          decidedAt: '2024-11-02T05:00:00.000Z',
          canWithdraw: false,
          approval: { ...APPROVAL, status: 'withdrawn' },
        });
        return ok(current.value, '充值已撤回');
      },
    });
    renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=topups` });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('¥200,000.00')).toBeInTheDocument();
    expect(within(drawer).getByText('121908765410201')).toBeInTheDocument();
    expect(within(drawer).getByText('林晓')).toBeInTheDocument();
    expect(within(drawer).getByText('第 1 步：王芳')).toBeInTheDocument();
    expect(within(drawer).getByText('待审批')).toBeInTheDocument();
    // The voucher is read with the session (the file route), named and downloadable.
    expect(await within(drawer).findByText('转账凭证', { selector: '.ant-typography-ellipsis' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/admin/file/7b0c1c1e-6f43-4a57-9a4b-2d3c1b0a9e11')).toBe(true);
    expect(getButton('下载', drawer)).toBeInTheDocument();

    await user.click(getButton('撤回', drawer));
    const pop = await screen.findByText(/撤回后平台不再处理这笔充值，进行中的审批随之结束/);
    await user.click(getButton('撤回', pop.closest('.ant-popover') as HTMLElement));
    await waitFor(() =>
      expect(api?.calls.some((c) => c.method === 'POST' && c.url.endsWith('/ecompanyRecharge/2/withdraw'))).toBe(true),
    );
    expect(await within(drawer).findAllByText('已撤回')).not.toHaveLength(0);
    expect(within(drawer).getByText('撤回时间')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByText(/^撤\s*回$/, { selector: 'button span' })).toBeNull());
  }, 90_000);

  it('offers no 撤回 when the server says the viewer may not, and says a failed load failed (not 不存在), with 重新加载', async () => {
    let fails = true;
    const current = { value: detail({ status: 'confirmed', canWithdraw: false, approval: null }) };
    api = mock(current, {
      'GET /api/companystaff/ecompanyRecharge/:id': () =>
        fails ? fail(500, 50000, '系统繁忙，请稍后再试！') : ok(current.value),
    });
    renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=topups` });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('数据加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(drawer).queryByText(/不存在/)).toBeNull();
    fails = false;
    await user.click(getButton('重新加载', drawer));
    expect(await within(drawer).findByText('无需公司内部审批，提交后直接由平台确认。')).toBeInTheDocument();
    expect(within(drawer).queryByText(/^撤\s*回$/, { selector: 'button span' })).toBeNull();
  }, 90_000);
});
