import { LoadFailed } from './load-state.tsx';

/**
 * What a list shows when its data failed to load: 数据加载失败, why, and 重新加载 (see LoadFailed).
 * Without `error` (older callers) the reason reads 网络异常.
 */
export function ListError({
  onRetry,
  isRetrying,
  error,
}: {
  onRetry: () => void;
  isRetrying: boolean;
  error?: unknown;
}) {
  return <LoadFailed error={error} onRetry={onRetry} isRetrying={isRetrying} />;
}
