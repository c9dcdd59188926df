import { Button, Result } from 'antd';

/** What a list or a detail shows when its data failed to load. */
export function ListError({
  onRetry,
  isRetrying,
  title = '数据加载失败',
}: {
  onRetry: () => void;
  isRetrying: boolean;
  title?: string;
}) {
  return (
    <Result
      status="error"
      title={title}
      subTitle="请检查网络后重试。"
      extra={
        <Button onClick={onRetry} loading={isRetrying}>
          重新加载
        </Button>
      }
    />
  );
}
