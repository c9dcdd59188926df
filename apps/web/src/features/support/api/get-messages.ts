import { API, type TCustomerServiceMessage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The conversation with customer service (联系客服). */
export function getMessages(): Promise<TCustomerServiceMessage[]> {
  return request<TCustomerServiceMessage[]>('GET', API.support.messages);
}

export const messagesQueryOptions = () => queryOptions({ queryKey: ['support', 'messages'], queryFn: getMessages });

export const useMessages = (enabled: boolean) => useQuery({ ...messagesQueryOptions(), enabled });
