import { selectFilter } from '../../../lib/list-filters.ts';
import type { TListQuery } from '../../../lib/use-list-query.ts';
import type { TFilters } from '../../../lib/list-filters.ts';

/** The tabs of 资金账户 below the balances, by their key in the URL (`?tab=`). */
export const MONEY_TABS = ['recent', 'topups', 'log'] as const;
export type TMoneyTab = (typeof MONEY_TABS)[number];

/**
 * The tab of 资金账户 (`?tab=`), declared among each tab's list filters so the list's URL keeps
 * it: not a field of the search form, and left out of the API query by the tab's list.
 */
export const tabFilter = () => ({
  ...selectFilter({ label: '标签页', options: MONEY_TABS.map((value) => ({ value, label: value })) }),
  inForm: false,
});

/** The list with a 重置 that clears the filters but stays on the tab. */
export function keepTab<F extends TFilters & { tab: ReturnType<typeof tabFilter> }>(
  list: TListQuery<F>,
): TListQuery<F> {
  return { ...list, reset: () => list.setValues({ tab: list.values.tab } as typeof list.values) };
}
