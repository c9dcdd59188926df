import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as CheckPage } from './routes/emolument-check-page.tsx';
import { Component as VerifyPage } from './routes/emolument-check-verify-page.tsx';
import { Component as DetailsPage } from './routes/emolument-grant-details-page.tsx';
import { Component as GrantPage } from './routes/emolument-grant-page.tsx';
import { Component as NewPage } from './routes/emolument-grant-new-page.tsx';
import { approval, batch, item } from './test-data.ts';

const ALL = { 'payroll:view': true, 'payroll:create': true, 'payroll:check': true, 'money:view': true };
const COUNTS = [
  { status: 'draft', count: 1, amountFen: 0 },
  { status: 'checking', count: 2, amountFen: 0 },
  { status: 'approving', count: 1, amountFen: 0 },
];

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: ALL }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
};

const LIST_API = {
  'GET /api/emolument/emolumentGrant/page': () => ok({ total: 1, rows: [batch()] }),
  'GET /api/emolument/emolumentGrant/statusCounts': () => ok(COUNTS),
  'GET /api/admin/approval/pending': () => ok([]),
};

describe('薪酬发放', () => {
  it('lists batches with status tabs and counts, and filters by status through a tab', async () => {
    api = mockApi(LIST_API);
    const { router } = renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    expect(await screen.findByText('FF20261124000007')).toBeInTheDocument();
    expect(within(rowOf('FF20261124000007')).getByText('¥58,575.00')).toBeInTheDocument();
    expect(within(rowOf('FF20261124000007')).getByText('核对中')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: '核对中 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=checking'));
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url.endsWith('/page')).at(-1)?.params).toMatchObject({
        status: 'checking',
        page: 1,
      }),
    );
  });

  it('filters by name, month (typed loosely) and service company through the URL', async () => {
    api = mockApi({
      ...LIST_API,
      'GET /api/companystaff/individualBusiness/getOcompanyIds': () =>
        ok([
          { id: 1, name: '海南灵工服务有限公司' },
          { id: 2, name: '江苏智薪人力资源有限公司' },
        ]),
    });
    const { router } = renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    await screen.findByText('FF20261124000007');
    await user.type(screen.getByLabelText('批次名称'), '劳务费');
    await user.type(screen.getByLabelText('发放月份'), '2026/11');
    await user.click(screen.getByRole('combobox', { name: '服务商' }));
    await user.click(
      await screen.findByText('江苏智薪人力资源有限公司', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(getButton('查询'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?title=%E5%8A%B3%E5%8A%A1%E8%B4%B9&period=2026-11&serviceCompanyId=2'),
    );
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url.endsWith('/page')).at(-1)?.params).toEqual({
        title: '劳务费',
        period: '2026-11',
        serviceCompanyId: 2,
        page: 1,
        limit: 10,
      }),
    );
  });

  it('shows 待我审批 with the batches waiting for the viewer, each opening its 发放详情', async () => {
    api = mockApi({
      ...LIST_API,
      'GET /api/admin/approval/pending': () =>
        ok([
          approval(),
          approval({ id: 31, type: 'topup', subject: { kind: 'topup', id: '5' }, title: '充值 ¥100,000.00' }),
        ]),
    });
    const { router } = renderScreen(GrantPage, {
      path: '/EmolumentManagement/emolumentGrant',
      otherPaths: ['/EmolumentManagement/emolumentGrantDetails'],
    });
    const shortcut = await screen.findByRole('button', { name: '待我审批 1 笔发放' });
    await user.click(shortcut);
    await user.click(await screen.findByText('发放 11月 数据标注结算（¥58,575.00，第 1/2 步）'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/EmolumentManagement/emolumentGrantDetails?id=7',
      ),
    );
  });

  it('cancels a batch only with a reason', async () => {
    api = mockApi({
      ...LIST_API,
      'POST /api/emolument/emolumentGrant/:id/cancel': () => ok(batch({ status: 'cancelled' })),
    });
    renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    await screen.findByText('FF20261124000007');
    await user.click(getButton('取消', rowOf('FF20261124000007')));
    const dialog = await screen.findByRole('dialog');
    await user.click(getButton('取消批次', dialog));
    expect(await screen.findByText('请填写取消原因')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('取消原因'), '金额有误');
    await user.click(getButton('取消批次', dialog));
    expect(await screen.findByText('批次已取消')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/emolument/emolumentGrant/7/cancel')?.body).toEqual({
      reason: '金额有误',
    });
  });

  it('hides 新建发放, 核对 and 取消 from an admin who may only view', async () => {
    useSession.setState({ elements: { 'payroll:view': true } });
    api = mockApi(LIST_API);
    renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    await screen.findByText('FF20261124000007');
    expect(screen.queryByRole('button', { name: /新建发放/ })).toBeNull();
    expect(within(rowOf('FF20261124000007')).queryByRole('button', { name: /取\s*消/ })).toBeNull();
  });
});

