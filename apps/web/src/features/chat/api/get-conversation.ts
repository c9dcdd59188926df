import { API, type TChatConversation } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The company's conversation with customer service (created on first use). */
export const getConversation = () => request<TChatConversation>('GET', API.chat.conversation);

export const conversationQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'conversation'], queryFn: getConversation, staleTime: Infinity });

export const useConversation = (enabled: boolean) => useQuery({ ...conversationQueryOptions(), enabled });
