import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { http } from '../../lib/request.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as AddMoneyPage } from './routes/add-money-page.tsx';
import { costRule, paymentAccount, topup } from './test-data.ts';

const PATH = '/moneyManagement/addMoney';
const VOUCHER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const RULES = [
  costRule(),
  costRule({
    serviceCompanyId: 2,
    serviceCompanyName: '江苏智薪人力资源有限公司',
    receivingBank: { bankName: '江苏银行南京分行', accountName: '江苏智薪人力资源有限公司', accountNo: '3201000099' },
  }),
  costRule({ serviceCompanyId: 3, serviceCompanyName: '已停用服务商', enabled: false }),
];

function mockTopup(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId': () => ok(RULES),
    'GET /api/companystaff/ecompanyPayAccount/list': () =>
      ok([
        paymentAccount(),
        paymentAccount({ id: 2, bank: '中国建设银行', accountNo: '31050161373600001234', isDefault: false }),
      ]),
    'POST /api/admin/file/upload': () =>
      ok({ id: VOUCHER_ID, name: 'voucher.png', size: 68, contentType: 'image/png', url: '' }),
    'POST /api/companystaff/ecompanyRecharge': () => ok(topup({ id: 9, status: 'pending' })),
    ...extra,
  });
}

function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'voucher.png', { type: 'image/png' });

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'money:view': true, 'money:topup': true, 'money:account': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

async function chooseServiceCompany(name: string) {
  await user.click(within(formItem('服务商')).getByRole('combobox'));
  await user.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }));
}

async function uploadVoucher(file = png()) {
  const input = formItem('转账凭证').querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
}

const topupCalls = () =>
  api?.calls.filter((c) => c.method === 'POST' && c.url === '/api/companystaff/ecompanyRecharge') ?? [];

