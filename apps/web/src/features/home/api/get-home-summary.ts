import { API, type THomeSummary } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 首页's figures: each null where the admin's roles do not grant it. */
export function getHomeSummary(): Promise<THomeSummary> {
  return request<THomeSummary>('GET', API.home.summary);
}

/** Fetched again whenever the home page is shown: the figures are live. */
export const homeSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['home', 'summary'], queryFn: getHomeSummary, staleTime: 0 });

export const useHomeSummary = () => useQuery(homeSummaryQueryOptions());
