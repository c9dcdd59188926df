import type { TServiceCompanyOption } from '@flexpay/contract/web';
import type { TOption, TRemoteOptions } from '../lib/list-filters.ts';
import { getServiceCompanyOptions, serviceCompanyOptionsQueryOptions } from './get-service-company-options.ts';

const toOptions = (rows: TServiceCompanyOption[]): TOption<number>[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/**
 * The 服务商 filter of any list (资金明细, 薪酬发放): the few service companies the company works
 * with, matched here by what is typed. Its key lies under the options' key, so invalidating
 * those refreshes the filter too.
 */
export const serviceCompanyRemoteOptions: TRemoteOptions = {
  queryKey: [...serviceCompanyOptionsQueryOptions().queryKey, 'remote'],
  search: async (keyword) =>
    toOptions(await getServiceCompanyOptions()).filter((option) => option.label.includes(keyword)),
  resolve: async (value) => toOptions(await getServiceCompanyOptions()).find((option) => option.value === value),
};
