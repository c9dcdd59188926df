import { API, apiPath } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { fetchBlob } from '../lib/download-blob.ts';
import { useObjectUrl } from '../lib/use-object-url.ts';

/** The query of a stored file's bytes, read with the session's token (an <img> cannot send it). */
export const storedFileQueryOptions = (fileId: string) => ({
  queryKey: ['file', fileId] as const,
  queryFn: () => fetchBlob(apiPath(API.file.one, { id: fileId }), '图片'),
  staleTime: Infinity,
  gcTime: 5 * 60_000,
});

/**
 * An uploaded image of the company (a cover, an advert, an article's picture), shown from an
 * object URL of its bytes; a placeholder while it loads and a short text when it cannot.
 */
export function StoredImage({ fileId, alt, style }: { fileId: string; alt: string; style?: CSSProperties }) {
  const file = useQuery(storedFileQueryOptions(fileId));
  const url = useObjectUrl(file.data?.blob);
  if (file.isError) return <Typography.Text type="secondary">图片加载失败</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: 120, height: 68 }} />;
  return <img src={url} alt={alt} style={{ display: 'block', maxWidth: '100%', objectFit: 'cover', ...style }} />;
}
