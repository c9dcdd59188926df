import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListEmployeePage } from './routes/list-employee-page.tsx';
import { DEPARTMENT_OPTIONS, JOB_TYPE_OPTIONS, workerRow } from './test-data.ts';

const PATH = '/EmployeeManagement/listEmployee';
const SEND = 'POST /api/companystaff/employee/agreement/send';

const PAGE_1 = [workerRow({ id: 1, name: '张三' }), workerRow({ id: 2, name: '李四' })];
const PAGE_2 = [workerRow({ id: 3, name: '王五' })];

function mockWorkers() {
  return mockApi({
    'GET /api/companystaff/employee/page': (call) =>
      ok({ total: 40, rows: (call.params as { page?: number } | undefined)?.page === 2 ? PAGE_2 : PAGE_1 }),
    'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok(JOB_TYPE_OPTIONS),
    'GET /api/companystaff/department/options': () => ok(DEPARTMENT_OPTIONS),
    'GET /api/companystaff/employee/realName/runs': () => ok([]),
    'GET /api/companystaff/individualBusiness/getOcompanyIds': () => ok([{ id: 3, name: '江苏智薪人力资源有限公司' }]),
    [SEND]: () => ok({ jobId: 'j1' }),
  });
}

function checkboxOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return within(row).getByRole('checkbox');
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'employee:sign': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

async function sendWith(serviceCompany: string) {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('combobox'));
  await user.click(await screen.findByText(serviceCompany, { selector: '.ant-select-item-option-content' }));
  await user.click(within(dialog).getByRole('button', { name: '发起签约' }));
  await screen.findByText('已提交签约，短信将在后台发送');
}

describe('员工列表: 发起签约 for the rows ticked', () => {
  it('sends the ticked workers, kept across pages, and clears the selection once sent', async () => {
    api = mockWorkers();
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: /为所选员工发起签约/ })).toBeNull();
    await user.click(checkboxOf('张三'));
    await user.click(screen.getByTitle('2'));
    await screen.findByText('王五');
    await user.click(checkboxOf('王五'));
    expect(screen.getByText('已选 2 名员工')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /为所选员工发起签约/ }));
    expect(await screen.findByText('向所选的 2 名员工发起签约。')).toBeInTheDocument();
    await sendWith('江苏智薪人力资源有限公司');
    const body = api.calls.find((c) => `${c.method} ${c.url}` === SEND)?.body as { workerIds: number[] };
    expect({ ...body, workerIds: [...body.workerIds].sort() }).toEqual({ serviceCompanyId: 3, workerIds: [1, 3] });
    expect(screen.queryByText(/已选 \d+ 名员工/)).toBeNull();
    expect(screen.queryByRole('button', { name: /为所选员工发起签约/ })).toBeNull();
  });

  it('says a service company must be chosen, and 取消选择 clears the ticks', async () => {
    api = mockWorkers();
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('张三');
    await user.click(checkboxOf('李四'));
    await user.click(screen.getByRole('button', { name: /为所选员工发起签约/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '发起签约' }));
    expect(await within(dialog).findByText('请选择服务商')).toBeInTheDocument();
    expect(api.calls.some((c) => `${c.method} ${c.url}` === SEND)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByRole('button', { name: '取消选择' }));
    expect(screen.queryByText(/已选 \d+ 名员工/)).toBeNull();
    expect(checkboxOf('李四')).not.toBeChecked();
  });

  it('still sends all matching the filter from 发起签约', async () => {
    api = mockWorkers();
    renderScreen(ListEmployeePage, { path: PATH, initialEntry: `${PATH}?name=张` });
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: /(^|\s)发起签约$/ }));
    expect(await screen.findByText('向符合当前筛选条件的 40 名员工发起签约。')).toBeInTheDocument();
    await sendWith('江苏智薪人力资源有限公司');
    expect(api.calls.find((c) => `${c.method} ${c.url}` === SEND)?.body).toEqual({
      serviceCompanyId: 3,
      filter: { name: '张' },
    });
  });

  it('offers no ticks to an admin without employee:sign', async () => {
    useSession.setState({ elements: { 'employee:edit': true } });
    api = mockWorkers();
    renderScreen(ListEmployeePage, { path: PATH });
    await screen.findByText('张三');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /发起签约/ })).toBeNull();
  });
});
