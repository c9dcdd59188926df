import { CONTRACT_SIGN_METHOD_LABELS, CONTRACT_TYPE_LABELS, screenPath } from '@flexpay/contract/web';
import { DownloadOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { QueryState } from '../../../components/load-state.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useContract } from '../api/get-contract.ts';
import { contractPdfUrl } from '../components/contract-pdf.ts';
import { ContractStateTag } from '../components/contract-state-tag.tsx';
import { SignContractDialog } from '../components/sign-contract-dialog.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { CONTRACT_ELEMENTS } from '../elements.ts';

/**
 * 合同详情 (/contract/enterpriseContreactDetail/:id): the fields, the signature, the PDF's preview
 * and download, and 在线签署 of a 待签署 contract for an admin holding `contract:sign`.
 */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam();
  const contract = useContract(id);
  const { download, isDownloading } = useDownload();
  const [signing, setSigning] = useState(false);
  useTabDetail(contract.data?.contractNo);
  const back = <Button onClick={() => void navigate(screenPath('enterprise'))}>返回企业合同</Button>;
  if (!contract.data)
    return (
      <QueryState
        query={contract}
        notFound="合同不存在"
        frame={['合同详情']}
        loadingLabel="正在加载合同…"
        extra={back}
      />
    );
  const c = contract.data;
  const url = contractPdfUrl(c.id);
  const signature = c.signature;
  const fileName = signature?.signedSha256 ? `合同_${c.contractNo}_已签署.pdf` : `合同_${c.contractNo}.pdf`;
  return (
    <Card
      title={`合同详情 ${c.contractNo}`}
      extra={
        <Space>
          {c.actions.includes('sign') && (
            <Permission element={CONTRACT_ELEMENTS.sign}>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setSigning(true)}>
                在线签署
              </Button>
            </Permission>
          )}
          <Button onClick={() => void navigate(screenPath('enterpriseContreactList', { id: c.serviceCompanyId }))}>
            返回合同列表
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions title="合同信息" bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <ContractStateTag state={c.state} />
          </Descriptions.Item>
          <Descriptions.Item label="合同名称">{c.title}</Descriptions.Item>
          <Descriptions.Item label="类型">{CONTRACT_TYPE_LABELS[c.type]}</Descriptions.Item>
          <Descriptions.Item label="甲方（企业）">{c.companyName}</Descriptions.Item>
          <Descriptions.Item label="乙方（服务商）">{c.serviceCompanyName}</Descriptions.Item>
          <Descriptions.Item label="开始日期">{c.startDate}</Descriptions.Item>
          <Descriptions.Item label="结束日期">{c.endDate}</Descriptions.Item>
          <Descriptions.Item label="签署时间">{c.signedAt ? formatDateTime(c.signedAt) : '-'}</Descriptions.Item>
          <Descriptions.Item label="上传时间">{formatDateTime(c.createdAt)}</Descriptions.Item>
          {c.terminatedAt && <Descriptions.Item label="终止时间">{formatDateTime(c.terminatedAt)}</Descriptions.Item>}
          {c.terminateReason && <Descriptions.Item label="终止原因">{c.terminateReason}</Descriptions.Item>}
          <Descriptions.Item label="备注">{c.remark || '-'}</Descriptions.Item>
        </Descriptions>
        {signature && (
          <Descriptions title="签署信息" bordered size="small" column={1}>
            <Descriptions.Item label="签署方式">{CONTRACT_SIGN_METHOD_LABELS[signature.method]}</Descriptions.Item>
            {signature.signerName && <Descriptions.Item label="签署人">{signature.signerName}</Descriptions.Item>}
            <Descriptions.Item label="签署时间">{formatDateTime(signature.signedAt)}</Descriptions.Item>
            {signature.originalSha256 && (
              <Descriptions.Item label="原文件 SHA-256">
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {signature.originalSha256}
                </Typography.Text>
              </Descriptions.Item>
            )}
            {signature.signedSha256 && (
              <Descriptions.Item label="签署后文件 SHA-256">
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {signature.signedSha256}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        <Descriptions title="合同文件" bordered size="small" column={1}>
          <Descriptions.Item label="文件">
            <Space wrap>
              <Typography.Text>{signature?.signedSha256 ? fileName : c.file.name}</Typography.Text>
              <Button icon={<EyeOutlined />} onClick={() => void navigate(pdfPreviewPath(url, fileName))}>
                预览
              </Button>
              <Button
                icon={<DownloadOutlined />}
                loading={isDownloading(url)}
                onClick={() => void download(url, () => downloadBlob(url, fileName))}
              >
                下载
              </Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <SignContractDialog contract={c} open={signing} onClose={() => setSigning(false)} />
    </Card>
  );
}
