/**
 * 在线客服 (issue 29): a company's one conversation with the platform's operators. The company's
 * admins read and write it from the top bar; operators at /ops read and answer every company's.
 * A change is told to the stream hub (hub.ts) by the routes once its transaction has committed.
 */
import {
  API,
  apiPath,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_RATE_LIMITS,
  Code,
  type TChatConversation,
  type TChatFilter,
  type TChatMessage,
  type TChatMessagePage,
  type TChatQuickReply,
  type TPage,
} from '@flexpay/contract';
import type { AuthContext, OperatorContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { FileKind } from '../../lib/file-type.ts';
import {
  findStoredFile,
  isInStore,
  readStoredFile,
  removeStoredFile,
  storeIncomingFile,
  type IncomingFile,
} from '../file/service.ts';
import * as repo from './repo.ts';

export type { Side } from './repo.ts';

const NOT_FOUND = '会话不存在';
const IMAGE_NOT_FOUND = '图片不存在';
const CLOSED = '会话已关闭，请先重新打开再回复';
const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg'];

/** What a route tells the hub after its change committed. */
export interface ChatChange {
  companyId: number;
  kind: 'message' | 'conversation';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toMessage(m: repo.MessageRow, realm: repo.Side): TChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    companyId: m.companyId,
    side: m.side,
    senderName: m.senderName,
    kind: m.kind,
    text: m.text,
    imageUrl:
      m.kind === 'image' ? apiPath(realm === 'company' ? API.chat.imageOne : API.ops.chatImageOne, { id: m.id }) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toConversation(c: repo.ConversationRow, realm: repo.Side): TChatConversation {
  return {
    id: c.id,
    companyId: c.companyId,
    companyName: c.companyName,
    status: c.status === 'closed' ? 'closed' : 'open',
    assignedOperatorId: c.assignedOperatorId,
    assignedOperatorName: c.assignedOperatorName,
    lastMessageAt: iso(c.lastMessageAt),
    lastMessageText: c.lastMessageKind === 'image' ? '[图片]' : (c.lastMessageText ?? ''),
    companyReadId: c.companyReadId,
    operatorReadId: c.operatorReadId,
    companyDeliveredId: c.companyDeliveredId,
    operatorDeliveredId: c.operatorDeliveredId,
    unread: realm === 'company' ? c.companyUnread : c.operatorUnread,
  };
}

// ── Shared ──────────────────────────────────────────────────────────────────────────────────

/** Inserts a message (in id order, see repo.lockMessageOrder) and moves the conversation. */
async function addMessage(
  ctx: ServiceContext,
  conversation: { companyId: number; id: number },
  side: repo.Side,
  senderId: number,
  content: { kind: 'text'; text: string } | { kind: 'image'; fileId: string },
  beforeInsert?: (tx: Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0]) => Promise<void>,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await beforeInsert?.(tx);
    await repo.lockMessageOrder(tx);
    if (side === 'company') await assertCompanyMaySend(tx, conversation, senderId);
    const id = await repo.insertMessage(tx, {
      companyId: conversation.companyId,
      conversationId: conversation.id,
      side,
      senderId,
      kind: content.kind,
      text: content.kind === 'text' ? content.text : '',
      fileId: content.kind === 'image' ? content.fileId : null,
    });
    await repo.touchConversation(tx, conversation.companyId, conversation.id, id, side);
    return id;
  });
}

/** The company side's limits (CHAT_RATE_LIMITS): 42900 with the wait, the admin's first. */
async function assertCompanyMaySend(
  tx: DbOrTx,
  conversation: { companyId: number; id: number },
  adminId: number,
): Promise<void> {
  const { windowSeconds: window, perAdmin, perCompany } = CHAT_RATE_LIMITS;
  const at = { companyId: conversation.companyId, conversationId: conversation.id, window };
  const mine = await repo.companySendWait(tx, { ...at, limit: perAdmin, senderId: adminId });
  if (mine > 0) throw new AppError(Code.TOO_MANY_REQUESTS, `消息发送过于频繁，请 ${mine} 秒后再试`);
  const company = await repo.companySendWait(tx, { ...at, limit: perCompany });
  if (company > 0) throw new AppError(Code.TOO_MANY_REQUESTS, `本企业消息发送过于频繁，请 ${company} 秒后再试`);
}

async function messageOut(ctx: ServiceContext, id: number, realm: repo.Side): Promise<TChatMessage> {
  const m = await repo.findMessage(ctx.db, id);
  if (!m) throw new Error('chat message vanished');
  return toMessage(m, realm);
}

/** Stores a chat image (PNG or JPG, the upload's checks and messages). */
function storeImage(ctx: ServiceContext, companyId: number, adminId: number | null, incoming: IncomingFile) {
  return storeIncomingFile(ctx, { companyId, adminId }, incoming, {
    purpose: 'chat',
    allowed: IMAGE_KINDS,
    maxBytes: CHAT_IMAGE_MAX_BYTES,
  });
}

