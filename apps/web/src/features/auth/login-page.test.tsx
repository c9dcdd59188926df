import { API, BusinessCode } from '@flexpay/contract/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonName, fail, mockApi, ok } from '../../components/test-utils.tsx';
import { LoginPage } from './routes/login-page.tsx';

function renderLogin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <LoginPage companyIdParam={null} onSignedIn={() => {}} />
      </AntApp>
    </QueryClientProvider>,
  );
}

/** Sign-in's SMS step as the server answers it, with or without the demo's code. */
const smsStep = (demoCode: string | null) =>
  fail(500, BusinessCode.VERIFICATION_REQUIRED, '验证码已发送至 138****0003，请输入短信验证码', {
    verifyMethod: 'sms',
    token: 'challenge',
    mobile: '138****0003',
    demoCode,
  });

describe('sign-in’s SMS step', () => {
  let restore = () => {};
  afterEach(() => restore());

  const signIn = async () => {
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'finance');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'Demo@123456');
    await userEvent.click(screen.getByRole('button', { name: buttonName('登录') }));
    await screen.findByPlaceholderText('短信验证码');
  };

  it('shows the demo’s code beside the field, so a visitor can sign in', async () => {
    ({ restore } = mockApi({
      [`GET ${API.dictionary.demoAccounts}`]: () => ok([]),
      [`GET ${API.dictionary.branding}`]: () => ok(null),
      [`POST ${API.auth.login}`]: () => smsStep('246810'),
    }));
    renderLogin();
    await signIn();
    expect(screen.getByText('验证码已发送至 138****0003（演示模式验证码：246810）')).toBeInTheDocument();
  });

  it('shows no code outside demo mode', async () => {
    ({ restore } = mockApi({
      [`GET ${API.dictionary.demoAccounts}`]: () => ok([]),
      [`GET ${API.dictionary.branding}`]: () => ok(null),
      [`POST ${API.auth.login}`]: () => smsStep(null),
    }));
    renderLogin();
    await signIn();
    expect(screen.getByText('验证码已发送至 138****0003')).toBeInTheDocument();
    expect(screen.queryByText(/演示模式验证码/)).toBeNull();
  });
});
