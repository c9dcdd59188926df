import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonName, fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as PayConfirmPage } from './routes/pay-confirm-page.tsx';
import { batch } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'payroll:view': true, 'payroll:pay': true, 'money:view': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const BALANCE = [
  { serviceCompanyId: 1, serviceCompanyName: '海南灵工服务有限公司', availableFen: 10_000_000, frozenFen: 0 },
];

describe('支付确认', () => {
  it('sends the code, pays with it and one Idempotency-Key, then shows 支付详情', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay', failedCount: 0, okCount: 3 })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCE),
      'POST /api/emolument/payRoll/payCode': () =>
        ok({ token: 'tok-1', mobile: '138****0001', resendAfterSeconds: 60, demoCode: null }),
      'POST /api/emolument/payRoll/:id/pay': () => ok(batch({ status: 'paying' })),
    });
    const { router } = renderScreen(PayConfirmPage, {
      path: '/EmolumentManagement/payConfirm',
      initialEntry: '/EmolumentManagement/payConfirm?id=7',
      otherPaths: ['/EmolumentManagement/payRollDetail'],
    });
    const pay = await screen.findByRole('button', { name: /确认支付/ });
    expect(pay).toBeDisabled();
    await user.click(getButton('获取验证码'));
    expect(await screen.findByText('验证码已发送至 138****0001')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/payCode'))).toBe(true);
    expect(screen.queryByText(/演示模式验证码/)).toBeNull();
    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /确认支付/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/EmolumentManagement/payRollDetail'));
    const paid = api.calls.find((c) => c.url.endsWith('/pay'));
    expect(paid?.body).toEqual({ method: 'sms', token: 'tok-1', code: '123456' });
  });

  it('says so when the balance is short', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay' })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok([{ ...BALANCE[0], availableFen: 100 }]),
      'POST /api/emolument/payRoll/payCode': () =>
        ok({ token: 'tok-1', mobile: '138****0001', resendAfterSeconds: 60, demoCode: null }),
      'POST /api/emolument/payRoll/:id/pay': () =>
        fail(500, 1101, '账户可用余额不足：可用 ¥1.00，本批次需 ¥58,575.00，请先充值'),
    });
    renderScreen(PayConfirmPage, {
      path: '/EmolumentManagement/payConfirm',
      initialEntry: '/EmolumentManagement/payConfirm?id=7',
    });
    expect(await screen.findByText('可用余额不足，还差 ¥58,574.00，请先充值')).toBeInTheDocument();
    await user.click(getButton('获取验证码'));
    await user.type(await screen.findByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /确认支付/ }));
    expect(await screen.findByText('账户可用余额不足：可用 ¥1.00，本批次需 ¥58,575.00，请先充值')).toBeInTheDocument();
  });

  const METHODS = (totp: boolean) => () => ok({ sms: true, totp, mobile: '138****0001' });

  it("shows the server's message at the code field when the code is wrong, and pays nothing else", async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay' })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCE),
      'GET /api/emolument/payRoll/payMethods': METHODS(false),
      'POST /api/emolument/payRoll/payCode': () =>
        ok({ token: 'tok-1', mobile: '138****0001', resendAfterSeconds: 60, demoCode: null }),
      'POST /api/emolument/payRoll/:id/pay': () =>
        fail(400, 40000, '短信验证码错误', { errors: [{ path: 'code', message: '短信验证码错误' }] }),
    });
    const { router } = renderScreen(PayConfirmPage, {
      path: '/EmolumentManagement/payConfirm',
      initialEntry: '/EmolumentManagement/payConfirm?id=7',
      otherPaths: ['/EmolumentManagement/payRollDetail'],
    });
    await user.click(await screen.findByRole('button', { name: buttonName('获取验证码') }));
    await user.type(await screen.findByLabelText('短信验证码'), '000000');
    await user.click(screen.getByRole('button', { name: /确认支付/ }));
    expect(await screen.findByText('短信验证码错误')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/EmolumentManagement/payConfirm');
    // Typing again clears the message.
    await user.type(screen.getByLabelText('短信验证码'), '{backspace}1');
    await waitFor(() => expect(screen.queryByText('短信验证码错误')).toBeNull());
  });

  it('in demo mode shows the code the server answered', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay' })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCE),
      'GET /api/emolument/payRoll/payMethods': METHODS(false),
      'POST /api/emolument/payRoll/payCode': () =>
        ok({ token: 'tok-1', mobile: '138****0001', resendAfterSeconds: 60, demoCode: '123456' }),
    });
    renderScreen(PayConfirmPage, {
      path: '/EmolumentManagement/payConfirm',
      initialEntry: '/EmolumentManagement/payConfirm?id=7',
    });
    await user.click(await screen.findByRole('button', { name: buttonName('获取验证码') }));
    expect(await screen.findByText('演示模式验证码：123456')).toBeInTheDocument();
  });

  it('offers the authenticator to an admin who has one, and pays with its code', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'to_pay' })),
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCE),
      'GET /api/emolument/payRoll/payMethods': METHODS(true),
      'POST /api/emolument/payRoll/:id/pay': () => ok(batch({ status: 'paying' })),
    });
    renderScreen(PayConfirmPage, {
      path: '/EmolumentManagement/payConfirm',
      initialEntry: '/EmolumentManagement/payConfirm?id=7',
      otherPaths: ['/EmolumentManagement/payRollDetail'],
    });
    await user.click(await screen.findByRole('radio', { name: '身份验证器' }));
    await user.type(screen.getByLabelText('动态验证码'), '654321');
    await user.click(screen.getByRole('button', { name: /确认支付/ }));
    await waitFor(() =>
      expect(api?.calls.find((c) => c.url.endsWith('/pay'))?.body).toEqual({ method: 'totp', code: '654321' }),
    );
  });
});