async function withImage<T>(ctx: ServiceContext, file: Awaited<ReturnType<typeof storeImage>>, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    await removeStoredFile(ctx, file).catch(() => undefined);
    throw err;
  }
}

async function openImage(ctx: ServiceContext, message: repo.MessageRow | undefined) {
  if (!message || message.kind !== 'image' || !message.fileId) throw notFound(IMAGE_NOT_FOUND);
  const file = await findStoredFile(ctx, message.companyId, message.fileId);
  if (!file || !(await isInStore(ctx, file))) throw notFound(IMAGE_NOT_FOUND);
  return { file, body: readStoredFile(ctx, file) };
}

// ── The company's side ──────────────────────────────────────────────────────────────────────

export async function getMyConversation(ctx: ServiceContext, auth: AuthContext): Promise<TChatConversation> {
  return toConversation(await repo.ensureConversation(ctx.db, auth.companyId), 'company');
}

/** A page of the company's messages; fetching them marks the operators' ones delivered. */
export async function listMyMessages(
  ctx: ServiceContext,
  auth: AuthContext,
  query: { before?: number | undefined; limit: number },
): Promise<{ page: TChatMessagePage; delivered: boolean }> {
  const c = await repo.ensureConversation(ctx.db, auth.companyId);
  const page = await repo.pageMessages(ctx.db, c.companyId, c.id, query.before, query.limit);
  const delivered = await markDelivered(ctx, c.companyId, c.id, 'company', page.rows);
  return { page: { rows: page.rows.map((m) => toMessage(m, 'company')), hasMore: page.hasMore }, delivered };
}

export async function sendMyText(ctx: ServiceContext, auth: AuthContext, text: string): Promise<TChatMessage> {
  const c = await repo.ensureConversation(ctx.db, auth.companyId);
  const id = await addMessage(ctx, c, 'company', auth.adminId, { kind: 'text', text });
  return messageOut(ctx, id, 'company');
}

export async function sendMyImage(
  ctx: ServiceContext,
  auth: AuthContext,
  incoming: IncomingFile,
): Promise<TChatMessage> {
  const c = await repo.ensureConversation(ctx.db, auth.companyId);
  const file = await storeImage(ctx, auth.companyId, auth.adminId, incoming);
  const id = await withImage(ctx, file, () =>
    addMessage(ctx, c, 'company', auth.adminId, { kind: 'image', fileId: file.id }),
  );
  return messageOut(ctx, id, 'company');
}

/** Marks the operators' messages read up to an id; answers the conversation and whether it moved. */
export async function markMyRead(ctx: ServiceContext, auth: AuthContext, upTo: number) {
  const c = await repo.ensureConversation(ctx.db, auth.companyId);
  const moved = await repo.advancePosition(ctx.db, c.companyId, c.id, 'company_read_id', upTo);
  if (moved) await repo.advancePosition(ctx.db, c.companyId, c.id, 'company_delivered_id', upTo);
  return { conversation: await getMyConversation(ctx, auth), moved };
}

export async function myUnread(ctx: ServiceContext, auth: AuthContext): Promise<{ unread: number }> {
  const c = await repo.findConversationOfCompany(ctx.db, auth.companyId);
  return { unread: c?.companyUnread ?? 0 };
}

export async function myImage(ctx: ServiceContext, auth: AuthContext, messageId: number) {
  return openImage(ctx, await repo.findMessage(ctx.db, messageId, auth.companyId));
}

// ── The operators' side ─────────────────────────────────────────────────────────────────────

async function conversationOrNotFound(ctx: ServiceContext, id: number) {
  const c = await repo.findConversation(ctx.db, id);
  if (!c) throw notFound(NOT_FOUND);
  return c;
}

export async function pageConversations(
  ctx: ServiceContext,
  op: OperatorContext,
  query: { page: number; limit: number; filter: TChatFilter },
): Promise<TPage<TChatConversation>> {
  const { total, rows } = await repo.pageConversations(ctx.db, query.filter, op.operatorId, query.page, query.limit);
  return { total, rows: rows.map((c) => toConversation(c, 'operator')) };
}

/** Every company's messages the operators have not read: 在线客服's count on each /ops screen. */
export async function operatorUnread(ctx: ServiceContext): Promise<{ unread: number }> {
  return { unread: await repo.operatorUnreadTotal(ctx.db) };
}

export async function getConversation(ctx: ServiceContext, id: number): Promise<TChatConversation> {
  return toConversation(await conversationOrNotFound(ctx, id), 'operator');
}

