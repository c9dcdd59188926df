import { Button, Result } from 'antd';

/** A screen of the operator console failed to load (a new deployment, the network). */
export function OpsRouteError() {
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="请检查网络后刷新页面重试。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
