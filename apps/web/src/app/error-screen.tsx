import { Button, Result } from 'antd';

/** What a page that failed shows: a new release (a chunk gone) or an error, with a way back. */
export function ErrorScreen({ error }: { error: unknown }) {
  const isChunkError = error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  return (
    <Result
      status="error"
      title={isChunkError ? '页面资源已更新' : '页面出错了'}
      subTitle={isChunkError ? '系统已发布新版本，请刷新页面。' : '请刷新页面重试；问题仍在时请联系客服。'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
