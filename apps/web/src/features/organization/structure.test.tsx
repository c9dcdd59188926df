import type { TDepartmentNode, TWorkerRow } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as StructurePage } from './routes/structure-page.tsx';

const PATH = '/organization/structure';
const D = '/api/companystaff/department';

const dept = (id: number, parentId: number | null, name: string, headCount: number, ownCount = 0): TDepartmentNode => ({
  id,
  parentId,
  name,
  sort: 0,
  leader: null,
  ownCount,
  headCount,
});
const TREE = [
  dept(1, null, '星河科技', 30),
  dept(2, 1, '技术部', 20, 5),
  dept(3, 2, '前端组', 15, 15),
  dept(4, 1, '运营部', 10, 10),
];

function worker(id: number, name: string): TWorkerRow {
  return {
    id,
    name,
    idNumber: '1101**********1234',
    mobile: '13800000000',
    gender: 'male',
    age: 30,
    province: '北京市',
    jobTypeId: null,
    jobTypeName: null,
    departmentId: 3,
    departmentName: '前端组',
    status: 'active',
    realNameStatus: 'verified',
    contractStatus: 'signed',
    joinedAt: '2024-01-01',
    leftAt: null,
    remark: '',
    hasDefaultAccount: true,
    createdAt: '2024-01-01T00:00:00.000Z',
  } as TWorkerRow;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'org:view': true, 'org:edit': true } });
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('组织架构', () => {
  it('shows the tree with head counts, and a department’s workers including its teams', async () => {
    api = mockApi({
      [`GET ${D}/tree`]: () => ok(TREE),
      'GET /api/companystaff/employee/page': (call) =>
        ok(
          String((call.params as Record<string, unknown> | undefined)?.departmentId) === '2'
            ? { total: 1, rows: [worker(7, '张三')] }
            : { total: 2, rows: [worker(7, '张三'), worker(8, '李四')] },
        ),
    });
    renderScreen(StructurePage, { path: PATH });
    const tree = await screen.findByRole('tree', { name: '部门树' });
    expect(within(tree).getByText('技术部')).toBeInTheDocument();
    expect(within(screen.getByTestId('department-2')).getByText('20 人')).toBeInTheDocument();
    await screen.findByText('李四');

    await user.click(within(tree).getByText('技术部'));
    await waitFor(() => expect(screen.queryByText('李四')).not.toBeInTheDocument());
    const last = api.calls.filter((c) => c.url.endsWith('/employee/page')).at(-1);
    expect(String((last?.params as Record<string, unknown> | undefined)?.departmentId)).toBe('2');
    expect(screen.getByText('在职人数（含下级）')).toBeInTheDocument();
    // It has a team under it: deleting is disabled with the reason.
    // Its name is what it shows (WCAG 2.5.3); the reason is its description.
    const remove = screen.getByRole('button', { name: /删\s*除/ });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('该部门下还有下级部门，不能删除');
  });

  it('moves a department through the keyboard’s 移动 dialog, never offering its own subtree', async () => {
    let moved: TApiCall | undefined;
    api = mockApi({
      [`GET ${D}/tree`]: () => ok(TREE),
      'GET /api/companystaff/employee/page': () => ok({ total: 0, rows: [] }),
      [`PUT ${D}/:id/move`]: (call) => {
        moved = call;
        return ok(null);
      },
    });
    renderScreen(StructurePage, { path: PATH });
    const tree = await screen.findByRole('tree', { name: '部门树' });
    await user.click(within(tree).getByText('技术部'));
    await user.click(getButton('移动'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    // 技术部 and 前端组 (its team) are disabled choices; 运营部 is not.
    const options = document.querySelectorAll('.ant-select-tree-treenode');
    const disabled = [...options].filter((o) => o.className.includes('disabled')).map((o) => o.textContent);
    expect(disabled).toEqual(expect.arrayContaining(['技术部', '前端组']));
    expect(disabled).not.toContain('运营部');
    await user.click(
      [...options].find((o) => o.textContent === '运营部')!.querySelector('.ant-select-tree-node-content-wrapper')!,
    );
    await user.click(within(dialog).getByRole('button', { name: /移\s*动/ }));
    await waitFor(() => expect(moved).toBeDefined());
    expect(moved?.url).toBe(`${D}/2/move`);
    expect(moved?.body).toEqual({ parentId: 4, index: 0 });
  });

  it('shows no editing controls to an admin without org:edit', async () => {
    useSession.setState({ elements: { 'org:view': true } });
    api = mockApi({
      [`GET ${D}/tree`]: () => ok(TREE),
      'GET /api/companystaff/employee/page': () => ok({ total: 0, rows: [] }),
    });
    renderScreen(StructurePage, { path: PATH });
    const tree = await screen.findByRole('tree', { name: '部门树' });
    await user.click(within(tree).getByText('技术部'));
    expect(screen.queryByRole('button', { name: '新增顶级部门' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重命名' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /调动部门/ })).not.toBeInTheDocument();
  });
});
