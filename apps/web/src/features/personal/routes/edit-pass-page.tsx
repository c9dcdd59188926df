import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '@flexpay/contract/web';
import { Button, Card, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

interface TChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** 修改密码 (/editPass/editPassIndex). */
export function Component() {
  const navigate = useNavigate();
  const [form] = Form.useForm<TChangePasswordValues>();
  const changePassword = useChangePassword();
  /** The server's message once the password has changed. */
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  const onFinish = async (values: TChangePasswordValues) => {
    if (changePassword.isPending) return;
    try {
      const text = await changePassword.mutateAsync({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      setDoneMessage(text);
    } catch (error) {
      applyFieldErrors(form, error, ['oldPassword', 'newPassword']);
    }
  };

  if (doneMessage !== null) {
    return (
      <Card>
        <Result
          status="success"
          title="密码修改成功"
          subTitle={doneMessage}
          extra={
            <Button type="primary" onClick={() => void navigate('/')}>
              返回首页
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card>
      <Form<TChangePasswordValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={(values) => void onFinish(values)}
        requiredMark={false}
      >
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          dependencies={['oldPassword']}
          extra={PASSWORD_RULE_MESSAGE}
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value !== getFieldValue('oldPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('新密码不能与原密码相同')),
            }),
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的新密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
