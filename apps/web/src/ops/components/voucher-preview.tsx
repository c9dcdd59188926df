import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { getTopupVoucher } from '../api/topups.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

/**
 * The transfer voucher of a top-up, beside its amount: fetched with the operator's token as a
 * blob (an <img> cannot send the token), shown inline when an image, in a frame when a PDF, and
 * always openable in a new tab (打开凭证).
 */
export function VoucherPreview({ topupId }: { topupId: number }) {
  const voucher = useQuery({
    queryKey: ['ops', 'topups', 'voucher', topupId],
    queryFn: ({ signal }) => getTopupVoucher(topupId, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useObjectUrl(voucher.data);
  const type = voucher.data?.type ?? '';

  if (voucher.isPending) {
    return (
      <Flex justify="center" align="center" style={{ height: 360 }}>
        <Spin description="凭证加载中…">
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </Flex>
    );
  }
  if (voucher.isError || !url) {
    return (
      <Empty
        description={voucher.isError ? `转账凭证加载失败：${voucher.error.message}` : '转账凭证加载中…'}
        style={{ padding: 48 }}
      >
        {voucher.isError && <Button onClick={() => void voucher.refetch()}>重新加载</Button>}
      </Empty>
    );
  }
  const open = (
    <Typography.Link href={url} target="_blank" rel="noreferrer">
      <FileOutlined /> 打开凭证
    </Typography.Link>
  );
  return (
    <Flex vertical gap={8}>
      {type.startsWith('image/') ? (
        <img
          src={url}
          alt="转账凭证"
          style={{
            maxWidth: '100%',
            maxHeight: 520,
            objectFit: 'contain',
            border: '1px solid #f0f0f0',
            borderRadius: 6,
            background: '#fafafa',
          }}
        />
      ) : type === 'application/pdf' ? (
        <iframe
          src={url}
          title="转账凭证"
          style={{ width: '100%', height: 520, border: '1px solid #f0f0f0', borderRadius: 6 }}
        />
      ) : (
        <Typography.Text type="secondary">该凭证格式不能在页面内预览，请打开查看。</Typography.Text>
      )}
      {open}
    </Flex>
  );
}
