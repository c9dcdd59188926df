import {
  RECONCILE_DIFFERENCE_KIND_LABELS,
  RECONCILE_DIFFERENCE_STATUS_LABELS,
  RECONCILE_RESOLUTION_LABELS,
  RECONCILE_SIDE_STATUS_LABELS,
  type TReconcileDay,
  type TReconcileDifference,
  type TReconcileDifferenceKind,
} from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { reconcileDifferencesQueryOptions } from '../api/reconcile.ts';
import { formatFen } from '../lib/money-input.ts';
import { ReconcileDayStatusTag } from './reconcile-day-status-tag.tsx';
import { ResolveDifferenceModal } from './resolve-difference-modal.tsx';

const KIND_COLORS: Record<TReconcileDifferenceKind, string> = {
  missing_provider: 'volcano',
  missing_ours: 'magenta',
  amount: 'gold',
  status: 'purple',
  duplicate: 'cyan',
};

const side = (status: string | null, amountFen: number | null) =>
  status === null && amountFen === null
    ? '无此笔'
    : `${status ? (RECONCILE_SIDE_STATUS_LABELS[status] ?? '不一致') : '—'}${amountFen === null ? '' : ` ¥${formatFen(amountFen)}`}`;

/** One reconciled day: its figures and its differences, each resolved from here. */
export function ReconcileDayDrawer({
  open,
  day,
  onClose,
  afterClose,
}: {
  open: boolean;
  day: TReconcileDay;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const differences = useQuery(reconcileDifferencesQueryOptions(day.id));
  const resolving = useDialogTarget<TReconcileDifference>();

  const columns: TableColumnsType<TReconcileDifference> = [
    {
      title: '差异类型',
      dataIndex: 'kind',
      width: 120,
      render: (kind: TReconcileDifferenceKind) => (
        <Tag color={KIND_COLORS[kind]}>{RECONCILE_DIFFERENCE_KIND_LABELS[kind]}</Tag>
      ),
    },
    {
      title: '订单号',
      dataIndex: 'ref',
      width: 150,
      render: (ref: string, d) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable>{ref}</Typography.Text>
          {d.providerRef && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              服务方 {d.providerRef}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '企业 / 收款人',
      key: 'who',
      ellipsis: true,
      render: (_: unknown, d) => (d.companyName ? `${d.companyName} · ${d.holderName ?? ''}` : '平台无此订单'),
    },
    { title: '平台记录', key: 'ours', width: 140, render: (_: unknown, d) => side(d.ourStatus, d.ourAmountFen) },
    {
      title: '对账单',
      key: 'provider',
      width: 160,
      render: (_: unknown, d) =>
        d.providerLines > 1
          ? `${side(d.providerStatus, d.providerAmountFen)}（${d.providerLines} 行）`
          : side(d.providerStatus, d.providerAmountFen),
    },
    {
      title: '挂账金额',
      dataIndex: 'suspenseFen',
      width: 120,
      align: 'right',
      render: (fen: number) => `${fen < 0 ? '-' : ''}¥${formatFen(Math.abs(fen))}`,
    },
    {
      title: '状态',
      key: 'status',
      width: 200,
      render: (_: unknown, d) =>
        d.status === 'open' ? (
          <Tag color="error">{RECONCILE_DIFFERENCE_STATUS_LABELS.open}</Tag>
        ) : (
          <Space orientation="vertical" size={0}>
            <Tag color="success">{RECONCILE_DIFFERENCE_STATUS_LABELS.resolved}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.resolution ? RECONCILE_RESOLUTION_LABELS[d.resolution] : ''}：{d.reason}（{d.resolvedByName}，
              {formatDateTime(d.resolvedAt)}）
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: '操作',
      key: 'action',
      width: 80,
      fixed: 'right',
      render: (_: unknown, d) =>
        d.status === 'open' ? (
          <Button type="link" size="small" onClick={() => resolving.open(d)} aria-label={`处理 ${d.ref}`}>
            处理
          </Button>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];

  return (
    <Drawer
      open={open}
      title={
        <Space>
          <span>
            {day.day} {day.serviceCompanyName} 对账
          </span>
          <ReconcileDayStatusTag status={day.status} />
        </Space>
      }
      size={1120}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose?.();
      }}
      destroyOnHidden
    >
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="对账单行数">{day.lineCount}</Descriptions.Item>
        <Descriptions.Item label="匹配笔数">{day.matchedCount}</Descriptions.Item>
        <Descriptions.Item label="匹配金额">¥{formatFen(day.matchedFen)}</Descriptions.Item>
        <Descriptions.Item label="差异">{day.differenceCount}</Descriptions.Item>
        <Descriptions.Item label="待处理">{day.openCount}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{formatDateTime(day.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        差异明细
      </Typography.Title>
      <Table<TReconcileDifference>
        rowKey="id"
        size="small"
        loading={differences.isLoading}
        dataSource={differences.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 1060 }}
        locale={{ emptyText: '这一天没有差异' }}
      />
      {resolving.target && <ResolveDifferenceModal difference={resolving.target} {...resolving.dialogProps} />}
    </Drawer>
  );
}
