import { API, type TDepartmentOption } from '@flexpay/contract/web';
import type { TOption, TRemoteOptions } from '../../../lib/list-filters.ts';
import { request } from '../../../lib/request.ts';
import { getJobTypeOptions } from './get-job-type-options.ts';

const getDepartments = () => request<TDepartmentOption[]>('GET', API.worker.departmentOptions);

const remoteOf = (key: string, load: () => Promise<{ id: number; name: string }[]>): TRemoteOptions => {
  const options = async (): Promise<TOption<number>[]> => (await load()).map((r) => ({ value: r.id, label: r.name }));
  return {
    queryKey: ['tasks', key],
    search: async (keyword) => (await options()).filter((o) => o.label.includes(keyword)),
    resolve: async (value) => (await options()).find((o) => o.value === value),
  };
};

/** The 工种 and 部门 filters of 选择人员's worker list. */
export const jobTypePickOptions = remoteOf('jobTypePick', getJobTypeOptions);
export const departmentPickOptions = remoteOf('departmentPick', getDepartments);
