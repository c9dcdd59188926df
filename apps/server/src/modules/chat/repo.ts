/** The only SQL of the chat tables (chat_conversation, chat_message, chat_quick_reply). */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { pagedQuery } from '../../db/paged-query.ts';
import { chatConversation, chatMessage, company, operator } from '../../db/schema/index.ts';

export type Side = 'company' | 'operator';

export interface ConversationRow {
  companyId: number;
  id: number;
  companyName: string;
  status: string;
  assignedOperatorId: number | null;
  assignedOperatorName: string | null;
  lastMessageId: number;
  lastMessageAt: Date | null;
  lastMessageKind: string | null;
  lastMessageText: string | null;
  companyReadId: number;
  operatorReadId: number;
  companyDeliveredId: number;
  operatorDeliveredId: number;
  companyUnread: number;
  operatorUnread: number;
}

export interface MessageRow {
  companyId: number;
  id: number;
  conversationId: number;
  side: Side;
  senderId: number;
  senderName: string;
  kind: 'text' | 'image';
  text: string;
  fileId: string | null;
  createdAt: Date;
}

const num = (v: unknown) => Number(v);
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function toConversation(r: Record<string, unknown>): ConversationRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    companyName: String(r.company_name),
    status: String(r.status),
    assignedOperatorId: r.assigned_operator_id === null ? null : num(r.assigned_operator_id),
    assignedOperatorName: (r.operator_name as string | null) ?? null,
    lastMessageId: num(r.last_message_id),
    lastMessageAt: date(r.last_message_at),
    lastMessageKind: (r.last_kind as string | null) ?? null,
    lastMessageText: (r.last_text as string | null) ?? null,
    companyReadId: num(r.company_read_id),
    operatorReadId: num(r.operator_read_id),
    companyDeliveredId: num(r.company_delivered_id),
    operatorDeliveredId: num(r.operator_delivered_id),
    companyUnread: num(r.company_unread),
    operatorUnread: num(r.operator_unread),
  };
}

function toMessage(r: Record<string, unknown>): MessageRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    conversationId: num(r.conversation_id),
    side: r.side as Side,
    senderId: num(r.sender_id),
    senderName: String(r.sender_name ?? ''),
    kind: r.kind as 'text' | 'image',
    text: String(r.text),
    fileId: (r.file_id as string | null) ?? null,
    createdAt: date(r.created_at) ?? new Date(0),
  };
}

const CONVERSATION_SELECT = sql`
  select c.company_id, c.id, co.name as company_name, c.status, c.assigned_operator_id, o.name as operator_name,
    c.last_message_id, c.last_message_at, lm.kind as last_kind, lm.text as last_text,
    c.company_read_id, c.operator_read_id, c.company_delivered_id, c.operator_delivered_id,
    (select count(*)::int from chat_message m where m.company_id = c.company_id and m.conversation_id = c.id
      and m.side = 'operator' and m.id > c.company_read_id) as company_unread,
    (select count(*)::int from chat_message m where m.company_id = c.company_id and m.conversation_id = c.id
      and m.side = 'company' and m.id > c.operator_read_id) as operator_unread
  from chat_conversation c
  join company co on co.id = c.company_id
  left join operator o on o.id = c.assigned_operator_id
  left join chat_message lm on lm.company_id = c.company_id and lm.id = c.last_message_id`;

/** The company's conversation, created on first use. */
export async function ensureConversation(db: DbOrTx, companyId: number): Promise<ConversationRow> {
  const found = await findConversationOfCompany(db, companyId);
  if (found) return found;
  await db.execute(sql`insert into chat_conversation (company_id) values (${companyId}) on conflict do nothing`);
  const made = await findConversationOfCompany(db, companyId);
  if (!made) throw new Error('chat conversation not created');
  return made;
}

export async function findConversationOfCompany(db: DbOrTx, companyId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${CONVERSATION_SELECT} where c.company_id = ${companyId}`,
  );
  return rows[0] ? toConversation(rows[0]) : undefined;
}

export async function findConversation(db: DbOrTx, id: number) {
  const rows = await queryRows<Record<string, unknown>>(db, sql`${CONVERSATION_SELECT} where c.id = ${id}`);
  return rows[0] ? toConversation(rows[0]) : undefined;
}

/** The conversation locked for a change (inside a transaction). */
export async function lockConversation(db: DbOrTx, id: number) {
  const rows = await queryRows<{ company_id: unknown; status: string; assigned_operator_id: unknown }>(
    db,
    sql`select company_id, status, assigned_operator_id from chat_conversation where id = ${id} for update`,
  );
  const r = rows[0];
  return r
    ? {
        companyId: num(r.company_id),
        status: r.status,
        assignedOperatorId: r.assigned_operator_id === null ? null : num(r.assigned_operator_id),
      }
    : undefined;
}

export type ConversationFilter = 'all' | 'unassigned' | 'mine' | 'closed';

function filterOf(filter: ConversationFilter, operatorId: number): SQL | undefined {
  const c = chatConversation;
  switch (filter) {
    case 'unassigned':
      return and(eq(c.status, 'open'), isNull(c.assignedOperatorId));
    case 'mine':
      return and(eq(c.status, 'open'), eq(c.assignedOperatorId, operatorId));
    case 'closed':
      return eq(c.status, 'closed');
    default:
      return undefined;
  }
}

/** The companies' messages no operator has read yet, over every conversation (the /ops menu's count). */
export async function operatorUnreadTotal(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chat_conversation c
      join chat_message m on m.company_id = c.company_id and m.conversation_id = c.id
        and m.side = 'company' and m.id > c.operator_read_id`,
  );
  return row?.n ?? 0;
}

