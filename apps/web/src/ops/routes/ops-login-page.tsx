import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TrimmedInput } from '../../components/trimmed-input.tsx';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../lib/request.ts';
import { opsInfoQueryOptions, opsLogin } from '../api/auth.ts';
import { getOpsCaptcha } from '../api/captcha.ts';
import { setOpsToken } from '../lib/ops-token.ts';
import { OPS_CONSOLE_NAME, useOpsTitle } from '../lib/use-ops-title.ts';
import { OPS_HOME_PATH } from '../menu.ts';

interface TLoginForm {
  username: string;
  password: string;
  code?: string;
}

/** /ops/login: the operators' own sign-in; its token is stored apart from a company admin's. */
export function OpsLoginPage() {
  const [form] = Form.useForm<TLoginForm>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The image captcha, once the server asks for it (after failures on the account).
  const [captcha, setCaptcha] = useState<{ token: string; svg: string } | null>(null);
  useOpsTitle('登录');

  const refreshCaptcha = async () => {
    setCaptcha(await getOpsCaptcha());
    form.setFieldValue('code', '');
  };

  const onFinish = async (values: TLoginForm) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { token, operator } = await opsLogin({
        username: values.username.trim(),
        password: values.password,
        ...(captcha ? { token: captcha.token, code: values.code?.trim() ?? '' } : {}),
      });
      setOpsToken(token);
      queryClient.setQueryData(opsInfoQueryOptions().queryKey, operator);
      void navigate(OPS_HOME_PATH, { replace: true });
    } catch (error) {
      // The server's own words: 用户名或密码错误, 请输入图形验证码, 账号已停用, 登录失败次数过多….
      setFailure(isApiError(error) ? error.message : NETWORK_ERROR_MESSAGE);
      form.setFieldValue('password', '');
      const data = isApiError(error) ? (error.data as { captchaRequired?: boolean } | undefined) : undefined;
      if (data?.captchaRequired) await refreshCaptcha().catch(() => undefined);
      else setCaptcha(null);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f2f5',
      }}
    >
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 8 }}>
          {OPS_CONSOLE_NAME}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          平台运营人员专用，企业管理员请从企业管理后台登录
        </Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />}
        <Form<TLoginForm> form={form} size="large" onFinish={(values) => void onFinish(values)} autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <TrimmedInput prefix={<UserOutlined />} placeholder="用户名" maxLength={64} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="密码"
              maxLength={128}
              autoComplete="current-password"
            />
          </Form.Item>
          {captcha && (
            <Form.Item name="code" rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
              <Space.Compact style={{ width: '100%' }}>
                <TrimmedInput prefix={<SafetyOutlined />} placeholder="图形验证码" maxLength={8} />
                <button
                  type="button"
                  title="看不清？换一张"
                  aria-label="图形验证码，点击换一张"
                  onClick={() => void refreshCaptcha().catch(() => undefined)}
                  style={{
                    flex: 'none',
                    width: 120,
                    height: 40,
                    padding: 0,
                    cursor: 'pointer',
                    background: '#f3f6fb',
                    border: '1px solid #d9d9d9',
                    borderLeft: 0,
                    borderRadius: '0 8px 8px 0',
                  }}
                  dangerouslySetInnerHTML={{ __html: captcha.svg }}
                />
              </Space.Compact>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
