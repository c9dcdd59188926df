import { API, type TCustomerServiceMessage, type TCustomerServiceMessageBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { messagesQueryOptions } from './get-messages.ts';

export function sendMessage(body: TCustomerServiceMessageBody): Promise<TCustomerServiceMessage> {
  return request<TCustomerServiceMessage>('POST', API.support.messages, body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey }),
  });
}
