import { REAL_NAME_AUTO_ATTEMPTS, type TWorkerDetail } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useAppStore, visitedViewLabel } from '../../lib/app-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as DetailEmployeePage } from './routes/detail-employee-page.tsx';
import { DEPARTMENT_OPTIONS, JOB_TYPE_OPTIONS, workerDetail } from './test-data.ts';

const PATH = '/EmployeeManagement/detailEmployee';
const LIST_PATH = '/EmployeeManagement/listEmployee';
const FULL_ID = '110105199001011234';

function mockDetail(detail: TWorkerDetail, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/employee/:id': () => ok(detail),
    'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok(JOB_TYPE_OPTIONS),
    'GET /api/companystaff/department/options': () => ok(DEPARTMENT_OPTIONS),
    'GET /api/companystaff/employee/:id/agreement': () => ok([]),
    ...extra,
  });
}

function cardOf(title: string): HTMLElement {
  const card = screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card');
  if (!card) throw new Error(`no card ${title}`);
  return card as HTMLElement;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}

const renderDetail = (id = 1) =>
  renderScreen(DetailEmployeePage, { path: PATH, initialEntry: `${PATH}?id=${id}`, otherPaths: [LIST_PATH] });

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'employee:edit': true, 'employee:delete': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('员工详情', () => {
  it('shows the full ID number when sensitiveVisible', async () => {
    api = mockDetail(workerDetail({ idNumber: FULL_ID, sensitiveVisible: true }));
    renderDetail();

    await screen.findByText(FULL_ID);
    const basic = cardOf('基本信息');
    expect(within(basic).getByText(FULL_ID)).toBeInTheDocument();
    expect(within(basic).queryByText('（已脱敏）')).toBeNull();
    expect(api.calls[0]).toMatchObject({ method: 'GET', url: '/api/companystaff/employee/1' });
  });

  it("shows the page's frame while the worker loads: its cards' titles, their content as skeletons", async () => {
    api = mockDetail(workerDetail({ idNumber: FULL_ID, sensitiveVisible: true }));
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载员工信息…');
    for (const title of ['基本信息', '实名认证', '收款账户', '签约状态']) {
      expect(cardOf(title).querySelector('.ant-skeleton')).not.toBeNull();
    }
    expect(screen.getByRole('button', { name: '返回员工列表' })).toBeInTheDocument();
    await screen.findByText(FULL_ID);
    expect(cardOf('基本信息').querySelector('.ant-skeleton')).toBeNull();
  });

  it('names the worker on its tab once loaded', async () => {
    useAppStore.getState().clearVisitedViews();
    useAppStore.getState().addVisitedView({ path: PATH, fullPath: `${PATH}?id=7`, title: '员工详情' });
    api = mockDetail(workerDetail({ idNumber: FULL_ID, sensitiveVisible: true }));
    renderDetail(7);
    await screen.findByText(FULL_ID);
    await waitFor(() =>
      expect(visitedViewLabel(useAppStore.getState().visitedViews[0]!)).toBe(`员工详情 - ${workerDetail({}).name}`),
    );
  });

  it('keeps the ID number masked without sensitiveVisible, whatever the server sends', async () => {
    api = mockDetail(workerDetail({ idNumber: FULL_ID, sensitiveVisible: false }));
    renderDetail();

    expect(await screen.findByText('110105********1234')).toBeInTheDocument();
    expect(screen.queryByText(FULL_ID)).toBeNull();
    expect(screen.getByText('（已脱敏）')).toBeInTheDocument();
  });

  it('shows the age, and the birth date only with the full ID number', async () => {
    api = mockDetail(workerDetail({ age: 36, birthDate: '1990-01-01', sensitiveVisible: false }));
    const { unmount } = renderDetail();
    const basic = await screen.findByText('36 岁');
    expect(basic).toBeInTheDocument();
    expect(screen.queryByText('出生日期')).toBeNull();
    expect(screen.queryByText('1990-01-01')).toBeNull();
    unmount();
    api.restore();

    api = mockDetail(workerDetail({ idNumber: FULL_ID, age: 36, birthDate: '1990-01-01', sensitiveVisible: true }));
    renderDetail();
    expect(await screen.findByText('1990-01-01')).toBeInTheDocument();
    expect(screen.getByText('出生日期')).toBeInTheDocument();
    expect(screen.getByText('36 岁')).toBeInTheDocument();
  });

  it('hides 编辑, the account actions and 离职 without employee:edit', async () => {
    useSession.setState({ elements: {} });
    api = mockDetail(workerDetail({ canDelete: true }));
    renderDetail();

    await screen.findByText('110105********1234');
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
    expect(screen.queryByText('添加银行卡')).toBeNull();
    expect(screen.queryByText('添加支付宝')).toBeNull();
    expect(screen.queryByText('设为默认')).toBeNull();
    expect(screen.queryByText(/^离\s*职$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText('删除员工')).toBeNull();
  });

  it('edits the basic information in place; without sensitiveVisible an empty ID number keeps the stored one', async () => {
    let updated: TApiCall | undefined;
    api = mockDetail(workerDetail(), {
      'PUT /api/companystaff/employee/:id': (call) => {
        updated = call;
        return ok(workerDetail({ mobile: '13900000009' }));
      },
    });
    renderDetail();
    await screen.findByText('110105********1234');

    await user.click(getButton('编辑'));
    expect(await screen.findByDisplayValue('张三')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入 18 位身份证号')).toHaveValue('');
    expect(screen.getByText(/不修改请留空/)).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('请输入手机号'));
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13900000009');
    await user.click(getButton('保存'));

    await waitFor(() => expect(updated).toBeDefined());
    expect(updated).toMatchObject({ url: '/api/companystaff/employee/1' });
    expect(updated?.body).toEqual({
      name: '张三',
      mobile: '13900000009',
      jobTypeId: 1,
      departmentId: 2,
      joinedAt: '2024-03-01',
      remark: '',
    });
    expect(await screen.findByText('员工信息已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入手机号')).toBeNull());
  });

  it('manages the payout accounts: default, delete and add', async () => {
    const calls: TApiCall[] = [];
    const record = (call: TApiCall) => {
      calls.push(call);
      return ok(null);
    };
    api = mockDetail(workerDetail(), {
      'PUT /api/companystaff/employee/:id/alipay/:accountId/default': record,
      'DELETE /api/companystaff/employee/:id/bankCard/:cardId': record,
      'POST /api/companystaff/employee/:id/bankCard': (call) =>
        call.body && (call.body as { cardNumber: string }).cardNumber === '6222020200112233440'
          ? fail(400, 40000, '请求参数有误', { errors: [{ path: 'cardNumber', message: '银行卡号校验失败' }] })
          : record(call),
    });
    renderDetail();
    await screen.findByText('110105********1234');

    const accounts = cardOf('收款账户');
    expect(within(rowOf('6222 **** **** 3445')).getByText('默认')).toBeInTheDocument();
    await user.click(getButton('设为默认', rowOf('138****0001')));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/companystaff/employee/1/alipay/21/default' }),
    );

    await user.click(getButton('删除', rowOf('6222 **** **** 3445')));
    const popover = (await screen.findByText(/这是默认收款账户/)).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', popover));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/companystaff/employee/1/bankCard/11' }),
    );

    await user.click(getButton('添加银行卡', accounts));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('招商银行', { selector: '.ant-select-item-option-content' }));
    await user.type(within(dialog).getByPlaceholderText('请输入银行卡号'), '6222020200112233440');
    expect(within(dialog).getByText('张三')).toBeInTheDocument();
    await user.click(getButton('保存', dialog));
    expect(await within(dialog).findByText('银行卡号校验失败')).toBeInTheDocument();

    await user.clear(within(dialog).getByPlaceholderText('请输入银行卡号'));
    await user.type(within(dialog).getByPlaceholderText('请输入银行卡号'), '6222020200112233445');
    await user.click(getButton('保存', dialog));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        method: 'POST',
        url: '/api/companystaff/employee/1/bankCard',
        body: { bankCode: 'CMB', cardNumber: '6222020200112233445', branch: '', isDefault: false },
      }),
    );
  });

  it('deletes a worker who may be deleted and goes back to the list', async () => {
    let deleted: TApiCall | undefined;
    api = mockDetail(workerDetail({ canDelete: true }), {
      'DELETE /api/companystaff/employee/:id': (call) => {
        deleted = call;
        return ok(null);
      },
    });
    renderDetail();
    await screen.findByText('110105********1234');

    await user.click(getButton('删除员工'));
    const popover = (await screen.findByText(/确定删除员工“张三”吗/)).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', popover));
    await waitFor(() => expect(deleted).toMatchObject({ url: '/api/companystaff/employee/1' }));
    expect(await screen.findByText(`当前页面：${LIST_PATH}`)).toBeInTheDocument();
  });

  it('offers no delete for a worker already paid', async () => {
    api = mockDetail(workerDetail({ canDelete: false }));
    renderDetail();
    await screen.findByText('110105********1234');
    expect(screen.queryByText('删除员工')).toBeNull();
    expect(getButton('离职')).toBeEnabled();
  });

  it('explains the contract status', async () => {
    api = mockDetail(workerDetail({ contractStatus: 'unsigned' }));
    renderDetail();
    await screen.findByText('110105********1234');
    expect(within(cardOf('签约状态')).getByText(/尚未与服务商签署灵活用工协议/)).toBeInTheDocument();
  });

  it('says so when the worker does not exist', async () => {
    api = mockApi({});
    renderDetail(99);
    expect(await screen.findByText('员工不存在或已被删除')).toBeInTheDocument();
  });

  it('shows the real-name outcome: 认证失败 with the provider reason, 三要素, the reference and time', async () => {
    api = mockDetail(
      workerDetail({
        realNameStatus: 'failed',
        realName: {
          status: 'failed',
          factors: 3,
          reason: '银行卡与身份信息不符',
          providerRef: 'SV00000000000000000042',
          source: 'changed',
          requestedAt: '2026-11-29T02:00:00.000Z',
          answeredAt: '2026-11-29T02:00:05.000Z',
          attempts: 0,
          retryStopped: false,
        },
      }),
    );
    renderDetail();
    await screen.findByText('认证方式');
    const card = cardOf('实名认证');
    expect(within(card).getByText('认证失败')).toBeInTheDocument();
    expect(within(card).getByText('银行卡与身份信息不符')).toBeInTheDocument();
    expect(within(card).getByText('三要素（姓名、身份证号、银行卡）')).toBeInTheDocument();
    expect(within(card).getByText('SV00000000000000000042')).toBeInTheDocument();
    expect(within(card).getByText('身份或默认银行卡变更')).toBeInTheDocument();
  });

  it('says the provider is away while 认证中 after attempts, and disables 重新认证 meanwhile', async () => {
    useSession.setState({ elements: { 'employee:edit': true, 'employee:verify': true } });
    api = mockDetail(
      workerDetail({
        realNameStatus: 'verifying',
        realName: {
          status: 'verifying',
          factors: null,
          reason: '',
          providerRef: null,
          source: 'added',
          requestedAt: '2026-11-29T02:00:00.000Z',
          answeredAt: null,
          attempts: 2,
          retryStopped: false,
        },
      }),
    );
    renderDetail();
    await screen.findByText('认证方式');
    const card = cardOf('实名认证');
    expect(within(card).getByText('认证服务暂不可用，已尝试 2 次，将自动重试')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '重新认证' })).toBeDisabled();
  });

  it('says automatic retries stopped after REAL_NAME_AUTO_ATTEMPTS, stops polling and offers 重新认证', async () => {
    useSession.setState({ elements: { 'employee:edit': true, 'employee:verify': true } });
    api = mockDetail(
      workerDetail({
        realNameStatus: 'verifying',
        realName: {
          status: 'verifying',
          factors: null,
          reason: '',
          providerRef: null,
          source: 'import',
          requestedAt: '2026-11-29T02:00:00.000Z',
          answeredAt: null,
          attempts: REAL_NAME_AUTO_ATTEMPTS,
          retryStopped: true,
        },
      }),
    );
    renderDetail();
    await screen.findByText('认证方式');
    const card = cardOf('实名认证');
    expect(
      within(card).getByText(
        `认证服务长时间未返回结果，已尝试 ${REAL_NAME_AUTO_ATTEMPTS} 次，已停止自动重试，请稍后点击“重新认证”`,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('已停止自动重试')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '重新认证' })).toBeEnabled();
  });

  it('重新认证 queues the check again', async () => {
    useSession.setState({ elements: { 'employee:edit': true, 'employee:verify': true } });
    api = mockDetail(workerDetail(), {
      'POST /api/companystaff/employee/:id/realName/verify': () =>
        ok({
          status: 'verifying',
          factors: null,
          reason: '',
          providerRef: null,
          source: 'manual',
          requestedAt: '2026-11-29T02:00:00.000Z',
          answeredAt: null,
          attempts: 0,
          retryStopped: false,
        }),
    });
    renderDetail();
    await screen.findByText('认证方式');
    const card = cardOf('实名认证');
    await user.click(within(card).getByRole('button', { name: '重新认证' }));
    await screen.findByText('已提交重新认证，结果将自动更新');
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/companystaff/employee/1/realName/verify')).toBe(
      true,
    );
  });

  it('hides 重新认证 from an admin without employee:verify', async () => {
    api = mockDetail(workerDetail());
    renderDetail();
    await screen.findByText('认证方式');
    const card = cardOf('实名认证');
    expect(within(card).queryByRole('button', { name: '重新认证' })).toBeNull();
  });

  it('lists the agreements: version, state, the signed PDF’s SHA-256, and asks for a new version', async () => {
    const sha = 'ab'.repeat(32);
    api = mockDetail(workerDetail({ contractStatus: 'signed' }), {
      'GET /api/companystaff/employee/:id/agreement': () =>
        ok([
          {
            id: 7,
            serviceCompanyId: 1,
            serviceCompanyName: '海南灵工服务有限公司',
            title: '共享经济合作伙伴协议',
            version: 1,
            isCurrent: false,
            status: 'signed',
            reason: '',
            providerRef: 'SS1',
            signedSha256: sha,
            requestedAt: '2026-11-29T02:00:00.000Z',
            sentAt: '2026-11-29T02:00:01.000Z',
            signedAt: '2026-11-29T02:05:00.000Z',
            sandboxLink: null,
          },
        ]),
    });
    renderDetail();
    await screen.findByText('《共享经济合作伙伴协议》第 1 版');
    const card = cardOf('签约状态');
    expect(within(card).getByText('需签署新版本')).toBeInTheDocument();
    expect(within(card).getByText(`${sha.slice(0, 16)}…`)).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: '下载 PDF：已签署的《共享经济合作伙伴协议》第 1 版' }),
    ).toBeInTheDocument();
  });

  it('shows 签约失败 with the provider’s reason', async () => {
    api = mockDetail(workerDetail({ contractStatus: 'unsigned' }), {
      'GET /api/companystaff/employee/:id/agreement': () =>
        ok([
          {
            id: 8,
            serviceCompanyId: 1,
            serviceCompanyName: '海南灵工服务有限公司',
            title: '共享经济合作伙伴协议',
            version: 1,
            isCurrent: true,
            status: 'failed',
            reason: '手机号无法接收短信',
            providerRef: 'SS2',
            signedSha256: null,
            requestedAt: '2026-11-29T02:00:00.000Z',
            sentAt: '2026-11-29T02:00:01.000Z',
            signedAt: null,
            sandboxLink: null,
          },
        ]),
    });
    renderDetail();
    await screen.findByText('《共享经济合作伙伴协议》第 1 版');
    const card = cardOf('签约状态');
    expect(within(card).getByText('签约失败')).toBeInTheDocument();
    expect(within(card).getByText('手机号无法接收短信')).toBeInTheDocument();
  });

  it('发起签约 sends the worker with the chosen service company', async () => {
    useSession.setState({ elements: { 'employee:edit': true, 'employee:sign': true } });
    api = mockDetail(workerDetail(), {
      'GET /api/companystaff/individualBusiness/getOcompanyIds': () => ok([{ id: 3, name: '海南灵工服务有限公司' }]),
      'POST /api/companystaff/employee/agreement/send': () => ok({ jobId: 'j1' }),
    });
    renderDetail();
    await screen.findByText('暂无签约记录');
    await user.click(within(cardOf('签约状态')).getByRole('button', { name: '发起签约' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('海南灵工服务有限公司', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: '发起签约' }));
    await screen.findByText('已提交签约，短信将在后台发送');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ serviceCompanyId: 3, workerIds: [1] });
  });
});
