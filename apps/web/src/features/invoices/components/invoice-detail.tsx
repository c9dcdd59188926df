import {
  API,
  apiPath,
  INVOICE_TYPE_LABELS,
  type TInvoiceApplicationDetail,
  type TInvoiceApplicationBatch,
} from '@flexpay/contract/web';
import { Descriptions, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { InvoiceStatusTag } from './invoice-status.tsx';

/** The invoice PDF's path for the company (or the operator's, `pdfUrl` given). */
export const invoicePdfUrl = (id: number) => apiPath(API.invoice.pdf, { id });

/** 开票详情's body: the application, the info as applied, the invoice and the courier, the batches. */
export function InvoiceDetail({
  invoice,
  pdfUrl = invoicePdfUrl(invoice.id),
  showCompany = false,
}: {
  invoice: TInvoiceApplicationDetail;
  pdfUrl?: string;
  showCompany?: boolean;
}) {
  const pdfName = `发票_${invoice.invoiceNo ?? invoice.applicationNo}.pdf`;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions title="申请信息" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="申请编号">{invoice.applicationNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <InvoiceStatusTag status={invoice.status} />
        </Descriptions.Item>
        {showCompany && <Descriptions.Item label="企业">{invoice.companyName}</Descriptions.Item>}
        <Descriptions.Item label="服务商">{invoice.serviceCompanyName}</Descriptions.Item>
        <Descriptions.Item label="开票金额">{formatMoney(invoice.amountFen)}</Descriptions.Item>
        <Descriptions.Item label="发票类型">{INVOICE_TYPE_LABELS[invoice.invoiceType]}</Descriptions.Item>
        <Descriptions.Item label="开票内容">{invoice.content}</Descriptions.Item>
        <Descriptions.Item label="申请人">{invoice.creator.name}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{formatDateTime(invoice.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="备注">{invoice.remark || '-'}</Descriptions.Item>
        {invoice.rejectReason && (
          <Descriptions.Item label="驳回原因">
            <Typography.Text type="danger">{invoice.rejectReason}</Typography.Text>
          </Descriptions.Item>
        )}
        {invoice.voidReason && <Descriptions.Item label="作废原因">{invoice.voidReason}</Descriptions.Item>}
      </Descriptions>
      <Descriptions title="开票信息" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="发票抬头">{invoice.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{invoice.taxNo}</Descriptions.Item>
        <Descriptions.Item label="地址电话">{invoice.addressPhone || '-'}</Descriptions.Item>
        <Descriptions.Item label="开户行及账号">{invoice.bankAccount || '-'}</Descriptions.Item>
        <Descriptions.Item label="收件人">
          {invoice.recipient} {invoice.recipientPhone}
        </Descriptions.Item>
        <Descriptions.Item label="邮寄地址">{invoice.recipientAddress}</Descriptions.Item>
      </Descriptions>
      <Descriptions title="发票与邮寄" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="发票号码">{invoice.invoiceNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="开票日期">{invoice.invoiceDate ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="发票文件">
          {invoice.invoiceFile ? (
            <Space>
              <Link to={pdfPreviewPath(pdfUrl, pdfName)}>预览</Link>
              <Typography.Text type="secondary">{invoice.invoiceFile.name}</Typography.Text>
            </Space>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="快递">
          {invoice.courier ? `${invoice.courier} ${invoice.trackingNo ?? ''}` : '-'}
        </Descriptions.Item>
      </Descriptions>
      <Table<TInvoiceApplicationBatch>
        title={() => <Typography.Text strong>开票订单</Typography.Text>}
        size="small"
        rowKey="batchId"
        pagination={false}
        dataSource={invoice.batches}
        columns={[
          { title: '批次', dataIndex: 'title' },
          { title: '月份', dataIndex: 'period', width: 90 },
          { title: '扣款金额', dataIndex: 'paidFen', width: 140, align: 'right', render: formatMoney },
          { title: '本次开票金额', dataIndex: 'amountFen', width: 140, align: 'right', render: formatMoney },
        ]}
      />
    </Space>
  );
}
