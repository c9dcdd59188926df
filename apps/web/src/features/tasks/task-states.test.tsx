import { API } from '@flexpay/contract/web';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as DetailsPage } from './routes/task-order-details-page.tsx';
import { Component as EditPage } from './routes/task-en-edit-page.tsx';
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
const counts = { [`GET ${API.task.statusCounts}`]: () => ok([]) };

describe('task screens’ states', () => {
  it('企业任务列表 says how to start when there is no task, and why the list failed', async () => {
    api = mockApi({ ...counts, [`GET ${API.task.page}`]: () => ok({ total: 0, rows: [] }) });
    const { unmount } = renderScreen(ListPage, { path: LIST });
    expect(await screen.findByText('暂无任务，可点击“发布需求”创建')).toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi({ ...counts, [`GET ${API.task.page}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(ListPage, { path: LIST });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });

  it('任务详情 says 任务不存在 for a missing task and leads back to the list', async () => {
    api = mockApi({ [`GET ${API.task.one}`]: () => fail(404, 40400, '任务不存在') });
    renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
      otherPaths: [LIST],
    });
    expect(await screen.findByText('任务不存在', { selector: '.ant-result-title' })).toBeInTheDocument();
    await user.click(getButton('返回任务列表'));
    expect(await screen.findByText(`当前页面：${LIST}`)).toBeInTheDocument();
  });

  it('编辑任务 refuses a task past its editable states, and leads to its details', async () => {
    api = mockApi({ [`GET ${API.task.one}`]: () => ok(task({ status: 'completed' })) });
    renderScreen(EditPage, {
      path: '/taskOrderManage/taskEnEdit',
      initialEntry: '/taskOrderManage/taskEnEdit?id=8',
      otherPaths: ['/taskOrderManage/taskOrderDetails'],
    });
    expect(await screen.findByText('已完成的任务不能编辑')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    await user.click(getButton('查看任务详情'));
    expect(await screen.findByText('当前页面：/taskOrderManage/taskOrderDetails?id=8')).toBeInTheDocument();
  });

  it('编辑任务 says why the task failed to load', async () => {
    api = mockApi({ [`GET ${API.task.one}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(EditPage, { path: '/taskOrderManage/taskEnEdit', initialEntry: '/taskOrderManage/taskEnEdit?id=8' });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.queryByText('任务不存在')).toBeNull();
  });
});