/** A conversation's messages of one side after what the other side read: its unread count. */
const unreadOf = (side: Side, readId: AnyPgColumn) =>
  sql<number>`(select count(*)::int from ${chatMessage} m
    where m.company_id = ${chatConversation.companyId} and m.conversation_id = ${chatConversation.id}
      and m.side = ${side} and m.id > ${readId})`;

const lastMessage = alias(chatMessage, 'lm');

/** The operators' list on the plain list path: unread first, then the newest message first. */
export async function pageConversations(
  db: DbOrTx,
  filter: ConversationFilter,
  operatorId: number,
  page: number,
  limit: number,
) {
  const c = chatConversation;
  const operatorUnread = unreadOf('company', c.operatorReadId);
  const found = await pagedQuery(db, {
    from: chatConversation,
    select: {
      c: chatConversation,
      companyName: company.name,
      operatorName: operator.name,
      lastKind: lastMessage.kind,
      lastText: lastMessage.text,
      companyUnread: unreadOf('operator', c.companyReadId),
      operatorUnread,
    },
    joins: [
      { table: company, on: eq(company.id, c.companyId), type: 'inner', exactlyOne: true },
      { table: operator, on: eq(operator.id, c.assignedOperatorId), type: 'left' },
      {
        table: lastMessage,
        on: and(eq(lastMessage.companyId, c.companyId), eq(lastMessage.id, c.lastMessageId)) as SQL,
        type: 'left',
      },
    ],
    where: [filterOf(filter, operatorId)],
    pinned: [sql`(${operatorUnread} > 0) desc`, sql`${c.lastMessageAt} desc nulls last`],
    order: 'desc',
    id: c.id,
    page,
    limit,
  });
  return {
    total: found.total,
    rows: found.rows.map((r): ConversationRow => ({
      companyId: r.c.companyId,
      id: r.c.id,
      companyName: r.companyName,
      status: r.c.status,
      assignedOperatorId: r.c.assignedOperatorId,
      assignedOperatorName: r.operatorName,
      lastMessageId: r.c.lastMessageId,
      lastMessageAt: r.c.lastMessageAt,
      lastMessageKind: r.lastKind,
      lastMessageText: r.lastText,
      companyReadId: r.c.companyReadId,
      operatorReadId: r.c.operatorReadId,
      companyDeliveredId: r.c.companyDeliveredId,
      operatorDeliveredId: r.c.operatorDeliveredId,
      companyUnread: Number(r.companyUnread),
      operatorUnread: Number(r.operatorUnread),
    })),
  };
}

/**
 * Serialises the insertion of messages: ids (an identity) then become visible in the order they
 * are given, so a stream that has sent id N never later finds a committed id below N.
 */
