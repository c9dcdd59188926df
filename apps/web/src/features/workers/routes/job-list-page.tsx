import type { TJobType } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useDeleteJobType } from '../api/delete-job-type.ts';
import { useJobTypes } from '../api/get-job-types.ts';
import { useUpdateJobType } from '../api/update-job-type.ts';
import { JobTypeModal } from '../components/job-type-modal.tsx';
import { WORKER_ELEMENTS } from '../elements.ts';

const JOB_TYPE_FILTERS = defineFilters({
  name: textFilter({ label: '名称', placeholder: '请输入工种名称', maxLength: 30 }),
  enabled: selectFilter({
    label: '状态',
    options: [
      { value: 'true', label: '启用' },
      { value: 'false', label: '停用' },
    ],
  }),
});

/** 工种管理 (/EmployeeManagement/jobList). */
export function Component() {
  const { message } = App.useApp();
  const list = useListQuery(JOB_TYPE_FILTERS);
  const jobTypes = useJobTypes(list.query);
  const updateJobType = useUpdateJobType();
  const deleteJobType = useDeleteJobType();
  const canManage = useHasElement(WORKER_ELEMENTS.jobType);
  /** The type in the dialog: null adds one. */
  const editDialog = useDialogTarget<TJobType | null>();
  const [togglingId, setTogglingId] = useState<number | undefined>(undefined);

  const onToggle = async (jobType: TJobType, enabled: boolean) => {
    if (togglingId !== undefined) return;
    setTogglingId(jobType.id);
    try {
      await updateJobType.mutateAsync({
        id: jobType.id,
        body: { name: jobType.name, code: jobType.code, description: jobType.description, enabled },
      });
      void message.success(enabled ? `已启用“${jobType.name}”` : `已停用“${jobType.name}”`);
    } catch {
      // the request layer has shown why
    } finally {
      setTogglingId(undefined);
    }
  };

  const onDelete = async (jobType: TJobType) => {
    try {
      await deleteJobType.mutateAsync(jobType.id);
    } catch {
      return; // the request layer has shown why (e.g. the type is in use: 40900)
    }
    void message.success(`工种“${jobType.name}”已删除`);
    // The last row of a later page is gone: show the page before it.
    if (jobTypes.data?.rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
  };

  const columns: TableColumnsType<TJobType> = [
    { title: '名称', dataIndex: 'name', width: 160 },
    { title: '编码', dataIndex: 'code', width: 140 },
    { title: '描述', dataIndex: 'description', ellipsis: true, render: (text: string) => text || '-' },
    { title: '员工数', dataIndex: 'workerCount', width: 90, align: 'right' },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean, jobType) =>
        canManage ? (
          // The switch's name holds its visible text (WCAG 2.5.3: 启用 or 停用, as shown), so
          // speech input reaches it by what it says; on or off is its checked state.
          <Switch
            checked={enabled}
            checkedChildren="启用"
            unCheckedChildren="停用"
            aria-label={`${enabled ? '启用' : '停用'}：工种“${jobType.name}”`}
            loading={togglingId === jobType.id}
            disabled={togglingId !== undefined && togglingId !== jobType.id}
            onChange={(checked) => void onToggle(jobType, checked)}
          />
        ) : (
          <Tag color={enabled ? 'success' : 'default'}>{enabled ? '启用' : '停用'}</Tag>
        ),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 180, render: (time: string) => formatDateTime(time) },
  ];
  if (canManage) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, jobType) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => editDialog.open(jobType)}>
            编辑
          </Button>
          <ConfirmAction
            label="删除"
            danger
            title="删除工种"
            description={`确定删除工种“${jobType.name}”吗？`}
            onConfirm={() => onDelete(jobType)}
            blockedReason={
              jobType.workerCount > 0 ? `有 ${jobType.workerCount} 名员工使用该工种，不能删除；可以停用` : undefined
            }
          />
        </Space>
      ),
    });
  }

  return (
    <Card>
      <ListSearchForm list={list} query={jobTypes} />

      <Permission element={WORKER_ELEMENTS.jobType}>
        <ListToolbar>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editDialog.open(null)}>
            新增工种
          </Button>
        </ListToolbar>
      </Permission>

      <ListTable<TJobType>
        query={jobTypes}
        noun="工种"
        isFiltered={list.isFiltered}
        columns={columns}
        loading={jobTypes.isFetching && togglingId === undefined}
        pagination={list.pagination}
        scroll={{ x: 900 }}
      />

      {editDialog.isHeld && <JobTypeModal {...editDialog.dialogProps} jobType={editDialog.target ?? null} />}
    </Card>
  );
}
