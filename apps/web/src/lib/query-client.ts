import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { isApiError } from './request.ts';

/** How many times a query that got no answer is tried again. */
export const QUERY_RETRIES = 1;

/**
 * Whether a failed query is tried again. The request layer has already shown the failure's
 * toast, and an answer from the server (any 4xx, a 500, a business code) would come back the
 * same: only a request that got no answer at all (network down, timeout) is tried again, once.
 * Its second toast has the same text and replaces the first (`notifyError` keys toasts by
 * text), so the user sees one.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.httpStatus === undefined && !error.isCanceled && error.status === 0;
}

/**
 * The options of every list page's query: the page shown stays while the next one loads, and
 * the list is fetched again whenever it is shown or asked for (never served from the cache as
 * fresh), so 查询, a return to the screen or a change elsewhere always shows the server's rows.
 */
export const LIST_QUERY_OPTIONS = { placeholderData: keepPreviousData, staleTime: 0 } as const;

/** The query cache of the signed-in console. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
