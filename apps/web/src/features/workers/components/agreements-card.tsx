import {
  AGREEMENT_STATUS_LABELS,
  API,
  apiPath,
  type TAgreementStatus,
  type TWorkerAgreement,
  type TWorkerDetail,
} from '@flexpay/contract/web';
import { App, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Permission } from '../../../components/permission.tsx';
import { fetchBlob, saveBlob } from '../../../lib/download-blob.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAgreements } from '../api/get-agreements.ts';
import { WORKER_ELEMENTS } from '../elements.ts';
import { SendAgreementModal } from './send-agreement-modal.tsx';
import { CONTRACT_STATUS_HINTS, ContractStatusTag } from './worker-tags.tsx';

const STATUS_COLORS: Record<TAgreementStatus, string> = {
  queued: 'default',
  signing: 'processing',
  signed: 'success',
  failed: 'error',
};

/**
 * 签约状态 on the worker's detail: the worker's agreements with each service company and version
 * (the signed PDF and its SHA-256; a failed one with the provider's reason), and 发起签约 (which
 * sends a failed one again). In demo mode a 签约中 agreement shows the
 * sandbox's link, which is what the worker's SMS holds.
 */
export function AgreementsCard({ worker }: { worker: TWorkerDetail }) {
  const { message } = App.useApp();
  const agreements = useAgreements(worker.id);
  const [isSendOpen, setSendOpen] = useState(false);

  const onDownload = async (a: TWorkerAgreement) => {
    try {
      const { blob, fileName } = await fetchBlob(
        apiPath(API.worker.agreementPdf, { id: worker.id, agreementId: a.id }),
        `${a.title}-${worker.name}.pdf`,
      );
      saveBlob(blob, fileName);
    } catch (err) {
      void message.error(err instanceof Error ? err.message : '下载失败');
    }
  };

  const columns: TableColumnsType<TWorkerAgreement> = [
    { title: '服务商', dataIndex: 'serviceCompanyName', width: 180 },
    {
      title: '协议',
      key: 'title',
      render: (_, a) => (
        <Space size={4} wrap>
          {`《${a.title}》第 ${a.version} 版`}
          {!a.isCurrent && <Tag color="warning">需签署新版本</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 160,
      render: (s: TAgreementStatus, a) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLORS[s]}>{AGREEMENT_STATUS_LABELS[s]}</Tag>
          {s === 'failed' && a.reason && <Typography.Text type="danger">{a.reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '签署时间',
      dataIndex: 'signedAt',
      width: 170,
      render: (v: string | null, a) => (v ? formatDateTime(v) : a.sentAt ? `已发送 ${formatDateTime(a.sentAt)}` : '—'),
    },
    {
      title: '文件 SHA-256',
      dataIndex: 'signedSha256',
      render: (v: string | null) =>
        v ? (
          <Typography.Text code copyable={{ text: v, tooltips: ['复制', '已复制'] }}>
            {`${v.slice(0, 16)}…`}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, a) =>
        a.status === 'signed' ? (
          <Button
            size="small"
            onClick={() => void onDownload(a)}
            aria-label={`下载 PDF：已签署的《${a.title}》第 ${a.version} 版`}
          >
            下载 PDF
          </Button>
        ) : a.sandboxLink ? (
          <Typography.Link href={a.sandboxLink} target="_blank" rel="noreferrer">
            打开签署链接（沙箱）
          </Typography.Link>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card
      title="签约状态"
      extra={
        worker.status === 'active' && (
          <Permission element={WORKER_ELEMENTS.sign}>
            <Button onClick={() => setSendOpen(true)}>发起签约</Button>
          </Permission>
        )
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space>
          <ContractStatusTag status={worker.contractStatus} />
          <Typography.Text type="secondary">{CONTRACT_STATUS_HINTS[worker.contractStatus]}</Typography.Text>
        </Space>
        <Table<TWorkerAgreement>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={agreements.data ?? []}
          loading={agreements.isPending}
          pagination={false}
          locale={{ emptyText: '暂无签约记录' }}
          scroll={{ x: 820 }}
        />
      </Space>
      <SendAgreementModal
        open={isSendOpen}
        onClose={() => setSendOpen(false)}
        whom={{ workerIds: [worker.id] }}
        description={`向员工“${worker.name}”发起签约。`}
      />
    </Card>
  );
}
