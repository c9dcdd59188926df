// Icons and antd components by module, never through the barrels ('@ant-design/icons', 'antd'):
// this page starts alone (app/login-app.tsx) and its download is budgeted; the build puts
// everything it imports in one chunk, so a barrel here would bring every component along.
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { BusinessCode, type TVerificationRequired } from '@flexpay/contract/web';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import SpaceCompact from 'antd/es/space/Compact';
import { useEffect, useState } from 'react';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { isApiError } from '../../../lib/request.ts';
import { loadBranding } from '../../../lib/session-actions.ts';
import { isOfficialHost, PRODUCT_NAME, publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { getCompanyId } from '../../../lib/token.ts';
import { useDemoAccounts } from '../api/get-demo-accounts.ts';
import { getCaptcha } from '../api/get-captcha.ts';
import { login } from '../api/login.ts';
import { resendLoginSms } from '../api/resend-login-sms.ts';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
  code?: string;
}

type Step =
  | { kind: 'password' }
  | { kind: 'captcha'; token: string; svg: string }
  | { kind: 'sms'; token: string; mobile: string; resendAt: number; demoCode: string | null }
  | { kind: 'totp'; token: string };

/** Seconds left until `until` (ms), ticking every second. */
function useCountdown(until: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

export interface TLoginPageProps {
  /** The `companyId` search parameter of the page, whose branding it shows. */
  companyIdParam: string | null;
  /** Goes to `target` (the path the visitor wanted, or /) once signed in. */
  onSignedIn: (target: string) => void;
  /** Called as the form is sent: the lone sign-in page starts loading the console meanwhile. */
  onSubmit?: () => void;
}

/**
 * Sign-in: username and password, then the captcha, SMS or authenticator code when the server asks.
 * It knows nothing of the router: on the first page it runs alone (`app/login-app.tsx`), inside the
 * console it is the /login route (`login-route.tsx`).
 */
export function LoginPage({ companyIdParam, onSignedIn, onSubmit }: TLoginPageProps) {
  const [form] = Form.useForm<LoginForm>();
  const setting = useSession((s) => s.setting);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [submitting, setSubmitting] = useState(false);
  const demoAccounts = useDemoAccounts();
  const resendIn = useCountdown(step.kind === 'sms' ? step.resendAt : 0);

  useEffect(() => {
    const fromUrl = Number(companyIdParam);
    void loadBranding(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : getCompanyId());
  }, [companyIdParam]);

  // Spec section 2: the route title, with the product name only on the official host.
  usePageTitle(publicRouteTitle('login'));

  const refreshCaptcha = async () => {
    const captcha = await getCaptcha();
    setStep({ kind: 'captcha', ...captcha });
    form.setFieldValue('code', '');
  };

  const onFinish = async (values: LoginForm) => {
    onSubmit?.();
    setSubmitting(true);
    try {
      const token = await login({
        username: values.username.trim(),
        password: values.password,
        ...(step.kind !== 'password' ? { code: values.code?.trim() ?? '', token: step.token } : {}),
      });
      const session = useSession.getState();
      const target = session.enterRoute ?? '/';
      session.signIn(token);
      session.setEnterRoute(null);
      onSignedIn(target);
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.status === BusinessCode.VERIFICATION_REQUIRED) {
        const data = err.data as TVerificationRequired;
        setStep(
          data.verifyMethod === 'sms'
            ? {
                kind: 'sms',
                token: data.token,
                mobile: data.mobile ?? '',
                resendAt: Date.now() + 60_000,
                demoCode: data.demoCode ?? null,
              }
            : { kind: 'totp', token: data.token },
        );
        form.setFieldValue('code', '');
        return;
      }
      const data = err.data as { captchaRequired?: boolean } | undefined;
      if (data?.captchaRequired) await refreshCaptcha().catch(() => undefined);
      else if (step.kind === 'captcha') setStep({ kind: 'password' });
    } finally {
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    if (step.kind !== 'sms') return;
    const sent = await resendLoginSms(step.token).catch(() => null);
    if (sent)
      setStep({
        ...step,
        mobile: sent.mobile,
        resendAt: Date.now() + sent.resendAfterSeconds * 1000,
        demoCode: sent.demoCode,
      });
  };

  const showLoginImage = setting.loginObjClose === '1' && !!setting.loginImgSrc;
  // The company's own title when it has branding; the product name only on the official host.
  const title = setting.companyName || (isOfficialHost() ? PRODUCT_NAME : '欢迎登录');

  return (
    <div className="login-page">
      <div
        className="login-visual"
        style={showLoginImage ? { backgroundImage: `url(${JSON.stringify(setting.loginImgSrc)})` } : undefined}
      >
        {!showLoginImage && (
          <div className="login-visual-text">
            <h2>灵活用工，一站管理</h2>
            <p>员工、任务、薪酬发放、资金与发票，在一个后台完成。</p>
          </div>
        )}
      </div>
      <div className="login-panel">
        <div className="login-card">
          <h1 className="login-title">{title}</h1>
          <p className="login-subtitle">企业管理后台登录</p>
          <Form<LoginForm> form={form} size="large" onFinish={(v) => void onFinish(v)} autoComplete="on">
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <TrimmedInput prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
            </Form.Item>
            {step.kind === 'captcha' && (
              <Form.Item name="code" rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
                <SpaceCompact style={{ width: '100%' }}>
                  <TrimmedInput prefix={<SafetyOutlined />} placeholder="图形验证码" maxLength={8} />
                  <button
                    type="button"
                    className="login-captcha"
                    title="看不清？换一张"
                    aria-label="图形验证码，点击换一张"
                    onClick={() => void refreshCaptcha()}
                    dangerouslySetInnerHTML={{ __html: step.svg }}
                  />
                </SpaceCompact>
              </Form.Item>
            )}
            {step.kind === 'sms' && (
              <Form.Item
                name="code"
                extra={
                  step.demoCode
                    ? `验证码已发送至 ${step.mobile}（演示模式验证码：${step.demoCode}）`
                    : `验证码已发送至 ${step.mobile}`
                }
                rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
              >
                <SpaceCompact style={{ width: '100%' }}>
                  <TrimmedInput
                    prefix={<SafetyOutlined />}
                    placeholder="短信验证码"
                    maxLength={6}
                    autoComplete="one-time-code"
                  />
                  <Button disabled={resendIn > 0} onClick={() => void onResend()}>
                    {resendIn > 0 ? `${resendIn} 秒后重发` : '重新发送'}
                  </Button>
                </SpaceCompact>
              </Form.Item>
            )}
            {step.kind === 'totp' && (
              <Form.Item
                name="code"
                extra="请打开身份验证器，输入当前显示的 6 位动态码"
                rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位动态码' }]}
              >
                <TrimmedInput
                  prefix={<SafetyOutlined />}
                  placeholder="身份验证器动态码"
                  maxLength={6}
                  autoComplete="one-time-code"
                />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={submitting}>
              登录
            </Button>
          </Form>
          {demoAccounts.length > 0 && (
            <div className="login-demo">
              <div className="login-demo-caption">演示账号（点击填入）</div>
              <ul className="login-demo-list">
                {demoAccounts.map((row) => (
                  <li key={row.username}>
                    <button
                      type="button"
                      onClick={() => {
                        form.setFieldsValue({ username: row.username, password: row.password });
                        setStep({ kind: 'password' });
                      }}
                    >
                      <span className="login-demo-user">{row.username}</span>
                      <span>{row.password}</span>
                      <span className="login-demo-company">
                        {row.company} · {row.role}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
