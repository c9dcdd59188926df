import { API, type TChatUnread } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How many of the operators' messages the company has not read (the top bar's badge). */
export const getUnread = () => request<TChatUnread>('GET', API.chat.unread, undefined, { silent: true });

export const unreadQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'unread'], queryFn: getUnread, staleTime: Infinity });

export const useUnread = (enabled: boolean) => useQuery({ ...unreadQueryOptions(), enabled });
