import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE, type TAdminRow } from '@flexpay/contract/web';
import { App, Form, Input, Modal, Typography } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useResetAdminPassword } from '../api/reset-admin-password.ts';

interface TResetPasswordValues {
  password: string;
  confirm: string;
}

export interface TResetPasswordModalProps {
  open: boolean;
  /** The admin whose password is reset. */
  admin: TAdminRow;
  onClose: () => void;
  /** After the close animation: the parent may unmount the dialog. */
  afterClose?: () => void;
}

/** 重置密码: the manager sets a new password; the admin's sessions end. */
export function ResetPasswordModal({ open, admin, onClose, afterClose }: TResetPasswordModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TResetPasswordValues>();
  const resetPassword = useResetAdminPassword();

  const onFinish = async (values: TResetPasswordValues) => {
    if (resetPassword.isPending) return;
    try {
      await resetPassword.mutateAsync({ id: admin.id, password: values.password });
    } catch (error) {
      applyFieldErrors(form, error, ['password']);
      return;
    }
    void message.success(`已重置“${admin.name}”的密码`);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="重置密码"
      okText="确认重置"
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      okButtonProps={{ loading: resetPassword.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        为管理员“{admin.name}”（{admin.username}）设置新密码，重置后其所有登录将立即失效。
      </Typography.Paragraph>
      <Form<TResetPasswordValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
          ]}
          extra={PASSWORD_RULE_MESSAGE}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
