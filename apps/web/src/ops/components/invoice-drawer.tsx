import {
  INVOICE_NO_MESSAGE,
  INVOICE_NO_PATTERN,
  INVOICE_TRANSITIONS,
  INVOICE_TYPE_LABELS,
  type TInvoiceAction,
  type TInvoiceApplicationDetail,
} from '@flexpay/contract/web';
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Descriptions, Drawer, Form, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { getOpsInvoicePdf, uploadInvoicePdf, useMoveOpsInvoice, useOpsInvoice } from '../api/invoices.ts';
import { formatFen } from '../lib/money-input.ts';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';
import { TrimmedInput } from '../../components/trimmed-input.tsx';

type TOpsAction = Exclude<TInvoiceAction, 'resubmit'>;

interface TActionValues {
  /** The invoice's PDF as chosen (uploaded when 开票 is confirmed). */
  pdf?: File;
  invoiceNo?: string;
  invoiceDate?: Dayjs;
  courier?: string;
  trackingNo?: string;
  reason?: string;
}

/** 开票处理 of one application: its figures, then 开票 (PDF, number, date), 邮寄, 驳回 or 作废. */
export function InvoiceDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const invoice = useOpsInvoice(id);
  const i = invoice.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={i ? `开票申请 ${i.applicationNo}` : '开票申请'}
      size="large"
    >
      {i && <InvoiceBody invoice={i} />}
    </Drawer>
  );
}

