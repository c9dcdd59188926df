import {
  TASK_CENTER_KIND_LABELS,
  TASK_CENTER_KINDS,
  screenPath,
  type TAssignment,
  type TTaskCenterKind,
} from '@flexpay/contract/web';
import { App, Button, Card, Form, Modal, Popconfirm, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useBulkAnswer } from '../api/bulk-answer.ts';
import { useBulkReview } from '../api/bulk-review.ts';
import { useCenter } from '../api/get-center.ts';
import { useCenterCounts } from '../api/get-center-counts.ts';
import { AssignmentActions } from '../components/assignment-actions.tsx';
import { ReviewDialog } from '../components/review-dialog.tsx';
import { DeliveryStatusTag } from '../components/task-format.tsx';
import { TASK_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  kind: {
    ...selectFilter({
      label: '待办',
      options: TASK_CENTER_KINDS.map((value) => ({ value, label: TASK_CENTER_KIND_LABELS[value] })),
    }),
    inForm: false,
  },
  name: textFilter({ label: '姓名', maxLength: 50 }),
});

/** 任务中心 (/taskOrderManage/taskCenterIndex): deliveries waiting for review and answers waiting, with bulk actions. */
export function Component() {
  const { message } = App.useApp();
  const list = useListQuery(FILTERS);
  const kind: TTaskCenterKind = list.values.kind ?? 'review';
  const rows = useCenter({ ...list.query, kind });
  const counts = useCenterCounts();
  const [selected, setSelected] = useState<number[]>([]);
  // The rows ticked (across pages), for what the 接单 confirmation says about their tasks.
  const [selectedRows, setSelectedRows] = useState<ReadonlyMap<number, TAssignment>>(new Map());
  const reviewing = useDialogTarget<TAssignment>();
  const [rejecting, setRejecting] = useState(false);
  const bulkAnswer = useBulkAnswer();
  const bulkReview = useBulkReview();
  const canAnswer = useHasElement(TASK_ELEMENTS.answer);
  const canReview = useHasElement(TASK_ELEMENTS.review);

  const tabs = TASK_CENTER_KINDS.map((k) => ({
    key: k,
    label: `${TASK_CENTER_KIND_LABELS[k]}${counts.data ? ` ${counts.data[k]}` : ''}`,
  }));

  const done = (count: number, what: string) => {
    void message.success(`已${what} ${count} 条`);
    setSelected([]);
  };
  const answer = (accept: boolean) =>
    bulkAnswer
      .mutateAsync({ assignmentIds: selected, accept })
      .then((r) => done(r.count, accept ? '记录接单' : '记录拒绝'))
      .catch(() => undefined);
  const pass = () =>
    bulkReview
      .mutateAsync({ assignmentIds: selected, pass: true })
      .then((r) => done(r.count, '验收通过'))
      .catch(() => undefined);

  const columns: TableColumnsType<TAssignment> = [
    {
      title: '任务',
      dataIndex: 'taskNo',
      width: 190,
      render: (no: string, a) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Link to={screenPath('taskOrderDetails', { id: a.taskId })}>{no}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 170 }} ellipsis={{ tooltip: a.taskTitle }}>
            {a.taskTitle}
          </Typography.Text>
        </Space>
      ),
    },
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
    { title: '约定金额', dataIndex: 'agreedFen', width: 115, align: 'right', render: formatMoney },
    kind === 'review'
      ? {
          title: '成果',
          key: 'delivery',
          width: 170,
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
        }
      : { title: '添加时间', dataIndex: 'assignedAt', width: 170, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, a) => <AssignmentActions assignment={a} onReview={reviewing.open} />,
    },
  ];

  const none = selected.length === 0;
  // TASK_AUTO_START_RULE, said where it happens: the 已发布 tasks the 接单 will start.
  const starting = new Set(
    selected.flatMap((id) => {
      const r = selectedRows.get(id);
      return r && r.taskStatus === 'published' ? [r.taskId] : [];
    }),
  );
  const startingText = starting.size
    ? `所选人员的 ${starting.size} 个已发布任务将随之开始执行（已发布 → 进行中）。`
    : undefined;
  return (
    <Card title="任务中心">
      <Tabs
        activeKey={kind}
        items={tabs}
        onChange={(k) => {
          setSelected([]);
          list.setValues({ ...list.values, kind: k as TTaskCenterKind });
        }}
      />
      <ListSearchForm list={list} query={rows} />
      <ListToolbar>
        <Typography.Text
          type="secondary"
          style={{ alignSelf: 'center' }}
        >{`已选 ${selected.length} 条`}</Typography.Text>
        {kind === 'answer' && canAnswer && (
          <>
            <Popconfirm
              title={`记录所选 ${selected.length} 人接单？`}
              description={startingText}
              okText="批量接单"
              onConfirm={() => answer(true)}
              disabled={none}
            >
              <Button type="primary" disabled={none} loading={bulkAnswer.isPending}>
                批量接单
              </Button>
            </Popconfirm>
            <Popconfirm
              title={`记录所选 ${selected.length} 人拒绝？`}
              description="拒绝的人员移出任务。"
              okText="批量拒绝"
              onConfirm={() => answer(false)}
              disabled={none}
            >
              <Button disabled={none}>批量拒绝</Button>
            </Popconfirm>
          </>
        )}
        {kind === 'review' && canReview && (
          <>
            <Popconfirm
              title={`所选 ${selected.length} 份成果验收通过？`}
              description="按交付数量或约定金额计算应付金额。"
              okText="批量通过"
              onConfirm={pass}
              disabled={none}
            >
              <Button type="primary" disabled={none} loading={bulkReview.isPending}>
                批量通过
              </Button>
            </Popconfirm>
            <Button danger disabled={none} onClick={() => setRejecting(true)}>
              批量驳回
            </Button>
          </>
        )}
      </ListToolbar>
      <ListTable<TAssignment>
        query={rows}
        noun={kind === 'review' ? '待验收的成果' : '待接单的人员'}
        isFiltered={list.isFiltered}
        columns={columns}
        pagination={list.pagination}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys, picked) => {
            const ids = keys.map(Number);
            const next = new Map<number, TAssignment>();
            for (const r of picked) if (r) next.set(r.id, r);
            for (const id of ids) {
              const kept = selectedRows.get(id);
              if (kept && !next.has(id)) next.set(id, kept);
            }
            setSelected(ids);
            setSelectedRows(next);
          },
        }}
        scroll={{ x: 940 }}
      />
      {reviewing.target && <ReviewDialog assignment={reviewing.target} {...reviewing.dialogProps} />}
      {rejecting && (
        <BulkRejectDialog
          ids={selected}
          onClose={(count) => {
            setRejecting(false);
            if (count !== undefined) done(count, '驳回');
          }}
        />
      )}
    </Card>
  );
}

function BulkRejectDialog({ ids, onClose }: { ids: number[]; onClose: (count?: number) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const bulkReview = useBulkReview();
  const onOk = async () => {
    const { reason } = await form.validateFields();
    const r = await bulkReview.mutateAsync({ assignmentIds: ids, pass: false, reason });
    onClose(r.count);
  };
  return (
    <Modal
      open
      title={`驳回所选 ${ids.length} 份成果`}
      okText="驳回"
      okButtonProps={{ danger: true, loading: bulkReview.isPending }}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={() => onClose()}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 200, message: '驳回原因最多 200 个字' },
          ]}
        >
          <TrimmedTextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
