import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as EditPage } from './routes/task-en-edit-page.tsx';
import { Component as ListPage } from './routes/task-order-manage-index-page.tsx';
import { Component as ReleasePage } from './routes/release-task-order-page.tsx';
import { ALL_TASK_ELEMENTS, task } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: ALL_TASK_ELEMENTS }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
};

describe('企业任务列表', () => {
  it(
    'shows counts only once known, and offers the transitions the table allows to an admin holding the element',
    { timeout: 120_000 },
    async () => {
      let releaseCounts: () => void = () => undefined;
      const countsReady = new Promise<void>((resolve) => (releaseCounts = resolve));
      api = mockApi({
        'GET /api/task/taskOrder/page': () =>
          ok({ total: 2, rows: [task(), task({ id: 9, taskNo: 'RW00000009', status: 'draft' })] }),
        'GET /api/task/taskOrder/statusCounts': async () => {
          await countsReady;
          return ok([{ status: 'published', count: 1 }]);
        },
      });
      renderScreen(ListPage, { path: '/taskOrderManage/taskOrderManageIndex' });
      await screen.findByText('RW00000008');
      // No 0 while the counts load.
      expect(screen.getByRole('tab', { name: '草稿' })).toBeInTheDocument();
      releaseCounts();
      expect(await screen.findByRole('tab', { name: '草稿 0' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: '已发布 1' })).toBeInTheDocument();

      const published = within(rowOf('RW00000008'));
      expect(published.getByRole('button', { name: /开始执行/ })).toBeInTheDocument();
      expect(published.getByRole('button', { name: /取消任务/ })).toBeInTheDocument();
      expect(published.queryByRole('button', { name: /^发\s*布$/ })).toBeNull();
      expect(published.getByRole('button', { name: /选择人员/ })).toBeInTheDocument();
      const draft = within(rowOf('RW00000009'));
      expect(draft.getByRole('button', { name: /^发\s*布$/ })).toBeInTheDocument();
      expect(draft.queryByRole('button', { name: /选择人员/ })).toBeNull();
    },
  );

  it('offers no transition without task:publish', { timeout: 120_000 }, async () => {
    useSession.setState({ elements: { 'task:view': true } });
    api = mockApi({
      'GET /api/task/taskOrder/page': () => ok({ total: 1, rows: [task()] }),
      'GET /api/task/taskOrder/statusCounts': () => ok([]),
    });
    renderScreen(ListPage, { path: '/taskOrderManage/taskOrderManageIndex' });
    await screen.findByText('RW00000008');
    const row = within(rowOf('RW00000008'));
    expect(row.queryByRole('button', { name: /开始执行|取消任务|编辑|选择人员/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /发布需求/ })).toBeNull();
  });
});

describe('发布需求', () => {
  it('sends the task in fen and opens its details', { timeout: 120_000 }, async () => {
    api = mockApi({
      'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok([]),
      'GET /api/companystaff/individualBusiness/getOcompanyIds': () => ok([{ id: 1, name: '海南灵工服务有限公司' }]),
      'POST /api/task/taskOrder': () => ok(task({ status: 'draft' })),
    });
    renderScreen(ReleasePage, {
      path: '/taskOrderManage/releaseTaskOrder',
      otherPaths: ['/taskOrderManage/taskOrderDetails'],
    });
    await user.type(screen.getByLabelText('任务名称'), '  门店促销员 ');
    await user.click(screen.getByLabelText('服务商'));
    await user.click(await screen.findByTitle('海南灵工服务有限公司'));
    await user.type(screen.getByLabelText('每人金额'), '300.5');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('当前页面：/taskOrderManage/taskOrderDetails?id=8')).toBeInTheDocument();
    const body = api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: '门店促销员',
      serviceCompanyId: 1,
      settlement: 'fixed',
      unitPriceFen: 30050,
      headcount: 1,
      budgetFen: null,
      attachmentIds: [],
    });
  });

  it('refuses an empty title and a missing price before sending', { timeout: 120_000 }, async () => {
    api = mockApi({
      'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok([]),
      'GET /api/companystaff/individualBusiness/getOcompanyIds': () => ok([]),
    });
    renderScreen(ReleasePage, { path: '/taskOrderManage/releaseTaskOrder' });
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('请输入任务名称')).toBeInTheDocument();
    expect(screen.getByText('请输入每人金额')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('编辑任务', () => {
  it('disables the fields the server locks once workers are assigned', { timeout: 120_000 }, async () => {
    api = mockApi({
      'GET /api/task/taskOrder/:id': () =>
        ok(
          task({
            lockedFields: [
              'jobTypeId',
              'serviceCompanyId',
              'startDate',
              'settlement',
              'unitPriceFen',
              'plannedQuantity',
            ],
          }),
        ),
      'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok([]),
      'GET /api/companystaff/individualBusiness/getOcompanyIds': () => ok([{ id: 1, name: '海南灵工服务有限公司' }]),
    });
    renderScreen(EditPage, { path: '/taskOrderManage/taskEnEdit', initialEntry: '/taskOrderManage/taskEnEdit?id=8' });
    expect(await screen.findByDisplayValue('门店促销员')).toBeEnabled();
    expect(screen.getByLabelText('每人金额')).toBeDisabled();
    expect(screen.getByPlaceholderText('开始日期')).toBeDisabled();
    await waitFor(() => expect(screen.getAllByText('已有人员，不能修改').length).toBeGreaterThan(2));
  });
});
