import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { logClientError } from './error-log.ts';

/** A screen that threw while rendering or loading: logged to the bug log, with a way back. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) logClientError(error);
  }, [error]);
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
