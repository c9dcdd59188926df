import type { TOption, TRemoteOptions } from '../../../lib/list-filters.ts';
import { getServiceCompanyOptions } from './get-service-company-options.ts';

const toOptions = (rows: { id: number; name: string }[]): TOption<number>[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** 资金明细's 服务商 filter: the few signed service companies, matched here by what is typed. */
export const serviceCompanyRemoteOptions: TRemoteOptions = {
  queryKey: ['money', 'serviceCompanySearch'],
  search: async (keyword) =>
    toOptions(await getServiceCompanyOptions()).filter((option) => option.label.includes(keyword)),
  resolve: async (value) => toOptions(await getServiceCompanyOptions()).find((option) => option.value === value),
};
