import { FEE_BEARER_LABELS, payrollPeriodRange, screenPath, type TPayrollBatchBody } from '@flexpay/contract/web';
import { App, Button, Card, DatePicker, Form, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useCostRules } from '../../../api/get-cost-rules.ts';
import { useCreateBatch } from '../api/create-batch.ts';
import { formatRate } from '../components/payroll-format.tsx';
import { chinaToday } from '../../../lib/format-date-time.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

interface TForm {
  title: string;
  period: Dayjs;
  serviceCompanyId?: number;
  channel: 'bank' | 'alipay';
  source: 'sheet' | 'workers';
  remark: string;
}
const FIELDS = ['title', 'period', 'serviceCompanyId', 'channel', 'source', 'remark'] as const;

/** Months a batch may be labelled with: a year back to a month ahead of today in China (the server's rule). */
function outsidePeriodRange(month: Dayjs): boolean {
  const { min, max } = payrollPeriodRange(chinaToday().format('YYYY-MM-DD'));
  const label = month.format('YYYY-MM');
  return label < min || label > max;
}

/**
 * 新建发放 (/EmolumentManagement/emolumentGrantNew): the batch's header; then 核对明细 opens the
 * sheet import or the worker picker, as chosen, to add its items.
 */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TForm>();
  const rules = useCostRules();
  const create = useCreateBatch();
  const chosen = Form.useWatch('serviceCompanyId', form);
  const rule = rules.data?.find((r) => r.serviceCompanyId === chosen);

  const onFinish = async (values: TForm) => {
    const body: TPayrollBatchBody = {
      title: values.title,
      period: values.period.format('YYYY-MM'),
      serviceCompanyId: values.serviceCompanyId ?? 0,
      channel: values.channel,
      source: values.source,
      remark: values.remark ?? '',
    };
    try {
      const batch = await create.mutateAsync(body);
      void message.success('发放批次已创建，请添加发放明细');
      await navigate(`${screenPath('emolumentCheck', { id: batch.id })}&add=${values.source}`);
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    }
  };

  return (
    <Card title="新建发放">
      <Form<TForm>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ period: chinaToday(), channel: 'bank', source: 'sheet', remark: '' }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="title"
          label="批次名称"
          rules={[
            { required: true, whitespace: true, message: '请输入批次名称' },
            { max: 50, message: '最多 50 个字' },
          ]}
        >
          <TrimmedInput placeholder="例如：2026年11月 数据标注劳务费" maxLength={50} />
        </Form.Item>
        <Form.Item name="period" label="发放月份" rules={[{ required: true, message: '请选择发放月份' }]}>
          <DatePicker picker="month" allowClear={false} disabledDate={outsidePeriodRange} />
        </Form.Item>
        <Form.Item
          name="serviceCompanyId"
          label="服务商"
          rules={[{ required: true, message: '请选择服务商' }]}
          extra={
            rule && (
              <Typography.Text type="secondary">
                服务费率 {formatRate(rule.feeRateBp)}（{FEE_BEARER_LABELS[rule.feeBearer]}），单笔{' '}
                {formatMoney(rule.singleMinFen)} 至 {formatMoney(rule.singleMaxFen)}，每人每月限额{' '}
                {formatMoney(rule.monthlyLimitFen)}
              </Typography.Text>
            )
          }
        >
          <Select
            placeholder="请选择已签约的服务商"
            loading={rules.isPending}
            options={(rules.data ?? [])
              .filter((r) => r.enabled)
              .map((r) => ({
                value: r.serviceCompanyId,
                label: r.serviceCompanyName,
                terms: `${formatRate(r.feeRateBp)} ${FEE_BEARER_LABELS[r.feeBearer]}`,
              }))}
            optionRender={(option) => (
              <Space size={8}>
                <span>{option.label}</span>
                <Typography.Text type="secondary">{option.data.terms}</Typography.Text>
              </Space>
            )}
          />
        </Form.Item>
        <Form.Item name="channel" label="发放渠道" rules={[{ required: true, message: '请选择发放渠道' }]}>
          <Radio.Group
            options={[
              { value: 'bank', label: '银行卡' },
              { value: 'alipay', label: '支付宝' },
            ]}
          />
        </Form.Item>
        <Form.Item name="source" label="添加方式" rules={[{ required: true, message: '请选择添加方式' }]}>
          <Radio.Group
            options={[
              { value: 'sheet', label: '上传表格' },
              { value: 'workers', label: '选择员工' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '最多 200 个字' }]}>
          <TrimmedTextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              下一步：添加明细
            </Button>
            <Button onClick={() => void navigate(screenPath('emolumentGrant'))}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
