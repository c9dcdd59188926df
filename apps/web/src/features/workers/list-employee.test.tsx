import type { TImportJob } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListEmployeePage } from './routes/list-employee-page.tsx';
import { DEPARTMENT_OPTIONS, JOB_TYPE_OPTIONS, importJob, workerRow } from './test-data.ts';
import { chinaToday } from '../../lib/format-date-time.ts';

const PATH = '/EmployeeManagement/listEmployee';
const ALL_ELEMENTS = {
  'employee:add': true,
  'employee:edit': true,
  'employee:import': true,
  'employee:export': true,
};

const ROWS = [
  workerRow({ id: 1, name: '张三' }),
  workerRow({
    id: 2,
    name: '李四',
    idNumber: '310101********5678',
    gender: 'female',
    status: 'left',
    leftAt: '2024-05-01',
    realNameStatus: 'unverified',
    contractStatus: 'unsigned',
    jobTypeName: null,
    departmentName: null,
  }),
];

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

function mockWorkers(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/employee/page': () => ok({ total: 23, rows: ROWS }),
    'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok(JOB_TYPE_OPTIONS),
    'GET /api/companystaff/department/options': () => ok(DEPARTMENT_OPTIONS),
    'GET /api/companystaff/employee/realName/runs': () => ok([]),
    ...extra,
  });
}

const pageCalls = (calls: TApiCall[]) => calls.filter((c) => c.url === '/api/companystaff/employee/page');
const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { ...ALL_ELEMENTS } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
  vi.restoreAllMocks();
});

