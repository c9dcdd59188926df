import type { UseQueryResult } from '@tanstack/react-query';
import { Code } from '@flexpay/contract/web';
import { Button, Card, Flex, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/request.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

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
 * A screen's frame while its data loads: its cards with their titles, their content as skeletons,
 * and a status a screen reader announces. Never an empty message behind a spinner, and the page
 * does not jump from a spinner to a different shape when the data comes.
 */
export function LoadingFrame({
  cards,
  label = '正在加载…',
  children,
}: {
  cards: readonly string[];
  label?: string;
  /** What the screen shows before its cards even while loading (a back button). */
  children?: ReactNode;
}) {
  return (
    <Flex vertical gap={16} aria-busy="true" data-testid="loading-frame">
      <div role="status">
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
      {children}
      {cards.map((title, i) => (
        <Card key={`${i}-${title}`} title={title || undefined} loading />
      ))}
    </Flex>
  );
}

/**
 * What a detail screen shows until its record is there: the page's frame while it loads (`frame`:
 * its cards' titles), `notFound`'s
 * title only for a real 404 (the record is not there), and 数据加载失败 with 重新加载 for any other failure
 * (a 500 or no answer is not 不存在). Render it when `query.data` is missing.
 */
export function QueryState({
  query,
  notFound,
  extra,
  frame = [''],
  loadingLabel,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  /** What the record is missing says, e.g. 发放批次不存在. */
  notFound: string;
  /** Buttons beside 重新加载 or under 不存在 (返回列表…). */
  extra?: ReactNode;
  /** The titles of the screen's cards, shown with skeletons while it loads (one untitled card if not given). */
  frame?: readonly string[];
  /** What the status says while it loads (正在加载发放批次…). */
  loadingLabel?: string;
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
  if (query.isPending) return <LoadingFrame cards={frame} label={loadingLabel} />;
  return <Result status="404" title={notFound} extra={extra} />;
}