describe('新建发放', () => {
  it('refuses an empty form, then creates the batch and goes on to add its items', async () => {
    api = mockApi({
      'GET /api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId': () =>
        ok([
          {
            serviceCompanyId: 1,
            serviceCompanyName: '海南灵工服务有限公司',
            feeRateBp: 650,
            feeBearer: 'company',
            monthlyLimitFen: 9_800_000,
            singleMinFen: 100,
            singleMaxFen: 5_000_000,
            invoiceType: 'normal',
            invoiceContents: [],
            enabled: true,
            receivingBank: { bankName: '', accountName: '', accountNo: '' },
          },
        ]),
      'POST /api/emolument/emolumentGrant': () => ok(batch({ id: 9, status: 'draft' })),
    });
    const { router } = renderScreen(NewPage, {
      path: '/EmolumentManagement/emolumentGrantNew',
      otherPaths: ['/EmolumentManagement/emolumentCheck'],
    });
    await user.click(getButton('下一步：添加明细'));
    expect(await screen.findByText('请输入批次名称')).toBeInTheDocument();
    expect(screen.getByText('请选择服务商')).toBeInTheDocument();
    await user.type(screen.getByLabelText('批次名称'), '11月 劳务费');
    await user.click(screen.getByRole('combobox', { name: /服务商/ }));
    await user.click(await screen.findByTitle('海南灵工服务有限公司'));
    expect(await screen.findByText(/服务费率 6\.50%（企业承担）/)).toBeInTheDocument();
    await user.click(getButton('下一步：添加明细'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/EmolumentManagement/emolumentCheck?id=9&add=sheet',
      ),
    );
    const created = api.calls.find((c) => c.method === 'POST');
    expect(created?.body).toMatchObject({
      title: '11月 劳务费',
      serviceCompanyId: 1,
      channel: 'bank',
      source: 'sheet',
    });
    expect((created?.body as { period: string }).period).toMatch(/^\d{4}-\d{2}$/);
  });
});

