import type { TAgreementServiceCompany, TAgreementTemplate } from '@flexpay/contract/web';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Modal, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { TrimmedInput } from '../../components/trimmed-input.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import {
  getAgreementTemplatePdf,
  useAgreementServiceCompanies,
  useUploadAgreementTemplate,
} from '../api/agreements.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

const DEFAULT_TITLE = '共享经济合作伙伴协议';

/** 上传新版本: the PDF, its title, and whether workers who signed an earlier version sign again. */
function UploadModal({ target, onClose }: { target: TAgreementServiceCompany | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; requiresResign: boolean }>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const upload = useUploadAgreementTemplate();
  const current = target?.templates[0];

  const onOk = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError('请选择协议 PDF 文件');
      return;
    }
    if (!target) return;
    try {
      const t = await upload.mutateAsync({ serviceCompanyId: target.id, file, ...values });
      void message.success(`已上传《${t.title}》第 ${t.version} 版`);
    } catch {
      return; // the request layer has shown why
    }
    setFile(null);
    onClose();
  };

  return (
    <Modal
      title={target ? `上传协议模板：${target.name}` : '上传协议模板'}
      open={target !== undefined}
      onCancel={onClose}
      onOk={() => void onOk()}
      okText="上传"
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ title: current?.title ?? DEFAULT_TITLE, requiresResign: true }}
      >
        <Form.Item
          name="title"
          label="协议名称"
          rules={[
            { required: true, whitespace: true, message: '请输入协议名称' },
            { max: 100, message: '协议名称最多 100 个字' },
          ]}
        >
          <TrimmedInput maxLength={100} />
        </Form.Item>
        <Form.Item
          name="requiresResign"
          label="已签约员工需重新签署"
          valuePropName="checked"
          extra={
            current
              ? `当前为第 ${current.version} 版；开启后，未签署新版本的员工在核对时将被拒绝。`
              : '第一个版本所有员工均需签署。'
          }
        >
          <Switch checkedChildren="需要" unCheckedChildren="不需要" disabled={!current} />
        </Form.Item>
        <Form.Item
          label="协议文件（PDF，最大 10 MB）"
          required
          validateStatus={fileError ? 'error' : ''}
          help={fileError || undefined}
        >
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => document.getElementById('agreement-pdf-input')?.click()}>
              选择文件
            </Button>
            <input
              id="agreement-pdf-input"
              aria-label="协议文件"
              type="file"
              accept="application/pdf,.pdf"
              style={{ display: 'none' }}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError('');
              }}
            />
            {file ? <Tag>{file.name}</Tag> : <Typography.Text type="secondary">未选择</Typography.Text>}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 协议模板 at /ops: each service company's cooperation agreement, by version; upload a new one. */
export function AgreementsPage() {
  useOpsTitle('协议模板');
  const { message } = App.useApp();
  const companies = useAgreementServiceCompanies();
  const [target, setTarget] = useState<TAgreementServiceCompany | undefined>();

  const openPdf = async (t: TAgreementTemplate) => {
    try {
      const blob = await getAgreementTemplatePdf(t.id);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch {
      void message.error('协议文件打开失败');
    }
  };

  const versionColumns: TableColumnsType<TAgreementTemplate> = [
    { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `第 ${v} 版` },
    { title: '协议名称', dataIndex: 'title' },
    {
      title: '已签约员工需重新签署',
      dataIndex: 'requiresResign',
      width: 170,
      render: (v: boolean) => (v ? <Tag color="warning">需要</Tag> : <Tag>不需要</Tag>),
    },
    { title: '上传时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      width: 190,
      render: (v: string) => <Typography.Text code>{`${v.slice(0, 16)}…`}</Typography.Text>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, t) => (
        <Button size="small" onClick={() => void openPdf(t)} aria-label={`查看第 ${t.version} 版协议`}>
          查看
        </Button>
      ),
    },
  ];

  const columns: TableColumnsType<TAgreementServiceCompany> = [
    { title: '服务商', dataIndex: 'name' },
    {
      title: '当前协议',
      key: 'current',
      render: (_, c) => {
        const t = c.templates[0];
        return t ? `《${t.title}》第 ${t.version} 版` : <Tag color="error">未上传（无法发起签约）</Tag>;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, c) => (
        <Button size="small" icon={<UploadOutlined />} onClick={() => setTarget(c)}>
          上传新版本
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Typography.Paragraph type="secondary">
        员工须签署服务商当前版本的合作协议后方可发放（企业的费用规则可关闭此要求）。上传新版本时可选择已签约员工是否需要重新签署。
      </Typography.Paragraph>
      <Table<TAgreementServiceCompany>
        rowKey="id"
        columns={columns}
        dataSource={companies.data ?? []}
        loading={companies.isPending}
        pagination={false}
        expandable={{
          rowExpandable: (c) => c.templates.length > 0,
          expandedRowRender: (c) => (
            <Table<TAgreementTemplate>
              rowKey="id"
              size="small"
              columns={versionColumns}
              dataSource={c.templates}
              pagination={false}
            />
          ),
        }}
      />
      <UploadModal target={target} onClose={() => setTarget(undefined)} />
    </Card>
  );
}
