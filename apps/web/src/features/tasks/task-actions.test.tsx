import { API } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonName, fail, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListPage } from './routes/task-order-manage-index-page.tsx';
import { ALL_TASK_ELEMENTS, task } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: ALL_TASK_ELEMENTS }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const LIST = '/taskOrderManage/taskOrderManageIndex';
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const listApi = (more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    [`GET ${API.task.page}`]: () =>
      ok({ total: 2, rows: [task(), task({ id: 9, taskNo: 'RW00000009', title: '仓库盘点', status: 'draft' })] }),
    [`GET ${API.task.statusCounts}`]: () => ok([]),
    ...more,
  });

describe('the task list’s transitions', () => {
  it('发布 asks first, then posts to the task’s publish and says it is done', async () => {
    api = listApi({ [`POST ${API.task.publish}`]: () => ok(task({ id: 9, status: 'published' })) });
    renderScreen(ListPage, { path: LIST });
    await screen.findByText('RW00000009');
    await user.click(within(rowOf('RW00000009')).getByRole('button', { name: /^发\s*布$/ }));
    const popconfirm = (await screen.findByText('发布后可以选择人员。')).closest('.ant-popover') as HTMLElement;
    expect(popconfirm).toHaveTextContent('确定发布？');
    await user.click(within(popconfirm).getByRole('button', { name: buttonName('发布') }));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/task/taskOrder/9/publish']);
  });

  it('取消任务 needs a reason, sends it, and a refusal keeps the dialog open', async () => {
    let cancels = 0;
    api = listApi({
      [`POST ${API.task.cancel}`]: () => {
        cancels += 1;
        return cancels === 1 ? fail(409, 40900, '任务状态已变化，请刷新后重试') : ok(task({ status: 'cancelled' }));
      },
    });
    renderScreen(ListPage, { path: LIST });
    await screen.findByText('RW00000008');
    await user.click(within(rowOf('RW00000008')).getByRole('button', { name: /取消任务/ }));
    const dialog = (await screen.findByText('取消原因')).closest('.ant-modal') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: buttonName('取消任务') });
    await user.click(confirm);
    expect(await within(dialog).findByText('请填写取消原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '客户取消了活动' } });
    await user.click(confirm);
    expect(await screen.findByText('任务状态已变化，请刷新后重试')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('取消原因')).toHaveValue('客户取消了活动');
    await user.click(confirm);
    expect(await screen.findByText('任务已取消')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/task/taskOrder/8/cancel', '/api/task/taskOrder/8/cancel']);
    expect(posts[1]?.body).toEqual({ reason: '客户取消了活动' });
    await waitFor(() => expect(screen.queryByText('取消原因')).toBeNull());
  });

  it('返回 closes 取消任务 without sending anything', async () => {
    api = listApi();
    renderScreen(ListPage, { path: LIST });
    await screen.findByText('RW00000008');
    await user.click(within(rowOf('RW00000008')).getByRole('button', { name: /取消任务/ }));
    const dialog = (await screen.findByText('取消原因')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: buttonName('返回') }));
    await waitFor(() => expect(screen.queryByText('取消原因')).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
