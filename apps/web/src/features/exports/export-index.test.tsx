import type { TExportJob } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { Component as ExportIndexPage } from './routes/export-index-page.tsx';

const PATH = '/exportList/exportIndex';

function exportJob(overrides: Partial<TExportJob>): TExportJob {
  return {
    id: 'exp-1',
    type: 'workers',
    typeName: '员工列表',
    status: 'done',
    progress: 100,
    rowCount: 12345,
    fileSize: 1536 * 1024,
    fileName: '员工列表-20240301.xlsx',
    error: '',
    createdAt: dayjs().subtract(1, 'hour').toISOString(),
    finishedAt: dayjs().subtract(1, 'hour').toISOString(),
    expiresAt: dayjs().add(7, 'day').toISOString(),
    filters: {},
    ...overrides,
  };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}

const pageCalls = (calls: TApiCall[]) => calls.filter((c) => c.url === '/api/admin/export/page');

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

afterEach(() => {
  api?.restore();
  api = undefined;
  vi.restoreAllMocks();
});

describe('下载中心', () => {
  it('shows each job with its status, size, rows and the failure reason', async () => {
    api = mockApi({
      'GET /api/admin/export/page': () =>
        ok({
          total: 3,
          rows: [
            exportJob({ id: 'a' }),
            exportJob({
              id: 'b',
              fileName: '员工列表-失败.xlsx',
              status: 'failed',
              progress: 30,
              rowCount: 0,
              fileSize: 0,
              error: '生成文件时出错，请重新导出',
            }),
            exportJob({ id: 'c', fileName: '员工列表-旧.xlsx', expiresAt: dayjs().subtract(1, 'day').toISOString() }),
          ],
        }),
    });
    renderScreen(ExportIndexPage, { path: PATH });

    await screen.findByText('员工列表-20240301.xlsx');
    const done = rowOf('员工列表-20240301.xlsx');
    expect(within(done).getByText('已完成')).toBeInTheDocument();
    expect(within(done).getByText('12,345')).toBeInTheDocument();
    expect(within(done).getByText('1.5 MB')).toBeInTheDocument();
    expect(getButton('下载', done)).toBeEnabled();

    const failed = rowOf('员工列表-失败.xlsx');
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('生成文件时出错，请重新导出')).toBeInTheDocument();
    expect(within(failed).queryByText(/下\s*载/)).toBeNull();

    const expired = rowOf('员工列表-旧.xlsx');
    expect(within(expired).getByText('已过期')).toBeInTheDocument();
    expect(within(expired).queryByText(/下\s*载/)).toBeNull();
  });

  it('polls every 2 s while a job runs, then downloads the finished file under its name', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    const answers = [
      exportJob({ status: 'running', progress: 45, rowCount: 0, fileSize: 0 }),
      exportJob({ status: 'done' }),
    ];
    const file = new Blob(['xlsx-bytes']);
    api = mockApi({
      'GET /api/admin/export/page': () => ok({ total: 1, rows: [answers.length > 1 ? answers.shift() : answers[0]] }),
      'GET /api/admin/export/:id/download': () => ({ body: file }),
    });
    renderScreen(ExportIndexPage, { path: PATH, initialEntry: `${PATH}?status=running` });

    expect(await screen.findByText('45%')).toBeInTheDocument();
    expect(pageCalls(api.calls)[0]?.params).toMatchObject({ page: 1, limit: 10, status: 'running' });
    expect(within(rowOf('员工列表-20240301.xlsx')).getByText('生成中')).toBeInTheDocument();
    expect(screen.queryByText(/下\s*载/, { selector: 'button span' })).toBeNull();

    expect(await screen.findByText('已完成', { selector: '.ant-tag' }, { timeout: 3500 })).toBeInTheDocument();
    expect(pageCalls(api.calls)).toHaveLength(2);

    await user.click(getButton('下载', rowOf('员工列表-20240301.xlsx')));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('员工列表-20240301.xlsx');
    expect(saved[0]?.blob).toBe(file);
    expect(api.calls.some((c) => c.url === '/api/admin/export/exp-1/download')).toBe(true);
  });

  it('stops polling when no job is queued or running', async () => {
    api = mockApi({ 'GET /api/admin/export/page': () => ok({ total: 1, rows: [exportJob({})] }) });
    renderScreen(ExportIndexPage, { path: PATH });
    await screen.findByText('员工列表-20240301.xlsx');

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(pageCalls(api.calls)).toHaveLength(1);
  });

  it('shows an empty state', async () => {
    api = mockApi({ 'GET /api/admin/export/page': () => ok({ total: 0, rows: [] }) });
    renderScreen(ExportIndexPage, { path: PATH });
    expect(await screen.findByText('暂无导出任务，可在各列表页点击“导出”')).toBeInTheDocument();
  });
});