describe('员工列表', () => {
  it('lists workers with masked ID numbers, tags and links to the detail', async () => {
    api = mockWorkers();
    // A 1920 px window: every column shows (性别 and 创建时间 only from 1600 px on, to fit 1366).
    const narrowMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...narrowMatchMedia(query),
      matches: /min-width:\s*(\d+)px/.test(query) && Number(/min-width:\s*(\d+)px/.exec(query)?.[1]) <= 1920,
    });
    onTestFinished(() => {
      window.matchMedia = narrowMatchMedia;
    });
    renderScreen(ListEmployeePage, { path: PATH });

    await screen.findByText('李四');
    const zhang = rowOf('张三');
    expect(within(zhang).getByText('110105********1234')).toBeInTheDocument();
    expect(within(zhang).getByText('在职')).toBeInTheDocument();
    expect(within(zhang).getByText('已认证')).toBeInTheDocument();
    expect(within(zhang).getByText('已签约')).toBeInTheDocument();
    expect(within(zhang).getByText('配送员')).toBeInTheDocument();
    expect(within(zhang).getByText('张三').closest('a')).toHaveAttribute(
      'href',
      '/EmployeeManagement/detailEmployee?id=1',
    );
    const li = rowOf('李四');
    expect(within(li).getByText('离职')).toBeInTheDocument();
    expect(within(li).getByText('女')).toBeInTheDocument();
    expect(within(li).getByText('未签约')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
  });

  it('reads the filters from the URL and writes new ones back to it', async () => {
    api = mockWorkers();
    const { router } = renderScreen(ListEmployeePage, {
      path: PATH,
      initialEntry: `${PATH}?name=${encodeURIComponent('张')}&status=active&jobTypeId=1&joinedFrom=2024-01-01&joinedTo=2024-06-30&page=2`,
    });

    await screen.findByText('李四');
    expect(pageCalls(api.calls)[0]?.params).toMatchObject({
      page: 2,
      limit: 10,
      name: '张',
      status: 'active',
      jobTypeId: 1,
      joinedFrom: '2024-01-01',
      joinedTo: '2024-06-30',
    });
    expect(screen.getByPlaceholderText('请输入姓名（前缀匹配）')).toHaveValue('张');
    expect(screen.getByDisplayValue('2024-01-01')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000001');
    await user.type(screen.getByPlaceholderText('请输入完整身份证号'), '11010519900101123x');
    await user.click(getButton('查询'));

    await waitFor(() => expect(searchOf(router)).toHaveProperty('mobile', '13800000001'));
    // A new search starts at page 1 and keeps the other filters.
    expect(searchOf(router)).toEqual({
      name: '张',
      mobile: '13800000001',
      idNumber: '11010519900101123X',
      jobTypeId: '1',
      status: 'active',
      joinedFrom: '2024-01-01',
      joinedTo: '2024-06-30',
    });
    await waitFor(() =>
      expect(pageCalls(api?.calls ?? []).at(-1)?.params).toMatchObject({ page: 1, mobile: '13800000001' }),
    );

    await user.click(getButton('重置'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sorts by 入职日期 through the table header, in the URL', async () => {
    api = mockWorkers();
    const { router } = renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');

    const header = screen.getAllByText('入职日期').find((node) => node.closest('th'));
    if (!header) throw new Error('no 入职日期 column');
    await user.click(header);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'joinedAt', order: 'desc' }));
    await waitFor(() =>
      expect(pageCalls(api?.calls ?? []).at(-1)?.params).toMatchObject({ sort: 'joinedAt', order: 'desc' }),
    );
    await user.click(header);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'joinedAt', order: 'asc' }));
  });

  it('sends the leaving date of 离职 and 恢复在职 for a worker who left', async () => {
    let left: TApiCall | undefined;
    let rejoined: TApiCall | undefined;
    api = mockWorkers({
      'PUT /api/companystaff/employee/:id/leave': (call) => {
        left = call;
        return ok(null);
      },
      'PUT /api/companystaff/employee/:id/rejoin': (call) => {
        rejoined = call;
        return ok(null);
      },
    });
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');

    await user.click(getButton('离职', rowOf('张三')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定为“张三”办理离职吗？离职后可以恢复在职。')).toBeInTheDocument();
    await user.click(getButton('确定离职', dialog));
    await waitFor(() => expect(left).toBeDefined());
    expect(left).toMatchObject({
      url: '/api/companystaff/employee/1/leave',
      body: { leftAt: chinaToday().format('YYYY-MM-DD') },
    });
    expect(await screen.findByText('“张三”已离职')).toBeInTheDocument();

    await user.click(getButton('恢复在职', rowOf('李四')));
    const popover = (await screen.findByText('确定将“李四”恢复为在职吗？')).closest('.ant-popover');
    await user.click(getButton('恢复在职', popover as HTMLElement));
    await waitFor(() => expect(rejoined).toMatchObject({ url: '/api/companystaff/employee/2/rejoin' }));
  });

  it('exports with the current filters and links to the download centre', async () => {
    let exported: TApiCall | undefined;
    api = mockWorkers({
      'POST /api/companystaff/employee/export': (call) => {
        exported = call;
        return ok({ id: 'exp-1' });
      },
    });
    renderScreen(ListEmployeePage, {
      path: PATH,
      initialEntry: `${PATH}?status=left&departmentId=2&page=3`,
      otherPaths: ['/exportList/exportIndex'],
    });
    await screen.findByText('李四');

    await user.click(getButton('导出'));
    await waitFor(() => expect(exported).toBeDefined());
    expect(exported?.body).toEqual({ status: 'left', departmentId: 2, sort: 'createdAt', order: 'desc' });
    await user.click(await screen.findByText('下载中心'));
    expect(await screen.findByText('当前页面：/exportList/exportIndex')).toBeInTheDocument();
  });

  it('shows neither the toolbar nor the status actions without their elements', async () => {
    useSession.setState({ elements: {} });
    api = mockWorkers();
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');

    expect(screen.queryByText('添加员工')).toBeNull();
    expect(screen.queryByText('批量导入')).toBeNull();
    expect(screen.queryByText(/^导\s*出$/)).toBeNull();
    expect(within(rowOf('张三')).queryByText(/^离\s*职$/, { selector: 'button span' })).toBeNull();
    expect(within(rowOf('李四')).queryByText('恢复在职')).toBeNull();
    expect(getButton('详情', rowOf('张三'))).toBeEnabled();
  });

  it('shows an empty state, and an error state with a retry', async () => {
    let fails = true;
    api = mockWorkers({
      'GET /api/companystaff/employee/page': () =>
        fails ? { httpStatus: 500, body: { status: 500, message: '系统繁忙' } } : ok({ total: 0, rows: [] }),
    });
    renderScreen(ListEmployeePage, { path: PATH, initialEntry: `${PATH}?name=${encodeURIComponent('王')}` });

    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    fails = false;
    await user.click(getButton('重新加载'));
    expect(await screen.findByText('没有符合条件的员工')).toBeInTheDocument();
  });
});