describe('核对明细', () => {
  it('spaces its header buttons apart: each in a Space item of its own', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch()),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 1, rows: [item()] }),
    });
    renderScreen(CheckPage, {
      path: '/EmolumentManagement/emolumentCheck',
      initialEntry: '/EmolumentManagement/emolumentCheck?id=7',
    });
    const buttons = ['导入明细', '选择员工', '重新核对', '下一步：核对确认', '发放详情'];
    await screen.findByRole('button', { name: /导入明细/ });
    const items = buttons.map((b) => getButton(b).closest('.ant-space-item'));
    expect(items.every((i) => i !== null)).toBe(true);
    expect(new Set(items).size).toBe(buttons.length);
  });

  it('shows the failure reasons, edits an amount in yuan and checks again', async () => {
    const failed = item({
      id: 3,
      rowNo: 3,
      name: '王五',
      checkResult: 'failed',
      checkReasons: ['金额超过单笔最高 ¥50000.00'],
      amountFen: 6_000_000,
    });
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch()),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 2, rows: [item(), failed] }),
      'PUT /api/emolument/emolumentDetail/:id': () => ok({ ...failed, amountFen: 1_500_000, checkResult: 'unchecked' }),
      'POST /api/emolument/emolumentGrant/:id/check': () =>
        ok(batch({ status: 'confirming', okCount: 3, failedCount: 0 })),
    });
    renderScreen(CheckPage, {
      path: '/EmolumentManagement/emolumentCheck',
      initialEntry: '/EmolumentManagement/emolumentCheck?id=7',
    });
    expect(await screen.findByText('金额超过单笔最高 ¥50000.00')).toBeInTheDocument();
    expect(getButton('下一步：核对确认')).toBeDisabled();
    await user.click(getButton('修改', rowOf('王五')));
    const amount = await screen.findByLabelText('应发金额（元）');
    await user.clear(amount);
    await user.type(amount, '15000');
    await user.click(getButton('保存'));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ amountFen: 1_500_000, remark: '' });
    await user.click(getButton('重新核对'));
    expect(await screen.findByText('核对通过')).toBeInTheDocument();
  });
});

describe('核对明细 (adding and removing)', () => {
  it('removes an item after asking', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch()),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 1, rows: [item()] }),
      'DELETE /api/emolument/emolumentDetail/:id': () => ok(null),
    });
    renderScreen(CheckPage, {
      path: '/EmolumentManagement/emolumentCheck',
      initialEntry: '/EmolumentManagement/emolumentCheck?id=7',
    });
    await user.click(getButton('删除', await waitFor(() => rowOf('张三'))));
    const popover = (await screen.findByText('删除 张三 的发放明细？')).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', popover));
    expect(await screen.findByText('发放明细已删除')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/emolument/emolumentDetail/1')).toBe(true);
  });

  it('adds picked 在职 workers with their amounts, then checks the batch at once', async () => {
    let picked = false;
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(
          batch({
            id: 9,
            status: 'draft',
            source: 'workers',
            itemCount: picked ? 1 : 0,
            okCount: 0,
            failedCount: 0,
            checkedAt: null,
          }),
        ),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 0, rows: [] }),
      'GET /api/companystaff/employee/page': () =>
        ok({
          total: 1,
          rows: [{ id: 11, name: '张三', idNumber: '110105********1234', mobile: '138****0000' }],
        }),
      'POST /api/emolument/emolumentGrant/:id/items': () => {
        picked = true;
        return ok(batch({ id: 9, status: 'draft', itemCount: 1, okCount: 0, failedCount: 0 }));
      },
      'POST /api/emolument/emolumentGrant/:id/check': () =>
        ok(batch({ id: 9, status: 'confirming', itemCount: 1, okCount: 1, failedCount: 0 })),
    });
    const { router } = renderScreen(CheckPage, {
      path: '/EmolumentManagement/emolumentCheck',
      initialEntry: '/EmolumentManagement/emolumentCheck?id=9&add=workers',
    });
    const dialog = await screen.findByRole('dialog');
    expect(api.calls.find((c) => c.url === '/api/companystaff/employee/page')?.params).toMatchObject({
      status: 'active',
    });
    await user.click(
      within(
        await within(dialog)
          .findByText('张三')
          .then((n) => n.closest('tr') as HTMLElement),
      ).getByRole('checkbox'),
    );
    await user.type(await within(dialog).findByLabelText('张三 的金额'), '1234.5');
    await user.click(getButton('添加 1 人', dialog));
    expect(await screen.findByText('核对通过')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/emolument/emolumentGrant/9/items')?.body).toEqual({
      items: [{ workerId: 11, amountFen: 123_450 }],
    });
    expect(api.calls.some((c) => c.url === '/api/emolument/emolumentGrant/9/check')).toBe(true);
    expect(router.state.location.search).toBe('?id=9');
  });
});

