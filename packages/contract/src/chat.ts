import { z } from 'zod';
import { ZId, ZPageQuery } from './envelope.ts';
import {
  CHAT_FILTERS,
  CHAT_KINDS,
  CHAT_PAGE_DEFAULT,
  CHAT_PAGE_MAX,
  CHAT_QUICK_REPLY_MAX,
  CHAT_SIDES,
  CHAT_STATUSES,
  CHAT_TEXT_MAX,
} from './chat-rules.ts';

/** One message of a conversation. `imageUrl` is the realm's download path of an image. */
export const ZChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  companyId: z.number().int(),
  side: z.enum(CHAT_SIDES),
  senderName: z.string(),
  kind: z.enum(CHAT_KINDS),
  text: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/**
 * A conversation as one side sees it: the read and delivered positions of both sides (message
 * ids: every message up to it is read / delivered), and the unread count of the viewer's side.
 */
export const ZChatConversation = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: z.enum(CHAT_STATUSES),
  assignedOperatorId: z.number().int().nullable(),
  assignedOperatorName: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastMessageText: z.string(),
  companyReadId: z.number().int(),
  operatorReadId: z.number().int(),
  companyDeliveredId: z.number().int(),
  operatorDeliveredId: z.number().int(),
  unread: z.number().int(),
});
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatMessagesQuery = z.object({
  /** Messages before this id (older); without it, the newest. */
  before: ZId.optional(),
  limit: z.coerce
    .number({ error: '条数必须是数字' })
    .int('条数必须是整数')
    .min(1, '条数最小为 1')
    .max(CHAT_PAGE_MAX, `条数最多为 ${CHAT_PAGE_MAX}`)
    .default(CHAT_PAGE_DEFAULT),
});
export type TChatMessagesQuery = z.input<typeof ZChatMessagesQuery>;

/** A page of messages, newest last; `hasMore` when older ones remain. */
export const ZChatMessagePage = z.object({ rows: z.array(ZChatMessage), hasMore: z.boolean() });
export type TChatMessagePage = z.infer<typeof ZChatMessagePage>;

export const ZChatTextBody = z.object({
  text: z
    .string({ error: '请输入消息内容' })
    .trim()
    .min(1, '请输入消息内容')
    .max(CHAT_TEXT_MAX, `消息最多 ${CHAT_TEXT_MAX} 个字`),
});
export type TChatTextBody = z.infer<typeof ZChatTextBody>;

export const ZChatReadBody = z.object({ upTo: ZId });
export type TChatReadBody = z.infer<typeof ZChatReadBody>;

export const ZChatUnread = z.object({ unread: z.number().int() });
export type TChatUnread = z.infer<typeof ZChatUnread>;

export const ZOpsChatQuery = ZPageQuery.extend({
  filter: z.enum(CHAT_FILTERS, { error: '筛选条件不存在' }).default('all'),
});
export type TOpsChatQuery = z.input<typeof ZOpsChatQuery>;

export const ZChatQuickReply = z.object({ id: z.number().int(), text: z.string(), createdAt: z.string() });
export type TChatQuickReply = z.infer<typeof ZChatQuickReply>;

export const ZChatQuickReplyBody = z.object({
  text: z
    .string({ error: '请输入快捷回复内容' })
    .trim()
    .min(1, '请输入快捷回复内容')
    .max(CHAT_QUICK_REPLY_MAX, `快捷回复最多 ${CHAT_QUICK_REPLY_MAX} 个字`),
});
export type TChatQuickReplyBody = z.infer<typeof ZChatQuickReplyBody>;

/** The path parameters of an image: the message id. */
export const ZChatImageParams = z.object({ id: ZId });