export async function listMessages(
  ctx: ServiceContext,
  id: number,
  query: { before?: number | undefined; limit: number },
): Promise<{ page: TChatMessagePage; delivered: boolean; companyId: number }> {
  const c = await conversationOrNotFound(ctx, id);
  const page = await repo.pageMessages(ctx.db, c.companyId, c.id, query.before, query.limit);
  const delivered = await markDelivered(ctx, c.companyId, c.id, 'operator', page.rows);
  return {
    page: { rows: page.rows.map((m) => toMessage(m, 'operator')), hasMore: page.hasMore },
    delivered,
    companyId: c.companyId,
  };
}

/** An operator's answer: refused on a closed conversation; an unassigned one becomes the operator's. */
async function operatorSend(
  ctx: ServiceContext,
  op: OperatorContext,
  id: number,
  content: { kind: 'text'; text: string } | { kind: 'image'; fileId: string },
) {
  const c = await conversationOrNotFound(ctx, id);
  return addMessage(ctx, c, 'operator', op.operatorId, content, async (tx) => {
    const locked = await repo.lockConversation(tx, id);
    if (!locked) throw notFound(NOT_FOUND);
    if (locked.status === 'closed') throw conflict(CLOSED);
    if (locked.assignedOperatorId === null) await repo.setAssigned(tx, id, op.operatorId);
  });
}

export async function sendText(ctx: ServiceContext, op: OperatorContext, id: number, text: string) {
  const msgId = await operatorSend(ctx, op, id, { kind: 'text', text });
  return messageOut(ctx, msgId, 'operator');
}

export async function sendImage(ctx: ServiceContext, op: OperatorContext, id: number, incoming: IncomingFile) {
  const c = await conversationOrNotFound(ctx, id);
  if (c.status === 'closed') {
    incoming.body.resume();
    throw conflict(CLOSED);
  }
  const file = await storeImage(ctx, c.companyId, null, incoming);
  const msgId = await withImage(ctx, file, () => operatorSend(ctx, op, id, { kind: 'image', fileId: file.id }));
  return messageOut(ctx, msgId, 'operator');
}

export async function markRead(ctx: ServiceContext, id: number, upTo: number) {
  const c = await conversationOrNotFound(ctx, id);
  const moved = await repo.advancePosition(ctx.db, c.companyId, c.id, 'operator_read_id', upTo);
  if (moved) await repo.advancePosition(ctx.db, c.companyId, c.id, 'operator_delivered_id', upTo);
  return { conversation: await getConversation(ctx, id), moved };
}

export async function assignToMe(ctx: ServiceContext, op: OperatorContext, id: number) {
  await conversationOrNotFound(ctx, id);
  await repo.setAssigned(ctx.db, id, op.operatorId);
  return getConversation(ctx, id);
}

export async function setStatus(ctx: ServiceContext, id: number, status: 'open' | 'closed') {
  const c = await conversationOrNotFound(ctx, id);
  if (c.status === status) throw conflict(status === 'closed' ? '会话已关闭' : '会话进行中，无需重新打开');
  await repo.setStatus(ctx.db, id, status);
  return getConversation(ctx, id);
}

export async function operatorImage(ctx: ServiceContext, messageId: number) {
  return openImage(ctx, await repo.findMessage(ctx.db, messageId));
}

const toQuickReply = (r: repo.QuickReplyRow): TChatQuickReply => ({
  id: r.id,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

export async function listQuickReplies(ctx: ServiceContext): Promise<TChatQuickReply[]> {
  return (await repo.listQuickReplies(ctx.db)).map(toQuickReply);
}

export async function addQuickReply(ctx: ServiceContext, op: OperatorContext, text: string) {
  return toQuickReply(await repo.insertQuickReply(ctx.db, text, op.operatorId));
}

export async function deleteQuickReply(ctx: ServiceContext, id: number): Promise<null> {
  if (!(await repo.deleteQuickReply(ctx.db, id))) throw notFound('快捷回复不存在');
  return null;
}

// ── For the streams (hub.ts) ────────────────────────────────────────────────────────────────

/** Marks the other side's messages among `rows` delivered to `side`; answers whether it moved. */
export async function markDelivered(
  ctx: ServiceContext,
  companyId: number,
  conversationId: number,
  side: repo.Side,
  rows: readonly { side: repo.Side; id: number }[],
): Promise<boolean> {
  const theirs = rows.filter((m) => m.side !== side).map((m) => m.id);
  if (!theirs.length) return false;
  return repo.advancePosition(
    ctx.db,
    companyId,
    conversationId,
    side === 'company' ? 'company_delivered_id' : 'operator_delivered_id',
    Math.max(...theirs),
  );
}

export const messagesAfter = (ctx: ServiceContext, afterId: number, companyId: number | undefined, limit: number) =>
  repo.messagesAfter(ctx.db, afterId, companyId, limit);
export const lastMessageId = (ctx: ServiceContext, companyId: number | undefined) =>
  repo.lastMessageId(ctx.db, companyId);
export const conversationOfCompany = (ctx: ServiceContext, companyId: number) =>
  repo.findConversationOfCompany(ctx.db, companyId);
