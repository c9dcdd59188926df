import { API, type TDepartmentNode } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonName, fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as StructurePage } from './routes/structure-page.tsx';

const PATH = '/organization/structure';
const dept = (id: number, parentId: number | null, name: string, ownCount = 0): TDepartmentNode => ({
  id,
  parentId,
  name,
  sort: 0,
  leader: null,
  ownCount,
  headCount: ownCount,
});
const TREE = [dept(1, null, '星河科技'), dept(2, 1, '技术部', 3), dept(5, 1, '行政部')];

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'org:view': true, 'org:edit': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const workers = { [`GET ${API.worker.page}`]: () => ok({ total: 0, rows: [] }) };

async function chooseDepartment(name: string) {
  const tree = await screen.findByRole('tree', { name: '部门树' });
  await user.click(within(tree).getByText(name));
}

describe('组织架构 forms', () => {
  it('新增顶级部门 asks for a name, then posts it trimmed at the top', async () => {
    api = mockApi({
      ...workers,
      [`GET ${API.organization.tree}`]: () => ok(TREE),
      [`POST ${API.organization.create}`]: () => ok({ id: 9 }),
    });
    renderScreen(StructurePage, { path: PATH });
    await screen.findByRole('tree', { name: '部门树' });
    await user.click(getButton('新增顶级部门'));
    const dialog = await screen.findByRole('dialog', { name: '新增顶级部门' });
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('请输入部门名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '  市场部 ' } });
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await screen.findByText('部门已添加')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: '市场部', parentId: null },
    ]);
  });

  it('新增下级 posts under the chosen department and shows the server’s message under the name', async () => {
    api = mockApi({
      ...workers,
      [`GET ${API.organization.tree}`]: () => ok(TREE),
      [`POST ${API.organization.create}`]: () =>
        fail(400, 40000, '同级已有同名部门', { errors: [{ path: 'name', message: '同级已有同名部门' }] }),
    });
    renderScreen(StructurePage, { path: PATH });
    await chooseDepartment('技术部');
    await user.click(getButton('新增下级'));
    const dialog = await screen.findByRole('dialog', { name: '新增下级部门（技术部）' });
    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '后端组' } });
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(
      await within(dialog).findByText('同级已有同名部门', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: '后端组', parentId: 2 });
  });

  it('重命名 starts from the name and puts the new one', async () => {
    api = mockApi({
      ...workers,
      [`GET ${API.organization.tree}`]: () => ok(TREE),
      [`PUT ${API.organization.one}`]: () => ok(null),
    });
    renderScreen(StructurePage, { path: PATH });
    await chooseDepartment('技术部');
    await user.click(getButton('重命名'));
    const dialog = await screen.findByRole('dialog', { name: '重命名部门' });
    const name = within(dialog).getByLabelText('部门名称');
    expect(name).toHaveValue('技术部');
    fireEvent.change(name, { target: { value: '研发部' } });
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await screen.findByText('部门已重命名')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/companystaff/department/2');
    expect(put?.body).toEqual({ name: '研发部' });
  });

  it('deletes an empty department after asking; one with workers says why it cannot', async () => {
    api = mockApi({
      ...workers,
      [`GET ${API.organization.tree}`]: () => ok(TREE),
      [`DELETE ${API.organization.one}`]: () => ok(null),
    });
    renderScreen(StructurePage, { path: PATH });
    await chooseDepartment('技术部');
    expect(screen.getByRole('button', { name: /删\s*除/ })).toHaveAccessibleDescription('该部门下还有员工，不能删除');
    await chooseDepartment('行政部');
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    const popconfirm = (await screen.findByText('确定删除“行政部”吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(within(popconfirm).getByRole('button', { name: buttonName('删除') }));
    expect(await screen.findByText('部门已删除')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/companystaff/department/5',
    ]);
  });

  it('says 暂无部门 for an empty company, and why the tree failed to load', async () => {
    api = mockApi({ ...workers, [`GET ${API.organization.tree}`]: () => ok([]) });
    const { unmount } = renderScreen(StructurePage, { path: PATH });
    expect(await screen.findByText('暂无部门，可点击“新增顶级部门”')).toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi({ ...workers, [`GET ${API.organization.tree}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(StructurePage, { path: PATH });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    await waitFor(() => expect(getButton('重新加载')).toBeEnabled());
  });
});
