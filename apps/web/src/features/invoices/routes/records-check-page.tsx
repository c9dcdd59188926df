import { INVOICE_TYPE_LABELS, screenPath, type TInvoiceApplicationBatch } from '@flexpay/contract/web';
import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Space, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { invoicePdfUrl } from '../components/invoice-detail.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

const Mark = ({ ok }: { ok: boolean }) =>
  ok ? (
    <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="一致" />
  ) : (
    <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label="不一致" />
  );

/**
 * 发票核对 (/invoiceCenter/recordsCheck?id=): an issued invoice against its application — the
 * amount of each batch against what it paid, the total, the title and the tax number — with the
 * invoice's PDF beside it to compare.
 */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam();
  const invoice = useInvoice(id);
  const back = <Button onClick={() => void navigate(screenPath('recordsList'))}>返回开票记录</Button>;
  if (!invoice.data) return <QueryState query={invoice} notFound="开票申请不存在" extra={back} />;
  const i = invoice.data;
  if (!i.invoiceNo) {
    return <Result status="info" title="该申请尚未开票，开票后可核对" extra={back} />;
  }
  const sum = i.batches.reduce((s, b) => s + b.amountFen, 0);
  const withinPaid = i.batches.every((b) => b.amountFen <= b.paidFen);
  return (
    <Card title={`发票核对 ${i.applicationNo}`} extra={back}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="发票号码 / 开票日期">
            {i.invoiceNo} / {i.invoiceDate}
            {i.invoiceFile && (
              <Link style={{ marginLeft: 12 }} to={pdfPreviewPath(invoicePdfUrl(i.id), `发票_${i.invoiceNo}.pdf`)}>
                预览发票
              </Link>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="发票抬头">{i.title}</Descriptions.Item>
          <Descriptions.Item label="纳税人识别号">{i.taxNo}</Descriptions.Item>
          <Descriptions.Item label="发票类型 / 开票内容">
            {INVOICE_TYPE_LABELS[i.invoiceType]} / {i.content}
          </Descriptions.Item>
          <Descriptions.Item label="开票金额">
            <Space>
              {formatMoney(i.amountFen)}
              <Mark ok={sum === i.amountFen} />
              <Typography.Text type="secondary">各订单合计 {formatMoney(sum)}</Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Table<TInvoiceApplicationBatch>
          size="small"
          rowKey="batchId"
          pagination={false}
          dataSource={i.batches}
          title={() => (
            <Space>
              <Typography.Text strong>各订单金额</Typography.Text>
              <Mark ok={withinPaid} />
              <Typography.Text type="secondary">
                {withinPaid ? '均未超出扣款金额' : '有订单超出扣款金额'}
              </Typography.Text>
            </Space>
          )}
          columns={[
            { title: '批次', dataIndex: 'title' },
            { title: '月份', dataIndex: 'period', width: 90 },
            { title: '扣款金额', dataIndex: 'paidFen', width: 140, align: 'right', render: formatMoney },
            { title: '开票金额', dataIndex: 'amountFen', width: 140, align: 'right', render: formatMoney },
            {
              title: '核对',
              key: 'ok',
              width: 70,
              render: (_: unknown, b: TInvoiceApplicationBatch) => <Mark ok={b.amountFen <= b.paidFen} />,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