describe('账户充值', () => {
  it('shows the chosen service company’s receiving account, enabled links only', async () => {
    api = mockTopup();
    renderScreen(AddMoneyPage, { path: PATH });
    await screen.findByText('提交充值申请');
    expect(screen.queryByTestId('receiving-bank')).toBeNull();

    await user.click(within(formItem('服务商')).getByRole('combobox'));
    expect(screen.queryByText('已停用服务商', { selector: '.ant-select-item-option-content' })).toBeNull();
    await user.click(
      await screen.findByText('江苏智薪人力资源有限公司', { selector: '.ant-select-item-option-content' }),
    );
    const bank = await screen.findByTestId('receiving-bank');
    expect(within(bank).getByText('3201000099')).toBeInTheDocument();
    expect(within(bank).getByText('江苏银行南京分行')).toBeInTheDocument();
    expect(within(bank).getAllByRole('button', { name: /复制|copy/ }).length).toBeGreaterThan(0);
    // The default payment account is chosen already.
    expect(within(formItem('付款账户')).getByText(/招商银行 \*\*\*\* \*\*\*\* 0201/)).toBeInTheDocument();
  });

  it('submits fen from the yuan typed, the voucher id and one idempotency key, then shows 充值记录', async () => {
    let created: TApiCall | undefined;
    let headers: Record<string, unknown> | undefined;
    api = mockTopup({
      'POST /api/companystaff/ecompanyRecharge': (call) => {
        created = call;
        return ok(topup({ id: 9, status: 'pending' }));
      },
    });
    const seen = http.interceptors.request.use((config) => {
      if (config.url === '/api/companystaff/ecompanyRecharge') headers = { ...config.headers };
      return config;
    });
    const { router } = renderScreen(AddMoneyPage, { path: PATH, otherPaths: ['/moneyManagement/listMoney'] });
    await screen.findByText('提交充值申请');

    await chooseServiceCompany('海南灵工服务有限公司');
    await user.type(screen.getByPlaceholderText('请输入转账金额'), '12345.67');
    await uploadVoucher();
    await waitFor(() => expect(api?.calls.some((c) => c.url === '/api/admin/file/upload')).toBe(true));
    await user.type(screen.getByPlaceholderText('选填，如用途说明'), '十二月备付金');
    await user.click(getButton('提交充值申请'));

    await waitFor(() => expect(created).toBeDefined());
    http.interceptors.request.eject(seen);
    expect(created?.body).toEqual({
      serviceCompanyId: 1,
      amountFen: 1_234_567,
      paymentAccountId: 1,
      voucherFileId: VOUCHER_ID,
      remark: '十二月备付金',
    });
    expect(String(headers?.['idempotency-key'])).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(await screen.findByText('充值申请已提交，等待平台确认')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=topups'));
  });

  it('checks the amount before sending', async () => {
    api = mockTopup();
    renderScreen(AddMoneyPage, { path: PATH });
    await screen.findByText('提交充值申请');
    const amount = screen.getByPlaceholderText('请输入转账金额');

    await user.click(getButton('提交充值申请'));
    expect(await screen.findByText('请输入充值金额')).toBeInTheDocument();
    expect(screen.getByText('请上传转账凭证')).toBeInTheDocument();
    await user.type(amount, '1.234');
    expect(await screen.findByText('金额最多保留 2 位小数')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '100000000.01');
    expect(await screen.findByText('单笔充值金额不能超过 1 亿元')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(await screen.findByText('充值金额必须大于 0')).toBeInTheDocument();
    expect(topupCalls()).toHaveLength(0);
    // The amount is trimmed when it loses focus, as every text input (spec section 5).
    await user.clear(amount);
    await user.type(amount, '  88.80  ');
    await user.tab();
    expect(amount).toHaveValue('88.80');
  });

  it('refuses a voucher that is neither an image nor a PDF without uploading it', async () => {
    api = mockTopup();
    renderScreen(AddMoneyPage, { path: PATH });
    await screen.findByText('提交充值申请');
    const input = formItem('转账凭证').querySelector('input[type="file"]') as HTMLInputElement;
    // Upload's `accept` would filter it out of user.upload: the check must hold for a dropped file too.
    input.removeAttribute('accept');
    await user.upload(input, new File(['a,b'], 'list.csv', { type: 'text/csv' }));
    expect(await screen.findByText('转账凭证须为图片（PNG、JPG）或 PDF 文件')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/admin/file/upload')).toBe(false);
  });

  it('puts the server’s field errors under the fields and keeps the key for the retry', async () => {
    let attempt = 0;
    const keys: unknown[] = [];
    api = mockTopup({
      'POST /api/companystaff/ecompanyRecharge': () => {
        attempt += 1;
        return attempt === 1
          ? fail(400, 40000, '转账凭证不存在，请重新上传', {
              errors: [{ path: 'voucherFileId', message: '转账凭证不存在，请重新上传' }],
            })
          : ok(topup({ id: 9, status: 'pending' }));
      },
    });
    const seen = http.interceptors.request.use((config) => {
      if (config.url === '/api/companystaff/ecompanyRecharge') keys.push(config.headers['idempotency-key']);
      return config;
    });
    renderScreen(AddMoneyPage, { path: PATH, otherPaths: ['/moneyManagement/listMoney'] });
    await screen.findByText('提交充值申请');
    await chooseServiceCompany('海南灵工服务有限公司');
    await user.type(screen.getByPlaceholderText('请输入转账金额'), '100');
    await uploadVoucher();
    await waitFor(() => expect(api?.calls.some((c) => c.url === '/api/admin/file/upload')).toBe(true));
    await user.click(getButton('提交充值申请'));

    expect(await within(formItem('转账凭证')).findByText('转账凭证不存在，请重新上传')).toBeInTheDocument();
    expect(screen.queryByText('充值申请已提交，等待平台确认')).toBeNull();
    await user.click(getButton('提交充值申请'));
    expect(await screen.findByText('充值申请已提交，等待平台确认')).toBeInTheDocument();
    http.interceptors.request.eject(seen);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('links to 添加付款账户 when the company has no payment account', async () => {
    api = mockTopup({ 'GET /api/companystaff/ecompanyPayAccount/list': () => ok([]) });
    renderScreen(AddMoneyPage, { path: PATH });
    expect(await screen.findByRole('link', { name: '去添加付款账户' })).toHaveAttribute(
      'href',
      '/moneyManagement/addAccount',
    );
  });

  it('says so when the service companies cannot load, and loads again on request', async () => {
    let fails = true;
    api = mockTopup({
      'GET /api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId': () =>
        fails ? fail(500, 50000, '系统繁忙，请稍后再试！') : ok(RULES),
    });
    renderScreen(AddMoneyPage, { path: PATH });
    expect(await screen.findByText('充值信息加载失败')).toBeInTheDocument();
    fails = false;
    await user.click(getButton('重新加载'));
    expect(await screen.findByText('提交充值申请')).toBeInTheDocument();
  });
});
