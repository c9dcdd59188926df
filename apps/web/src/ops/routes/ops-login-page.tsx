import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TrimmedInput } from '../../components/trimmed-input.tsx';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../lib/request.ts';
import { opsInfoQueryOptions, opsLogin } from '../api/auth.ts';
import { setOpsToken } from '../lib/ops-token.ts';
import { OPS_CONSOLE_NAME, useOpsTitle } from '../lib/use-ops-title.ts';
import { OPS_HOME_PATH } from '../menu.ts';

interface TLoginForm {
  username: string;
  password: string;
}

/** /ops/login: the operators' own sign-in; its token is stored apart from a company admin's. */
export function OpsLoginPage() {
  const [form] = Form.useForm<TLoginForm>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useOpsTitle('登录');

  const onFinish = async (values: TLoginForm) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { token, operator } = await opsLogin({ username: values.username.trim(), password: values.password });
      setOpsToken(token);
      queryClient.setQueryData(opsInfoQueryOptions().queryKey, operator);
      void navigate(OPS_HOME_PATH, { replace: true });
    } catch (error) {
      // The server's own words: 用户名或密码错误, 账号已停用, 登录失败次数过多，请 15 分钟后再试.
      setFailure(isApiError(error) ? error.message : NETWORK_ERROR_MESSAGE);
      form.setFieldValue('password', '');
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
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
