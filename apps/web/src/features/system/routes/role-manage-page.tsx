import type { TRole } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Space, Tag, type TableColumnsType } from 'antd';
import { Permission } from '../../../components/permission.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { useHasElement } from '../../../lib/session-store.ts';
import { defineFilters, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useRoles } from '../api/get-roles.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RoleFormModal } from '../components/role-form-modal.tsx';

const ROLE_ELEMENT = 'system:role';

const ROLE_FILTERS = defineFilters({
  name: textFilter({ label: '角色名称', maxLength: 30 }),
});

/** 角色管理 (/systemSetting/roleManage). */
export function Component() {
  const { message } = App.useApp();
  const list = useListQuery(ROLE_FILTERS);
  const roles = useRoles(list.query);
  const deleteRole = useDeleteRole();
  const canEdit = useHasElement(ROLE_ELEMENT);
  /** The role in the dialog: null adds one. */
  const editDialog = useDialogTarget<TRole | null>();

  const onDelete = async (role: TRole) => {
    try {
      await deleteRole.mutateAsync(role.id);
    } catch {
      return; // the request layer has shown why (e.g. the role is still assigned)
    }
    void message.success('角色已删除');
    // The last row of a later page is gone: show the page before it.
    if (roles.data?.rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
  };

  const columns: TableColumnsType<TRole> = [
    {
      title: '名称',
      dataIndex: 'name',
      render: (name: string, role) => (
        <Space size={4}>
          {name}
          {role.isOwnerRole && <Tag color="gold">企业管理员</Tag>}
        </Space>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, render: (text: string) => text || '-' },
    { title: '管理员数', dataIndex: 'adminCount', width: 100, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 180, render: (time: string) => formatDateTime(time) },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => editDialog.open(role)}>
            编辑
          </Button>
          <ConfirmAction
            label="删除"
            danger
            title="删除角色"
            description={`确定删除角色“${role.name}”吗？`}
            onConfirm={() => onDelete(role)}
            blockedReason={role.isOwnerRole ? '企业管理员角色不能删除' : undefined}
          />
        </Space>
      ),
    });
  }

  return (
    <Card>
      <Flex justify="space-between" align="flex-start" wrap gap={16} style={{ marginBottom: 16 }}>
        <ListSearchForm list={list} query={roles} style={{ rowGap: 16 }} />
        <Permission element={ROLE_ELEMENT}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editDialog.open(null)}>
            新增角色
          </Button>
        </Permission>
      </Flex>

      <ListTable<TRole>
        query={roles}
        noun="角色"
        isFiltered={list.isFiltered}
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 760 }}
      />

      {editDialog.isHeld && <RoleFormModal {...editDialog.dialogProps} role={editDialog.target ?? null} />}
    </Card>
  );
}
