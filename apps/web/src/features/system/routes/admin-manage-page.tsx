import { ADMIN_STATUSES, ADMIN_STATUS_LABELS, type TAdminRow, type TAdminStatus } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useHasElement, useSession } from '../../../lib/session-store.ts';
import { SearchForm } from '../../../components/search-form.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useAdmins } from '../api/get-admins.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { useUpdateAdminStatus } from '../api/update-admin-status.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { ADD_ADMIN_PATH, editAdminPath } from '../paths.ts';

const ADMIN_ELEMENT = 'system:admin';

type TAdminFilters = {
  username?: string;
  name?: string;
  mobile?: string;
  status?: string;
  roleId?: string;
};

const STATUS_OPTIONS = ADMIN_STATUSES.map((status) => ({ value: status, label: ADMIN_STATUS_LABELS[status] }));

function asStatus(value: string | undefined): TAdminStatus | undefined {
  return ADMIN_STATUSES.find((status) => status === value);
}

function asId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** 管理员管理 (/systemSetting/adminManage). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { page, limit, filters, setFilters, pagination } = useListQuery<TAdminFilters>();
  const status = asStatus(filters.status);
  const roleId = asId(filters.roleId);
  const admins = useAdmins({
    page,
    limit,
    username: filters.username,
    name: filters.name,
    mobile: filters.mobile,
    status,
    roleId,
  });
  const roleOptions = useRoleOptions();
  const updateStatus = useUpdateAdminStatus();
  const canManage = useHasElement(ADMIN_ELEMENT);
  const currentUsername = useSession((s) => s.userName);
  const isCurrentOwner = useSession((s) => s.isOwner);
  const [form] = Form.useForm<TAdminFilters>();
  const [resetting, setResetting] = useState<TAdminRow | undefined>(undefined);
  const [isResetOpen, setResetOpen] = useState(false);

  // Back and forward change the URL: the filter form follows it.
  useEffect(() => {
    form.setFieldsValue({
      username: filters.username ?? '',
      name: filters.name ?? '',
      mobile: filters.mobile ?? '',
      status: filters.status,
      roleId: filters.roleId,
    });
  }, [form, filters.username, filters.name, filters.mobile, filters.status, filters.roleId]);

  const onSetStatus = async (admin: TAdminRow, next: TAdminStatus) => {
    try {
      await updateStatus.mutateAsync({ id: admin.id, status: next });
    } catch {
      return; // the request layer has shown why
    }
    void message.success(next === 'enabled' ? `已启用“${admin.name}”` : `已停用“${admin.name}”`);
  };

  const columns: TableColumnsType<TAdminRow> = [
    {
      title: '用户名',
      dataIndex: 'username',
      render: (username: string, admin) => (
        <Space size={4} wrap>
          {username}
          {admin.isOwner && <Tag color="gold">企业主账号</Tag>}
          {admin.username === currentUsername && <Tag color="blue">当前账号</Tag>}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'name' },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (mobile: string) => mobile || '-' },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: TAdminRow['roles']) =>
        roles.length ? (
          <Space size={[0, 4]} wrap>
            {roles.map((role) => (
              <Tag key={role.id}>{role.name}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (value: TAdminStatus) => (
        <Tag color={value === 'enabled' ? 'success' : 'default'}>{ADMIN_STATUS_LABELS[value]}</Tag>
      ),
    },
    {
      title: '最后登录时间',
      dataIndex: 'lastLoginAt',
      width: 180,
      render: (time: string | null) => formatDateTime(time),
    },
  ];
  if (canManage) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, admin) => {
        const isSelf = admin.username === currentUsername;
        // The server refuses to disable the owner or oneself, and to reset one's own password
        // (that is 修改密码) or, for anyone but the owner, the owner's.
        const canDisable = !admin.isOwner && !isSelf;
        const canReset = !isSelf && (!admin.isOwner || isCurrentOwner);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void navigate(editAdminPath(admin.id))}>
              编辑
            </Button>
            {admin.status === 'disabled' ? (
              <ConfirmAction
                label="启用"
                title="启用管理员"
                description={`确定启用“${admin.name}”吗？`}
                onConfirm={() => onSetStatus(admin, 'enabled')}
              />
            ) : (
              canDisable && (
                <ConfirmAction
                  label="停用"
                  danger
                  title="停用管理员"
                  description={`确定停用“${admin.name}”吗？停用后其登录将立即失效。`}
                  onConfirm={() => onSetStatus(admin, 'disabled')}
                />
              )
            )}
            {canReset && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setResetting(admin);
                  setResetOpen(true);
                }}
              >
                重置密码
              </Button>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <Card>
      <SearchForm<TAdminFilters>
        form={form}
        initialValues={filters}
        onSearch={(values) => setFilters(values)}
        onReset={() => setFilters({})}
      >
        <Form.Item name="username" label="用户名">
          <TrimmedInput placeholder="请输入用户名" allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label="姓名">
          <TrimmedInput placeholder="请输入姓名" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号">
          <TrimmedInput placeholder="请输入手机号" allowClear maxLength={11} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="roleId" label="角色">
          <Select
            placeholder="全部"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={roleOptions.isPending}
            notFoundContent={roleOptions.isError ? '角色加载失败' : '暂无角色'}
            options={(roleOptions.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
            style={{ width: 160 }}
          />
        </Form.Item>
      </SearchForm>

      <Permission element={ADMIN_ELEMENT}>
        <ListToolbar>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ADD_ADMIN_PATH)}>
            添加管理员
          </Button>
        </ListToolbar>
      </Permission>

      <ListTable<TAdminRow>
        query={admins}
        noun="管理员"
        isFiltered={Object.keys(filters).length > 0}
        columns={columns}
        pagination={pagination}
        scroll={{ x: 1100 }}
      />

      {resetting && (
        <ResetPasswordModal
          open={isResetOpen}
          admin={resetting}
          onClose={() => setResetOpen(false)}
          afterClose={() => setResetting(undefined)}
        />
      )}
    </Card>
  );
}
