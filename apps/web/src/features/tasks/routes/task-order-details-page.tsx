import {
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
  TASK_ASSIGNABLE_STATUSES,
  TASK_EDITABLE_STATUSES,
  TASK_SETTLEMENT_UNITS,
  availableRoutes,
  menuCodeOf,
  screenPath,
  type TAssignment,
  type TAssignmentStatus,
  type TTaskDetail,
} from '@flexpay/contract/web';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Table,
  Tabs,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed, QueryState } from '../../../components/load-state.tsx';
import { TrimmedSearch } from '../../../components/trimmed-search.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useHasElement, useSession } from '../../../lib/session-store.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useAssignments } from '../api/get-assignments.ts';
import { useTask } from '../api/get-task.ts';
import { AssignmentActions } from '../components/assignment-actions.tsx';
import { AssignmentHistory } from '../components/assignment-history.tsx';
import { ReviewDialog } from '../components/review-dialog.tsx';
import { TaskActionButtons } from '../components/task-actions.tsx';
import { AssignmentStatusTag, DeliveryStatusTag, settlementText, TaskStatusTag } from '../components/task-format.tsx';
import { TaskFileLinks } from '../components/task-files.tsx';
import { useTaskIdParam } from '../components/use-task-id.ts';
import { TASK_ELEMENTS } from '../elements.ts';

/** The menu codes that open 任务确认 (a screen of 薪酬发放): its parent's and its own. */
const CONFIRMATION_MENUS = availableRoutes().flatMap((parent) =>
  (parent.children ?? [])
    .filter((child) => child.name === 'taskConfirmationIndex')
    .flatMap((child) => [menuCodeOf(parent.path), menuCodeOf(child.path)]),
);

/** 任务详情 (/taskOrderManage/taskOrderDetails?id=): the task, its actions, its workers and their deliveries. */
export function Component() {
  const navigate = useNavigate();
  const id = useTaskIdParam();
  const task = useTask(id);
  const back = <Button onClick={() => void navigate(screenPath('taskOrderManageIndex'))}>返回任务列表</Button>;
  if (!task.data)
    return (
      <QueryState
        query={task}
        notFound="任务不存在"
        frame={['任务详情', '任务人员', '任务记录']}
        loadingLabel="正在加载任务…"
        extra={back}
      />
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TaskCard task={task.data} />
      <AssignmentsCard task={task.data} />
      <HistoryCard task={task.data} />
    </Space>
  );
}

