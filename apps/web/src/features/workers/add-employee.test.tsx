import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as AddEmployeePage } from './routes/add-employee-page.tsx';
import { DEPARTMENT_OPTIONS, JOB_TYPE_OPTIONS, workerDetail } from './test-data.ts';
import { chinaToday } from '../../lib/format-date-time.ts';

const PATH = '/EmployeeManagement/addEmployee';
const DETAIL_PATH = '/EmployeeManagement/detailEmployee';

/** The form item (label, control and messages) of a field, by its label. */
function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

function mockOptions(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId': () => ok(JOB_TYPE_OPTIONS),
    'GET /api/companystaff/department/options': () => ok(DEPARTMENT_OPTIONS),
    ...extra,
  });
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'employee:add': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

async function fillBasics() {
  await user.type(screen.getByPlaceholderText('请输入姓名'), '王五');
  await user.type(screen.getByPlaceholderText('请输入 18 位身份证号'), '11010519900307101x');
  await user.type(screen.getByPlaceholderText('请输入手机号'), '13900000002');
}

async function fillBankCard(cardNumber: string) {
  await user.click(within(formItem('开户银行')).getByRole('combobox'));
  await user.click(await screen.findByText('中国工商银行', { selector: '.ant-select-item-option-content' }));
  await user.type(screen.getByPlaceholderText('请输入银行卡号'), cardNumber);
}

describe('添加员工', () => {
  it('maps 40000 errors on idNumber and bankCard.cardNumber onto their fields', async () => {
    let created: TApiCall | undefined;
    api = mockOptions({
      'POST /api/companystaff/employee': (call) => {
        created = call;
        return fail(400, 40000, '请求参数有误', {
          errors: [
            { path: 'idNumber', message: '身份证号校验位不正确' },
            { path: 'bankCard.cardNumber', message: '银行卡号校验失败' },
          ],
        });
      },
    });
    renderScreen(AddEmployeePage, { path: PATH, otherPaths: [DETAIL_PATH] });
    await fillBasics();
    await fillBankCard('6222 0202 0011 2233 445');
    await user.click(getButton('保存'));

    // Each field's message shows through its own render: wait for both, not only the first.
    await waitFor(() => {
      expect(within(formItem('身份证号')).getByText('身份证号校验位不正确')).toBeInTheDocument();
      expect(within(formItem('银行卡号')).getByText('银行卡号校验失败')).toBeInTheDocument();
    });
    expect(formItem('身份证号')).toHaveClass('ant-form-item-has-error');
    expect(formItem('银行卡号')).toHaveClass('ant-form-item-has-error');
    expect(formItem('开户银行')).not.toHaveClass('ant-form-item-has-error');
    expect(formItem('姓名')).not.toHaveClass('ant-form-item-has-error');
    expect(created?.body).toEqual({
      name: '王五',
      idNumber: '11010519900307101X',
      mobile: '13900000002',
      jobTypeId: null,
      departmentId: null,
      joinedAt: chinaToday().format('YYYY-MM-DD'),
      remark: '',
      bankCard: { bankCode: 'ICBC', cardNumber: '6222020200112233445', branch: '' },
    });
    expect(screen.queryByText(/当前页面/)).toBeNull();
    expect(getButton('保存')).toBeEnabled();
  });

  it('tells the gender and birth date of the ID number and that the holder is the worker', async () => {
    api = mockOptions();
    renderScreen(AddEmployeePage, { path: PATH });
    expect(screen.getByText('性别和出生日期将根据身份证号自动识别')).toBeInTheDocument();
    await fillBasics();

    expect(await screen.findByText('性别：男，出生日期：1990-03-07')).toBeInTheDocument();
    expect(within(formItem('持卡人')).getByText('王五')).toBeInTheDocument();
    expect(within(formItem('持卡人')).getByText(/户名即员工姓名/)).toBeInTheDocument();
  });

  it('refuses an ID number whose check digit is wrong before sending (GB 11643)', async () => {
    api = mockOptions();
    renderScreen(AddEmployeePage, { path: PATH });
    await user.type(screen.getByPlaceholderText('请输入姓名'), '王五');
    await user.type(screen.getByPlaceholderText('请输入 18 位身份证号'), '110105199003071230');
    await user.click(getButton('保存'));

    expect(await within(formItem('身份证号')).findByText('身份证号校验位不正确')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a server field error only under its field, not as a toast too', async () => {
    api = mockOptions({
      'POST /api/companystaff/employee': () =>
        fail(400, 40000, '该身份证号的员工已存在', {
          errors: [{ path: 'idNumber', message: '该身份证号的员工已存在' }],
        }),
    });
    renderScreen(AddEmployeePage, { path: PATH });
    await fillBasics();
    await user.click(screen.getByLabelText('暂不添加'));
    await user.click(getButton('保存'));

    expect(await within(formItem('身份证号')).findByText('该身份证号的员工已存在')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('该身份证号的员工已存在')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('checks the fields with the contract rules before sending', async () => {
    api = mockOptions();
    renderScreen(AddEmployeePage, { path: PATH });
    await user.type(screen.getByPlaceholderText('请输入 18 位身份证号'), '1101051990');
    await user.type(screen.getByPlaceholderText('请输入手机号'), '12345');
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '1234');
    await user.click(getButton('保存'));

    expect(await within(formItem('姓名')).findByText('请输入姓名')).toBeInTheDocument();
    expect(await within(formItem('身份证号')).findByText('身份证号应为 18 位')).toBeInTheDocument();
    expect(await within(formItem('手机号')).findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(
      await within(formItem('开户银行')).findByText('请选择开户银行', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(await within(formItem('银行卡号')).findByText('卡号应为 16-19 位数字')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds a worker with an Alipay account once and opens the detail', async () => {
    let resolveCreate: () => void = () => {};
    api = mockOptions({
      'POST /api/companystaff/employee': () =>
        new Promise((resolve) => {
          resolveCreate = () => resolve(ok(workerDetail({ id: 42, name: '王五' })));
        }),
    });
    renderScreen(AddEmployeePage, { path: PATH, otherPaths: [DETAIL_PATH] });
    await fillBasics();
    await user.click(screen.getByLabelText('支付宝'));
    await user.type(await screen.findByPlaceholderText('请输入支付宝账号（手机号或邮箱）'), 'wangwu@example.com');
    expect(screen.queryByPlaceholderText('请输入银行卡号')).toBeNull();
    await user.click(getButton('保存'));
    await waitFor(() => expect(getButton('保存')).toHaveClass('ant-btn-loading'));
    await user.click(getButton('保存'));
    resolveCreate();

    expect(await screen.findByText(`当前页面：${DETAIL_PATH}?id=42`)).toBeInTheDocument();
    expect(await screen.findByText('员工已添加')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ alipay: { account: 'wangwu@example.com' } });
    expect(posts[0]?.body).not.toHaveProperty('bankCard');
  });

  it('sends no payout account with 暂不添加', async () => {
    let created: TApiCall | undefined;
    api = mockOptions({
      'POST /api/companystaff/employee': (call) => {
        created = call;
        return fail(400, 40000, '请求参数有误', { errors: [{ path: 'mobile', message: '手机号已被其他员工使用' }] });
      },
    });
    renderScreen(AddEmployeePage, { path: PATH });
    await fillBasics();
    await user.click(screen.getByLabelText('暂不添加'));
    await user.click(getButton('保存'));

    expect(await within(formItem('手机号')).findByText('手机号已被其他员工使用')).toBeInTheDocument();
    expect(created?.body).not.toHaveProperty('bankCard');
    expect(created?.body).not.toHaveProperty('alipay');
  });
});
