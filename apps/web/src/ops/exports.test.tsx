import { API, type TExportJob } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

function job(overrides: Partial<TExportJob>): TExportJob {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    type: 'gatewayLog',
    typeName: '网关日志',
    status: 'done',
    progress: 100,
    rowCount: 12_345,
    fileSize: 1536 * 1024,
    fileName: '网关日志_20261129_100000.xlsx',
    error: '',
    createdAt: dayjs().subtract(1, 'hour').toISOString(),
    finishedAt: dayjs().subtract(50, 'minute').toISOString(),
    expiresAt: dayjs().add(7, 'day').toISOString(),
    filters: {},
    ...overrides,
  };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('运营后台 下载中心', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is in the menu, lists each export with its state, and polls while one runs', async () => {
    const answers = [
      [job({ id: 'a', status: 'running', progress: 45, rowCount: 0, fileSize: 0, fileName: '', finishedAt: null })],
      [job({ id: 'a' })],
    ];
    const failed = job({
      id: 'b',
      status: 'failed',
      fileName: '',
      rowCount: 0,
      fileSize: 0,
      error: '导出条件无效，请重新导出',
    });
    const expired = job({
      id: 'c',
      fileName: '网关日志_旧.xlsx',
      expiresAt: dayjs().subtract(1, 'day').toISOString(),
    });
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.exportPage}`]: () => {
        const rows = answers.length > 1 ? answers.shift() : answers[0];
        return ok({ total: 3, rows: [...(rows ?? []), failed, expired] });
      },
    });
    restore = api.restore;
    renderOps('/ops/exports');

    expect(await screen.findByRole('progressbar', { name: '网关日志的进度' }, { timeout: 15_000 })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    const menu = screen.getByTestId('ops-sider');
    expect(within(menu).getByText('下载中心')).toBeInTheDocument();
    expect(within(rowOf('导出条件无效，请重新导出')).getByText('失败')).toBeInTheDocument();
    const old = rowOf('网关日志_旧.xlsx');
    expect(within(old).getByText('已过期')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: buttonName('下载') })).toBeNull();

    // Fetched again while it runs, until it is done.
    const done = await screen.findByText('网关日志_20261129_100000.xlsx', {}, { timeout: 3500 });
    const row = done.closest('tr') as HTMLElement;
    expect(within(row).getByText('已完成')).toBeInTheDocument();
    expect(within(row).getByText('12,345')).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === API.ops.exportPage).length).toBeGreaterThanOrEqual(2);
  });

  it('downloads a finished file with the operator’s token, under its name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.exportPage}`]: () => ok({ total: 1, rows: [job({})] }),
      [`GET ${API.ops.exportDownload}`]: () => ({ body: new Blob(['xlsx-bytes']) }),
    });
    restore = api.restore;
    renderOps('/ops/exports');
    const user = setupUser();
    await screen.findByText('网关日志_20261129_100000.xlsx', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: buttonName('下载') }));
    await waitFor(() => expect(saved).toEqual(['网关日志_20261129_100000.xlsx']));
    const call = api.calls.find((c) => c.url.endsWith('/download'));
    expect(call?.url).toBe('/api/ops/export/00000000-0000-4000-8000-0000000000e1/download');
    expect(call?.headers.authorization).toBe('Bearer ops-token-1');
  });
});
