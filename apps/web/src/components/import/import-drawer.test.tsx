import type { TImportJob } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../test-utils.tsx';
import type { TImportKind } from './import-api.ts';
import { ImportDrawer } from './import-drawer.tsx';

/** A kind other than workers: the drawer takes its paths, words and file names from it. */
const POINTS: TImportKind = {
  paths: {
    template: '/api/test/points/import/template',
    upload: '/api/test/points/import',
    one: '/api/test/points/import/:id',
    commit: '/api/test/points/import/:id/commit',
    report: '/api/test/points/import/:id/report',
  },
  noun: '积分',
  templateFileName: '积分导入模板.xlsx',
  reportFileName: '积分导入错误报告.xlsx',
  affects: () => [['points']],
};

const job = (overrides: Partial<TImportJob> = {}): TImportJob => ({
  id: 'p-1',
  fileName: 'points.csv',
  status: 'validating',
  progress: 0,
  totalRows: 0,
  validRows: 0,
  errorRows: 0,
  insertedRows: 0,
  errors: [],
  message: '',
  createdAt: '2024-03-01T02:00:00.000Z',
  ...overrides,
});

function Screen({ kind = POINTS }: { kind?: TImportKind }) {
  const [open, setOpen] = useState(true);
  return <ImportDrawer kind={kind} open={open} onClose={() => setOpen(false)} />;
}

const IntoSubject = () => <Screen kind={{ ...POINTS, uploadQuery: { subjectId: 7 } }} />;

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
  vi.restoreAllMocks();
});

const user = setupUser();

async function upload() {
  const drawer = (await screen.findByText('批量导入积分')).closest('[role="dialog"]') as HTMLElement;
  expect(within(drawer).getByText(/按模板填写积分信息后上传/)).toBeInTheDocument();
  const input = drawer.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await user.upload(input, new File(['a,b'], 'points.csv', { type: '' }));
  return drawer;
}

describe('ImportDrawer (shared)', () => {
  it('drives another import kind: its paths, its words, its report name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let uploaded: TApiCall | undefined;
    api = mockApi({
      'POST /api/test/points/import': (call) => {
        uploaded = call;
        return ok(job({ progress: 30 }));
      },
      'GET /api/test/points/import/:id': () =>
        ok(
          job({
            status: 'validated',
            progress: 100,
            totalRows: 2,
            validRows: 1,
            errorRows: 1,
            errors: [{ row: 3, field: '金额', message: '金额应为大于 0 的数字' }],
          }),
        ),
      'GET /api/test/points/import/template': () => ({ body: new Blob(['x']) }),
      'GET /api/test/points/import/:id/report': () => ({ body: new Blob(['x']) }),
    });
    renderScreen(Screen, { path: '/' });
    const drawer = await upload();
    expect(((uploaded?.body as FormData).get('file') as File).name).toBe('points.csv');
    expect(await within(drawer).findByText('金额应为大于 0 的数字', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(getButton('确认导入', drawer)).toBeDisabled();

    await user.click(getButton('下载错误报告', drawer));
    await waitFor(() => expect(saved).toEqual(['积分导入错误报告.xlsx']));
    expect(api.calls.some((c) => c.url === '/api/test/points/import/p-1/report')).toBe(true);
    await user.click(getButton('重新上传', drawer));
    await user.click(await within(drawer).findByText('下载模板'));
    await waitFor(() => expect(saved).toEqual(['积分导入错误报告.xlsx', '积分导入模板.xlsx']));
  });

  it('commits, polls until committed and refreshes the queries the kind names', async () => {
    const jobs = [
      job({ status: 'committing', progress: 50, totalRows: 2, validRows: 2 }),
      job({ status: 'committed', progress: 100, totalRows: 2, validRows: 2, insertedRows: 2 }),
    ];
    api = mockApi({
      'POST /api/test/points/import': () => ok(job({ status: 'validated', totalRows: 2, validRows: 2 })),
      'POST /api/test/points/import/:id/commit': () =>
        ok(job({ status: 'committing', progress: 10, totalRows: 2, validRows: 2 })),
      'GET /api/test/points/import/:id': () => ok(jobs.length > 1 ? jobs.shift() : jobs[0]),
    });
    const { queryClient } = renderScreen(Screen, { path: '/' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const drawer = await upload();
    expect(await within(drawer).findByText('校验通过，共 2 条积分数据可以导入')).toBeInTheDocument();
    await user.click(getButton('确认导入', drawer));
    expect(await within(drawer).findByText('成功导入 2 条', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/test/points/import/p-1/commit')).toBe(true);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['points'] }));
  });

  it("sends the kind's upload query with the file (the payroll batch the rows go into)", async () => {
    api = mockApi({
      'POST /api/test/points/import?subjectId=7': () => ok(job({ status: 'validated', totalRows: 1, validRows: 1 })),
    });
    renderScreen(IntoSubject, { path: '/' });
    const drawer = await upload();
    expect(await within(drawer).findByText('校验通过，共 1 条积分数据可以导入')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/test/points/import?subjectId=7');
  });
});
