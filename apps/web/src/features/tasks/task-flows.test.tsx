import { screen, waitFor, within } from '@testing-library/react';
import { SELECT_EMPLOYEES_STORAGE_KEY } from '@flexpay/contract/web';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ConfirmationPage } from './routes/task-confirmation-index-page.tsx';
import { Component as DetailsPage } from './routes/task-order-details-page.tsx';
import { Component as SelectPage } from './routes/select-employees-page.tsx';
import { Component as CenterPage } from './routes/task-center-index-page.tsx';
import { Component as UploadPage } from './routes/upload-achievement-page.tsx';
import { ALL_TASK_ELEMENTS, assignment, payable, task, worker } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const SLOW = { timeout: 120_000 };
beforeEach(() => {
  useSession.setState({ elements: ALL_TASK_ELEMENTS });
  sessionStorage.clear();
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
};

const submitted = assignment({
  status: 'submitted',
  latestDelivery: { id: 71, round: 2, status: 'reviewing', submittedAt: '2026-11-25T11:00:00.000Z' },
});

describe('任务详情', () => {
  it('rejects a delivery only with a reason, sent to the delivery', SLOW, async () => {
    api = mockApi({
      'GET /api/task/taskOrder/:id': () => ok(task({ status: 'in_progress', actions: ['finish', 'cancel'] })),
      'GET /api/task/taskOrder/:id/assignments': () => ok({ total: 1, rows: [submitted] }),
      'POST /api/task/delivery/:id/review': () => ok({ ...submitted, status: 'rejected', deliveries: [] }),
    });
    renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
    });
    // The row once the list has settled (its counts load beside it and may re-render the table).
    const review = await waitFor(() => within(rowOf('金鸣伟')).getByRole('button', { name: /验\s*收/ }), {
      timeout: 20_000,
    });
    expect(screen.getByRole('button', { name: /结束作业，进入验收/ })).toBeInTheDocument();
    await user.click(review);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('驳回'));
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回$/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('驳回原因'), ' 照片不清晰 ');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回$/ }));
    await waitFor(() =>
      expect(api?.calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/task/delivery/71/review',
        body: { pass: false, reason: '照片不清晰' },
      }),
    );
  });
});

describe('修改约定金额', () => {
  it('changes one worker’s amount before delivery, and shows the budget refusal at the field', SLOW, async () => {
    const accepted = assignment({ status: 'accepted', agreedFen: 30000 });
    let answer = fail(400, 40000, '请求参数有误', {
      errors: [{ path: 'agreedFen', message: '约定金额合计 ¥1,200.00 超过预算 ¥1,000.00' }],
    });
    api = mockApi({
      'GET /api/task/taskOrder/:id': () => ok(task({ status: 'in_progress', actions: ['finish', 'cancel'] })),
      'GET /api/task/taskOrder/:id/assignments': () =>
        ok({ total: 2, rows: [accepted, assignment({ id: 32, workerName: '李娜', status: 'submitted' })] }),
      'PUT /api/task/assignment/:id/amount': () => answer,
    });
    const { calls } = api;
    renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
    });
    await screen.findByText('金鸣伟');
    // Only before a delivery: 李娜 has submitted hers.
    expect(within(rowOf('李娜')).queryByRole('button', { name: '改金额' })).toBeNull();
    await user.click(within(rowOf('金鸣伟')).getByRole('button', { name: '改金额' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('约定金额（元）');
    expect(field).toHaveValue('300.00');
    await user.clear(field);
    await user.type(field, '900');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('约定金额合计 ¥1,200.00 超过预算 ¥1,000.00')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/task/assignment/31/amount',
      body: { agreedFen: 90000 },
    });
    answer = ok({ ...accepted, agreedFen: 35000 });
    await user.clear(field);
    await user.type(field, '350');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('约定金额已修改')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ agreedFen: 35000 });
  });
});

