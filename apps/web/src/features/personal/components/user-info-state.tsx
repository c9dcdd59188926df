import { Button, Card, Result, Spin } from 'antd';

/** Loading and failure of the user info the personal screens start from. */
export function UserInfoState({
  isError,
  onRetry,
  isRetrying,
}: {
  isError: boolean;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Card>
      {isError ? (
        <Result
          status="error"
          title="账号信息加载失败"
          extra={
            <Button onClick={onRetry} loading={isRetrying}>
              重新加载
            </Button>
          }
        />
      ) : (
        <Spin description="正在加载账号信息…">
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Card>
  );
}
