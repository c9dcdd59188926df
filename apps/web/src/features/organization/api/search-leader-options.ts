import { API, type TLeaderOption } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/** Admins and in-service workers whose name matches, to pick a department's leader from. */
export function searchLeaderOptions(keyword: string, signal?: AbortSignal): Promise<TLeaderOption[]> {
  return request<TLeaderOption[]>('GET', API.organization.leaderOptions, keyword ? { keyword } : {}, { signal });
}
