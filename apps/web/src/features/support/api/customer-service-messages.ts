import { API, type TCustomerServiceMessage, type TCustomerServiceMessageBody } from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export const getMessages = () => request<TCustomerServiceMessage[]>('GET', API.support.messages);

export const messagesQueryOptions = () => queryOptions({ queryKey: ['support', 'messages'], queryFn: getMessages });

export const useMessages = (enabled: boolean) => useQuery({ ...messagesQueryOptions(), enabled });

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCustomerServiceMessageBody) =>
      request<TCustomerServiceMessage>('POST', API.support.messages, body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryOptions().queryKey }),
  });
}
