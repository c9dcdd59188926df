import {
  API,
  CHAT_IMAGE_MAX_BYTES,
  ZChatConversation,
  ZChatImageParams,
  ZChatMessage,
  ZChatMessagePage,
  ZChatMessagesQuery,
  ZChatQuickReply,
  ZChatQuickReplyBody,
  ZChatReadBody,
  ZChatTextBody,
  ZChatUnread,
  ZIdParams,
  ZOpsChatQuery,
  ZPage,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperator, tokenFromHeader } from '../../core/auth.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from '../file/incoming.ts';
import type { ChatHub } from './hub.ts';
import { lastEventIdOf, sendImage as sendImageReply } from './routes.ts';
import {
  addQuickReply,
  assignToMe,
  deleteQuickReply,
  getConversation,
  listMessages,
  listQuickReplies,
  markRead,
  operatorImage,
  operatorUnread,
  pageConversations,
  sendImage,
  sendText,
  setStatus,
} from './service.ts';

const TAG = 'ops';
const target = ({ params }: { params: { id: number } }) => `chatConversation:${params.id}`;

/** 在线客服 at /ops: every company's conversation. */
export function opsChatRoutes(hub: ChatHub): FastifyPluginAsyncZod {
  const changed = async (companyId: number, kind: 'message' | 'conversation' = 'conversation') =>
    hub.publish({ companyId, kind });
  return async (app) => {
    route(app, {
      method: 'GET',
      url: API.ops.chatPage,
      access: 'operator',
      schema: {
        tags: [TAG],
        summary: '客服会话列表（未读优先，最新在前）',
        querystring: ZOpsChatQuery,
        data: ZPage(ZChatConversation),
      },
      handler: (op, { query }) => pageConversations(app.ctx, op, query),
    });

    route(app, {
      method: 'GET',
      url: API.ops.chatUnread,
      access: 'operator',
      schema: { tags: [TAG], summary: '全部会话的未读消息数（菜单与标题的角标）', data: ZChatUnread },
      handler: () => operatorUnread(app.ctx),
    });

    route(app, {
      method: 'GET',
      url: API.ops.chatOne,
      access: 'operator',
      schema: { tags: [TAG], summary: '客服会话', params: ZIdParams, data: ZChatConversation },
      handler: (_op, { params }) => getConversation(app.ctx, params.id),
    });

    route(app, {
      method: 'GET',
      url: API.ops.chatMessages,
      access: 'operator',
      schema: {
        tags: [TAG],
        summary: '会话消息（向前翻页）',
        params: ZIdParams,
        querystring: ZChatMessagesQuery,
        data: ZChatMessagePage,
      },
      handler: async (_op, { params, query }) => {
        const { page, delivered, companyId } = await listMessages(app.ctx, params.id, query);
        if (delivered) await changed(companyId);
        return page;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatText,
      access: 'operator',
      audit: 'ops.chat.message',
      schema: { tags: [TAG], summary: '回复文字消息', params: ZIdParams, body: ZChatTextBody, data: ZChatMessage },
      target,
      handler: async (op, { params, body }) => {
        const message = await sendText(app.ctx, op, params.id, body.text);
        await changed(message.companyId, 'message');
        return message;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatImage,
      access: 'operator',
      audit: 'ops.chat.image',
      schema: {
        tags: [TAG],
        summary: '回复图片（multipart 字段 file，仅 PNG、JPG，最大 5 MB）',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        data: ZChatMessage,
      },
      target,
      handler: async (op, { params, request }) => {
        const message = await sendImage(app.ctx, op, params.id, await incomingFileOf(request, CHAT_IMAGE_MAX_BYTES));
        await changed(message.companyId, 'message');
        return message;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatRead,
      access: 'operator',
      audit: false,
      schema: { tags: [TAG], summary: '标记已读', params: ZIdParams, body: ZChatReadBody, data: ZChatConversation },
      handler: async (_op, { params, body }) => {
        const { conversation, moved } = await markRead(app.ctx, params.id, body.upTo);
        if (moved) await changed(conversation.companyId);
        return conversation;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatAssign,
      access: 'operator',
      audit: 'ops.chat.assign',
      schema: { tags: [TAG], summary: '接入（分配给我）', params: ZIdParams, data: ZChatConversation },
      message: '已接入会话',
      target,
      handler: async (op, { params }) => {
        const c = await assignToMe(app.ctx, op, params.id);
        await changed(c.companyId);
        return c;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatClose,
      access: 'operator',
      audit: 'ops.chat.close',
      schema: { tags: [TAG], summary: '关闭会话', params: ZIdParams, data: ZChatConversation },
      message: '会话已关闭',
      target,
      handler: async (_op, { params }) => {
        const c = await setStatus(app.ctx, params.id, 'closed');
        await changed(c.companyId);
        return c;
      },
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatReopen,
      access: 'operator',
      audit: 'ops.chat.reopen',
      schema: { tags: [TAG], summary: '重新打开会话', params: ZIdParams, data: ZChatConversation },
      message: '会话已重新打开',
      target,
      handler: async (_op, { params }) => {
        const c = await setStatus(app.ctx, params.id, 'open');
        await changed(c.companyId);
        return c;
      },
    });

    route(app, {
      method: 'GET',
      url: API.ops.chatQuickReplies,
      access: 'operator',
      schema: { tags: [TAG], summary: '快捷回复', data: z.array(ZChatQuickReply) },
      handler: () => listQuickReplies(app.ctx),
    });

    route(app, {
      method: 'POST',
      url: API.ops.chatQuickReplies,
      access: 'operator',
      audit: 'ops.chat.quickReply.add',
      schema: { tags: [TAG], summary: '新增快捷回复', body: ZChatQuickReplyBody, data: ZChatQuickReply },
      message: '快捷回复已添加',
      targetOfResult: (r) => `chatQuickReply:${r.id}`,
      handler: (op, { body }) => addQuickReply(app.ctx, op, body.text),
    });

    route(app, {
      method: 'DELETE',
      url: API.ops.chatQuickReply,
      access: 'operator',
      audit: 'ops.chat.quickReply.delete',
      schema: { tags: [TAG], summary: '删除快捷回复', params: ZIdParams, data: z.null() },
      message: '快捷回复已删除',
      target: ({ params }) => `chatQuickReply:${params.id}`,
      handler: (_op, { params }) => deleteQuickReply(app.ctx, params.id),
    });

    app.get(
      API.ops.chatImageOne,
      { config: { access: 'operator' }, schema: { tags: [TAG], summary: '会话中的图片', params: ZChatImageParams } },
      async (request, reply) => {
        requireOperator(request);
        return sendImageReply(reply, await operatorImage(app.ctx, request.params.id));
      },
    );

    app.get(
      API.ops.chatStream,
      {
        config: { access: 'operator' },
        schema: { tags: [TAG], summary: '实时消息流（各企业会话；重连时带 Last-Event-ID）' },
      },
      async (request, reply) => {
        const op = requireOperator(request);
        const token = tokenFromHeader(request.headers.authorization);
        const stillAllowed = async () => {
          const now = await app.ctx.registry.authenticators.operator?.(app.ctx, token);
          return now?.sessionId === op.sessionId;
        };
        reply.hijack();
        await hub.open({ realm: 'operator', companyId: undefined, stillAllowed }, reply.raw, lastEventIdOf(request));
      },
    );
  };
}
