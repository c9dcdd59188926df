import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { API, apiPath } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Space, Spin, Typography } from 'antd';
import { useDownload } from '../../../components/use-download.ts';
import { fetchBlob, saveBlob } from '../../../lib/download-blob.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

/**
 * A top-up's transfer voucher (转账凭证), read with the session's token (an <img> cannot send
 * it): an image shown inline, a PDF opened in 文件预览; both downloadable under their name.
 */
export function TopupVoucher({ fileId }: { fileId: string }) {
  const url = apiPath(API.file.one, { id: fileId });
  const voucher = useQuery({
    queryKey: ['money', 'voucher', fileId],
    queryFn: () => fetchBlob(url, '转账凭证'),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const objectUrl = useObjectUrl(voucher.data?.blob);
  const { download, isDownloading } = useDownload();

  if (voucher.isPending) {
    return (
      <Flex justify="center" align="center" style={{ height: 240 }}>
        <Spin description="凭证加载中…">
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </Flex>
    );
  }
  if (voucher.isError) {
    return (
      <Result
        status="warning"
        title="转账凭证加载失败"
        subTitle="请检查网络后重试。"
        extra={
          <Button onClick={() => void voucher.refetch()} loading={voucher.isFetching}>
            重试
          </Button>
        }
      />
    );
  }
  const { blob, fileName } = voucher.data;
  const isImage = blob.type.startsWith('image/');
  const isPdf = blob.type === 'application/pdf';
  return (
    <Flex vertical gap={8}>
      {isImage && objectUrl && (
        <img
          src={objectUrl}
          alt="转账凭证"
          style={{
            maxWidth: '100%',
            maxHeight: 420,
            objectFit: 'contain',
            border: '1px solid #f0f0f0',
            borderRadius: 6,
            background: '#fafafa',
          }}
        />
      )}
      {!isImage && (
        <Typography.Text type="secondary">
          {isPdf ? 'PDF 凭证请在文件预览中查看。' : '该凭证格式不能在页面内预览，请下载查看。'}
        </Typography.Text>
      )}
      <Space wrap>
        <Typography.Text ellipsis style={{ maxWidth: 260 }} title={fileName}>
          {fileName}
        </Typography.Text>
        {isPdf && (
          <Button size="small" icon={<EyeOutlined />} href={pdfPreviewPath(url, fileName)} target="_blank">
            预览
          </Button>
        )}
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={isDownloading(fileId)}
          onClick={() => void download(fileId, async () => saveBlob(blob, fileName))}
        >
          下载
        </Button>
      </Space>
    </Flex>
  );
}
