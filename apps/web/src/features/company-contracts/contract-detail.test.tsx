import { API, type TCompanyContractDetail } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fail,
  getButton,
  mockApi,
  ok,
  renderScreen,
  setupUser,
  type TApiHandler,
} from '../../components/test-utils.tsx';
import { configureRequest } from '../../lib/request.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as ContractDetailPage } from './routes/contract-detail-page.tsx';
import { PENDING } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'contract:view': true, 'contract:sign': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const PATH = '/contract/enterpriseContreactDetail/:id';
const renderDetail = (otherPaths: string[] = []) =>
  renderScreen(ContractDetailPage, { path: PATH, initialEntry: '/contract/enterpriseContreactDetail/5', otherPaths });

/** The value cell of a Descriptions item labelled `label`. */
const valueOf = (label: string) =>
  screen.getByText(label).closest('.ant-descriptions-item-label')?.nextElementSibling as HTMLElement;

const detailApi = (contract: TCompanyContractDetail, more: Record<string, TApiHandler> = {}) => ({
  ...more,
  // After the named paths: `:id` would take them.
  [`GET ${API.contract.one}`]: () => ok(contract),
});

describe('合同详情', () => {
  it("shows the contract's fields, its file, and 预览 opens the PDF", async () => {
    api = mockApi(detailApi({ ...PENDING, remark: '首年合同' }));
    renderDetail(['/pdfPreview']);
    expect(await screen.findByText('合同详情 HT-2026-005')).toBeInTheDocument();
    expect(valueOf('合同编号')).toHaveTextContent('HT-2026-005');
    expect(valueOf('状态')).toHaveTextContent('待签署');
    expect(valueOf('合同名称')).toHaveTextContent('灵活用工综合服务协议');
    expect(valueOf('类型')).toHaveTextContent('服务协议');
    expect(valueOf('甲方（企业）')).toHaveTextContent('星河科技有限公司');
    expect(valueOf('乙方（服务商）')).toHaveTextContent('海南灵工服务有限公司');
    expect(valueOf('开始日期')).toHaveTextContent('2026-01-01');
    expect(valueOf('结束日期')).toHaveTextContent('2099-12-31');
    expect(valueOf('签署时间')).toHaveTextContent('-');
    expect(valueOf('备注')).toHaveTextContent('首年合同');
    expect(screen.queryByText('签署信息')).toBeNull();
    expect(screen.queryByText('终止原因')).toBeNull();
    expect(valueOf('文件')).toHaveTextContent('合同.pdf');
    await user.click(getButton('预览'));
    expect(await screen.findByText(/当前页面：\/pdfPreview\?url=%2Fapi%2Fcontract%2F5%2Fpdf/)).toBeInTheDocument();
  });

  it('shows a terminated contract with when and why, a paper signature without a signer, and no 在线签署', async () => {
    api = mockApi(
      detailApi({
        ...PENDING,
        state: 'terminated',
        type: 'confidentiality',
        signedAt: '2026-02-01T02:00:00.000Z',
        terminatedAt: '2026-06-01T02:00:00.000Z',
        terminateReason: '业务调整',
        actions: [],
        signature: {
          method: 'paper',
          signedAt: '2026-02-01T02:00:00.000Z',
          signerName: '',
          originalSha256: null,
          signedSha256: null,
        },
      }),
    );
    renderDetail();
    await screen.findByText('合同详情 HT-2026-005');
    expect(valueOf('状态')).toHaveTextContent('已终止');
    expect(valueOf('类型')).toHaveTextContent('保密协议');
    expect(valueOf('终止原因')).toHaveTextContent('业务调整');
    expect(screen.getByText('终止时间')).toBeInTheDocument();
    expect(screen.getByText('签署信息')).toBeInTheDocument();
    expect(valueOf('签署方式')).toHaveTextContent('纸质签署');
    expect(screen.queryByText('签署人')).toBeNull();
    expect(screen.queryByText('原文件 SHA-256')).toBeNull();
    // The file keeps its uploaded name: there is no signed PDF.
    expect(valueOf('文件')).toHaveTextContent('合同.pdf');
    expect(screen.queryByRole('button', { name: /在线签署/ })).toBeNull();
  });

  it("shows the page's frame while the contract loads", async () => {
    api = mockApi({ [`GET ${API.contract.one}`]: () => new Promise(() => undefined) });
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载合同…');
    expect(screen.getByText('合同详情')).toBeInTheDocument();
    expect(screen.getByTestId('loading-frame').querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('says 合同不存在 for a contract that is not there, and goes back to 企业合同', async () => {
    api = mockApi({ [`GET ${API.contract.one}`]: () => fail(404, 40400, '合同不存在') });
    renderDetail(['/contract/enterprise']);
    expect(await screen.findByText('合同不存在', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.queryByText('数据加载失败')).toBeNull();
    await user.click(getButton('返回企业合同'));
    expect(await screen.findByText('当前页面：/contract/enterprise')).toBeInTheDocument();
  });

  it('says why loading failed and loads again on 重新加载', async () => {
    let answers = 0;
    api = mockApi({
      [`GET ${API.contract.one}`]: () => {
        answers += 1;
        return answers === 1 ? fail(500, 50000, '服务器开小差了') : ok(PENDING);
      },
    });
    renderDetail();
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.queryByText('合同不存在')).toBeNull();
    await user.click(getButton('重新加载'));
    expect(await screen.findByText('合同详情 HT-2026-005')).toBeInTheDocument();
  });
});

describe('在线签署', () => {
  const CODE_SENT = { token: 'tok-9', mobile: '138****0001', resendAfterSeconds: 60, demoCode: null };

  it('asks for a code by SMS, says where it went, and waits before sending again', async () => {
    api = mockApi(
      detailApi(PENDING, {
        [`GET ${API.contract.signMethods}`]: () => ok({ sms: true, totp: false, mobile: '138****0001' }),
        [`POST ${API.contract.signCode}`]: () => ok({ ...CODE_SENT, demoCode: '246810' }),
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /在线签署/ }));
    const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
    expect(within(dialog).getByText('海南灵工服务有限公司')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-01-01 至 2099-12-31')).toBeInTheDocument();
    // No choice of method without an authenticator.
    expect(within(dialog).queryByText('验证方式')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
    expect(await screen.findByText('验证码已发送至 138****0001')).toBeInTheDocument();
    expect(within(dialog).getByText('已发送至 138****0001，5 分钟内有效')).toBeInTheDocument();
    expect(within(dialog).getByText('演示模式验证码：246810')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /60 秒后重发/ })).toBeDisabled();
    expect(api.calls.filter((c) => c.method === 'POST' && c.url === API.contract.signCode)).toHaveLength(1);
  });

  it('keeps 确认签署 disabled until a code is asked for and six digits are typed', async () => {
    api = mockApi(
      detailApi(PENDING, {
        [`GET ${API.contract.signMethods}`]: () => ok({ sms: true, totp: false, mobile: '138****0001' }),
        [`POST ${API.contract.signCode}`]: () => ok(CODE_SENT),
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /在线签署/ }));
    const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
    const confirm = within(dialog).getByRole('button', { name: /确认签署/ });
    const code = within(dialog).getByLabelText('短信验证码');
    // Six digits without a sent code: no token yet.
    await user.click(code);
    await user.paste('123456');
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.clear(code);
    await user.paste('12345');
    expect(confirm).toBeDisabled();
    await user.paste('x');
    expect(confirm).toBeDisabled();
    expect(api.calls.some((c) => c.url === '/api/contract/5/sign')).toBe(false);
  });

  it('signs with the authenticator when the admin has one, and closes with 合同已签署', async () => {
    const signed: TCompanyContractDetail = { ...PENDING, state: 'signed', actions: [] };
    let isSigned = false;
    api = mockApi({
      [`GET ${API.contract.signMethods}`]: () => ok({ sms: true, totp: true, mobile: '138****0001' }),
      [`POST ${API.contract.sign}`]: () => {
        isSigned = true;
        return ok(signed);
      },
      [`GET ${API.contract.one}`]: () => ok(isSigned ? signed : PENDING),
    });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /在线签署/ }));
    const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
    await user.click(await within(dialog).findByRole('radio', { name: '身份验证器' }));
    expect(within(dialog).getByText('请输入身份验证器中的 6 位动态码')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /获取验证码/ })).toBeNull();
    await user.click(within(dialog).getByLabelText('动态验证码'));
    await user.paste('654321');
    await user.click(within(dialog).getByRole('button', { name: /确认签署/ }));
    expect(await screen.findByText('合同已签署')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '在线签署合同' })).toBeNull());
    const sign = api.calls.find((c) => c.method === 'POST' && c.url === '/api/contract/5/sign');
    expect(sign?.body).toEqual({ method: 'totp', code: '654321' });
    expect(valueOf('状态')).toHaveTextContent('已签署');
  });

  it('closes on 取消 without signing', async () => {
    api = mockApi(
      detailApi(PENDING, {
        [`GET ${API.contract.signMethods}`]: () => ok({ sms: true, totp: false, mobile: '138****0001' }),
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /在线签署/ }));
    const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '在线签署合同' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  /** Opens 在线签署, sends the SMS code and types six digits; answers the dialog. */
  async function signWithCode(signAnswer: () => ReturnType<TApiHandler>) {
    api = mockApi(
      detailApi(PENDING, {
        [`GET ${API.contract.signMethods}`]: () => ok({ sms: true, totp: false, mobile: '138****0001' }),
        [`POST ${API.contract.signCode}`]: () => ok(CODE_SENT),
        [`POST ${API.contract.sign}`]: signAnswer,
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /在线签署/ }));
    const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
    await user.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
    await user.click(within(dialog).getByLabelText('短信验证码'));
    await user.paste('123456');
    const confirm = within(dialog).getByRole('button', { name: /确认签署/ });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    return dialog;
  }
  /** The request layer's error toasts while a test runs. */
  let toasted: string[] = [];
  let restoreToasts: (() => void) | undefined;
  beforeEach(() => {
    toasted = [];
    restoreToasts = configureRequest({ notifyError: (text) => toasted.push(text) });
  });
  afterEach(() => restoreToasts?.());
  const errorToasts = () => toasted;

  it('says a wrong code at the field only, not also as an error toast', async () => {
    const dialog = await signWithCode(() =>
      fail(400, 40000, '验证码错误或已过期', { errors: [{ path: 'code', message: '验证码错误或已过期' }] }),
    );
    expect(await within(dialog).findByText('验证码错误或已过期')).toBeInTheDocument();
    expect(errorToasts()).toEqual([]);
    expect(screen.getByRole('dialog', { name: '在线签署合同' })).toBeInTheDocument();
  });

  it('says a refusal (409) above the code in the dialog, not as a toast', async () => {
    const dialog = await signWithCode(() => fail(409, 40900, '只有待签署且未到期的合同可以签署'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('只有待签署且未到期的合同可以签署');
    expect(errorToasts()).toEqual([]);
  });
});
