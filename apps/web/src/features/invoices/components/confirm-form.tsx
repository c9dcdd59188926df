import {
  INVOICE_TYPE_LABELS,
  invoiceTypesAllowed,
  type TInvoiceable,
  type TInvoiceApplyBody,
  type TInvoiceInfo,
  type TInvoiceType,
} from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Descriptions, Form, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useInvoiceInfos } from '../api/get-invoice-infos.ts';
import { InfoFormModal } from './info-form.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

/** A batch of the application: what it may take at most, and what it takes (fen). */
export interface TPickedBatch {
  batchId: number;
  title: string;
  period: string;
  maxFen: number;
  amountFen: number;
}

interface TConfirmValues {
  infoId?: number;
  invoiceType: TInvoiceType;
  content?: string;
  remark?: string;
  amounts: Record<string, number | null>;
}

const yuan = (fen: number) => fen / 100;

/**
 * 确认开票信息: the info (a new one can be added here), the type the service company issues, the
 * content category, and each batch's amount (at most its invoiceable amount). Submits the body.
 */
export function ConfirmForm({
  serviceCompany,
  batches,
  initial,
  submitText,
  pending,
  onSubmit,
  extra,
  maxTitle = '可开票金额',
}: {
  serviceCompany: TInvoiceable;
  batches: TPickedBatch[];
  initial?: Partial<Pick<TInvoiceApplyBody, 'infoId' | 'invoiceType' | 'content' | 'remark'>>;
  submitText: string;
  pending: boolean;
  onSubmit: (body: TInvoiceApplyBody) => Promise<void>;
  extra?: React.ReactNode;
  /** The title of the column of each batch's upper limit. */
  maxTitle?: string;
}) {
  const [form] = Form.useForm<TConfirmValues>();
  const infos = useInvoiceInfos();
  const [adding, setAdding] = useState(false);
  const types = invoiceTypesAllowed(serviceCompany.invoiceType);
  const defaultInfo = infos.data?.find((i) => i.isDefault);
  const infoId = Form.useWatch('infoId', form);
  const amounts = Form.useWatch('amounts', form);
  const chosen = infos.data?.find((i) => i.id === infoId);
  // The default info is chosen once the infos arrive (unless one is chosen already).
  useEffect(() => {
    if (defaultInfo && form.getFieldValue('infoId') === undefined) form.setFieldValue('infoId', defaultInfo.id);
  }, [defaultInfo, form]);
  const total = batches.reduce((s, b) => s + Math.round((amounts?.[b.batchId] ?? yuan(b.amountFen)) * 100), 0);

  const onFinish = async (values: TConfirmValues) => {
    const body: TInvoiceApplyBody = {
      serviceCompanyId: serviceCompany.serviceCompanyId,
      batches: batches.map((b) => ({
        batchId: b.batchId,
        amountFen: Math.round((values.amounts[b.batchId] ?? 0) * 100),
      })),
      infoId: values.infoId ?? 0,
      invoiceType: values.invoiceType,
      content: values.content ?? '',
      remark: values.remark ?? '',
    };
    try {
      await onSubmit(body);
    } catch (error) {
      applyFieldErrors(form, error, ['infoId', 'invoiceType', 'content', 'remark']);
    }
  };

  return (
    <Form<TConfirmValues>
      form={form}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 900 }}
      initialValues={{
        invoiceType: initial?.invoiceType ?? serviceCompany.invoiceType,
        content: initial?.content ?? serviceCompany.contents[0],
        remark: initial?.remark ?? '',
        infoId: initial?.infoId,
        amounts: Object.fromEntries(batches.map((b) => [b.batchId, yuan(b.amountFen)])),
      }}
      onFinish={(v) => void onFinish(v)}
    >
      <Form.Item label="服务商">{serviceCompany.serviceCompanyName}</Form.Item>
      <Form.Item label="开票订单">
        <Table
          size="small"
          rowKey="batchId"
          pagination={false}
          dataSource={batches}
          columns={[
            { title: '批次', dataIndex: 'title' },
            { title: '月份', dataIndex: 'period', width: 90 },
            { title: maxTitle, dataIndex: 'maxFen', width: 140, align: 'right', render: formatMoney },
            {
              title: '本次开票金额（元）',
              key: 'amount',
              width: 180,
              render: (_: unknown, b: TPickedBatch) => (
                // No `max` on the input: it would lower a larger amount on blur without a word.
                // What was typed stays, and the rule says the limit under the field.
                <Form.Item
                  name={['amounts', String(b.batchId)]}
                  style={{ marginBottom: 0 }}
                  rules={[
                    { required: true, message: '请输入开票金额' },
                    {
                      validator: (_rule, value: number | null | undefined) =>
                        value != null && Math.round(value * 100) > b.maxFen
                          ? Promise.reject(new Error(`本次最多可开 ${formatMoney(b.maxFen)}`))
                          : Promise.resolve(),
                    },
                  ]}
                >
                  <InputNumber aria-label={`${b.title}的开票金额`} min={0.01} precision={2} style={{ width: 160 }} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
          开票金额合计：{formatMoney(total)}
        </Typography.Text>
      </Form.Item>
      <Form.Item label="开票信息" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="infoId" noStyle rules={[{ required: true, message: '请选择开票信息' }]}>
            <Select<number>
              aria-label="开票信息"
              placeholder={infos.data?.length === 0 ? '还没有开票信息，请先新增' : '请选择开票信息'}
              loading={infos.isPending}
              options={(infos.data ?? []).map((i: TInvoiceInfo) => ({
                value: i.id,
                label: `${i.title}（${i.taxNo}）${i.isDefault ? ' 默认' : ''}`,
              }))}
            />
          </Form.Item>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增开票信息
          </Button>
        </Space.Compact>
      </Form.Item>
      {chosen && (
        <Form.Item label=" " colon={false}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="地址电话">{chosen.addressPhone || '-'}</Descriptions.Item>
            <Descriptions.Item label="开户行及账号">{chosen.bankAccount || '-'}</Descriptions.Item>
            <Descriptions.Item label="邮寄">
              {chosen.recipient} {chosen.recipientPhone} {chosen.recipientAddress}
            </Descriptions.Item>
          </Descriptions>
        </Form.Item>
      )}
      <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
        <Radio.Group options={types.map((t) => ({ value: t, label: INVOICE_TYPE_LABELS[t] }))} />
      </Form.Item>
      <Form.Item name="content" label="开票内容" rules={[{ required: true, message: '请选择开票内容' }]}>
        <Select aria-label="开票内容" options={serviceCompany.contents.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <TrimmedTextArea maxLength={200} rows={2} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={pending}>
            {submitText}
          </Button>
          {extra}
        </Space>
      </Form.Item>
      <InfoFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(info) => form.setFieldValue('infoId', info.id)}
      />
    </Form>
  );
}
