import {
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_CHANNELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  screenPath,
  type TPayment,
  type TPayoutStatus,
} from '@flexpay/contract/web';
import { Card, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { usePayments } from '../api/get-payments.ts';
import { receiptPdfUrl } from '../api/receipt-pdf-url.ts';

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

const columns: TableColumnsType<TPayment> = [
  { title: '流水号', dataIndex: 'ref', width: 130 },
  {
    title: '批次',
    dataIndex: 'batchNo',
    width: 230,
    ellipsis: true,
    render: (no: string, p) => (
      <Link to={screenPath('payRollDetail', { id: p.batchId })}>{`${no} ${p.batchTitle}`}</Link>
    ),
  },
  { title: '收款人', dataIndex: 'holderName', width: 100 },
  { title: '渠道', dataIndex: 'channel', width: 80, render: (c: TPayment['channel']) => PAYOUT_CHANNEL_LABELS[c] },
  { title: '收款账户', dataIndex: 'accountMasked', width: 190 },
  { title: '实发金额', dataIndex: 'netFen', width: 120, align: 'right', render: formatMoney },
  {
    title: '状态',
    dataIndex: 'status',
    width: 150,
    render: (s: TPayoutStatus, p) => (
      <>
        <Tag color={COLORS[s]}>{PAYOUT_STATUS_LABELS[s]}</Tag>
        {p.failReason && <Typography.Text type="danger">{p.failReason}</Typography.Text>}
      </>
    ),
  },
  { title: '第几次', dataIndex: 'attempt', width: 70, align: 'right' },
  { title: '创建时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
  { title: '完成时间', dataIndex: 'settledAt', width: 160, render: formatDateTime },
  {
    title: '回单',
    key: 'receipt',
    width: 80,
    fixed: 'right',
    render: (_, p) =>
      p.status === 'succeeded' ? (
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
        scroll={{ x: 1470 }}
      />
    </Card>
  );
}
