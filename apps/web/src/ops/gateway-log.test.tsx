import { API, type TExportJob, type TGatewayLogRow } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rangeOf } from './api/gateway-log.ts';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser, type TOpsCall } from './test-utils.tsx';

const ROW: TGatewayLogRow = {
  id: 7,
  at: '2026-11-29T02:00:00.000Z',
  process: 'web-1',
  realm: 'company',
  companyId: 1,
  companyName: '星河科技有限公司',
  adminId: 3,
  operatorId: null,
  method: 'POST',
  route: '/api/emolument/payRoll/:id/pay',
  path: '/api/emolument/payRoll/12/pay',
  status: 200,
  code: 40001,
  latencyMs: 123.4,
  bytes: 512,
  ip: '10.0.0.9',
  requestId: 'req-abc',
  userAgent: 'Mozilla/5.0',
};

describe('网关日志', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it('lists the last hour by default, filters by status class, and opens a request with its audit and server lines', async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.gatewayLogPage}`]: (call: TOpsCall) => {
        const p = call.params as { statusClass?: string };
        const rows = !p.statusClass || p.statusClass === '2xx' ? [ROW] : [];
        return ok({ total: rows.length, capped: false, rows });
      },
      [`GET /api/ops/gatewayLog/:requestId`]: () =>
        ok({
          requests: [ROW],
          audit: [
            {
              id: 1,
              action: 'payroll.pay',
              target: 'payrollBatch:12',
              result: 'failure',
              status: 40001,
              message: '验证码错误',
              createdAt: ROW.at,
            },
          ],
          serverLog: [
            { at: ROW.at, process: 'web-1', level: 'error', message: 'request errored', detail: '{"err":"boom"}' },
          ],
        }),
    });
    restore = api.restore;
    renderOps('/ops/gateway-log');
    const user = setupUser();
    const cell = await screen.findByText('/api/emolument/payRoll/:id/pay', {}, { timeout: 15_000 });
    expect(screen.getByText('星河科技有限公司')).toBeInTheDocument();
    expect(screen.getByText('123.4 ms')).toBeInTheDocument();
    // The window the list shows unless another is chosen.
    expect(screen.getByText('最近 1 小时')).toBeInTheDocument();
    const first = api.calls.find((c) => c.url === API.ops.gatewayLogPage)?.params as { from: string; to: string };
    expect(new Date(first.to).getTime() - new Date(first.from).getTime()).toBe(3_600_000);

    // The row's 查看 opens it from the keyboard.
    const row = cell.closest('tr') as HTMLElement;
    within(row)
      .getByRole('button', { name: buttonName('查看') })
      .focus();
    await user.keyboard('{Enter}');
    const drawer = (await screen.findByText('请求 req-abc')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('验证码错误')).toBeInTheDocument();
    expect(within(drawer).getByText('request errored')).toBeInTheDocument();
    expect(within(drawer).getByText('/api/emolument/payRoll/12/pay')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('combobox', { name: 'HTTP 状态' }));
    await user.click(await screen.findByTitle('5xx'));
    await user.click(screen.getByRole('button', { name: buttonName('查询') }));
    await waitFor(() =>
      expect(api.calls.some((c) => (c.params as { statusClass?: string } | undefined)?.statusClass === '5xx')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('没有符合条件的请求')).toBeInTheDocument();
  });

  it('asks for the export of the current filters and range, then says 下载中心 has it, a link there', async () => {
    const JOB: TExportJob = {
      id: '00000000-0000-4000-8000-0000000000e1',
      type: 'gatewayLog',
      typeName: '网关日志',
      status: 'queued',
      progress: 0,
      rowCount: 0,
      fileSize: 0,
      fileName: '',
      error: '',
      createdAt: ROW.at,
      finishedAt: null,
      expiresAt: '2026-12-06T02:00:00.000Z',
      filters: {},
    };
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.gatewayLogPage}`]: () => ok({ total: 1, capped: false, rows: [ROW] }),
      [`POST ${API.ops.gatewayLogExport}`]: () => ok(JOB),
      [`GET ${API.ops.exportPage}`]: () => ok({ total: 1, rows: [JOB] }),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/gateway-log?statusClass=5xx&route=%2Fapi%2Fops%2F&window=24h');
    const user = setupUser();
    await screen.findByText('/api/emolument/payRoll/:id/pay', {}, { timeout: 15_000 });

    // Reached and pressed from the keyboard.
    const button = screen.getByRole('button', { name: buttonName('导出') });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ statusClass: '5xx', route: '/api/ops/' });
    expect(body).not.toHaveProperty('window');
    expect(body).not.toHaveProperty('page');
    expect(new Date(String(body.to)).getTime() - new Date(String(body.from)).getTime()).toBe(24 * 3_600_000);

    const link = await screen.findByRole('link', { name: '下载中心' });
    expect(link).toHaveAttribute('href', '/ops/exports');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/exports'));
    expect(await screen.findByText('排队中')).toBeInTheDocument();
  });

  it('shows the server’s refusal (more than the cap) and makes no job', async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.gatewayLogPage}`]: () => ok({ total: 1, capped: true, rows: [ROW] }),
      [`POST ${API.ops.gatewayLogExport}`]: () => fail(400, 40000, '导出的记录超过 100 万条，请缩小时间范围'),
    });
    restore = api.restore;
    renderOps('/ops/gateway-log?window=7d');
    const user = setupUser();
    await screen.findByText('/api/emolument/payRoll/:id/pay', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: buttonName('导出') }));
    expect(await screen.findByText('导出的记录超过 100 万条，请缩小时间范围')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '下载中心' })).toBeNull();
  });
});

describe('the range of a 网关日志 list', () => {
  it('counts a window back from now, and takes China days whole', () => {
    const now = Date.parse('2026-11-29T02:00:00Z');
    expect(rangeOf({ window: '15m' }, now)).toEqual({
      from: '2026-11-29T01:45:00.000Z',
      to: '2026-11-29T02:00:00.000Z',
    });
    expect(rangeOf({ from: '2026-11-28', to: '2026-11-29' }, now)).toEqual({
      from: '2026-11-27T16:00:00.000Z',
      to: '2026-11-29T16:00:00.000Z',
    });
  });
});