describe('核对确认', () => {
  it('shows the totals against the balance, warns when it is short, and submits', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'confirming', okCount: 3, failedCount: 0 })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () =>
        ok([
          { serviceCompanyId: 1, serviceCompanyName: '海南灵工服务有限公司', availableFen: 1_000_000, frozenFen: 0 },
        ]),
      'GET /api/emolument/emolumentGrant/:id/submitPreview': () =>
        ok({
          required: true,
          thresholdFen: 5_000_000,
          steps: [{ mode: 'any', approvers: [{ id: 3, name: '王敏' }] }],
          blocked: null,
        }),
      'POST /api/emolument/emolumentGrant/:id/submit': () => ok(batch({ status: 'approving' }), '已提交审批'),
    });
    const { router } = renderScreen(VerifyPage, {
      path: '/EmolumentManagement/emolumentCheckVerify',
      initialEntry: '/EmolumentManagement/emolumentCheckVerify?id=7',
      otherPaths: ['/EmolumentManagement/checkVerify'],
    });
    expect(await screen.findByText('¥58,575.00')).toBeInTheDocument();
    expect(await screen.findByText('可用余额不足，还差 ¥48,575.00')).toBeInTheDocument();
    // What 确认提交 will do, said before it.
    expect(
      await screen.findByText('提交后需审批（扣款合计不低于 ¥50,000.00），审批通过后进入待支付'),
    ).toBeInTheDocument();
    expect(screen.getByText('第 1 步（任一人审批）：王敏')).toBeInTheDocument();
    await user.click(getButton('确认提交'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(router.state.location.pathname).toBe('/EmolumentManagement/checkVerify');
  });

  it('says when no approval is needed, and refuses to submit when nobody could approve', async () => {
    let preview: unknown = { required: false, thresholdFen: 5_000_000, steps: [], blocked: null };
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'confirming', okCount: 3, failedCount: 0 })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok([]),
      'GET /api/emolument/emolumentGrant/:id/submitPreview': () => ok(preview),
    });
    const { unmount } = renderScreen(VerifyPage, {
      path: '/EmolumentManagement/emolumentCheckVerify',
      initialEntry: '/EmolumentManagement/emolumentCheckVerify?id=7',
    });
    expect(await screen.findByText('提交后无需审批，直接进入待支付')).toBeInTheDocument();
    unmount();
    preview = {
      required: true,
      thresholdFen: 0,
      steps: [{ mode: 'any', approvers: [] }],
      blocked: '审批流程第 1 步（任一人审批）没有可审批的管理员：发起人不能审批自己的申请，请调整审批流程',
    };
    renderScreen(VerifyPage, {
      path: '/EmolumentManagement/emolumentCheckVerify',
      initialEntry: '/EmolumentManagement/emolumentCheckVerify?id=7',
    });
    expect(await screen.findByText(/没有可审批的管理员/)).toBeInTheDocument();
    expect(getButton('确认提交')).toBeDisabled();
  });

  it('says where a batch past this step is instead of asking to check it', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay', okCount: 3, failedCount: 0 })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok([]),
    });
    renderScreen(VerifyPage, {
      path: '/EmolumentManagement/emolumentCheckVerify',
      initialEntry: '/EmolumentManagement/emolumentCheckVerify?id=7',
    });
    expect(await screen.findByText('该批次已过核对确认，当前为“待支付”')).toBeInTheDocument();
    expect(screen.queryByText(/尚未全部核对通过/)).toBeNull();
    expect(getButton('确认提交')).toBeDisabled();
  });

  it('asks to check a batch still being checked, naming its status', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'checking' })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok([]),
    });
    renderScreen(VerifyPage, {
      path: '/EmolumentManagement/emolumentCheckVerify',
      initialEntry: '/EmolumentManagement/emolumentCheckVerify?id=7',
    });
    expect(await screen.findByText('批次当前为“核对中”，尚未全部核对通过，不能提交')).toBeInTheDocument();
  });
});

