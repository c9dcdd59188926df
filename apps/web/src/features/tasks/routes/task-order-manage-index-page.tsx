import {
  TASK_ASSIGNABLE_STATUSES,
  TASK_EDITABLE_STATUSES,
  TASK_SETTLEMENT_LABELS,
  TASK_SETTLEMENTS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  screenPath,
  taskActionsFrom,
  type TTaskRow,
  type TTaskStatus,
} from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { serviceCompanyRemoteOptions } from '../../../api/search-service-companies.ts';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { formatMoney } from '../../../lib/format.ts';
import {
  dateRangeFilter,
  defineFilters,
  remoteSelectFilter,
  selectFilter,
  textFilter,
} from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useTaskStatusCounts } from '../api/get-task-status-counts.ts';
import { useTasks } from '../api/get-tasks.ts';
import { TaskActionButtons } from '../components/task-actions.tsx';
import { settlementText, TaskStatusTag } from '../components/task-format.tsx';
import { TASK_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  status: {
    ...selectFilter({
      label: '状态',
      options: TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] })),
    }),
    inForm: false,
  },
  title: textFilter({ label: '任务名称', maxLength: 50 }),
  taskNo: textFilter({ label: '任务编号', maxLength: 20, width: 140 }),
  serviceCompanyId: remoteSelectFilter({ label: '服务商', remote: serviceCompanyRemoteOptions, width: 200 }),
  settlement: selectFilter({
    label: '结算方式',
    width: 110,
    options: TASK_SETTLEMENTS.map((value) => ({ value, label: TASK_SETTLEMENT_LABELS[value] })),
  }),
  start: dateRangeFilter({ label: '开始日期', from: 'startFrom', to: 'startTo' }),
});

/** 企业任务列表 (/taskOrderManage/taskOrderManageIndex): tasks by status tab, filters and actions. */
export function Component() {
  const navigate = useNavigate();
  const list = useListQuery(FILTERS);
  const tasks = useTasks(list.query);
  const counts = useTaskStatusCounts();
  const canEdit = useHasElement(TASK_ELEMENTS.edit);
  const canAssign = useHasElement(TASK_ELEMENTS.assign);

  // No count until the counts are known: a 0 while they load (or after they failed) would be wrong.
  const countOf = (s: TTaskStatus) => (counts.data ? ` ${counts.data.find((c) => c.status === s)?.count ?? 0}` : '');
  const tabs = [
    { key: 'all', label: '全部' },
    ...TASK_STATUSES.map((s) => ({ key: s, label: `${TASK_STATUS_LABELS[s]}${countOf(s)}` })),
  ];

  const columns: TableColumnsType<TTaskRow> = [
    {
      title: '任务',
      dataIndex: 'taskNo',
      width: 170,
      render: (no: string, t) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Link to={screenPath('taskOrderDetails', { id: t.id })}>{no}</Link>
          <Typography.Text style={{ maxWidth: 150 }} ellipsis={{ tooltip: t.title }}>
            {t.title}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 72, render: (s: TTaskStatus) => <TaskStatusTag status={s} /> },
    {
      title: '服务商 / 工种',
      dataIndex: 'serviceCompanyName',
      width: 140,
      render: (name: string, t) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Text style={{ maxWidth: 124 }} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.jobTypeName ?? '不限工种'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '结算',
      dataIndex: 'settlement',
      width: 120,
      render: (_, t) => settlementText(t.settlement, t.unitPriceFen),
    },
    {
      title: '人员 / 招募',
      dataIndex: 'headcount',
      width: 88,
      align: 'right',
      render: (headcount: number, t) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          {`${t.counts.total} / ${headcount}`}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`待验收 ${t.counts.submitted}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '约定金额 / 预算',
      dataIndex: 'agreedTotalFen',
      width: 118,
      align: 'right',
      render: (agreed: number, t) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          {formatMoney(agreed)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.budgetFen === null ? '不限预算' : formatMoney(t.budgetFen)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '起止日期',
      dataIndex: 'startDate',
      width: 100,
      render: (start: string, t) => (
        <Space orientation="vertical" size={0}>
          {start}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`至 ${t.endDate}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 230,
      render: (_, t) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(screenPath('taskOrderDetails', { id: t.id }))}>
            详情
          </Button>
          {canEdit && TASK_EDITABLE_STATUSES.includes(t.status) && (
            <Button type="link" size="small" onClick={() => void navigate(screenPath('taskEnEdit', { id: t.id }))}>
              编辑
            </Button>
          )}
          {canAssign && TASK_ASSIGNABLE_STATUSES.includes(t.status) && (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(screenPath('selectEmployees', { whom: t.id, step: 1 }))}
            >
              选择人员
            </Button>
          )}
          {/* What the status allows; 完成任务's other condition (every delivery reviewed) the server checks. */}
          <TaskActionButtons taskId={t.id} actions={taskActionsFrom(t.status)} />
        </Space>
      ),
    },
  ];

  return (
    <Card title="企业任务列表">
      <Tabs
        activeKey={list.values.status ?? 'all'}
        items={tabs}
        onChange={(key) => list.setValues({ ...list.values, status: key === 'all' ? undefined : (key as TTaskStatus) })}
      />
      <ListSearchForm list={list} query={tasks} />
      <ListToolbar>
        <Permission element={TASK_ELEMENTS.edit}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('releaseTaskOrder'))}>
            发布需求
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TTaskRow>
        query={tasks}
        noun="任务"
        isFiltered={list.isFiltered || list.values.status !== undefined}
        empty="暂无任务，可点击“发布需求”创建"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1038 }}
      />
    </Card>
  );
}
