import { PAYOUT_CHANNEL_LABELS, screenPath, type TReceipt, type TReceiptBatch } from '@flexpay/contract/web';
import { DownloadOutlined, EyeOutlined, FileZipOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Statistic, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { formatMoney } from '../../../lib/format.ts';
import { dateRangeFilter, defineFilters, textFilter } from '../../../lib/list-filters.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportReceipts } from '../api/export-receipts.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { useReceiptAmount } from '../api/get-receipt-amount.ts';
import { useReceiptBatches } from '../api/get-receipt-batches.ts';
import { useReceipts } from '../api/get-receipts.ts';
import { receiptPdfUrl } from '../api/receipt-pdf-url.ts';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { DateTimeStack } from '../../../components/date-time-stack.tsx';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

const RECEIPT_FILTERS = defineFilters({
  name: textFilter({ label: '收款人', maxLength: 50 }),
  receiptNo: textFilter({ label: '回单编号', maxLength: 30, width: 200, normalize: (t) => t.toUpperCase() }),
  paid: dateRangeFilter({ label: '支付日期', from: 'paidFrom', to: 'paidTo' }),
});
const BATCH_FILTERS = defineFilters({ title: textFilter({ label: '批次名称', maxLength: 50 }) });

const fileNameOf = (r: TReceipt) => `回单_${r.receiptNo}_${r.payeeName}.pdf`;

/**
 * 回单详情 (/invoiceCenter/emolumentReceiptDetails): with `?id=` the receipts of one batch (each
 * previewed in 文件预览 or downloaded, all of them zipped by the download centre); without, the
 * batches that have receipts.
 */
export function Component() {
  const id = useIdParam();
  return id !== undefined ? <BatchReceipts batchId={id} /> : <ReceiptBatches />;
}

function ReceiptBatches() {
  const list = useListQuery(BATCH_FILTERS);
  const batches = useReceiptBatches(list.query);
  const columns: TableColumnsType<TReceiptBatch> = [
    // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the number above the
    // batch's name, names end in an ellipsis with a tooltip, the time in two lines.
    {
      title: '批次',
      dataIndex: 'batchNo',
      width: 180,
      render: (no: string, b) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          {no}
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, maxWidth: 155 }}
            ellipsis={{ tooltip: b.batchTitle }}
          >
            {b.batchTitle}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '发放月份', dataIndex: 'period', width: 90 },
    {
      title: '付款方',
      dataIndex: 'payerName',
      width: 200,
      render: (name: string) => (
        <Typography.Text style={{ maxWidth: 175 }} ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Text>
      ),
    },
    { title: '回单张数', dataIndex: 'count', width: 90, align: 'right' },
    { title: '金额合计', dataIndex: 'amountFen', width: 130, align: 'right', render: formatMoney },
    { title: '最后支付时间', dataIndex: 'lastPaidAt', width: 110, render: (at: string) => <DateTimeStack at={at} /> },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, b) => <Link to={screenPath('emolumentReceiptDetails', { id: b.id })}>查看回单</Link>,
    },
  ];
  return (
    <Card title="回单详情">
      <ListSearchForm list={list} query={batches} />
      <ListTable<TReceiptBatch>
        query={batches}
        noun="回单"
        isFiltered={list.isFiltered}
        empty="暂无回单：批次支付成功后，每笔成功的发放都会生成电子回单"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 900 }}
      />
    </Card>
  );
}

function BatchReceipts({ batchId }: { batchId: number }) {
  const batch = useBatch(batchId);
  useTabDetail(batch.data?.title);
  const list = useListQuery(RECEIPT_FILTERS);
  const query = { ...list.query, batchId };
  const receipts = useReceipts(query);
  const { page: _page, limit: _limit, ...filters } = query;
  const amount = useReceiptAmount(filters);
  const exportReceipts = useExportReceipts();
  const notify = useExportNotice();
  const { download, isDownloading } = useDownload();

  if (!batch.data)
    return (
      <QueryState
        query={batch}
        notFound="发放批次不存在"
        frame={['回单详情']}
        loadingLabel="正在加载发放批次…"
        extra={<Link to={screenPath('emolumentReceiptDetails')}>返回回单列表</Link>}
      />
    );
  const b = batch.data;

  const columns: TableColumnsType<TReceipt> = [
    {
      title: '回单编号 / 流水号',
      dataIndex: 'receiptNo',
      width: 190,
      render: (no: string, r) => (
        <Space orientation="vertical" size={0}>
          {no}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.ref}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '收款人', dataIndex: 'payeeName', width: 100 },
    {
      title: '收款账户',
      dataIndex: 'accountMasked',
      width: 210,
      render: (masked: string, r) => `${PAYOUT_CHANNEL_LABELS[r.channel]} ${masked}`,
    },
    { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: formatMoney },
    { title: '支付时间', dataIndex: 'paidAt', width: 110, render: (at: string) => <DateTimeStack at={at} /> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            href={pdfPreviewPath(receiptPdfUrl(r.id), fileNameOf(r))}
            target="_blank"
            aria-label={`预览回单 ${r.receiptNo}`}
          >
            预览
          </Button>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={isDownloading(r.receiptNo)}
            aria-label={`下载回单 ${r.receiptNo}`}
            onClick={() => void download(r.receiptNo, () => downloadBlob(receiptPdfUrl(r.id), fileNameOf(r)))}
          >
            下载
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="回单详情"
        extra={
          <Space>
            <Link to={screenPath('payRollDetail', { id: b.id })}>支付详情</Link>
            <Link to={screenPath('emolumentReceiptDetails')}>全部批次</Link>
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'no', label: '批次号', children: b.batchNo },
            { key: 'title', label: '批次名称', children: b.title },
            { key: 'period', label: '发放月份', children: b.period },
          ]}
        />
        <Space size={48} style={{ marginTop: 8 }}>
          <Statistic title="回单张数" value={amount.data?.count ?? '-'} />
          <Statistic title="金额合计" value={amount.data ? formatMoney(amount.data.amountFen) : '-'} />
        </Space>
      </Card>
      <Card>
        <ListSearchForm list={list} query={receipts} />
        <ListToolbar>
          <Permission element={PAYROLL_ELEMENTS.view}>
            <Button
              icon={<FileZipOutlined />}
              loading={exportReceipts.isPending}
              disabled={!amount.data?.count}
              onClick={() => void notify(() => exportReceipts.mutateAsync(filters))}
            >
              打包下载
            </Button>
          </Permission>
        </ListToolbar>
        <ListTable<TReceipt>
          query={receipts}
          noun="回单"
          isFiltered={list.isFiltered}
          empty="本批次暂无回单：支付成功的明细才有电子回单"
          columns={columns}
          pagination={list.pagination}
          scroll={{ x: 880 }}
        />
      </Card>
    </Space>
  );
}
