import {
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_CHANNELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  screenPath,
  type TPayment,
  type TPayoutStatus,
} from '@flexpay/contract/web';
import { Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { usePayments } from '../api/get-payments.ts';
import { receiptPdfUrl } from '../api/receipt-pdf-url.ts';
import { ReconcilingStatus } from '../components/reconciling-status.tsx';
import { DateTimeStack } from '../../../components/date-time-stack.tsx';

const PAYMENT_FILTERS = defineFilters({
  status: selectFilter({
    label: '支付状态',
    options: PAYOUT_STATUSES.map((v) => ({ value: v, label: PAYOUT_STATUS_LABELS[v] })),
  }),
  channel: selectFilter({
    label: '渠道',
    options: PAYOUT_CHANNELS.map((v) => ({ value: v, label: PAYOUT_CHANNEL_LABELS[v] })),
  }),
  name: textFilter({ label: '收款人', maxLength: 50 }),
});

const COLORS: Record<TPayoutStatus, string> = {
  queued: 'default',
  submitted: 'processing',
  succeeded: 'success',
  failed: 'error',
};

// Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the attempt under the
// reference, the batch's number above its name, the channel and account under the payee, the
// finish time under the start; names end in an ellipsis with a tooltip, reasons wrap.
const columns: TableColumnsType<TPayment> = [
  {
    title: '流水号',
    dataIndex: 'ref',
    width: 135,
    render: (ref: string, p) => (
      <Space orientation="vertical" size={0}>
        {ref}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          第 {p.attempt} 次
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: '批次',
    dataIndex: 'batchNo',
    width: 170,
    render: (no: string, p) => (
      <Space orientation="vertical" size={0} style={{ width: '100%' }}>
        <Link to={screenPath('payRollDetail', { id: p.batchId })}>{no}</Link>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 145 }} ellipsis={{ tooltip: p.batchTitle }}>
          {p.batchTitle}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: '收款人 / 账户',
    dataIndex: 'holderName',
    width: 190,
    render: (name: string, p) => (
      <Space orientation="vertical" size={0}>
        {name}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`${PAYOUT_CHANNEL_LABELS[p.channel]} ${p.accountMasked}`}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '实发金额', dataIndex: 'netFen', width: 120, align: 'right', render: formatMoney },
  {
    title: '状态',
    dataIndex: 'status',
    width: 150,
    render: (s: TPayoutStatus, p) =>
      p.reconciling ? (
        // 对账中 (ADR 0030): the provider's statement disagrees; the platform's words, never its data.
        <ReconcilingStatus />
      ) : (
        <Space orientation="vertical" size={0}>
          <Tag color={COLORS[s]}>{PAYOUT_STATUS_LABELS[s]}</Tag>
          {p.failReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {p.failReason}
            </Typography.Text>
          )}
        </Space>
      ),
  },
  { title: '创建时间', dataIndex: 'createdAt', width: 105, render: (at: string) => <DateTimeStack at={at} /> },
  {
    title: '完成时间',
    dataIndex: 'settledAt',
    width: 105,
    render: (at: string | null) => <DateTimeStack at={at} />,
  },
  {
    title: '回单',
    key: 'receipt',
    width: 70,
    fixed: 'right',
    render: (_, p) =>
      p.status === 'succeeded' && !p.reconciling ? (
        <a href={pdfPreviewPath(receiptPdfUrl(p.id))} target="_blank" rel="noreferrer">
          查看
        </a>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
  },
];

/** 支付中心 (/EmolumentManagement/epaymentCenter): every payout, by status and channel. */
export function Component() {
  const list = useListQuery(PAYMENT_FILTERS);
  const payments = usePayments(list.query);
  return (
    <Card title="支付中心">
      <ListSearchForm list={list} query={payments} />
      <ListTable<TPayment>
        query={payments}
        noun="支付记录"
        isFiltered={list.isFiltered}
        empty="暂无支付记录"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1045 }}
      />
    </Card>
  );
}