describe('批量导入', () => {
  const xlsx = () => new File(['name,idNumber'], 'workers.xlsx', { type: '' });

  async function openDrawerAndUpload() {
    await user.click(getButton('批量导入'));
    const drawer = (await screen.findByText('批量导入员工')).closest('[role="dialog"]') as HTMLElement;
    const input = drawer.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await user.upload(input, xlsx());
    return drawer;
  }

  it('uploads the file, shows the progress, then the errors, and keeps 确认导入 disabled', async () => {
    let uploaded: TApiCall | undefined;
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const validated = importJob({
      status: 'validated',
      progress: 100,
      totalRows: 3,
      validRows: 1,
      errorRows: 2,
      errors: [
        { row: 2, field: '身份证号', message: '身份证号校验位不正确' },
        { row: 3, field: '手机号', message: '请输入正确的 11 位手机号' },
      ],
    });
    api = mockWorkers({
      'POST /api/companystaff/employee/import': (call) => {
        uploaded = call;
        return ok(importJob({ progress: 40 }));
      },
      'GET /api/companystaff/employee/import/:id': () => ok(validated),
      'GET /api/companystaff/employee/import/:id/report': () => ({ body: new Blob(['row,reason']) }),
    });
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');

    const drawer = await openDrawerAndUpload();
    expect(await within(drawer).findByText('40%')).toBeInTheDocument();
    expect(within(drawer).getByText('正在逐行校验文件，请稍候…')).toBeInTheDocument();
    const file = (uploaded?.body as FormData).get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('workers.xlsx');

    expect(await within(drawer).findByText('身份证号校验位不正确', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(drawer).getByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(within(drawer).getByText('有 2 行存在错误，请修改后重新上传')).toBeInTheDocument();
    const counts = within(drawer).getByText('总行数').closest('table') as HTMLElement;
    expect(within(counts).getByText('3')).toBeInTheDocument();
    expect(getButton('确认导入', drawer)).toBeDisabled();

    await user.click(getButton('下载错误报告', drawer));
    await waitFor(() => expect(saved).toEqual(['员工导入错误报告.xlsx']));
    expect(api.calls.some((c) => c.url === '/api/companystaff/employee/import/imp-1/report')).toBe(true);
    expect(api.calls.some((c) => c.url.endsWith('/commit'))).toBe(false);
  });

  it('commits a file without errors, polls until committed and refreshes the list', async () => {
    const jobs: TImportJob[] = [
      importJob({ status: 'committing', progress: 50, totalRows: 5, validRows: 5 }),
      importJob({ status: 'committed', progress: 100, totalRows: 5, validRows: 5, insertedRows: 5 }),
    ];
    let committed: TApiCall | undefined;
    api = mockWorkers({
      'POST /api/companystaff/employee/import': () =>
        ok(importJob({ status: 'validated', totalRows: 5, validRows: 5 })),
      'POST /api/companystaff/employee/import/:id/commit': (call) => {
        committed = call;
        return ok(importJob({ status: 'committing', progress: 10, totalRows: 5, validRows: 5 }));
      },
      'GET /api/companystaff/employee/import/:id': () => ok(jobs.length > 1 ? jobs.shift() : jobs[0]),
    });
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');
    const listCallsBefore = pageCalls(api.calls).length;

    const drawer = await openDrawerAndUpload();
    expect(await within(drawer).findByText('校验通过，共 5 条员工数据可以导入')).toBeInTheDocument();
    expect(within(drawer).queryByText('下载错误报告')).toBeNull();
    await user.click(getButton('确认导入', drawer));
    await waitFor(() => expect(committed).toMatchObject({ url: '/api/companystaff/employee/import/imp-1/commit' }));
    expect(await within(drawer).findByText('10%')).toBeInTheDocument();

    expect(await within(drawer).findByText('成功导入 5 条', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(pageCalls(api?.calls ?? []).length).toBeGreaterThan(listCallsBefore));
  });

  it('downloads the template with the session through the app client', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    api = mockWorkers({
      'GET /api/companystaff/employee/import/template': () => ({ body: new Blob(['x']) }),
    });
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('李四');

    await user.click(getButton('批量导入'));
    await user.click(await screen.findByText('下载模板'));
    await waitFor(() => expect(saved).toEqual(['员工导入模板.xlsx']));
  });

  it('shows the real-name verification of imported workers with its progress, and how it ended', async () => {
    const run = {
      id: 5,
      source: 'import' as const,
      total: 200,
      verified: 120,
      failed: 5,
      pending: 75,
      createdAt: '2026-11-29T02:00:00.000Z',
      finishedAt: null,
    };
    api = mockWorkers({ 'GET /api/companystaff/employee/realName/runs': () => ok([run]) });
    renderScreen(ListEmployeePage, { path: PATH });
    expect(await screen.findByText('批量导入的 200 名员工正在实名认证：已完成 125 / 200')).toBeInTheDocument();
    expect(screen.getByText('已认证 120，认证失败 5，认证中 75')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '批量导入的 200 名员工实名认证进度' })).toHaveAttribute(
      'aria-valuenow',
      '62',
    );
  });

  it('says when the verification of an import has ended', async () => {
    const run = {
      id: 6,
      source: 'import' as const,
      total: 3,
      verified: 2,
      failed: 1,
      pending: 0,
      createdAt: '2026-11-29T02:00:00.000Z',
      finishedAt: '2026-11-29T02:01:00.000Z',
    };
    api = mockWorkers({ 'GET /api/companystaff/employee/realName/runs': () => ok([run]) });
    renderScreen(ListEmployeePage, { path: PATH });
    expect(await screen.findByText('批量导入的 3 名员工实名认证已完成')).toBeInTheDocument();
    expect(screen.getByText('已认证 2，认证失败 1')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
