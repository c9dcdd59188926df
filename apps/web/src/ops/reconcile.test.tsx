import { API, type TReconcileDay, type TReconcileDifference } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser, type TOpsCall } from './test-utils.tsx';

const DAY: TReconcileDay = {
  id: 5,
  serviceCompanyId: 1,
  serviceCompanyName: '海南灵工服务有限公司',
  day: '2026-11-28',
  status: 'done',
  lineCount: 120,
  matchedCount: 118,
  matchedFen: 11_800_000,
  differenceCount: 2,
  openCount: 1,
  error: null,
  attempts: 1,
  updatedAt: '2026-11-29T01:41:00.000Z',
};
const REFUSED: TReconcileDay = {
  ...DAY,
  id: 6,
  serviceCompanyId: 2,
  serviceCompanyName: '江苏智薪人力资源有限公司',
  status: 'refused',
  lineCount: 0,
  matchedCount: 0,
  matchedFen: 0,
  differenceCount: 0,
  openCount: 0,
  error: '对账单签名校验失败，已拒绝',
};
const AMOUNT: TReconcileDifference = {
  id: 31,
  dayId: 5,
  day: '2026-11-28',
  serviceCompanyName: '海南灵工服务有限公司',
  kind: 'amount',
  ref: 'PO812-1',
  companyName: '星河科技有限公司',
  payoutId: 900,
  holderName: '张三',
  ourStatus: 'succeeded',
  ourAmountFen: 100_000,
  providerRef: 'SB000000000042',
  providerStatus: 'succeeded',
  providerAmountFen: 100_100,
  providerLines: 1,
  providerAt: '2026-11-28T03:00:00.000Z',
  suspenseFen: -100,
  status: 'open',
  resolution: null,
  reason: null,
  resolvedByName: null,
  resolvedAt: null,
};
const RESOLVED: TReconcileDifference = {
  ...AMOUNT,
  id: 32,
  kind: 'missing_ours',
  ref: 'PX99-1',
  companyName: null,
  payoutId: null,
  holderName: null,
  ourStatus: null,
  ourAmountFen: null,
  providerAmountFen: 50_000,
  status: 'resolved',
  resolution: 'ours',
  reason: '服务方确认对账单有误',
  resolvedByName: '运营小王',
  resolvedAt: '2026-11-29T02:00:00.000Z',
};

describe('对账', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it('shows the alert and the days, opens a day and resolves a difference with a reason and one key', async () => {
    let resolved = false;
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.reconcileAlerts}`]: () =>
        ok({
          openDifferences: resolved ? 0 : 1,
          refusedDays: 1,
          serviceCompanies: [
            { id: 1, name: '海南灵工服务有限公司' },
            { id: 2, name: '江苏智薪人力资源有限公司' },
          ],
        }),
      [`GET ${API.ops.reconcileDayPage}`]: () => ok({ total: 2, rows: [DAY, REFUSED] }),
      [`GET ${API.ops.reconcileDifferences}`]: () =>
        ok({
          total: 2,
          rows: [
            resolved
              ? {
                  ...AMOUNT,
                  status: 'resolved',
                  resolution: 'provider',
                  reason: '以对账单为准',
                  resolvedByName: '运营小王',
                  resolvedAt: RESOLVED.resolvedAt,
                }
              : AMOUNT,
            RESOLVED,
          ],
        }),
      [`POST ${API.ops.reconcileResolve}`]: (call: TOpsCall) => {
        const body = call.body as { reason: string };
        if (body.reason.length < 2) return fail(200, 40000, '处理原因至少 2 个字');
        resolved = true;
        return ok({ id: 31, resolution: 'provider', transferId: 77, providerAnswer: null });
      },
    });
    restore = api.restore;
    renderOps('/ops/reconcile');
    const user = setupUser();
    expect(await screen.findByText('江苏智薪人力资源有限公司', {}, { timeout: 15_000 })).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('1 笔对账差异待处理');
    expect(alert).toHaveTextContent('1 天的对账单被拒');
    expect(screen.getByText('对账单签名校验失败，已拒绝')).toBeInTheDocument();
    // The menu carries the alert on every screen.
    expect(await screen.findByTestId('ops-reconcile-alerts', {}, { timeout: 5_000 })).toHaveTextContent('2 项对账告警');

    // A day opens from the keyboard.
    screen.getByRole('button', { name: '查看 2026-11-28 海南灵工服务有限公司 的差异' }).focus();
    await user.keyboard('{Enter}');
    const drawer = (await screen.findByText('2026-11-28 海南灵工服务有限公司 对账')).closest(
      '.ant-drawer',
    ) as HTMLElement;
    expect(await within(drawer).findByText('金额不符')).toBeInTheDocument();
    expect(within(drawer).getByText('我方无此笔')).toBeInTheDocument();
    expect(within(drawer).getByText('成功 ¥1,001.00')).toBeInTheDocument();
    expect(within(drawer).getByText(/服务方确认对账单有误/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: '处理 PO812-1' }));
    const dialog = (await screen.findByText('处理对账差异：金额不符', {}, { timeout: 5_000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定处理') }));
    expect(await within(dialog).findByText('请选择处理方式', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await within(dialog).findByText('请填写处理原因', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('以服务方为准，按对账单入账'));
    expect(
      await within(dialog).findByText(/按对账单入账：发放状态随服务方结果改变/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('处理原因'), '以对账单为准');
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定处理') }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 5_000 });
    const post = api.calls.find((c) => c.method === 'POST') as TOpsCall;
    expect(post.url).toBe('/api/ops/reconcile/difference/31/resolve');
    expect(post.body).toEqual({ resolution: 'provider', reason: '以对账单为准' });
    expect(post.headers['idempotency-key']).toMatch(/^ops-/);
    // The toast, and the row shown resolved once the day's differences are fetched again.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: '处理 PO812-1' })).toBeNull(), {
      timeout: 5_000,
    });
    expect(within(drawer).getByText(/以对账单为准（运营小王/)).toBeInTheDocument();
    expect(screen.getAllByText('已处理').length).toBeGreaterThanOrEqual(2);
  });

  it('runs a day now and says what it found', async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.reconcileAlerts}`]: () =>
        ok({ openDifferences: 0, refusedDays: 0, serviceCompanies: [{ id: 1, name: '海南灵工服务有限公司' }] }),
      [`GET ${API.ops.reconcileDayPage}`]: () => ok({ total: 0, rows: [] }),
      [`POST ${API.ops.reconcileRun}`]: () => ok({ dayId: 9, outcome: 'done', differenceCount: 3, error: null }),
    });
    restore = api.restore;
    renderOps('/ops/reconcile');
    const user = setupUser();
    expect(await screen.findByText('暂无对账记录', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const form = screen.getByRole('form', { name: '立即对账' });
    await user.click(within(form).getByRole('button', { name: buttonName('立即对账') }));
    expect(await within(form).findByText('请选择服务商', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: '服务商' }));
    await user.click(await screen.findByTitle('海南灵工服务有限公司', {}, { timeout: 5_000 }));
    await user.click(within(form).getByRole('button', { name: buttonName('立即对账') }));
    expect(await screen.findByText('对账完成，发现 3 笔差异', {}, { timeout: 5_000 })).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST') as TOpsCall;
    expect(post.body).toMatchObject({ serviceCompanyId: 1 });
    expect(String((post.body as { day: string }).day)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
