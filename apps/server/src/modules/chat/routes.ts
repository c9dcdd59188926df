import {
  API,
  ZChatConversation,
  ZChatImageParams,
  ZChatMessage,
  ZChatMessagePage,
  ZChatMessagesQuery,
  ZChatReadBody,
  ZChatTextBody,
  ZChatUnread,
} from '@flexpay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, tokenFromHeader } from '../../core/auth.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from '../file/incoming.ts';
import { CHAT_IMAGE_MAX_BYTES } from '@flexpay/contract';
import type { ChatHub } from './hub.ts';
import {
  getMyConversation,
  listMyMessages,
  markMyRead,
  myImage,
  myUnread,
  sendMyImage,
  sendMyText,
} from './service.ts';

const TAG = 'chat';

/** `Last-Event-ID` (or `?lastEventId=`): the last message id the client has. */
export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const raw =
    typeof header === 'string' ? header : (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Sends a stored image with the headers of a private download. */
export function sendImage(
  reply: FastifyReply,
  image: { file: { contentType: string; size: number }; body: NodeJS.ReadableStream },
) {
  return reply
    .type(image.file.contentType)
    .header('content-length', image.file.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .send(image.body);
}

/** 在线客服, the company's side: its conversation, messages, images, read state and stream. */
export function chatRoutes(hub: ChatHub): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, {
      method: 'GET',
      url: API.chat.conversation,
      access: 'chat:view',
      schema: { tags: [TAG], summary: '我的客服会话（首次使用时创建）', data: ZChatConversation },
      handler: (auth) => getMyConversation(app.ctx, auth),
    });

    route(app, {
      method: 'GET',
      url: API.chat.messages,
      access: 'chat:view',
      schema: {
        tags: [TAG],
        summary: '会话消息（向前翻页：before 为最早一条的 id）',
        querystring: ZChatMessagesQuery,
        data: ZChatMessagePage,
      },
      handler: async (auth, { query }) => {
        const { page, delivered } = await listMyMessages(app.ctx, auth, query);
        if (delivered) await hub.publish({ companyId: auth.companyId, kind: 'conversation' });
        return page;
      },
    });

    route(app, {
      method: 'POST',
      url: API.chat.text,
      access: 'chat:send',
      audit: 'chat.message',
      schema: { tags: [TAG], summary: '发送文字消息', body: ZChatTextBody, data: ZChatMessage },
      targetOfResult: (m) => `chatMessage:${m.id}`,
      handler: async (auth, { body }) => {
        const message = await sendMyText(app.ctx, auth, body.text);
        await hub.publish({ companyId: auth.companyId, kind: 'message' });
        return message;
      },
    });

    route(app, {
      method: 'POST',
      url: API.chat.image,
      access: 'chat:send',
      audit: 'chat.image',
      schema: {
        tags: [TAG],
        summary: '发送图片（multipart 字段 file，仅 PNG、JPG，最大 5 MB）',
        consumes: ['multipart/form-data'],
        data: ZChatMessage,
      },
      targetOfResult: (m) => `chatMessage:${m.id}`,
      handler: async (auth, { request }) => {
        const message = await sendMyImage(app.ctx, auth, await incomingFileOf(request, CHAT_IMAGE_MAX_BYTES));
        await hub.publish({ companyId: auth.companyId, kind: 'message' });
        return message;
      },
    });

    route(app, {
      method: 'POST',
      url: API.chat.read,
      access: 'chat:view',
      audit: false,
      schema: { tags: [TAG], summary: '标记已读（至某条消息）', body: ZChatReadBody, data: ZChatConversation },
      handler: async (auth, { body }) => {
        const { conversation, moved } = await markMyRead(app.ctx, auth, body.upTo);
        if (moved) await hub.publish({ companyId: auth.companyId, kind: 'conversation' });
        return conversation;
      },
    });

    route(app, {
      method: 'GET',
      url: API.chat.unread,
      access: 'chat:view',
      schema: { tags: [TAG], summary: '未读消息数（顶栏角标）', data: ZChatUnread },
      handler: (auth) => myUnread(app.ctx, auth),
    });

    app.get(
      API.chat.imageOne,
      { config: { access: 'chat:view' }, schema: { tags: [TAG], summary: '会话中的图片', params: ZChatImageParams } },
      async (request, reply) => sendImage(reply, await myImage(app.ctx, requireAuth(request), request.params.id)),
    );

    app.get(
      API.chat.stream,
      {
        config: { access: 'chat:view' },
        schema: {
          tags: [TAG],
          summary: '实时消息流（text/event-stream；重连时带 Last-Event-ID）',
          description:
            '事件：message（id 为消息 id）、conversation（会话的状态、已读与送达位置、未读数）。每 15 秒一行注释保持连接。',
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const token = tokenFromHeader(request.headers.authorization);
        const stillAllowed = async () => {
          const now = await app.ctx.registry.authenticators.session?.authenticate(app.ctx, token);
          return now?.sessionId === auth.sessionId && now.elements.has('chat:view');
        };
        reply.hijack();
        await hub.open(
          { realm: 'company', companyId: auth.companyId, stillAllowed },
          reply.raw,
          lastEventIdOf(request),
        );
      },
    );
  };
}
