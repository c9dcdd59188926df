import { ITEM_PAY_STATUS_LABELS, ITEM_PAY_STATUSES, screenPath, type TGrantRecord } from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportGrantRecords } from '../api/export-grant-records.ts';
import { useGrantRecords } from '../api/get-grant-records.ts';
import { normalizePeriod, WorkerName } from '../components/payroll-format.tsx';
import { ReconcilingStatus } from '../components/reconciling-status.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';

const RECORD_FILTERS = defineFilters({
  name: textFilter({ label: '姓名', maxLength: 50 }),
  idNumber: textFilter({
    label: '身份证号',
    placeholder: '完整 18 位',
    maxLength: 18,
    normalize: (t) => t.toUpperCase(),
  }),
  period: textFilter({
    label: '发放月份',
    placeholder: 'YYYY-MM',
    maxLength: 7,
    width: 120,
    normalize: normalizePeriod,
  }),
  payStatus: selectFilter({
    label: '支付状态',
    options: ITEM_PAY_STATUSES.map((v) => ({ value: v, label: ITEM_PAY_STATUS_LABELS[v] })),
  }),
});

const columns: TableColumnsType<TGrantRecord> = [
  // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the batch's number
  // above its name (the name ends in an ellipsis with a tooltip), the worker's ID number under the
  // name, a failure reason and the time wrap; no amount is ever cut.
  {
    title: '批次',
    dataIndex: 'batchNo',
    width: 180,
    render: (no: string, r) => (
      <Space orientation="vertical" size={0} style={{ width: '100%' }}>
        <Link to={screenPath('emolumentGrantDetails', { id: r.batchId })}>{no}</Link>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 150 }} ellipsis={{ tooltip: r.batchTitle }}>
          {r.batchTitle}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '月份', dataIndex: 'period', width: 80 },
  {
    title: '姓名 / 身份证号',
    dataIndex: 'name',
    width: 170,
    render: (name: string, r) => (
      <Space orientation="vertical" size={0}>
        <WorkerName name={name} workerId={r.workerId} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.idNumberMasked}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '应发金额', dataIndex: 'amountFen', width: 115, align: 'right', render: formatMoney },
  { title: '服务费', dataIndex: 'feeFen', width: 100, align: 'right', render: formatMoney },
  { title: '实发金额', dataIndex: 'netFen', width: 115, align: 'right', render: formatMoney },
  {
    title: '支付状态',
    dataIndex: 'payStatus',
    width: 150,
    render: (s: TGrantRecord['payStatus'], r) =>
      // 对账中 (ADR 0030): a payout held by the day's reconciliation, in the platform's words, no 回单.
      r.reconciling ? (
        <ReconcilingStatus />
      ) : s ? (
        <>
          {ITEM_PAY_STATUS_LABELS[s]}
          {r.payFailReason && <Typography.Text type="danger">（{r.payFailReason}）</Typography.Text>}
          {s === 'paid' && (
            // The receipt of a paid item, in 回单详情 (until 发票中心 lists them).
            // Underlined: beside the status text a link must not differ by its colour alone.
            <Link
              to={screenPath('emolumentReceiptDetails', { id: r.batchId, name: r.name })}
              style={{ marginLeft: 8, textDecoration: 'underline' }}
            >
              回单
            </Link>
          )}
        </>
      ) : (
        '-'
      ),
  },
  { title: '支付时间', dataIndex: 'paidAt', width: 110, render: formatDateTime },
];

/** 发放记录 (/EmolumentManagement/emolumentGrantRecord): every item sent for payment, with its 回单 once paid. */
export function Component() {
  const list = useListQuery(RECORD_FILTERS);
  const records = useGrantRecords(list.query);
  const exportRecords = useExportGrantRecords();
  const notify = useExportNotice();
  const onExport = () => {
    if (exportRecords.isPending) return;
    const { page: _page, limit: _limit, ...filters } = list.query;
    void notify(() => exportRecords.mutateAsync(filters));
  };
  return (
    <Card title="发放记录">
      <ListSearchForm list={list} query={records} />
      <ListToolbar>
        <Permission element={PAYROLL_ELEMENTS.export}>
          <Button icon={<DownloadOutlined />} loading={exportRecords.isPending} onClick={onExport}>
            导出
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TGrantRecord>
        query={records}
        noun="发放记录"
        isFiltered={list.isFiltered}
        empty="暂无发放记录"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1020 }}
      />
    </Card>
  );
}
