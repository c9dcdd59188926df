import {
  CONTRACT_SIGN_METHOD_LABELS,
  CONTRACT_TRANSITIONS,
  CONTRACT_TYPE_LABELS,
  type TCompanyContractDetail,
} from '@flexpay/contract/web';
import { App, Button, Descriptions, Drawer, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { getOpsContractPdf, useMoveOpsContract, useOpsContract } from '../api/contracts.ts';
import { ContractStateTag } from './contract-state-tag.tsx';

/** One contract at /ops: its fields and PDF, then 标记已签署 or 终止 where its state allows. */
export function ContractDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const contract = useOpsContract(id);
  const c = contract.data;
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={c ? `合同 ${c.contractNo}` : '合同'} size="large">
      {c && <ContractBody key={c.id} contract={c} />}
    </Drawer>
  );
}

function ContractBody({ contract: c }: { contract: TCompanyContractDetail }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const move = useMoveOpsContract();
  const [terminating, setTerminating] = useState(false);

  const openPdf = async () => {
    const blob = await getOpsContractPdf(c.id);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  const sign = async () => {
    await move.mutateAsync({ id: c.id, action: 'sign' });
    void message.success('已标记为已签署');
  };
  const terminate = async ({ reason }: { reason?: string }) => {
    try {
      await move.mutateAsync({ id: c.id, action: 'terminate', reason: reason ?? '' });
    } catch (error) {
      applyFieldErrors(form, error, ['reason']);
      return;
    }
    void message.success('合同已终止');
    setTerminating(false);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="企业">{c.companyName}</Descriptions.Item>
        <Descriptions.Item label="服务商">{c.serviceCompanyName}</Descriptions.Item>
        <Descriptions.Item label="合同名称">{c.title}</Descriptions.Item>
        <Descriptions.Item label="类型">{CONTRACT_TYPE_LABELS[c.type]}</Descriptions.Item>
        <Descriptions.Item label="期限">
          {c.startDate} 至 {c.endDate}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <ContractStateTag state={c.state} />
        </Descriptions.Item>
        <Descriptions.Item label="签署时间">{c.signedAt ? formatDateTime(c.signedAt) : '-'}</Descriptions.Item>
        {c.signature && (
          <Descriptions.Item label="签署方式">
            {CONTRACT_SIGN_METHOD_LABELS[c.signature.method]}
            {c.signature.signerName && `（${c.signature.signerName}）`}
          </Descriptions.Item>
        )}
        {c.signature?.signedSha256 && (
          <Descriptions.Item label="签署后文件 SHA-256">
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {c.signature.signedSha256}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {c.terminateReason && <Descriptions.Item label="终止原因">{c.terminateReason}</Descriptions.Item>}
        <Descriptions.Item label="备注">{c.remark || '-'}</Descriptions.Item>
        <Descriptions.Item label="合同文件">
          <Space>
            {c.file.name}
            <Button size="small" onClick={() => void openPdf().catch(() => {})}>
              查看 PDF
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {c.actions.length > 0 && (
        <Space>
          {c.actions.includes('sign') && (
            <Button type="primary" loading={move.isPending} onClick={() => void sign().catch(() => {})}>
              {CONTRACT_TRANSITIONS.sign.label}
            </Button>
          )}
          {c.actions.includes('terminate') && (
            <Button danger onClick={() => setTerminating(true)}>
              {CONTRACT_TRANSITIONS.terminate.label}
            </Button>
          )}
        </Space>
      )}
      {terminating && (
        <Form form={form} layout="vertical" onFinish={(v) => void terminate(v)} style={{ maxWidth: 480 }}>
          <Typography.Title level={5}>终止合同</Typography.Title>
          <Form.Item
            name="reason"
            label="终止原因"
            rules={[{ required: true, whitespace: true, message: '请输入终止原因' }]}
          >
            <TrimmedTextArea maxLength={200} rows={3} />
          </Form.Item>
          <Space>
            <Button type="primary" danger htmlType="submit" loading={move.isPending}>
              确定终止
            </Button>
            <Button onClick={() => setTerminating(false)}>取消</Button>
          </Space>
        </Form>
      )}
    </Space>
  );
}
