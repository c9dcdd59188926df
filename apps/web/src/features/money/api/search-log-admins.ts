import { API, type TCompanyLogAdmin } from '@flexpay/contract/web';
import type { TOption, TRemoteOptions } from '../../../lib/list-filters.ts';
import { request } from '../../../lib/request.ts';

export function getLogAdmins(signal?: AbortSignal): Promise<TCompanyLogAdmin[]> {
  return request<TCompanyLogAdmin[]>('GET', API.money.logAdmins, undefined, signal ? { signal } : {});
}

const toOption = (admin: TCompanyLogAdmin): TOption<number> => ({ value: admin.id, label: admin.name });

/**
 * 操作日志's 管理员 filter: the server answers the whole (short) list of the company's admins, so
 * the typed text is matched here.
 */
export const logAdminRemoteOptions: TRemoteOptions = {
  queryKey: ['money', 'logAdmins'],
  search: async (keyword, signal) =>
    (await getLogAdmins(signal)).filter((admin) => admin.name.includes(keyword)).map(toOption),
  resolve: async (value, signal) => {
    const admin = (await getLogAdmins(signal)).find((a) => a.id === value);
    return admin ? toOption(admin) : undefined;
  },
};
