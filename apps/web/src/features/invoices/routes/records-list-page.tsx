import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  INVOICE_TYPE_LABELS,
  screenPath,
  type TInvoiceApplication,
} from '@flexpay/contract/web';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { serviceCompanyRemoteOptions } from '../../../api/search-service-companies.ts';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import {
  dateRangeFilter,
  defineFilters,
  remoteSelectFilter,
  selectFilter,
  textFilter,
} from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportInvoices } from '../api/export-invoices.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { InfoDrawer } from '../components/info-drawer.tsx';
import { InvoiceStatusTag } from '../components/invoice-status.tsx';
import { INVOICE_ELEMENTS } from '../elements.ts';

const RECORD_FILTERS = defineFilters({
  applicationNo: textFilter({ label: '申请编号', placeholder: 'FP00000001', maxLength: 20 }),
  status: selectFilter({
    label: '状态',
    options: INVOICE_STATUSES.map((v) => ({ value: v, label: INVOICE_STATUS_LABELS[v] })),
  }),
  serviceCompanyId: remoteSelectFilter({ label: '服务商', remote: serviceCompanyRemoteOptions, width: 200 }),
  created: dateRangeFilter({ label: '申请日期', from: 'createdFrom', to: 'createdTo' }),
});

const columns: TableColumnsType<TInvoiceApplication> = [
  {
    title: '申请编号',
    dataIndex: 'applicationNo',
    width: 110,
    render: (no: string, r) => <Link to={screenPath('recordsDetails', { id: r.id })}>{no}</Link>,
  },
  {
    title: '服务商',
    dataIndex: 'serviceCompanyName',
    width: 140,
    render: (name: string) => (
      <Typography.Text style={{ maxWidth: 124 }} ellipsis={{ tooltip: name }}>
        {name}
      </Typography.Text>
    ),
  },
  {
    title: '发票类型 / 开票内容',
    dataIndex: 'invoiceType',
    width: 150,
    render: (t: TInvoiceApplication['invoiceType'], r) => (
      <Space orientation="vertical" size={0}>
        {INVOICE_TYPE_LABELS[t]}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.content}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '开票金额', dataIndex: 'amountFen', width: 120, align: 'right', render: formatMoney },
  { title: '订单数', dataIndex: 'batchCount', width: 64, align: 'right' },
  // Wide enough for a fully digital invoice's 20 digits on one line.
  { title: '发票号码', dataIndex: 'invoiceNo', width: 176, render: (v: string | null) => v ?? '-' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (s: TInvoiceApplication['status']) => <InvoiceStatusTag status={s} />,
  },
  { title: '申请时间', dataIndex: 'createdAt', width: 100, render: formatDateTime },
  {
    title: '操作',
    key: 'actions',
    width: 84,
    fixed: 'right',
    render: (_: unknown, r) => (
      <Space size={4} wrap>
        <Link to={screenPath('recordsDetails', { id: r.id })}>详情</Link>
        {r.status === 'rejected' && (
          <Permission element={INVOICE_ELEMENTS.apply}>
            <Link to={screenPath('recordsEdit', { id: r.id })}>编辑</Link>
          </Permission>
        )}
        {(r.status === 'issued' || r.status === 'mailed') && (
          <Link to={screenPath('recordsCheck', { id: r.id })}>核对</Link>
        )}
      </Space>
    ),
  },
];

/** 开票记录 (/invoiceCenter/recordsList): every application with its status. */
export function Component() {
  const navigate = useNavigate();
  const list = useListQuery(RECORD_FILTERS);
  const invoices = useInvoices(list.query);
  const [infosOpen, setInfosOpen] = useState(false);
  const exportInvoices = useExportInvoices();
  const notify = useExportNotice();
  const onExport = () => {
    if (exportInvoices.isPending) return;
    const { page: _page, limit: _limit, ...filters } = list.query;
    void notify(() => exportInvoices.mutateAsync(filters));
  };
  return (
    <Card title="开票记录">
      <ListSearchForm list={list} query={invoices} />
      <ListToolbar>
        <Permission element={INVOICE_ELEMENTS.apply}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('apply'))}>
            申请开票
          </Button>
        </Permission>
        <Button onClick={() => setInfosOpen(true)}>开票信息</Button>
        <Button icon={<DownloadOutlined />} loading={exportInvoices.isPending} onClick={onExport}>
          导出
        </Button>
      </ListToolbar>
      <InfoDrawer open={infosOpen} onClose={() => setInfosOpen(false)} />
      <ListTable<TInvoiceApplication>
        query={invoices}
        noun="开票记录"
        isFiltered={list.isFiltered}
        empty="暂无开票记录，发放完成后可申请开票"
        columns={columns}
        pagination={list.pagination}
        // The columns' widths: within the 1,064 px box of a 1366 px window with the sidebar open.
        scroll={{ x: 1024 }}
      />
    </Card>
  );
}
