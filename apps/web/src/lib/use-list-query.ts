import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List state (filters, page, limit) kept in the URL query, so that a refresh or a shared link
 * shows the same page. Empty values are removed from the URL.
 */
export function useListQuery<T extends Record<string, string | undefined>>(defaults: { limit?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Math.min(200, Math.max(1, Number(params.get('limit')) || defaults.limit || 10));
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    params.forEach((v, k) => {
      if (k !== 'page' && k !== 'limit' && v !== '') out[k] = v;
    });
    return out as Partial<T>;
  }, [params]);

  /** New filters: back to page 1. */
  const setFilters = useCallback(
    (next: Partial<T>) => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(next))
        if (v !== undefined && v !== null && String(v).trim() !== '') p.set(k, String(v).trim());
      if (limit !== (defaults.limit ?? 10)) p.set('limit', String(limit));
      setParams(p);
    },
    [setParams, limit, defaults.limit],
  );

  const setPage = useCallback(
    (nextPage: number, nextLimit?: number) => {
      const p = new URLSearchParams(params);
      p.set('page', String(nextPage));
      if (nextLimit) p.set('limit', String(nextLimit));
      setParams(p);
    },
    [params, setParams],
  );

  /** The table's pagination: the URL's page and size; a new size goes back to page 1. */
  const pagination = (total: number) => ({
    current: page,
    pageSize: limit,
    total,
    showSizeChanger: true,
    showTotal: (all: number) => `共 ${all} 条`,
    onChange: (nextPage: number, nextLimit: number) => setPage(nextLimit === limit ? nextPage : 1, nextLimit),
  });

  return { page, limit, filters, setFilters, setPage, pagination };
}
