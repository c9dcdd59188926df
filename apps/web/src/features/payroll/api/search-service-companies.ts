import { API, type TServiceCompanyOption } from '@flexpay/contract/web';
import type { TOption, TRemoteOptions } from '../../../lib/list-filters.ts';
import { request } from '../../../lib/request.ts';

const getServiceCompanies = () => request<TServiceCompanyOption[]>('GET', API.serviceCompany.options);

const toOptions = (rows: TServiceCompanyOption[]): TOption<number>[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** 薪酬发放's 服务商 filter: the few service companies the company works with, matched here by what is typed. */
export const serviceCompanyRemoteOptions: TRemoteOptions = {
  queryKey: ['payroll', 'serviceCompanySearch'],
  search: async (keyword) => toOptions(await getServiceCompanies()).filter((option) => option.label.includes(keyword)),
  resolve: async (value) => toOptions(await getServiceCompanies()).find((option) => option.value === value),
};
