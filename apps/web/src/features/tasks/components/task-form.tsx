import {
  TASK_FIELD_LABELS,
  TASK_FIELDS,
  TASK_HEADCOUNT_MAX,
  TASK_QUANTITY_MAX,
  TASK_SETTLEMENT_LABELS,
  TASK_SETTLEMENT_UNITS,
  TASK_SETTLEMENTS,
  type TTaskBody,
  type TTaskDetail,
  type TTaskField,
  type TTaskSettlement,
  type TUploadedFile,
} from '@flexpay/contract/web';
import { Alert, DatePicker, Divider, Form, InputNumber, Radio, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useServiceCompanyOptions } from '../../../api/get-service-company-options.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { chinaToday } from '../../../lib/format-date-time.ts';
import { useJobTypeOptions } from '../api/get-job-type-options.ts';
import { fenToYuan, yuanToFen } from './task-format.tsx';
import { TaskFilesUpload } from './task-files.tsx';

/** The form's values: dates as Dayjs, money in yuan. */
export interface TTaskFormValues {
  title: string;
  jobTypeId: number | null;
  serviceCompanyId: number | undefined;
  description: string;
  location: string;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  headcount: number | null;
  settlement: TTaskSettlement;
  unitPriceYuan: number | null;
  plannedQuantity: number | null;
  budgetYuan: number | null;
  attachments: TUploadedFile[];
}

/** Server field → form field, for the 40000 answer's messages. */
export const TASK_FORM_FIELDS: Record<string, string> = {
  ...Object.fromEntries(TASK_FIELDS.map((f) => [f, f])),
  unitPriceFen: 'unitPriceYuan',
  budgetFen: 'budgetYuan',
  attachmentIds: 'attachments',
};

export const newTaskValues = (): TTaskFormValues => ({
  title: '',
  jobTypeId: null,
  serviceCompanyId: undefined,
  description: '',
  location: '',
  startDate: chinaToday(),
  endDate: chinaToday().add(7, 'day'),
  headcount: 1,
  settlement: 'fixed',
  unitPriceYuan: null,
  plannedQuantity: 1,
  budgetYuan: null,
  attachments: [],
});

export const taskToValues = (t: TTaskDetail): TTaskFormValues => ({
  title: t.title,
  jobTypeId: t.jobTypeId,
  serviceCompanyId: t.serviceCompanyId,
  description: t.description,
  location: t.location,
  startDate: dayjs(t.startDate),
  endDate: dayjs(t.endDate),
  headcount: t.headcount,
  settlement: t.settlement,
  unitPriceYuan: fenToYuan(t.unitPriceFen),
  plannedQuantity: t.plannedQuantity,
  budgetYuan: fenToYuan(t.budgetFen),
  attachments: t.attachments,
});

/** The body the API takes (the form's rules have run, so the required values are there). */
export function toTaskBody(v: TTaskFormValues): TTaskBody {
  return {
    title: v.title,
    jobTypeId: v.jobTypeId ?? null,
    serviceCompanyId: v.serviceCompanyId ?? 0,
    description: v.description,
    location: v.location,
    startDate: v.startDate?.format('YYYY-MM-DD') ?? '',
    endDate: v.endDate?.format('YYYY-MM-DD') ?? '',
    headcount: v.headcount ?? 0,
    settlement: v.settlement,
    unitPriceFen: yuanToFen(v.unitPriceYuan) ?? 0,
    plannedQuantity: v.settlement === 'fixed' ? 1 : (v.plannedQuantity ?? 1),
    budgetFen: yuanToFen(v.budgetYuan),
    attachmentIds: v.attachments.map((f) => f.id),
  };
}

const LOCK_HINT = '已有人员，不能修改';
const required = (label: string, verb = '请输入') => [{ required: true, message: `${verb}${label}` }];

/**
 * 发布需求 and 编辑任务's fields. `locked` are the fields the server says an edit may no longer
 * change (someone is assigned): they are shown but disabled.
 */
