import {
  API,
  apiPath,
  type TChatConversation,
  type TChatFilter,
  type TChatMessage,
  type TChatMessagePage,
  type TChatQuickReply,
  type TChatUnread,
  type TPage,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../../lib/event-stream.ts';
import { opsHttp, opsRequest } from '../lib/ops-request.ts';
import { getOpsToken } from '../lib/ops-token.ts';

const KEY = ['ops', 'chat'] as const;
export const OPS_CHAT_KEY = KEY;

export interface TOpsChatQuery {
  page: number;
  limit: number;
  filter: TChatFilter;
}

/** Every company's messages no operator has read: the count beside 在线客服 and in the page title. */
export const opsChatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: [...KEY, 'unread'],
    queryFn: ({ signal }) => opsRequest<TChatUnread>('GET', API.ops.chatUnread, undefined, { signal, silent: true }),
  });

/** Asks the unread count again, once for a burst of stream events. */
export function unreadRefresher(queryClient: QueryClient): { refresh: () => void; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    refresh: () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: opsChatUnreadQueryOptions().queryKey }),
        200,
      );
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Keeps the unread count live on the operator screens other than 在线客服 (which reads the same
 * stream for its own list): any message or conversation change asks for the count again.
 */
export function followOpsChatUnread(queryClient: QueryClient): () => void {
  const refresher = unreadRefresher(queryClient);
  const stop = openEventStream({
    url: opsChatStreamUrl(),
    token: getOpsToken,
    lastEventId: () => undefined,
    onEvent: () => refresher.refresh(),
  });
  return () => {
    refresher.stop();
    stop();
  };
}

export const useOpsConversations = (query: TOpsChatQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => opsRequest<TPage<TChatConversation>>('GET', API.ops.chatPage, query, { signal }),
    placeholderData: (previous) => previous,
  });

export const useOpsConversation = (id: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => opsRequest<TChatConversation>('GET', apiPath(API.ops.chatOne, { id: id ?? 0 })),
    enabled: id !== undefined,
  });

export const getOpsMessages = (id: number, before: number | undefined) =>
  opsRequest<TChatMessagePage>('GET', apiPath(API.ops.chatMessages, { id }), before ? { before } : {});

export const sendOpsText = (id: number, text: string) =>
  opsRequest<TChatMessage>('POST', apiPath(API.ops.chatText, { id }), { text });

export function sendOpsImage(id: number, file: File) {
  const data = new FormData();
  data.append('file', file);
  return opsRequest<TChatMessage>('POST', apiPath(API.ops.chatImage, { id }), data);
}

export const markOpsRead = (id: number, upTo: number) =>
  opsRequest<TChatConversation>('POST', apiPath(API.ops.chatRead, { id }), { upTo }, { silent: true });

export type TOpsChatAction = 'assign' | 'close' | 'reopen';
const ACTION_PATHS = { assign: API.ops.chatAssign, close: API.ops.chatClose, reopen: API.ops.chatReopen } as const;

export function useOpsChatAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TOpsChatAction }) =>
      opsRequest<TChatConversation>('POST', apiPath(ACTION_PATHS[action], { id })),
    onSuccess: (c) => {
      queryClient.setQueryData([...KEY, 'one', c.id], c);
      return queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export async function getOpsChatImage(messageId: number): Promise<Blob> {
  const res = await opsHttp.get<Blob>(apiPath(API.ops.chatImageOne, { id: messageId }), { responseType: 'blob' });
  return res.data;
}

export const opsChatStreamUrl = () => `${opsHttp.defaults.baseURL ?? ''}${API.ops.chatStream}`;

const QUICK = [...KEY, 'quickReplies'] as const;

export const useQuickReplies = () =>
  useQuery({ queryKey: QUICK, queryFn: () => opsRequest<TChatQuickReply[]>('GET', API.ops.chatQuickReplies) });

export function useAddQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => opsRequest<TChatQuickReply>('POST', API.ops.chatQuickReplies, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUICK }),
  });
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => opsRequest<null>('DELETE', apiPath(API.ops.chatQuickReply, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUICK }),
  });
}
