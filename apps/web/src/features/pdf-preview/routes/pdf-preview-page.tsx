import { DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { useSearchParams } from 'react-router';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useDownload } from '../../../components/use-download.ts';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';
import { getToken } from '../../../lib/token.ts';
import './pdf-preview-page.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const MIN_SCALE = 0.5;
const MAX_SCALE = 3;

/** Only files of this site: a preview link must not load a document from elsewhere. */
export function sameOriginUrl(raw: string | null, origin = window.location.origin): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * 文件预览: `/pdfPreview?url=&name=` shows a PDF of this site with page navigation, zoom and
 * download. Both the view and the download carry the session's token (a receipt is not public).
 */
export function PdfPreviewPage() {
  const [params] = useSearchParams();
  usePageTitle(publicRouteTitle('pdfPreview'));
  const url = sameOriginUrl(params.get('url'));
  const [pages, setPages] = useState(0);
  const [scale, setScale] = useState(1.2);
  const [failed, setFailed] = useState(false);
  const { download, isDownloading } = useDownload();
  const file = useMemo(() => {
    const token = getToken();
    return url ? { url, httpHeaders: token ? { Authorization: token } : {} } : null;
  }, [url]);

  if (!file) return <Result status="warning" title="无法预览" subTitle="文件地址无效。" />;
  const name = params.get('name') || decodeURIComponent(new URL(file.url).pathname.split('/').pop() || 'document.pdf');

  return (
    <div className="pdf-preview">
      <div className="pdf-toolbar">
        <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
          {name}
        </Typography.Text>
        <Space>
          <Typography.Text type="secondary">共 {pages} 页</Typography.Text>
          <Button
            icon={<ZoomOutOutlined />}
            aria-label="缩小"
            disabled={scale <= MIN_SCALE}
            onClick={() => setScale((s) => Math.max(MIN_SCALE, s - 0.2))}
          />
          <Typography.Text>{Math.round(scale * 100)}%</Typography.Text>
          <Button
            icon={<ZoomInOutlined />}
            aria-label="放大"
            disabled={scale >= MAX_SCALE}
            onClick={() => setScale((s) => Math.min(MAX_SCALE, s + 0.2))}
          />
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={isDownloading(file.url)}
            onClick={() => void download(file.url, () => downloadBlob(file.url, name))}
          >
            下载
          </Button>
        </Space>
      </div>
      {failed ? (
        <Result status="error" title="文件加载失败" subTitle="文件不存在、已过期或不是有效的 PDF。" />
      ) : (
        <Document
          file={file}
          onLoadSuccess={(doc) => setPages(doc.numPages)}
          onLoadError={() => setFailed(true)}
          loading={<Spin description="正在加载文件…" style={{ marginTop: 80 }} />}
          noData={<Empty description="没有文件" />}
        >
          {Array.from({ length: pages }, (_, i) => (
            <div className="pdf-page" key={i}>
              <Page pageNumber={i + 1} scale={scale} />
              <div className="pdf-page-number">
                第 {i + 1} / {pages} 页
              </div>
            </div>
          ))}
        </Document>
      )}
    </div>
  );
}