describe('发放详情', () => {
  it('lets the approver of the current step approve with a comment', async () => {
    let decided = false;
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: decided ? 'to_pay' : 'approving', approval: approval({ canDecide: !decided }) })),
      'POST /api/admin/approval/:id/approve': () => {
        decided = true;
        return ok(approval({ status: 'approved', canDecide: false }));
      },
    });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=7',
    });
    await user.click(await screen.findByRole('button', { name: /同\s*意/ }));
    await user.type(await screen.findByLabelText('审批意见'), '金额无误');
    const dialog = screen.getByRole('dialog');
    await user.click(getButton('同意', dialog));
    await waitFor(() =>
      expect(api?.calls.find((c) => c.url === '/api/admin/approval/30/approve')?.body).toEqual({ comment: '金额无误' }),
    );
    expect(await screen.findByText('待支付')).toBeInTheDocument();
  });

  it('asks for a reason before a rejection', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'approving', approval: approval() })),
    });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=7',
    });
    await user.click(await screen.findByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(getButton('驳回', dialog));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/reject'))).toBe(false);
  });

  it('rejects with a reason and shows the decision in the steps and the history', async () => {
    let rejected = false;
    const decided = approval({
      status: 'rejected',
      canDecide: false,
      actions: [
        {
          step: 1,
          adminId: 5,
          adminName: '王财',
          decision: 'reject',
          comment: '金额有误',
          createdAt: '2026-11-24T03:00:00.000Z',
        },
      ],
    });
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: rejected ? 'confirming' : 'approving', approval: rejected ? decided : approval() })),
      'POST /api/admin/approval/:id/reject': () => {
        rejected = true;
        return ok(decided);
      },
    });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=7',
    });
    await user.click(await screen.findByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('审批意见'), '金额有误');
    await user.click(getButton('驳回', dialog));
    expect(await screen.findByText('意见：金额有误')).toBeInTheDocument();
    expect(screen.getByText('王财 驳回')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/admin/approval/30/reject')?.body).toEqual({ comment: '金额有误' });
    expect(screen.queryByRole('button', { name: /同\s*意/ })).toBeNull();
  });

  it('offers 核对 and 取消批次 while the batch is being checked, to an admin who may check', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch()),
      'POST /api/emolument/emolumentGrant/:id/cancel': () => ok(batch({ status: 'cancelled' })),
    });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=7',
    });
    await user.click(await screen.findByRole('button', { name: /取消批次/ }));
    const dialog = await screen.findByRole('dialog');
    expect(getButton('核对')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('取消原因'), '重复创建');
    await user.click(getButton('取消批次', dialog));
    expect(await screen.findByText('批次已取消')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url.endsWith('/cancel'))?.body).toEqual({ reason: '重复创建' });
  });

  it('offers 撤回审批 and 取消批次 for a batch in approval: withdrawing takes it back to 待确认', async () => {
    let status = 'approving';
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: status as 'approving', okCount: 3, failedCount: 0, approval: approval() })),
      'POST /api/emolument/emolumentGrant/:id/withdraw': () => {
        status = 'confirming';
        return ok(batch({ status: 'confirming' }), '已撤回，批次回到待确认');
      },
      'GET /api/admin/approval/pending': () => ok([]),
      'GET /api/admin/approval/pending/count': () => ok({ count: 0 }),
    });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=7',
    });
    expect(await screen.findByRole('button', { name: /取消批次/ })).toBeInTheDocument();
    await user.click(getButton('撤回审批'));
    await user.click(await screen.findByRole('button', { name: /^撤\s*回$/ }));
    expect(await screen.findByText('已撤回，批次回到待确认')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/withdraw'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: /撤回审批/ })).toBeNull());
  });
});
