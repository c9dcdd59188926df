import { API, type TTopup } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR, PENDING_TOPUP } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser, type TOpsCall } from './test-utils.tsx';

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;

/** The queue: the pending top-up until it is decided, then nothing pending. */
function queueHandlers(state: { topup: TTopup }) {
  return {
    [`GET ${API.ops.info}`]: () => ok(OPERATOR),
    [`GET ${API.ops.topupPage}`]: (call: TOpsCall) => {
      const status = (call.params as { status?: string }).status;
      const rows = !status || status === state.topup.status ? [state.topup] : [];
      return ok({ total: rows.length, rows });
    },
    [`GET /api/ops/topup/:id`]: () => ok(state.topup),
    [`GET /api/ops/topup/:id/voucher`]: () => ({ body: new Blob(['png'], { type: 'image/png' }) }),
  };
}

async function openDrawer() {
  const user = setupUser();
  const row = (await screen.findByText('江苏灵工服务有限公司', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: buttonName('审核') }));
  const drawer = (await screen.findByText('充值审核')).closest('.ant-drawer') as HTMLElement;
  return { user, drawer };
}

describe('充值确认', () => {
  let restore: () => void = () => {};
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:voucher';
    URL.revokeObjectURL = () => {};
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it('shows the amount beside the voucher, and confirms once with one idempotency key across a retry', async () => {
    const state = { topup: PENDING_TOPUP };
    let confirmCalls = 0;
    const api = mockOpsApi({
      ...queueHandlers(state),
      [`POST ${API.ops.topupConfirm}`]: () => {
        confirmCalls += 1;
        // The first answer is lost (a gateway error); the retry goes through.
        if (confirmCalls === 1) return fail(502, 50200, '网关错误');
        state.topup = { ...state.topup, status: 'confirmed', decidedAt: '2025-11-20T03:00:00.000Z', transferId: 9 };
        return ok(state.topup, '已确认到账');
      },
    });
    restore = api.restore;
    renderOps('/ops/topups');
    const { user, drawer } = await openDrawer();

    expect(within(drawer).getByText('¥200,000.00')).toBeInTheDocument();
    expect(within(drawer).getByText('121908765410201')).toBeInTheDocument();
    expect(within(drawer).getByText('江苏项目备付金')).toBeInTheDocument();
    const image = await within(drawer).findByRole('img', { name: '转账凭证' });
    expect(image).toHaveAttribute('src', 'blob:voucher');
    const voucherCall = api.calls.find((c) => c.url.endsWith('/voucher'));
    expect(voucherCall?.headers.authorization).toBe('Bearer ops-token-1');

    await user.click(within(drawer).getByRole('button', { name: buttonName('确认到账') }));
    const popconfirm = (await screen.findByText(/已到账？确认后记入/)).closest('.ant-popover') as HTMLElement;
    expect(popconfirm).toHaveTextContent('星河科技有限公司');
    expect(popconfirm).toHaveTextContent('¥200,000.00');
    await user.click(within(popconfirm).getByRole('button', { name: buttonName('确认到账') }));
    expect(await screen.findByText('网关错误')).toBeInTheDocument();

    // The retry: the same intent, the same key.
    await user.click(within(drawer).getByRole('button', { name: buttonName('确认到账') }));
    const again = (await screen.findAllByText(/已到账？确认后记入/)).at(-1)?.closest('.ant-popover') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: buttonName('确认到账') }));
    await waitFor(() => expect(within(drawer).getAllByText('已到账').length).toBeGreaterThan(0));
    expect(within(drawer).queryByRole('button', { name: buttonName('确认到账') })).toBeNull();

    const confirms = api.calls.filter((c) => c.method === 'POST' && c.url === '/api/ops/topup/2/confirm');
    expect(confirms).toHaveLength(2);
    const [first, second] = confirms;
    expect(first?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    // The queue was fetched again: the pending list no longer holds the row.
    await user.click(drawer.querySelector('.ant-drawer-close') as HTMLElement);
    expect(await screen.findByText('暂无待确认的充值')).toBeInTheDocument();
  });

  it('flags a voucher whose content was used before, in the queue and the drawer with those top-ups', async () => {
    const state = {
      topup: {
        ...PENDING_TOPUP,
        voucherReuses: [
          {
            id: 1,
            companyName: '星河科技有限公司',
            status: 'confirmed' as const,
            amountFen: 20_000_000,
            createdAt: '2025-11-19T02:00:00.000Z',
          },
        ],
      },
    };
    const api = mockOpsApi(queueHandlers(state));
    restore = api.restore;
    renderOps('/ops/topups');
    const row = (await screen.findByText('江苏灵工服务有限公司', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('凭证重复')).toBeInTheDocument();
    const { drawer } = await openDrawer();
    const alert = within(drawer).getByRole('alert');
    expect(alert).toHaveTextContent('该转账凭证的内容此前已用于其他充值');
    expect(alert).toHaveTextContent('充值 #1：星河科技有限公司，¥200,000.00，已到账');
  });

  it('rejects with a required reason (trimmed) and an idempotency key', async () => {
    const state = { topup: PENDING_TOPUP };
    const api = mockOpsApi({
      ...queueHandlers(state),
      [`POST ${API.ops.topupReject}`]: (call) => {
        state.topup = {
          ...state.topup,
          status: 'rejected',
          rejectReason: (call.body as { reason: string }).reason,
          decidedAt: '2025-11-20T03:00:00.000Z',
        };
        return ok(state.topup, '已驳回');
      },
    });
    restore = api.restore;
    renderOps('/ops/topups');
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('button', { name: buttonName('驳回') }));
    const dialog = (await screen.findByText('驳回充值')).closest('.ant-modal') as HTMLElement;
    expect(dialog).toHaveTextContent('¥200,000.00');
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定驳回') }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/reject'))).toBe(false);

    await user.type(within(dialog).getByLabelText('驳回原因'), '  凭证金额与充值金额不符  ');
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定驳回') }));
    await waitFor(() => expect(within(drawer).getByText('凭证金额与充值金额不符')).toBeInTheDocument());
    const reject = api.calls.find((c) => c.url === '/api/ops/topup/2/reject');
    expect(reject?.body).toEqual({ reason: '凭证金额与充值金额不符' });
    expect(reject?.headers['idempotency-key']).toMatch(/^ops-/);
    expect(within(drawer).getAllByText('已驳回').length).toBeGreaterThan(0);
  });

  it('shows the server field error of a reject under the reason', async () => {
    const state = { topup: PENDING_TOPUP };
    const api = mockOpsApi({
      ...queueHandlers(state),
      [`POST ${API.ops.topupReject}`]: () =>
        fail(400, 40000, '请求参数有误', { errors: [{ path: 'reason', message: '驳回原因最多 200 个字' }] }),
    });
    restore = api.restore;
    renderOps('/ops/topups');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: buttonName('驳回') }));
    const dialog = (await screen.findByText('驳回充值')).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('驳回原因'), '不符');
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定驳回') }));
    expect(await within(dialog).findByText('驳回原因最多 200 个字')).toBeInTheDocument();
  });
});