describe('选择人员', () => {
  it(
    'keeps the step and the workers ticked in the URL and session storage across a reload',
    { timeout: 300_000 },
    async () => {
      api = mockApi({
        'GET /api/task/taskOrder/:id': () => ok(task()),
        'GET /api/companystaff/employee/page': () => ok({ total: 40, rows: [worker(1, '王一'), worker(2, '王二')] }),
        'POST /api/task/taskOrder/:id/selectEmployees/preview': () =>
          ok({ matched: 39, assigned: 39, alreadyAssigned: 0, notActive: 0, placesLeft: 50, agreedFen: 30000 }),
      });
      const first = renderScreen(SelectPage, {
        path: '/taskOrderManage/selectEmployees',
        initialEntry: '/taskOrderManage/selectEmployees?whom=8&step=1',
      });
      await user.click(within(await waitFor(() => rowOf('王一'))).getByRole('checkbox'));
      expect(await screen.findByText('已选择 1 人（可翻页继续勾选）')).toBeInTheDocument();
      await waitFor(() =>
        expect(JSON.parse(sessionStorage.getItem(SELECT_EMPLOYEES_STORAGE_KEY) ?? '{}')).toMatchObject({
          whom: 8,
          step: 1,
          byEmployeeIds: [1],
        }),
      );
      first.unmount();

      // A reload: the same URL, the state from session storage.
      renderScreen(SelectPage, {
        path: '/taskOrderManage/selectEmployees',
        initialEntry: '/taskOrderManage/selectEmployees?whom=8&step=1',
      });
      expect(await screen.findByText('已选择 1 人（可翻页继续勾选）')).toBeInTheDocument();
    },
  );

  it(
    'selects everyone matching the filter, less the unticked, and sends the filter rather than ids',
    { timeout: 300_000 },
    async () => {
      api = mockApi({
        'GET /api/task/taskOrder/:id': () => ok(task()),
        'GET /api/companystaff/employee/page': () => ok({ total: 40, rows: [worker(1, '王一'), worker(2, '王二')] }),
        'POST /api/task/taskOrder/:id/selectEmployees/preview': () =>
          ok({ matched: 39, assigned: 39, alreadyAssigned: 0, notActive: 0, placesLeft: 50, agreedFen: 30000 }),
        'POST /api/task/taskOrder/:id/selectEmployees': () =>
          ok({ matched: 39, assigned: 39, alreadyAssigned: 0, notActive: 0, placesLeft: 50, agreedFen: 30000 }),
      });
      renderScreen(SelectPage, {
        path: '/taskOrderManage/selectEmployees',
        initialEntry: '/taskOrderManage/selectEmployees?whom=8&step=1',
      });
      await waitFor(() => rowOf('王一'));
      await user.click(await screen.findByRole('button', { name: /按当前条件全选 40 人/ }));
      expect(await screen.findByText('已选择全部符合条件的 40 人')).toBeInTheDocument();
      // Every row of the page shows ticked; unticking one excludes it from "all matching".
      expect(within(rowOf('王二')).getByRole('checkbox')).toBeChecked();
      await user.click(within(rowOf('王一')).getByRole('checkbox'));
      expect(await screen.findByText('已选择全部符合条件的 39 人（已排除 1 人）')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /下一步/ }));
      // The confirm step reads its figures from the server's preview of the same selection.
      expect(await screen.findAllByText('39')).toHaveLength(2);
      await user.click(await screen.findByRole('button', { name: /确认添加/ }));
      await waitFor(() =>
        expect(api?.calls.some((c) => c.method === 'POST' && c.url === '/api/task/taskOrder/8/selectEmployees')).toBe(
          true,
        ),
      );
      const sent = api?.calls.find((c) => c.method === 'POST' && c.url === '/api/task/taskOrder/8/selectEmployees');
      expect(sent?.body).toMatchObject({ filter: {}, excludeIds: [1] });
      expect(sent?.body).not.toHaveProperty('workerIds');
      const previewed = api?.calls.find((c) => c.url === '/api/task/taskOrder/8/selectEmployees/preview');
      expect(previewed?.body).toMatchObject({ excludeIds: [1] });
    },
  );
});

describe('选择人员: 实名认证 and 签约 beside each worker', () => {
  it('shows each worker’s real-name and contract state', { timeout: 300_000 }, async () => {
    api = mockApi({
      'GET /api/task/taskOrder/:id': () => ok(task()),
      'GET /api/companystaff/employee/page': () =>
        ok({
          total: 2,
          rows: [worker(1, '王一'), worker(2, '王二', { realNameStatus: 'failed', contractStatus: 'unsigned' })],
        }),
    });
    renderScreen(SelectPage, {
      path: '/taskOrderManage/selectEmployees',
      initialEntry: '/taskOrderManage/selectEmployees?whom=8&step=1',
    });
    const one = await waitFor(() => rowOf('王一'));
    expect(within(one).getByText('已认证')).toBeInTheDocument();
    expect(within(one).getByText('已签约')).toBeInTheDocument();
    expect(within(rowOf('王二')).getByText('认证失败')).toBeInTheDocument();
    expect(within(rowOf('王二')).getByText('未签约')).toBeInTheDocument();
  });
});

