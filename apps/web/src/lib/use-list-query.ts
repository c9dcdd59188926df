import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LIMIT,
  fromFormValues,
  hasFormFilters,
  readListState,
  toApiQuery,
  toFormValues,
  writeListParams,
  type TFilterForm,
  type TFilterValues,
  type TFilters,
} from './list-filters.ts';

/**
 * A list's state (filters, page, size) kept in the URL query, so that a refresh or a shared
 * link shows the same page. Everything comes from the filters declared with `defineFilters`:
 * the parsed values, the search form's values and the API query.
 *
 * The setters answer whether the URL changed: when it did not (查询 with the same filters), the
 * caller fetches again itself (`ListSearchForm` does).
 */
export function useListQuery<F extends TFilters>(filters: F, options: { defaultLimit?: number } = {}) {
  const defaultLimit = options.defaultLimit ?? DEFAULT_LIMIT;
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Keyed by the query string: a navigation to the same URL keeps the same objects.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` is `params` as a string
  const state = useMemo(() => readListState(filters, params, defaultLimit), [filters, search, defaultLimit]);
  const query = useMemo(() => toApiQuery(filters, state), [filters, state]);
  const formValues = useMemo(() => toFormValues(filters, state.values), [filters, state]);
  const isFiltered = hasFormFilters(filters, state.values);

  const navigate = useCallback(
    (values: TFilterValues<F>, page: number, limit: number): boolean => {
      const next = writeListParams(filters, { values, page, limit }, defaultLimit);
      if (next.toString() === search) return false;
      setParams(next);
      return true;
    },
    [filters, defaultLimit, search, setParams],
  );

  /** New filter values: back to page 1, same size. */
  const setValues = useCallback(
    (values: TFilterValues<F>) => navigate(values, 1, state.limit),
    [navigate, state.limit],
  );
  /** 查询: the form's values, the filters outside the form kept. */
  const searchWith = useCallback(
    (form: TFilterForm<F>) => setValues(fromFormValues(filters, form, state.values)),
    [filters, setValues, state.values],
  );
  /** 重置: no filters (the sort too), page 1, same size. */
  const reset = useCallback(() => setValues({}), [setValues]);
  const setPage = useCallback(
    (page: number, limit: number = state.limit) => navigate(state.values, page, limit),
    [navigate, state.values, state.limit],
  );

  /** The table's pagination: the URL's page and size; a new size goes back to page 1. */
  const pagination = (total: number) => ({
    current: state.page,
    pageSize: state.limit,
    total,
    showSizeChanger: true,
    showTotal: (all: number) => `共 ${all} 条`,
    onChange: (nextPage: number, nextLimit: number) => {
      setPage(nextLimit === state.limit ? nextPage : 1, nextLimit);
    },
  });

  return {
    filters,
    page: state.page,
    limit: state.limit,
    /** The parsed filter values. */
    values: state.values,
    /** page, limit and the filters as the API takes them. */
    query,
    /** The search form's values of the URL. */
    formValues,
    /** Whether a filter of the form is set (the empty state then says 没有符合条件的…). */
    isFiltered,
    setValues,
    search: searchWith,
    reset,
    setPage,
    pagination,
  };
}

export type TListQuery<F extends TFilters> = ReturnType<typeof useListQuery<F>>;
