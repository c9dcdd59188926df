import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { ENCRYPTION_TASK_ID_KEY } from '../../lib/app-store.ts';
import { clearClientSession } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as ConfirmationPage } from './routes/task-confirmation-index-page.tsx';
import { Component as DetailsPage } from './routes/task-order-details-page.tsx';
import { Component as EditPage } from './routes/task-en-edit-page.tsx';
import { Component as SelectPage } from './routes/select-employees-page.tsx';
import { ALL_TASK_ELEMENTS, payable, task } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const SLOW = { timeout: 120_000 };
beforeEach(() => {
  useSession.setState({ elements: ALL_TASK_ELEMENTS, menus: {} });
  sessionStorage.clear();
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

const RULE = {
  serviceCompanyId: 1,
  serviceCompanyName: '海南灵工服务有限公司',
  feeRateBp: 650,
  feeBearer: 'company',
  monthlyLimitFen: 10_000_000,
  singleMinFen: 100,
  singleMaxFen: 5_000_000,
  invoiceType: 'special',
  invoiceContents: [],
  enabled: true,
  receivingBank: { bankName: '', accountName: '', accountNo: '' },
};

describe('任务确认 narrowed to one task', () => {
  it('reads the task from the URL, sends it as the filter and names the task', SLOW, async () => {
    api = mockApi({
      'GET /api/emolument/taskConfirmation/page': () => ok({ total: 1, rows: [payable()] }),
      'GET /api/emolument/taskConfirmation/summary': () => ok({ count: 1, amountFen: 30000, workers: 1 }),
      'GET /api/task/taskOrder/:id': () => ok(task()),
    });
    renderScreen(ConfirmationPage, {
      path: '/EmolumentManagement/taskConfirmationIndex',
      initialEntry: '/EmolumentManagement/taskConfirmationIndex?taskId=8',
    });
    expect(await screen.findByText('RW00000008 门店促销员', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(api?.calls.find((c) => c.url === '/api/emolument/taskConfirmation/page')?.params).toMatchObject({
        taskId: 8,
      }),
    );
    expect(api.calls.find((c) => c.url === '/api/emolument/taskConfirmation/summary')?.params).toMatchObject({
      taskId: 8,
    });
  });

  it('says beside each worker why the check would refuse them, or 可发放', SLOW, async () => {
    api = mockApi({
      'GET /api/emolument/taskConfirmation/page': () =>
        ok({
          total: 2,
          rows: [
            payable(),
            payable({
              assignmentId: 32,
              workerId: 102,
              workerName: '李青',
              payBlockers: ['实名认证失败', '未签署《共享经济合作伙伴协议》'],
            }),
          ],
        }),
      'GET /api/emolument/taskConfirmation/summary': () => ok({ count: 2, amountFen: 60000, workers: 2 }),
    });
    renderScreen(ConfirmationPage, { path: '/EmolumentManagement/taskConfirmationIndex' });
    const li = (await screen.findByText('李青', {}, { timeout: 20_000 })).closest('tr');
    if (!li) throw new Error('no row 李青');
    expect(within(li).getByText('实名认证失败')).toBeInTheDocument();
    expect(within(li).getByText('未签署《共享经济合作伙伴协议》')).toBeInTheDocument();
    const jin = screen.getByText('金鸣伟').closest('tr');
    if (!jin) throw new Error('no row 金鸣伟');
    expect(within(jin).getByText('可发放')).toBeInTheDocument();
  });

  it('names the paying service company and its fee in the 发起发放 dialog', SLOW, async () => {
    api = mockApi({
      'GET /api/emolument/taskConfirmation/page': () => ok({ total: 1, rows: [payable()] }),
      'GET /api/emolument/taskConfirmation/summary': () => ok({ count: 1, amountFen: 30000, workers: 1 }),
      'GET /api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId': () => ok([RULE]),
    });
    renderScreen(ConfirmationPage, { path: '/EmolumentManagement/taskConfirmationIndex' });
    const row = await waitFor(
      () => {
        const r = screen.getByText('金鸣伟').closest('tr');
        if (!r) throw new Error('no row');
        return r;
      },
      { timeout: 20_000 },
    );
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /所选发起发放/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发放服务商')).toBeInTheDocument();
    expect(within(dialog).getByText('海南灵工服务有限公司')).toBeInTheDocument();
    expect(await within(dialog).findByText('费率 6.50%（企业承担），核对时逐人计算')).toBeInTheDocument();
  });
});

describe('任务详情 links to 任务确认', () => {
  it('opens 任务确认 filtered by the task when the admin may see that screen', SLOW, async () => {
    useSession.setState({ menus: { EmolumentManagement: true, taskConfirmationIndex: true } });
    api = mockApi({
      'GET /api/task/taskOrder/:id': () =>
        ok(task({ status: 'in_progress', counts: { ...task().counts, total: 1, passed: 1 } })),
      'GET /api/task/taskOrder/:id/assignments': () => ok({ total: 0, rows: [] }),
    });
    renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
    });
    const link = await screen.findByRole('link', { name: '任务确认' }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/EmolumentManagement/taskConfirmationIndex?taskId=8');
  });
});

describe('encryptionTaskId', () => {
  it('keeps the task of 任务详情 and continues with it when 编辑任务 is opened without an id', SLOW, async () => {
    api = mockApi({ 'GET /api/task/taskOrder/:id': (call) => ok(task({ id: Number(call.url.split('/').pop()) })) });
    const details = renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
    });
    await screen.findByText(/RW00000008 门店促销员/, {}, { timeout: 20_000 });
    expect(sessionStorage.getItem(ENCRYPTION_TASK_ID_KEY)).toBe('8');
    details.unmount();
    const edit = renderScreen(EditPage, { path: '/taskOrderManage/taskEnEdit' });
    await waitFor(() => expect(edit.router.state.location.search).toBe('?id=8'), { timeout: 20_000 });
    expect(api.calls.some((c) => c.url === '/api/task/taskOrder/8')).toBe(true);
  });

  it('preselects the kept task in 选择人员 opened from the menu', SLOW, async () => {
    sessionStorage.setItem(ENCRYPTION_TASK_ID_KEY, '8');
    api = mockApi({
      'GET /api/task/taskOrder/page': () => ok({ total: 0, rows: [] }),
      'GET /api/task/taskOrder/:id': () => ok(task({ status: 'in_progress' })),
    });
    renderScreen(SelectPage, { path: '/taskOrderManage/selectEmployees' });
    expect(await screen.findByText('已选任务：RW00000008 门店促销员', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下一步/ })).toBeEnabled();
  });

  it('is cleared with the session', () => {
    sessionStorage.setItem(ENCRYPTION_TASK_ID_KEY, '8');
    clearClientSession();
    expect(sessionStorage.getItem(ENCRYPTION_TASK_ID_KEY)).toBeNull();
  });
});