describe('任务中心', () => {
  it('rejects the ticked deliveries together, only with a reason', SLOW, async () => {
    const second = assignment({
      ...submitted,
      id: 32,
      workerId: 102,
      workerName: '李青',
    });
    api = mockApi({
      'GET /api/task/taskCenter/page': () => ok({ total: 2, rows: [submitted, second] }),
      'GET /api/task/taskCenter/counts': () => ok({ review: 2, answer: 0 }),
      'POST /api/task/taskCenter/review': () => ok({ count: 2 }),
    });
    renderScreen(CenterPage, { path: '/taskOrderManage/taskCenterIndex' });
    await waitFor(() => rowOf('李青'));
    expect(screen.getByRole('button', { name: /批量驳回/ })).toBeDisabled();
    await user.click(within(rowOf('金鸣伟')).getByRole('checkbox'));
    await user.click(within(rowOf('李青')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 条')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /批量驳回/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回所选 2 份成果')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/task/taskCenter/review')).toBe(false);

    await user.type(within(dialog).getByLabelText('驳回原因'), '照片不清晰');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('已驳回 2 条')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/task/taskCenter/review');
    expect(sent?.body).toEqual({ assignmentIds: [31, 32], pass: false, reason: '照片不清晰' });
  });
});

describe('上传成果', () => {
  it('finds the task, then its worker, by the server as the user types, and opens the form', SLOW, async () => {
    api = mockApi({
      // Each status is asked apart: the task is 进行中, its worker 已接单.
      'GET /api/task/taskOrder/page': ({ params }) =>
        (params as { status?: string }).status === 'in_progress'
          ? ok({ total: 1, rows: [task({ status: 'in_progress' })] })
          : ok({ total: 0, rows: [] }),
      'GET /api/task/taskOrder/:id/assignments': ({ params }) =>
        (params as { status?: string }).status === 'accepted'
          ? ok({ total: 1, rows: [assignment({ status: 'accepted' })] })
          : ok({ total: 0, rows: [] }),
    });
    const { calls } = api;
    renderScreen(UploadPage, {
      path: '/taskOrderManage/uploadAchievement',
      otherPaths: ['/taskOrderManage/uploadAchievement'],
    });
    const taskPicker = await screen.findByRole('combobox', { name: '任务' });
    expect(screen.getByRole('combobox', { name: '人员' })).toBeDisabled();
    await user.click(taskPicker);
    await user.type(taskPicker, '促销');
    // One search per deliverable status, narrowed by the title typed, a page of 20.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/taskOrder/page')).map((c) => c.params)).toContainEqual({
        page: 1,
        limit: 20,
        status: 'accepting',
        title: '促销',
      }),
    );
    await user.click(await screen.findByText('RW00000008 门店促销员'));
    const workerPicker = screen.getByRole('combobox', { name: '人员' });
    expect(workerPicker).toBeEnabled();
    await user.click(workerPicker);
    await user.click(await screen.findByText('金鸣伟（320102********0079，已接单）'));
    expect(api.calls.find((c) => c.url.endsWith('/taskOrder/8/assignments'))?.params).toMatchObject({
      page: 1,
      limit: 20,
    });
    // The chosen assignment goes to the URL, and its form asks for it.
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/task/assignment/31'))).toBe(true));
  });

  it('sends the description and the quantity of a 按件 task', SLOW, async () => {
    const accepted = { ...assignment({ status: 'accepted' }), deliveries: [] };
    api = mockApi({
      'GET /api/task/assignment/:id': () => ok(accepted),
      'GET /api/task/taskOrder/:id': () => ok(task({ settlement: 'piece', unitPriceFen: 80, status: 'in_progress' })),
      'POST /api/task/assignment/:id/uploadAchievement': () => ok({ ...accepted, status: 'submitted' }),
    });
    renderScreen(UploadPage, {
      path: '/taskOrderManage/uploadAchievement',
      initialEntry: '/taskOrderManage/uploadAchievement?assignmentId=31',
      otherPaths: ['/taskOrderManage/taskOrderDetails'],
    });
    await user.click(await screen.findByRole('button', { name: /提交成果/ }));
    expect(await screen.findByText('请填写成果说明或上传成果文件')).toBeInTheDocument();
    await user.type(screen.getByLabelText('成果说明'), '完成问卷');
    await user.type(await screen.findByLabelText('完成数量'), '30');
    await user.click(screen.getByRole('button', { name: /提交成果/ }));
    expect(await screen.findByText('当前页面：/taskOrderManage/taskOrderDetails?id=8')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      description: '完成问卷',
      fileIds: [],
      quantity: 30,
    });
  });
});

describe('任务确认', () => {
  it('turns the ticked amounts into a batch and links to it', SLOW, async () => {
    api = mockApi({
      'GET /api/emolument/taskConfirmation/page': () => ok({ total: 1, rows: [payable()] }),
      'GET /api/emolument/taskConfirmation/summary': () => ok({ count: 1, amountFen: 30000, workers: 1 }),
      'POST /api/emolument/taskConfirmation/confirm': () =>
        ok({ batchId: 12, itemCount: 1, assignmentCount: 1, amountFen: 30000 }),
    });
    renderScreen(ConfirmationPage, {
      path: '/EmolumentManagement/taskConfirmationIndex',
      otherPaths: ['/EmolumentManagement/emolumentGrantDetails'],
    });
    await user.click(within(await waitFor(() => rowOf('金鸣伟'))).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /所选发起发放/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('批次名称'));
    await user.type(within(dialog).getByLabelText('批次名称'), '十一月任务');
    await user.click(within(dialog).getByRole('button', { name: /生成发放批次/ }));
    await user.click(await screen.findByRole('button', { name: /查看发放批次/ }));
    expect(await screen.findByText('当前页面：/EmolumentManagement/emolumentGrantDetails?id=12')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: '十一月任务',
      serviceCompanyId: 1,
      channel: 'bank',
      assignmentIds: [31],
    });
  });
});
