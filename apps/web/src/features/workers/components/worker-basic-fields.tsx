import { ID_NUMBER_PATTERN, MOBILE_RULE, WORKER_NAME_PATTERN, type TUpdateWorkerBody } from '@flexpay/contract/web';
import { DatePicker, Form, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useDepartmentOptions } from '../api/get-department-options.ts';
import { useJobTypeOptions } from '../api/get-job-type-options.ts';
import { toDepartmentTree } from '../api/department-tree.ts';
import { hasValidCheckDigit, idNumberSummary } from './id-number.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { chinaToday } from '../../../lib/format-date-time.ts';

/** The fields of TUpdateWorkerBody as the form holds them. */
export interface TWorkerBasicValues {
  name: string;
  idNumber: string;
  mobile: string;
  jobTypeId?: number | null;
  departmentId?: number | null;
  joinedAt?: Dayjs | null;
  remark?: string;
}

/** The server's field names of the basic fields, for mapping a 40000 answer. */
export const WORKER_BASIC_FIELDS = [
  'name',
  'idNumber',
  'mobile',
  'jobTypeId',
  'departmentId',
  'joinedAt',
  'remark',
] as const;

/** The form's values as the body's fields, trimmed; dates as YYYY-MM-DD; an empty ID number left out (unchanged). */
export function toWorkerBasicBody(values: TWorkerBasicValues): TUpdateWorkerBody {
  const idNumber = (values.idNumber ?? '').trim().toUpperCase();
  return {
    name: values.name.trim(),
    ...(idNumber ? { idNumber } : {}),
    mobile: values.mobile.trim(),
    jobTypeId: values.jobTypeId ?? null,
    departmentId: values.departmentId ?? null,
    joinedAt: (values.joinedAt ?? chinaToday()).format('YYYY-MM-DD'),
    remark: (values.remark ?? '').trim(),
  };
}

export interface TWorkerBasicFieldsProps {
  /** Shown under 身份证号 while the number is incomplete. */
  idNumberHint?: string;
  /** The worker's current job type: still offered when it has been disabled since. */
  currentJobTypeId?: number | null;
  /** Editing without the full number: the field may stay empty, which keeps the stored one. */
  idNumberOptional?: boolean;
}

/**
 * 姓名, 身份证号 (with the gender and birth date it tells), 手机号, 工种, 部门, 入职日期 and 备注:
 * the fields 添加员工 and the detail's 编辑 share. The rules mirror ZCreateWorkerBody.
 */
export function WorkerBasicFields({
  idNumberHint,
  currentJobTypeId,
  idNumberOptional = false,
}: TWorkerBasicFieldsProps) {
  const form = Form.useFormInstance<TWorkerBasicValues>();
  const idNumber = Form.useWatch('idNumber', form);
  const jobTypes = useJobTypeOptions();
  const departments = useDepartmentOptions();
  const departmentTree = useMemo(() => toDepartmentTree(departments.data ?? []), [departments.data]);
  const jobTypeOptions = (jobTypes.data ?? [])
    .filter((type) => type.enabled !== false || type.id === currentJobTypeId)
    .map((type) => ({ value: type.id, label: type.name }));

  return (
    <>
      <Form.Item
        name="name"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 50, message: '姓名最多 50 个字符' },
          { pattern: WORKER_NAME_PATTERN, message: '姓名只能包含中文、字母、空格和“·”' },
        ]}
      >
        <TrimmedInput placeholder="请输入姓名" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label="身份证号"
        normalize={(value: string | undefined) => value?.toUpperCase()}
        rules={[
          { required: !idNumberOptional, whitespace: true, message: '请输入身份证号' },
          { pattern: ID_NUMBER_PATTERN, message: '身份证号应为 18 位' },
          {
            // The same message as the server's (GB 11643), before the number is sent.
            validator: (_, value: string | undefined) =>
              !value || !ID_NUMBER_PATTERN.test(value.trim()) || hasValidCheckDigit(value)
                ? Promise.resolve()
                : Promise.reject(new Error('身份证号校验位不正确')),
          },
        ]}
        extra={idNumberSummary(idNumber) ?? idNumberHint}
      >
        <TrimmedInput placeholder="请输入 18 位身份证号" maxLength={18} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label="手机号"
        rules={[
          { required: true, whitespace: true, message: '请输入手机号' },
          { pattern: MOBILE_RULE, message: '请输入正确的 11 位手机号' },
        ]}
      >
        <TrimmedInput placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="jobTypeId" label="工种">
        <Select
          placeholder="请选择工种（选填）"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={jobTypes.isPending}
          notFoundContent={jobTypes.isError ? '工种加载失败' : '暂无工种'}
          options={jobTypeOptions}
        />
      </Form.Item>
      <Form.Item name="departmentId" label="部门">
        <TreeSelect
          placeholder="请选择部门（选填）"
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={departments.isPending}
          notFoundContent={departments.isError ? '部门加载失败' : '暂无部门'}
          treeData={departmentTree}
        />
      </Form.Item>
      <Form.Item name="joinedAt" label="入职日期" rules={[{ required: true, message: '请选择入职日期' }]}>
        <DatePicker placeholder="请选择入职日期" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字符' }]}>
        <TrimmedTextArea
          placeholder="请输入备注（选填）"
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
    </>
  );
}
