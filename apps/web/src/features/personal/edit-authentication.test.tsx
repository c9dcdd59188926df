import type { TUserInfo } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as EditAuthenticationPage } from './routes/edit-authentication-page.tsx';

const PATH = '/editAuthentication/editAuthenticationIndex';

function userInfo(overrides: Partial<TUserInfo>): TUserInfo {
  return {
    id: 1,
    name: '张主',
    username: 'demo',
    companyId: 1,
    companyName: '星河科技有限公司',
    avatar: '',
    description: '',
    isOwner: true,
    verifyMethod: 'password',
    mobile: '138****0001',
    email: '',
    menus: [],
    elements: [],
    ...overrides,
  };
}

function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('修改认证方式', () => {
  it('proves the password and switches to SMS, then shows the refreshed method', async () => {
    let method: TUserInfo['verifyMethod'] = 'password';
    let sent: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo({ verifyMethod: method })),
      'PUT /api/admin/user/personal/verifyMethod': (call) => {
        sent = call;
        method = 'sms';
        return ok(null, '认证方式已修改');
      },
    });
    renderScreen(EditAuthenticationPage, { path: PATH });

    expect(await screen.findByText('验证当前认证方式（密码）')).toBeInTheDocument();
    await user.click(screen.getByLabelText('短信验证码'));
    await user.type(screen.getByPlaceholderText('请输入当前密码'), 'Demo@123456');
    await user.click(getButton('确认修改'));

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.body).toEqual({ method: 'sms', code: 'Demo@123456' });
    expect(await screen.findByText('认证方式已修改')).toBeInTheDocument();
    expect(await screen.findByText('验证当前认证方式（短信验证码）')).toBeInTheDocument();
    expect(useSession.getState().verifyMethod).toBe('sms');
  });

  it('starts with the current method selected', async () => {
    api = mockApi({ 'GET /api/admin/user/front/info': () => ok(userInfo({ verifyMethod: 'sms' })) });
    renderScreen(EditAuthenticationPage, { path: PATH });
    expect(await screen.findByLabelText('短信验证码（当前）')).toBeChecked();
    expect(screen.getByLabelText('密码')).not.toBeChecked();
  });

  it('refuses the current method as the new one', async () => {
    api = mockApi({ 'GET /api/admin/user/front/info': () => ok(userInfo({})) });
    renderScreen(EditAuthenticationPage, { path: PATH });
    await user.click(await screen.findByLabelText('密码（当前）'));
    await user.click(getButton('确认修改'));
    expect(await screen.findByText('新的认证方式与当前相同')).toBeInTheDocument();
  });

  it('sends an SMS code to prove the current method and counts down', async () => {
    let sent: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo({ verifyMethod: 'sms' })),
      'POST /api/admin/vcc/sendSms': () => ok({ token: 'sms-token', mobile: '138****0001', resendAfterSeconds: 60 }),
      'PUT /api/admin/user/personal/verifyMethod': (call) => {
        sent = call;
        return ok(null, '认证方式已修改');
      },
    });
    renderScreen(EditAuthenticationPage, { path: PATH });

    expect(await screen.findByText('验证码将发送至 138****0001')).toBeInTheDocument();
    await user.click(screen.getByLabelText('密码'));
    await user.type(screen.getByPlaceholderText('请输入短信验证码'), '123456');
    await user.click(getButton('确认修改'));
    expect(await screen.findByText('请先获取短信验证码')).toBeInTheDocument();

    await user.click(getButton('获取验证码'));
    expect(await screen.findByText('60 秒后重新获取')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/admin/vcc/sendSms')?.body).toEqual({ purpose: 'verify' });
    await user.click(getButton('确认修改'));

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.body).toEqual({ method: 'password', code: '123456', token: 'sms-token' });
  });

  it('binds a new authenticator: QR code, secret and its code sent as newToken and newCode', async () => {
    let sent: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo({})),
      'POST /api/admin/user/personal/totp': () =>
        ok({ token: 'setup-token', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/demo?secret=JBSWY3DPEHPK3PXP' }),
      'PUT /api/admin/user/personal/verifyMethod': (call) => {
        sent = call;
        return ok(null, '认证方式已修改');
      },
    });
    renderScreen(EditAuthenticationPage, { path: PATH });

    await user.click(await screen.findByLabelText('身份验证器'));
    // The section of the new authenticator shows once the form has taken the choice; a submit
    // before that would be validated without the field it is about.
    await screen.findByText('绑定新的身份验证器');
    await user.type(screen.getByPlaceholderText('请输入当前密码'), 'Demo@123456');
    await user.click(getButton('确认修改'));
    expect(await screen.findByText('请先生成二维码并添加到身份验证器')).toBeInTheDocument();

    await user.click(getButton('生成二维码'));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(document.querySelector('.ant-qrcode svg')).not.toBeNull();
    await user.type(screen.getByPlaceholderText('请输入新身份验证器中的 6 位动态码'), '654321');
    await user.click(getButton('确认修改'));

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.body).toEqual({
      method: 'totp',
      code: 'Demo@123456',
      newToken: 'setup-token',
      newCode: '654321',
    });
  });

  it('puts a wrong authenticator code under the current-method field', async () => {
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo({ verifyMethod: 'totp' })),
      'PUT /api/admin/user/personal/verifyMethod': () => ({
        httpStatus: 400,
        body: {
          status: 40000,
          message: '动态验证码错误',
          data: { errors: [{ path: 'code', message: '动态验证码错误' }] },
        },
      }),
    });
    renderScreen(EditAuthenticationPage, { path: PATH });
    await user.click(await screen.findByLabelText('密码'));
    await user.type(screen.getByPlaceholderText('请输入身份验证器中的 6 位动态码'), '000000');
    await user.click(getButton('确认修改'));
    await waitFor(() => expect(within(formItem('动态验证码')).getByText('动态验证码错误')).toBeInTheDocument());
  });
});
