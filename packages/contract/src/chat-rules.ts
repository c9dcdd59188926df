/** 在线客服 (issue 29): the zod-free constants of the chat between a company's admins and operators. */

/** The longest text message, in characters. */
export const CHAT_TEXT_MAX = 2000;
/** The longest quick reply, in characters. */
export const CHAT_QUICK_REPLY_MAX = 500;
/** Messages per page when paging backwards. */
export const CHAT_PAGE_DEFAULT = 30;
export const CHAT_PAGE_MAX = 100;
/**
 * How many messages the company side may send within a window, per admin and per company: a
 * person chats far below it; a script flooding every operator's stream does not (an outside
 * probe sent 120 messages of 1,900 characters in 7 s). Beyond it the send answers 42900.
 */
export const CHAT_RATE_LIMITS = { windowSeconds: 60, perAdmin: 20, perCompany: 60 } as const;
/** The largest image, in bytes. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const CHAT_SIDES = ['company', 'operator'] as const;
export type TChatSide = (typeof CHAT_SIDES)[number];
export const CHAT_KINDS = ['text', 'image'] as const;
export type TChatKind = (typeof CHAT_KINDS)[number];
export const CHAT_STATUSES = ['open', 'closed'] as const;
export type TChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_STATUS_LABELS: Record<TChatStatus, string> = { open: '进行中', closed: '已关闭' };

/** The operator list's filters: 全部, 未分配, 我的, 已关闭. */
export const CHAT_FILTERS = ['all', 'unassigned', 'mine', 'closed'] as const;
export type TChatFilter = (typeof CHAT_FILTERS)[number];
export const CHAT_FILTER_LABELS: Record<TChatFilter, string> = {
  all: '全部',
  unassigned: '未分配',
  mine: '我的',
  closed: '已关闭',
};

/** Events of the stream (`event:` field). A `message` event's `id:` is the message id. */
export const CHAT_EVENTS = ['message', 'conversation'] as const;
export type TChatEvent = (typeof CHAT_EVENTS)[number];
