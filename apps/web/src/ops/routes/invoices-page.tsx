import { INVOICE_OPS_STATUSES, INVOICE_STATUS_LABELS, type TInvoiceApplication } from '@flexpay/contract/web';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useOpsInvoices } from '../api/invoices.ts';
import { InvoiceDrawer } from '../components/invoice-drawer.tsx';
import { formatFen } from '../lib/money-input.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';
import { TrimmedSearch } from '../../components/trimmed-search.tsx';

/** The operator never sees an application 审批中 (the company's own approval). */
type TOpsInvoiceStatus = (typeof INVOICE_OPS_STATUSES)[number];

const COLORS: Record<TOpsInvoiceStatus, string> = {
  pending: 'processing',
  issued: 'success',
  mailed: 'success',
  rejected: 'error',
  voided: 'default',
};

/** 开票处理: every company's invoice applications, 待审核 first-come first-served; a row opens its handling. */
export function InvoicesPage() {
  useOpsTitle('开票处理');
  const [status, setStatus] = useState<TOpsInvoiceStatus | 'all'>('pending');
  const [companyName, setCompanyName] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | undefined>();
  const query = useOpsInvoices({
    page,
    limit: 10,
    status: status === 'all' ? undefined : status,
    companyName: companyName || undefined,
  });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<TOpsInvoiceStatus | 'all'>
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            ...INVOICE_OPS_STATUSES.map((v) => ({ value: v, label: INVOICE_STATUS_LABELS[v] })),
            { value: 'all' as const, label: '全部' },
          ]}
        />
        <TrimmedSearch
          aria-label="企业名称"
          placeholder="企业名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => {
            setCompanyName(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<TInvoiceApplication>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        locale={{ emptyText: '暂无开票申请' }}
        pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 1000 }}
        columns={[
          { title: '申请编号', dataIndex: 'applicationNo', width: 120 },
          { title: '企业', dataIndex: 'companyName', width: 150 },
          { title: '服务商', dataIndex: 'serviceCompanyName', width: 170 },
          {
            title: '开票金额（元）',
            dataIndex: 'amountFen',
            width: 130,
            align: 'right',
            render: (f: number) => formatFen(f),
          },
          { title: '发票抬头', dataIndex: 'title', width: 150 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: TOpsInvoiceStatus) => <Tag color={COLORS[s]}>{INVOICE_STATUS_LABELS[s]}</Tag>,
          },
          { title: '申请时间', dataIndex: 'createdAt', width: 110, render: formatDateTime },
          {
            title: '操作',
            key: 'open',
            width: 80,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <InvoiceDrawer id={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}