function InvoiceBody({ invoice: i }: { invoice: TInvoiceApplicationDetail }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TActionValues>();
  const move = useMoveOpsInvoice();
  const [action, setAction] = useState<TOpsAction | null>(null);
  const [uploading, setUploading] = useState(false);

  const openPdf = async () => {
    const blob = await getOpsInvoicePdf(i.id);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };

  const submit = async (values: TActionValues) => {
    if (!action || move.isPending || uploading) return;
    try {
      if (action === 'issue') {
        const file = values.pdf;
        if (!file) return; // the field's rule said so already
        setUploading(true);
        let uploaded: Awaited<ReturnType<typeof uploadInvoicePdf>>;
        try {
          uploaded = await uploadInvoicePdf({ id: i.id, file });
        } catch (error) {
          // The upload's refusal (not a PDF, too large) is the file field's error.
          form.setFields([
            { name: 'pdf', errors: [error instanceof Error ? error.message : '发票文件上传失败，请重试'] },
          ]);
          return;
        } finally {
          setUploading(false);
        }
        await move.mutateAsync({
          id: i.id,
          action,
          body: {
            fileId: uploaded.id,
            invoiceNo: values.invoiceNo ?? '',
            invoiceDate: values.invoiceDate?.format('YYYY-MM-DD') ?? '',
          },
        });
      } else if (action === 'mail') {
        await move.mutateAsync({
          id: i.id,
          action,
          body: { courier: values.courier ?? '', trackingNo: values.trackingNo ?? '' },
        });
      } else {
        await move.mutateAsync({ id: i.id, action, body: { reason: values.reason ?? '' } });
      }
    } catch (error) {
      applyFieldErrors(form, error, ['invoiceNo', 'invoiceDate', 'courier', 'trackingNo', 'reason']);

      return;
    }
    void message.success(`已${INVOICE_TRANSITIONS[action].label}`);
    setAction(null);
    form.resetFields();
  };

  const actions = i.actions.filter((a): a is TOpsAction => a !== 'resubmit');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="企业">{i.companyName}</Descriptions.Item>
        <Descriptions.Item label="服务商">{i.serviceCompanyName}</Descriptions.Item>
        <Descriptions.Item label="开票金额">{formatFen(i.amountFen)} 元</Descriptions.Item>
        <Descriptions.Item label="发票类型 / 内容">
          {INVOICE_TYPE_LABELS[i.invoiceType]} / {i.content}
        </Descriptions.Item>
        <Descriptions.Item label="发票抬头 / 税号">
          {i.title} / {i.taxNo}
        </Descriptions.Item>
        <Descriptions.Item label="地址电话 / 开户行">
          {i.addressPhone || '-'} / {i.bankAccount || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="邮寄">
          {i.recipient} {i.recipientPhone} {i.recipientAddress}
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">{formatDateTime(i.createdAt)}</Descriptions.Item>
        {i.invoiceNo && (
          <Descriptions.Item label="发票">
            <Space>
              {i.invoiceNo}（{i.invoiceDate}）
              <Button size="small" onClick={() => void openPdf().catch(() => {})}>
                查看 PDF
              </Button>
            </Space>
          </Descriptions.Item>
        )}
        {i.courier && (
          <Descriptions.Item label="快递">
            {i.courier} {i.trackingNo}
          </Descriptions.Item>
        )}
        {i.rejectReason && <Descriptions.Item label="驳回原因">{i.rejectReason}</Descriptions.Item>}
        {i.voidReason && <Descriptions.Item label="作废原因">{i.voidReason}</Descriptions.Item>}
      </Descriptions>
      <Table
        size="small"
        rowKey="batchId"
        pagination={false}
        dataSource={i.batches}
        columns={[
          { title: '批次', dataIndex: 'title' },
          { title: '扣款金额', dataIndex: 'paidFen', align: 'right', render: (f: number) => formatFen(f) },
          { title: '开票金额', dataIndex: 'amountFen', align: 'right', render: (f: number) => formatFen(f) },
        ]}
      />
      {actions.length > 0 && (
        <Space>
          {actions.map((a) => (
            <Button
              key={a}
              type={action === a ? 'primary' : 'default'}
              danger={a === 'reject' || a === 'void'}
              onClick={() => setAction(a)}
            >
              {INVOICE_TRANSITIONS[a].label}
            </Button>
          ))}
        </Space>
      )}
      {action && (
        <Form<TActionValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 480 }}>
          <Typography.Title level={5}>{INVOICE_TRANSITIONS[action].label}</Typography.Title>
          {action === 'issue' && (
            <>
              <Form.Item
                name="pdf"
                label="发票文件（PDF）"
                required
                rules={[{ required: true, message: '请选择发票 PDF 文件' }]}
              >
                <PdfPicker />
              </Form.Item>
              <Form.Item
                name="invoiceNo"
                label="发票号码"
                extra="8 位或 20 位数字（全电发票为 20 位）"
                rules={[
                  { required: true, message: '请输入发票号码' },
                  { pattern: INVOICE_NO_PATTERN, message: INVOICE_NO_MESSAGE },
                ]}
              >
                <TrimmedInput maxLength={20} inputMode="numeric" />
              </Form.Item>
              <Form.Item name="invoiceDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
                <DatePicker />
              </Form.Item>
            </>
          )}
          {action === 'mail' && (
            <>
              <Form.Item name="courier" label="快递公司" rules={[{ required: true, message: '请输入快递公司' }]}>
                <TrimmedInput maxLength={30} />
              </Form.Item>
              <Form.Item name="trackingNo" label="快递单号" rules={[{ required: true, message: '请输入快递单号' }]}>
                <TrimmedInput maxLength={30} />
              </Form.Item>
            </>
          )}
          {(action === 'reject' || action === 'void') && (
            <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
              <TrimmedTextArea maxLength={200} rows={3} />
            </Form.Item>
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={move.isPending || uploading}>
              确定{INVOICE_TRANSITIONS[action].label}
            </Button>
            <Button onClick={() => setAction(null)}>取消</Button>
          </Space>
        </Form>
      )}
    </Space>
  );
}

/**
 * The invoice's PDF as a form control: 选择文件 picks it, 查看 opens the chosen file in a new tab
 * before anything is uploaded, so the operator issues the file they meant.
 */
function PdfPicker({
  value,
  onChange,
  id,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  id?: string;
}) {
  const inputId = 'invoice-pdf-input';
  const onView = () => {
    if (!value) return;
    const url = URL.createObjectURL(value);
    window.open(url, '_blank', 'noopener');
    // The new tab has read it by then; the URL would otherwise hold the file for the page's life.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Space wrap>
      <Button id={id} icon={<UploadOutlined />} onClick={() => document.getElementById(inputId)?.click()}>
        {value ? '重新选择' : '选择文件'}
      </Button>
      <input
        id={inputId}
        aria-label="发票文件"
        type="file"
        accept="application/pdf,.pdf"
        style={{ display: 'none' }}
        onChange={(e) => {
          onChange?.(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {value ? (
        <>
          <Tag>{value.name}</Tag>
          <Button icon={<EyeOutlined />} aria-label={`查看所选文件 ${value.name}`} onClick={onView}>
            查看
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary">未选择</Typography.Text>
      )}
    </Space>
  );
}
