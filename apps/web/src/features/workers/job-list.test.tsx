import type { TJobType } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as JobListPage } from './routes/job-list-page.tsx';

const PATH = '/EmployeeManagement/jobList';

function jobType(overrides: Partial<TJobType>): TJobType {
  return {
    id: 1,
    name: '配送员',
    code: 'DELIVERY',
    description: '同城配送',
    enabled: true,
    workerCount: 3,
    createdAt: '2024-03-01T02:00:00.000Z',
    ...overrides,
  };
}

const ROWS = [
  jobType({ id: 1 }),
  jobType({ id: 2, name: '临时工', code: 'TEMP', description: '', enabled: false, workerCount: 0 }),
];

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

function mockJobTypes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyJobCategory/page': () => ok({ total: ROWS.length, rows: ROWS }),
    ...extra,
  });
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'employee:jobType': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('工种管理', () => {
  it('lists job types and searches through the URL', async () => {
    api = mockJobTypes();
    const { router } = renderScreen(JobListPage, { path: PATH, initialEntry: `${PATH}?enabled=false` });

    await screen.findByText('临时工');
    expect(api.calls[0]?.params).toMatchObject({ page: 1, limit: 10, enabled: 'false' });
    expect(within(rowOf('配送员')).getByText('DELIVERY')).toBeInTheDocument();
    expect(within(rowOf('配送员')).getByText('3')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入工种名称'), '配送');
    await user.click(getButton('查询'));
    await waitFor(() => expect(router.state.location.search).toBe(`?name=${encodeURIComponent('配送')}&enabled=false`));
  });

  it('disables a type with its whole body through the switch', async () => {
    let updated: TApiCall | undefined;
    api = mockJobTypes({
      'PUT /api/companystaff/ecompanyJobCategory/:id': (call) => {
        updated = call;
        return ok(jobType({ enabled: false }));
      },
    });
    renderScreen(JobListPage, { path: PATH });
    await screen.findByText('临时工');

    // Its name holds the text it shows (启用), for speech input (WCAG 2.5.3).
    await user.click(within(rowOf('配送员')).getByRole('switch', { name: '启用：工种“配送员”' }));
    await waitFor(() => expect(updated).toBeDefined());
    expect(updated).toMatchObject({
      url: '/api/companystaff/ecompanyJobCategory/1',
      body: { name: '配送员', code: 'DELIVERY', description: '同城配送', enabled: false },
    });
    expect(await screen.findByText('已停用“配送员”')).toBeInTheDocument();
  });

  it('deletes an unused type after confirmation; a type in use cannot be deleted', async () => {
    let deleted: TApiCall | undefined;
    api = mockJobTypes({
      'DELETE /api/companystaff/ecompanyJobCategory/:id': (call) => {
        deleted = call;
        return ok(null);
      },
    });
    renderScreen(JobListPage, { path: PATH });
    await screen.findByText('临时工');

    expect(getButton('删除', rowOf('配送员'))).toBeDisabled();
    await user.click(getButton('删除', rowOf('临时工')));
    const popover = (await screen.findByText('确定删除工种“临时工”吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', popover));
    await waitFor(() => expect(deleted).toMatchObject({ url: '/api/companystaff/ecompanyJobCategory/2' }));
    expect(await screen.findByText('工种“临时工”已删除')).toBeInTheDocument();
  });

  it('shows no success when the server refuses a delete with 40900', async () => {
    api = mockJobTypes({
      'DELETE /api/companystaff/ecompanyJobCategory/:id': () => fail(409, 40900, '工种已被员工使用，不能删除'),
    });
    renderScreen(JobListPage, { path: PATH });
    await screen.findByText('临时工');

    await user.click(getButton('删除', rowOf('临时工')));
    const popover = (await screen.findByText('确定删除工种“临时工”吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', popover));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.queryByText('工种“临时工”已删除')).toBeNull();
  });

  it('adds a type in a dialog and maps a field error of the server', async () => {
    const bodies: unknown[] = [];
    api = mockJobTypes({
      'POST /api/companystaff/ecompanyJobCategory': (call) => {
        bodies.push(call.body);
        return bodies.length === 1
          ? fail(400, 40000, '请求参数有误', { errors: [{ path: 'code', message: '工种编码已存在' }] })
          : ok(jobType({ id: 3, name: '分拣员', code: 'SORT' }));
      },
    });
    renderScreen(JobListPage, { path: PATH });
    await screen.findByText('临时工');

    await user.click(getButton('新增工种'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入工种名称'), '分拣员');
    await user.type(within(dialog).getByPlaceholderText('请输入工种编码，如 DRIVER'), 'DELIVERY');
    await user.click(getButton('保存', dialog));
    expect(await within(dialog).findByText('工种编码已存在')).toBeInTheDocument();

    await user.clear(within(dialog).getByPlaceholderText('请输入工种编码，如 DRIVER'));
    await user.type(within(dialog).getByPlaceholderText('请输入工种编码，如 DRIVER'), 'SORT');
    await user.click(getButton('保存', dialog));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ name: '分拣员', code: 'SORT', description: '', enabled: true });
    expect(await screen.findByText('工种已添加')).toBeInTheDocument();
  });

  it('shows the status read-only and no changes without employee:jobType', async () => {
    useSession.setState({ elements: {} });
    api = mockJobTypes();
    renderScreen(JobListPage, { path: PATH });
    await screen.findByText('临时工');

    expect(screen.queryByRole('switch')).toBeNull();
    expect(within(rowOf('临时工')).getByText('停用')).toBeInTheDocument();
    expect(screen.queryByText('新增工种')).toBeNull();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
  });
});
