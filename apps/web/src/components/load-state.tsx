import type { UseQueryResult } from '@tanstack/react-query';
import { Code } from '@flexpay/contract/web';
import { Button, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/request.ts';

/** Whether a failed load means the record is not there (HTTP 404 / 40400), not that loading failed. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.httpStatus === 404 || error.status === Code.NOT_FOUND);
}

/** Why a load failed, in Chinese: the server's message, else 网络异常. */
export function loadFailureReason(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return '网络异常';
}

/**
 * 数据加载失败, why (the server's message or 网络异常) and a retry button (重新加载): what a list
 * or a detail shows when its data failed to load.
 */
export function LoadFailed({
  error,
  onRetry,
  isRetrying,
  extra,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  /** More buttons beside 重新加载 (返回列表…). */
  extra?: ReactNode;
}) {
  return (
    <Result
      status="error"
      title="数据加载失败"
      subTitle={`加载失败：${loadFailureReason(error)}`}
      extra={
        <Space>
          <Button type="primary" onClick={onRetry} loading={isRetrying}>
            重新加载
          </Button>
          {extra}
        </Space>
      }
    />
  );
}

/**
 * What a detail screen shows until its record is there: a spinner while it loads, `notFound`'s
 * title only for a real 404 (the record is not there), and 数据加载失败 with 重新加载 for any other failure
 * (a 500 or no answer is not 不存在). Render it when `query.data` is missing.
 */
export function QueryState({
  query,
  notFound,
  extra,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  /** What the record is missing says, e.g. 发放批次不存在. */
  notFound: string;
  /** Buttons beside 重新加载 or under 不存在 (返回列表…). */
  extra?: ReactNode;
}) {
  if (query.isError) {
    if (isNotFoundError(query.error)) return <Result status="404" title={notFound} extra={extra} />;
    return (
      <LoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        extra={extra}
      />
    );
  }
  if (query.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <Result status="404" title={notFound} extra={extra} />;
}
