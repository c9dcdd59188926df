import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, PAGE_LIMIT_MAX, type TContractType } from '@flexpay/contract/web';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Drawer, Form, Select, Space, Switch, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../components/trimmed-input.tsx';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';
import { useOpsCompanies } from '../api/companies.ts';
import { uploadContractPdf, useCreateOpsContract } from '../api/contracts.ts';

interface TValues {
  companyId?: number;
  serviceCompanyId?: number;
  contractNo?: string;
  title?: string;
  type?: TContractType;
  term?: [Dayjs, Dayjs];
  signed?: boolean;
  remark?: string;
}

const FIELDS = ['companyId', 'serviceCompanyId', 'contractNo', 'title', 'type', 'term', 'remark'];

/** 上传合同: a company, one of its service companies, the contract's fields and its PDF. */
export function ContractCreateDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const companies = useOpsCompanies({ page: 1, limit: PAGE_LIMIT_MAX });
  const companyId = Form.useWatch('companyId', form);
  const services = companies.data?.rows.find((c) => c.id === companyId)?.serviceCompanies ?? [];
  const create = useCreateOpsContract();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = async (v: TValues) => {
    if (!file) {
      void message.error('请选择合同 PDF 文件');
      return;
    }
    try {
      setUploading(true);
      const uploaded = await uploadContractPdf({ companyId: v.companyId ?? 0, file }).finally(() =>
        setUploading(false),
      );
      await create.mutateAsync({
        companyId: v.companyId ?? 0,
        serviceCompanyId: v.serviceCompanyId ?? 0,
        contractNo: v.contractNo ?? '',
        title: v.title ?? '',
        type: v.type ?? 'service',
        startDate: v.term?.[0].format('YYYY-MM-DD') ?? '',
        endDate: v.term?.[1].format('YYYY-MM-DD') ?? '',
        signed: v.signed ?? false,
        fileId: uploaded.id,
        remark: v.remark ?? '',
      });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
      return;
    }
    void message.success('合同已上传');
    form.resetFields();
    setFile(null);
    onClose();
  };

  return (
    <Drawer open={open} onClose={onClose} title="上传合同" size="large">
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={{ type: 'service', signed: false }}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 520 }}
      >
        <Form.Item name="companyId" label="企业" rules={[{ required: true, message: '请选择企业' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={companies.isPending}
            options={(companies.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldValue('serviceCompanyId', undefined)}
          />
        </Form.Item>
        <Form.Item name="serviceCompanyId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <Select
            disabled={!companyId}
            options={services.map((s) => ({ value: s.serviceCompanyId, label: s.serviceCompanyName }))}
          />
        </Form.Item>
        <Form.Item name="contractNo" label="合同编号" rules={[{ required: true, message: '请输入合同编号' }]}>
          <TrimmedInput maxLength={30} placeholder="如 HT20260001" />
        </Form.Item>
        <Form.Item name="title" label="合同名称" rules={[{ required: true, message: '请输入合同名称' }]}>
          <TrimmedInput maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label="合同类型" rules={[{ required: true, message: '请选择合同类型' }]}>
          <Select options={CONTRACT_TYPES.map((t) => ({ value: t, label: CONTRACT_TYPE_LABELS[t] }))} />
        </Form.Item>
        <Form.Item name="term" label="合同期限" rules={[{ required: true, message: '请选择合同期限' }]}>
          <DatePicker.RangePicker aria-label="合同期限" />
        </Form.Item>
        <Form.Item name="signed" label="双方已签署" valuePropName="checked">
          <Switch aria-label="双方已签署" />
        </Form.Item>
        <Form.Item label="合同文件（PDF）" required>
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => document.getElementById('contract-pdf-input')?.click()}>
              选择文件
            </Button>
            <input
              id="contract-pdf-input"
              aria-label="合同文件"
              type="file"
              accept="application/pdf,.pdf"
              style={{ display: 'none' }}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {file ? <Tag>{file.name}</Tag> : <Typography.Text type="secondary">未选择</Typography.Text>}
          </Space>
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <TrimmedTextArea maxLength={200} rows={2} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || uploading}>
            上传
          </Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      </Form>
    </Drawer>
  );
}