export async function lockMessageOrder(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7310029)`);
}

/**
 * Seconds until the company side may send again under a limit of `limit` messages per `window`
 * seconds (of one admin when `senderId` is given, else of the whole company), or 0: when the
 * `limit`-th newest such message leaves the window. Read after lockMessageOrder, so concurrent
 * sends are counted one after another; the database's clock, as it wrote created_at.
 */
export async function companySendWait(
  db: DbOrTx,
  v: { companyId: number; conversationId: number; window: number; limit: number; senderId?: number },
): Promise<number> {
  // The newest `limit` such messages: when there are that many, the oldest of them says when.
  const [row] = await queryRows<{ n: number; wait: number | string | null }>(
    db,
    sql`select count(*)::int as n,
               extract(epoch from (min(created_at) + make_interval(secs => ${v.window}) - now())) as wait
          from (select created_at from chat_message
                 where company_id = ${v.companyId} and conversation_id = ${v.conversationId} and side = 'company'
                   ${v.senderId === undefined ? sql`` : sql`and sender_id = ${v.senderId}`}
                 order by id desc
                 limit ${v.limit}) newest`,
  );
  return row && row.n >= v.limit ? Math.max(0, Math.ceil(Number(row.wait))) : 0;
}

export async function insertMessage(
  db: DbOrTx,
  v: {
    companyId: number;
    conversationId: number;
    side: Side;
    senderId: number;
    kind: string;
    text: string;
    fileId: string | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`insert into chat_message (company_id, conversation_id, side, sender_id, kind, text, file_id)
      values (${v.companyId}, ${v.conversationId}, ${v.side}, ${v.senderId}, ${v.kind}, ${v.text}, ${v.fileId})
      returning id`,
  );
  if (!row) throw new Error('chat message not inserted');
  return num(row.id);
}

/** After a message: the conversation's last message; a company's message reopens a closed one. */
export async function touchConversation(db: DbOrTx, companyId: number, id: number, messageId: number, side: Side) {
  await db.execute(sql`update chat_conversation set last_message_id = ${messageId}, last_message_at = now(),
      status = case when ${side} = 'company' then 'open' else status end,
      company_read_id = case when ${side} = 'company' then greatest(company_read_id, ${messageId}) else company_read_id end,
      operator_read_id = case when ${side} = 'operator' then greatest(operator_read_id, ${messageId}) else operator_read_id end
    where company_id = ${companyId} and id = ${id}`);
}

const MESSAGE_SELECT = sql`
  select m.company_id, m.id, m.conversation_id, m.side, m.sender_id, m.kind, m.text, m.file_id, m.created_at,
    case when m.side = 'company' then a.name else o.name end as sender_name
  from chat_message m
  left join admin a on m.side = 'company' and a.company_id = m.company_id and a.id = m.sender_id
  left join operator o on m.side = 'operator' and o.id = m.sender_id`;

/** A page of a conversation's messages before an id, newest last; one more is read to tell `hasMore`. */
export async function pageMessages(
  db: DbOrTx,
  companyId: number,
  conversationId: number,
  before: number | undefined,
  limit: number,
) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${MESSAGE_SELECT} where m.company_id = ${companyId} and m.conversation_id = ${conversationId}
      ${before ? sql`and m.id < ${before}` : sql``}
      order by m.id desc limit ${limit + 1}`,
  );
  const hasMore = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse().map(toMessage), hasMore };
}

/** Messages after an id, oldest first: of one company, or of every company (the operators' stream). */
export async function messagesAfter(db: DbOrTx, afterId: number, companyId: number | undefined, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${MESSAGE_SELECT} where m.id > ${afterId} ${companyId === undefined ? sql`` : sql`and m.company_id = ${companyId}`}
      order by m.id limit ${limit}`,
  );
  return rows.map(toMessage);
}

/** The highest message id: of one company, or of all. */
export async function lastMessageId(db: DbOrTx, companyId: number | undefined): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select coalesce(max(id), 0) as id from chat_message ${companyId === undefined ? sql`` : sql`where company_id = ${companyId}`}`,
  );
  return num(row?.id ?? 0);
}

export async function findMessage(db: DbOrTx, id: number, companyId?: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${MESSAGE_SELECT} where m.id = ${id} ${companyId === undefined ? sql`` : sql`and m.company_id = ${companyId}`}`,
  );
  return rows[0] ? toMessage(rows[0]) : undefined;
}

/**
 * Moves a side's read (or delivered) position forward, never past the last message nor back.
 * Answers whether it moved.
 */
export async function advancePosition(
  db: DbOrTx,
  companyId: number,
  id: number,
  column: 'company_read_id' | 'operator_read_id' | 'company_delivered_id' | 'operator_delivered_id',
  upTo: number,
): Promise<boolean> {
  const col = sql.raw(column);
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update chat_conversation set ${col} = least(${upTo}, last_message_id)
      where company_id = ${companyId} and id = ${id} and ${col} < least(${upTo}, last_message_id) returning id`,
  );
  return rows.length > 0;
}

export async function setAssigned(db: DbOrTx, id: number, operatorId: number | null) {
  await db.execute(sql`update chat_conversation set assigned_operator_id = ${operatorId} where id = ${id}`);
}

export async function setStatus(db: DbOrTx, id: number, status: 'open' | 'closed') {
  await db.execute(sql`update chat_conversation set status = ${status} where id = ${id}`);
}

export interface QuickReplyRow {
  id: number;
  text: string;
  createdAt: Date;
}

export async function listQuickReplies(db: DbOrTx): Promise<QuickReplyRow[]> {
  const rows = await queryRows<{ id: unknown; text: string; created_at: unknown }>(
    db,
    sql`select id, text, created_at from chat_quick_reply order by id`,
  );
  return rows.map((r) => ({ id: num(r.id), text: r.text, createdAt: date(r.created_at) ?? new Date(0) }));
}

export async function insertQuickReply(db: DbOrTx, text: string, operatorId: number | null): Promise<QuickReplyRow> {
  const [r] = await queryRows<{ id: unknown; text: string; created_at: unknown }>(
    db,
    sql`insert into chat_quick_reply (text, operator_id) values (${text}, ${operatorId}) returning id, text, created_at`,
  );
  if (!r) throw new Error('quick reply not inserted');
  return { id: num(r.id), text: r.text, createdAt: date(r.created_at) ?? new Date(0) };
}

export async function deleteQuickReply(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(db, sql`delete from chat_quick_reply where id = ${id} returning id`);
  return rows.length > 0;
}