function TaskCard({ task: t }: { task: TTaskDetail }) {
  const navigate = useNavigate();
  const canEdit = useHasElement(TASK_ELEMENTS.edit);
  const canAssign = useHasElement(TASK_ELEMENTS.assign);
  // 任务确认 is a screen of 薪酬发放: linked only for an admin whose menus hold it.
  const canOpenConfirmation = useSession(
    (s) => CONFIRMATION_MENUS.length > 0 && CONFIRMATION_MENUS.every((code) => s.menus[code] === true),
  );
  const unit = TASK_SETTLEMENT_UNITS[t.settlement];
  return (
    <Card
      title={
        <Space>
          {`${t.taskNo} ${t.title}`}
          <TaskStatusTag status={t.status} />
        </Space>
      }
      extra={
        <Space wrap>
          {canEdit && TASK_EDITABLE_STATUSES.includes(t.status) && (
            <Button onClick={() => void navigate(screenPath('taskEnEdit', { id: t.id }))}>编辑任务</Button>
          )}
          {canAssign && TASK_ASSIGNABLE_STATUSES.includes(t.status) && (
            <Button onClick={() => void navigate(screenPath('selectEmployees', { whom: t.id, step: 1 }))}>
              选择人员
            </Button>
          )}
          <TaskActionButtons taskId={t.id} actions={t.actions} size="middle" link={false} />
          {canOpenConfirmation && t.counts.passed > 0 && (
            <Link to={screenPath('taskConfirmationIndex', { taskId: t.id })}>任务确认</Link>
          )}
        </Space>
      }
    >
      <Descriptions column={3} size="small">
        <Descriptions.Item label="服务商">{t.serviceCompanyName}</Descriptions.Item>
        <Descriptions.Item label="工种">{t.jobTypeName ?? '不限工种'}</Descriptions.Item>
        <Descriptions.Item label="工作地点">{t.location || '-'}</Descriptions.Item>
        <Descriptions.Item label="起止日期">{`${t.startDate} 至 ${t.endDate}`}</Descriptions.Item>
        <Descriptions.Item label="结算方式">{settlementText(t.settlement, t.unitPriceFen)}</Descriptions.Item>
        <Descriptions.Item label="每人数量">
          {t.settlement === 'fixed' ? '-' : `${t.plannedQuantity} ${unit}`}
        </Descriptions.Item>
        <Descriptions.Item label="招募人数">{`${t.counts.total} / ${t.headcount} 人`}</Descriptions.Item>
        <Descriptions.Item label="约定金额合计">{formatMoney(t.agreedTotalFen)}</Descriptions.Item>
        <Descriptions.Item label="预算">
          {t.budgetFen === null ? '不限预算' : formatMoney(t.budgetFen)}
        </Descriptions.Item>
        <Descriptions.Item label="创建">{`${t.creator.name} ${formatDateTime(t.createdAt)}`}</Descriptions.Item>
        <Descriptions.Item label="发布时间">{formatDateTime(t.publishedAt)}</Descriptions.Item>
        <Descriptions.Item label={t.cancelledAt ? '取消时间' : '完成时间'}>
          {formatDateTime(t.cancelledAt ?? t.completedAt)}
        </Descriptions.Item>
        {t.cancelReason && (
          <Descriptions.Item label="取消原因" span={3}>
            {t.cancelReason}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="任务描述" span={3}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {t.description || '-'}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="附件" span={3}>
          <TaskFileLinks files={t.attachments} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function AssignmentsCard({ task }: { task: TTaskDetail }) {
  const [status, setStatus] = useState<TAssignmentStatus | undefined>(undefined);
  const [name, setName] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const assignments = useAssignments(task.id, { ...page, status, name });
  const reviewing = useDialogTarget<TAssignment>();
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const c = task.counts;

  const columns: TableColumnsType<TAssignment> = [
    {
      title: '人员',
      dataIndex: 'workerName',
      width: 170,
      render: (n: string, a) => (
        <Space orientation="vertical" size={0}>
          {n}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.idNumberMasked}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: TAssignmentStatus) => <AssignmentStatusTag status={s} />,
    },
    {
      title: '约定 / 应付',
      dataIndex: 'agreedFen',
      width: 125,
      align: 'right',
      render: (agreed: number, a) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          {formatMoney(agreed)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.payableFen === null ? '-' : formatMoney(a.payableFen)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '最近成果',
      key: 'delivery',
      width: 150,
      render: (_, a) =>
        a.latestDelivery ? (
          <Space orientation="vertical" size={0}>
            <span>
              {`第 ${a.latestDelivery.round} 轮 `}
              <DeliveryStatusTag status={a.latestDelivery.status} />
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(a.latestDelivery.submittedAt)}
            </Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '发放',
      key: 'confirmation',
      width: 110,
      render: (_, a) => (a.confirmation ? (a.confirmation.batch ? a.confirmation.batch.title : '待确认') : '-'),
      ellipsis: true,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, a) => (
        <AssignmentActions assignment={a} onReview={reviewing.open} onHistory={(x) => setHistoryOf(x.id)} />
      ),
    },
  ];

  const countOf: Record<TAssignmentStatus, number> = c;
  return (
    <Card title="任务人员">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Tabs
          activeKey={status ?? 'all'}
          onChange={(k) => {
            setStatus(k === 'all' ? undefined : (k as TAssignmentStatus));
            setPage((p) => ({ ...p, page: 1 }));
          }}
          items={[
            { key: 'all', label: `全部 ${c.total}` },
            ...ASSIGNMENT_STATUSES.map((s) => ({ key: s, label: `${ASSIGNMENT_STATUS_LABELS[s]} ${countOf[s]}` })),
          ]}
        />
        <TrimmedSearch
          placeholder="姓名"
          allowClear
          style={{ width: 200 }}
          onSearch={(v: string) => {
            setName(v || undefined);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Flex>
      {assignments.isError && !assignments.data ? (
        <LoadFailed
          error={assignments.error}
          onRetry={() => void assignments.refetch()}
          isRetrying={assignments.isFetching}
        />
      ) : (
        <Table<TAssignment>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={assignments.data?.rows ?? []}
          loading={assignments.isFetching}
          scroll={{ x: 955 }}
          locale={{ emptyText: '暂无人员' }}
          pagination={{
            current: page.page,
            pageSize: page.limit,
            total: assignments.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (p, l) => setPage({ page: l === page.limit ? p : 1, limit: l }),
          }}
        />
      )}
      {reviewing.target && <ReviewDialog assignment={reviewing.target} {...reviewing.dialogProps} />}
      {historyOf !== null && <AssignmentHistory assignmentId={historyOf} onClose={() => setHistoryOf(null)} />}
    </Card>
  );
}

/**
 * 任务记录: every transition of the task and of each worker on it, oldest first: what, for whom,
 * by whom (a worker's 接单 and delivery recorded by an admin on the worker's behalf) and when.
 */
function HistoryCard({ task }: { task: TTaskDetail }) {
  return (
    <Card
      title="任务记录"
      extra={
        task.historyTotal > task.history.length ? (
          <Typography.Text type="secondary">{`共 ${task.historyTotal} 条，显示最近 ${task.history.length} 条`}</Typography.Text>
        ) : undefined
      }
    >
      {task.history.length ? (
        <Timeline
          items={task.history.map((h, i) => ({
            key: i,
            content: (
              <Space size={8} wrap>
                <Typography.Text strong>{h.label}</Typography.Text>
                {h.workerName !== null && <Typography.Text>{h.workerName}</Typography.Text>}
                {h.detail && <Typography.Text>{h.detail}</Typography.Text>}
                <Typography.Text type="secondary">
                  {h.onBehalf ? `${h.adminName || '系统'} 代为记录` : h.adminName || '系统'}
                </Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(h.at)}</Typography.Text>
              </Space>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
      )}
    </Card>
  );
}
