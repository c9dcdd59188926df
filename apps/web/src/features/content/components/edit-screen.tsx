import type { TScreenName } from '@flexpay/contract/web';
import { screenPath } from '@flexpay/contract/web';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * The frame of an edit screen (`?id=`): a missing id, loading and a failed load each say so and
 * lead back to the list; the form shows once the record is there.
 */
export function EditScreen<T>({
  id,
  query,
  noun,
  list,
  children,
}: {
  id: number | undefined;
  query: UseQueryResult<T>;
  noun: string;
  list: TScreenName;
  children: (record: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const back = (
    <Button key="back" onClick={() => void navigate(screenPath(list))}>
      返回列表
    </Button>
  );
  if (id === undefined) {
    return (
      <Card>
        <Result status="warning" title={`缺少${noun}编号`} subTitle={`请从${noun}列表进入编辑页面。`} extra={back} />
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <Card>
        <Spin description={`正在加载${noun}…`}>
          <div style={{ height: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <Result
          status="error"
          title={`${noun}加载失败`}
          subTitle={query.error.message}
          extra={[
            <Button key="retry" onClick={() => void query.refetch()} loading={query.isFetching}>
              重新加载
            </Button>,
            back,
          ]}
        />
      </Card>
    );
  }
  return <Card>{children(query.data)}</Card>;
}
