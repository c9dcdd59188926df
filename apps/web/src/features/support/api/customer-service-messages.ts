import type { TCustomerServiceMessage, TCustomerServiceMessageBody } from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export const getMessages = () => request<TCustomerServiceMessage[]>('GET', '/api/admin/customerService/message');

export const messagesQueryOptions = () => queryOptions({ queryKey: ['support', 'messages'], queryFn: getMessages });

export const useMessages = (enabled: boolean) => useQuery({ ...messagesQueryOptions(), enabled });

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCustomerServiceMessageBody) =>
      request<TCustomerServiceMessage>('POST', '/api/admin/customerService/message', body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryOptions().queryKey }),
  });
}