export function TaskFormFields({
  form,
  locked = [],
  footer,
}: {
  form: FormInstance<TTaskFormValues>;
  locked?: readonly TTaskField[];
  footer: ReactNode;
}) {
  const jobTypes = useJobTypeOptions();
  const serviceCompanies = useServiceCompanyOptions();
  const settlement = Form.useWatch('settlement', form) ?? 'fixed';
  const isLocked = (f: TTaskField) => locked.includes(f);
  const lockExtra = (f: TTaskField) => (isLocked(f) ? LOCK_HINT : undefined);
  const L = TASK_FIELD_LABELS;

  return (
    <>
      {locked.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`任务已有人员：${locked.map((f) => L[f]).join('、')}不能再修改；结束日期只能延后，招募人数不能少于已添加人数，预算不能低于约定金额合计。`}
        />
      )}
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item
        name="title"
        label={L.title}
        rules={[...required(L.title), { max: 50, message: '任务名称最多 50 个字' }]}
      >
        <TrimmedInput maxLength={50} placeholder="例如：门店促销员" />
      </Form.Item>
      <Form.Item name="jobTypeId" label={L.jobTypeId} extra={lockExtra('jobTypeId')}>
        <Select
          allowClear
          disabled={isLocked('jobTypeId')}
          placeholder="不限工种"
          loading={jobTypes.isPending}
          options={(jobTypes.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item
        name="serviceCompanyId"
        label={L.serviceCompanyId}
        rules={required(L.serviceCompanyId, '请选择')}
        extra={lockExtra('serviceCompanyId')}
      >
        <Select
          disabled={isLocked('serviceCompanyId')}
          placeholder="请选择服务商"
          loading={serviceCompanies.isPending}
          options={(serviceCompanies.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          style={{ width: 320 }}
        />
      </Form.Item>
      <Form.Item name="description" label={L.description} rules={[{ max: 2000, message: '任务描述最多 2000 个字' }]}>
        <TrimmedTextArea rows={4} maxLength={2000} showCount placeholder="工作内容、要求、验收标准" />
      </Form.Item>
      <Form.Item name="location" label={L.location} rules={[{ max: 100, message: '工作地点最多 100 个字' }]}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item label="起止日期" required style={{ marginBottom: 0 }}>
        <Form.Item
          name="startDate"
          rules={required(L.startDate, '请选择')}
          extra={lockExtra('startDate')}
          style={{ display: 'inline-block', marginRight: 8 }}
        >
          <DatePicker disabled={isLocked('startDate')} placeholder={L.startDate} />
        </Form.Item>
        <Form.Item
          name="endDate"
          dependencies={['startDate']}
          rules={[
            ...required(L.endDate, '请选择'),
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | null) => {
                const start = getFieldValue('startDate') as Dayjs | null;
                return end && start && end.isBefore(start, 'day')
                  ? Promise.reject(new Error('结束日期不能早于开始日期'))
                  : Promise.resolve();
              },
            }),
          ]}
          style={{ display: 'inline-block' }}
        >
          <DatePicker placeholder={L.endDate} />
        </Form.Item>
      </Form.Item>
      <Form.Item name="headcount" label={L.headcount} rules={required(L.headcount)}>
        <InputNumber min={1} max={TASK_HEADCOUNT_MAX} precision={0} suffix="人" style={{ width: 160 }} />
      </Form.Item>

      <Divider titlePlacement="start">结算</Divider>
      <Form.Item
        name="settlement"
        label={L.settlement}
        rules={required(L.settlement, '请选择')}
        extra={lockExtra('settlement')}
      >
        <Radio.Group
          disabled={isLocked('settlement')}
          options={TASK_SETTLEMENTS.map((s) => ({ value: s, label: TASK_SETTLEMENT_LABELS[s] }))}
        />
      </Form.Item>
      <Form.Item
        name="unitPriceYuan"
        label={settlement === 'fixed' ? '每人金额' : L.unitPriceFen}
        rules={required(settlement === 'fixed' ? '每人金额' : L.unitPriceFen)}
        extra={lockExtra('unitPriceFen')}
      >
        <InputNumber
          disabled={isLocked('unitPriceFen')}
          min={0.01}
          max={100_000_000}
          precision={2}
          prefix="¥"
          suffix={`元/${TASK_SETTLEMENT_UNITS[settlement]}`}
          style={{ width: 220 }}
        />
      </Form.Item>
      {settlement !== 'fixed' && (
        <Form.Item
          name="plannedQuantity"
          label={L.plannedQuantity}
          rules={required(L.plannedQuantity)}
          extra={lockExtra('plannedQuantity') ?? '约定金额 = 单价 × 每人数量，可在添加人员后逐人修改'}
        >
          <InputNumber
            disabled={isLocked('plannedQuantity')}
            min={0.01}
            max={TASK_QUANTITY_MAX}
            precision={2}
            suffix={TASK_SETTLEMENT_UNITS[settlement]}
            style={{ width: 180 }}
          />
        </Form.Item>
      )}
      <Form.Item name="budgetYuan" label={L.budgetFen} extra="不填为不限预算；约定金额合计不能超过预算">
        <InputNumber min={0.01} max={100_000_000} precision={2} prefix="¥" suffix="元" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="attachments" label={L.attachmentIds} valuePropName="value">
        <TaskFilesUpload buttonText="上传附件" />
      </Form.Item>
      {footer}
    </>
  );
}
