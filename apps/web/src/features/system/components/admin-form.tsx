import {
  ADMIN_STATUSES,
  ADMIN_STATUS_LABELS,
  MASKED_MOBILE_RULE,
  MOBILE_RULE,
  PASSWORD_RULE,
  PASSWORD_RULE_MESSAGE,
  ROLE_REQUIRED_MESSAGE,
  USERNAME_RULE,
  type TAdminStatus,
} from '@flexpay/contract/web';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useRef } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useRoleOptions } from '../api/get-role-options.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

export interface TAdminFormValues {
  /** Add only. */
  username?: string;
  /** Add only. */
  password?: string;
  /** Add only. */
  status?: TAdminStatus;
  name: string;
  mobile: string;
  email: string;
  description: string;
  roleIds: number[];
}

/** The fields the server may name in a 40000 answer. */
const FIELDS = ['username', 'password', 'status', 'name', 'mobile', 'email', 'description', 'roleIds'] as const;

const STATUS_OPTIONS = ADMIN_STATUSES.map((status) => ({ value: status, label: ADMIN_STATUS_LABELS[status] }));

export interface TAdminFormProps {
  /** `create` adds 用户名, 初始密码 and 状态; `edit` shows the username read-only. */
  mode: 'create' | 'edit';
  initialValues?: Partial<TAdminFormValues>;
  /** The username shown in edit mode. */
  username?: string;
  isSubmitting: boolean;
  /** Receives trimmed values; a rejection with a 40000 ApiError puts its messages under the fields. */
  onSubmit: (values: TAdminFormValues) => Promise<void>;
  onCancel: () => void;
}

function trimmed(values: TAdminFormValues): TAdminFormValues {
  return {
    ...values,
    ...(values.username === undefined ? {} : { username: values.username.trim() }),
    name: (values.name ?? '').trim(),
    mobile: (values.mobile ?? '').trim(),
    email: (values.email ?? '').trim(),
    description: (values.description ?? '').trim(),
    roleIds: values.roleIds ?? [],
  };
}

/**
 * 添加管理员 / 编辑管理员. The rules mirror ZCreateAdminBody and ZUpdateAdminBody of the
 * contract, so most mistakes are caught before the request: a new admin needs a role, and the
 * edit shows the mobile masked, kept unless a full new number is typed.
 */
export function AdminForm({ mode, initialValues, username, isSubmitting, onSubmit, onCancel }: TAdminFormProps) {
  const [form] = Form.useForm<TAdminFormValues>();
  const roleOptions = useRoleOptions();
  // A second click can come before the pending state renders.
  const isSubmittingRef = useRef(false);
  // The server answers the mobile masked (138****0001); sent back as it is, it keeps the number.
  const initialMobile = initialValues?.mobile ?? '';
  const maskedMobile = mode === 'edit' && MASKED_MOBILE_RULE.test(initialMobile) ? initialMobile : '';
  const isUnchangedMaskedMobile = (mobile: string) => !!maskedMobile && mobile === maskedMobile;

  const onFinish = async (values: TAdminFormValues) => {
    if (isSubmitting || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await onSubmit(trimmed(values));
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };

  return (
    <Form<TAdminFormValues>
      form={form}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 640 }}
      initialValues={{ status: 'enabled', email: '', description: '', roleIds: [], ...initialValues }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      {mode === 'create' ? (
        <>
          <Form.Item
            name="username"
            label="用户名"
            rules={[
              { required: true, whitespace: true, message: '请输入用户名' },
              { pattern: USERNAME_RULE, message: '用户名为 4-32 位字母、数字或 _ . -' },
            ]}
            extra="登录时使用，添加后不能修改"
          >
            <TrimmedInput placeholder="请输入用户名" maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label="初始密码"
            rules={[
              { required: true, message: '请输入初始密码' },
              { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
            ]}
            extra={PASSWORD_RULE_MESSAGE}
          >
            <Input.Password placeholder="请输入初始密码" maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="用户名">
          <Typography.Text>{username}</Typography.Text>
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 50, message: '姓名最多 50 个字符' },
        ]}
      >
        <TrimmedInput placeholder="请输入姓名" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="mobile"
        label="手机号"
        rules={[
          { required: true, whitespace: true, message: '请输入手机号' },
          {
            validator: async (_rule, value: string | undefined) => {
              const mobile = (value ?? '').trim();
              if (!mobile || MOBILE_RULE.test(mobile) || isUnchangedMaskedMobile(mobile)) return;
              throw new Error(
                MASKED_MOBILE_RULE.test(mobile) ? '请输入完整的 11 位新手机号' : '请输入正确的 11 位手机号',
              );
            },
          },
        ]}
        {...(maskedMobile ? { extra: '中间四位已隐藏；不修改请保留原样，修改请输入完整的新手机号' } : {})}
      >
        <TrimmedInput placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="email"
        label="邮箱"
        rules={[
          { type: 'email', message: '请输入正确的邮箱' },
          { max: 100, message: '邮箱最多 100 个字符' },
        ]}
      >
        <TrimmedInput placeholder="请输入邮箱（选填）" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label="角色"
        rules={[
          ...(mode === 'create'
            ? [{ required: true, type: 'array' as const, min: 1, message: ROLE_REQUIRED_MESSAGE }]
            : []),
          { type: 'array', max: 50, message: '最多选择 50 个角色' },
        ]}
      >
        <Select
          mode="multiple"
          placeholder="请选择角色"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={roleOptions.isPending}
          notFoundContent={roleOptions.isError ? '角色加载失败' : '暂无角色'}
          options={(roleOptions.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      {mode === 'create' && (
        <Form.Item name="status" label="状态">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      )}
      <Form.Item name="description" label="备注" rules={[{ max: 200, message: '备注最多 200 个字符' }]}>
        <TrimmedTextArea
          placeholder="请输入备注（选填）"
          maxLength={200}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            保存
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
