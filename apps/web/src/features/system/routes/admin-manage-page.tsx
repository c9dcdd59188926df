import {
  ADMIN_STATUSES,
  ADMIN_STATUS_LABELS,
  screenPath,
  type TAdminRow,
  type TAdminStatus,
} from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { useHasElement, useSession } from '../../../lib/session-store.ts';
import { defineFilters, remoteSelectFilter, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useAdmins } from '../api/get-admins.ts';
import { roleRemoteOptions } from '../api/search-role-options.ts';
import { useUpdateAdminStatus } from '../api/update-admin-status.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';

const ADMIN_ELEMENT = 'system:admin';

const STATUS_OPTIONS = ADMIN_STATUSES.map((status) => ({ value: status, label: ADMIN_STATUS_LABELS[status] }));

const ADMIN_FILTERS = defineFilters({
  username: textFilter({ label: '用户名', maxLength: 32 }),
  name: textFilter({ label: '姓名', maxLength: 50 }),
  mobile: textFilter({ label: '手机号', maxLength: 11 }),
  status: selectFilter({ label: '状态', options: STATUS_OPTIONS }),
  roleId: remoteSelectFilter({ label: '角色', remote: roleRemoteOptions }),
});

/** 管理员管理 (/systemSetting/adminManage). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListQuery(ADMIN_FILTERS);
  const admins = useAdmins(list.query);
  const updateStatus = useUpdateAdminStatus();
  const canManage = useHasElement(ADMIN_ELEMENT);
  const currentUsername = useSession((s) => s.userName);
  const isCurrentOwner = useSession((s) => s.isOwner);
  const resetDialog = useDialogTarget<TAdminRow>();

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
            <Button type="link" size="small" onClick={() => void navigate(screenPath('editUser', { id: admin.id }))}>
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
              <Button type="link" size="small" onClick={() => resetDialog.open(admin)}>
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
      <ListSearchForm list={list} query={admins} />

      <Permission element={ADMIN_ELEMENT}>
        <ListToolbar>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addUser'))}>
            添加管理员
          </Button>
        </ListToolbar>
      </Permission>

      <ListTable<TAdminRow>
        query={admins}
        noun="管理员"
        isFiltered={list.isFiltered}
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 980 }}
      />

      {resetDialog.target && <ResetPasswordModal {...resetDialog.dialogProps} admin={resetDialog.target} />}
    </Card>
  );
}
