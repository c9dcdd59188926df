import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { operator } from './operator.ts';
import { storedFile } from './stored-file.ts';

/**
 * 在线客服 (issue 29): a company's one conversation with the platform's operators. The read and
 * delivered positions are message ids per side: every message of the other side up to it is
 * read (delivered) by this side.
 */
export const chatConversation = pgTable(
  'chat_conversation',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** open | closed */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    assignedOperatorId: bigint('assigned_operator_id', { mode: 'number' }).references(() => operator.id),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    companyReadId: bigint('company_read_id', { mode: 'number' }).notNull().default(0),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    companyDeliveredId: bigint('company_delivered_id', { mode: 'number' }).notNull().default(0),
    operatorDeliveredId: bigint('operator_delivered_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'chat_conversation_pk', columns: [t.companyId, t.id] }),
    // One conversation per company.
    unique('chat_conversation_company_uq').on(t.companyId),
    // The operator's list: newest first.
    index('chat_conversation_last_idx').on(t.lastMessageAt, t.id),
    index('chat_conversation_operator_idx').on(t.assignedOperatorId),
    check('chat_conversation_status_ck', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * One message. `id` is the stream's event id: messages are inserted one at a time under a
 * transaction lock (chat/repo.ts), so ids become visible in increasing order.
 */
export const chatMessage = pgTable(
  'chat_message',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    /** company | operator */
    side: varchar('side', { length: 10 }).notNull(),
    /** The admin (company side) or operator who sent it. */
    senderId: bigint('sender_id', { mode: 'number' }).notNull(),
    /** text | image */
    kind: varchar('kind', { length: 10 }).notNull(),
    text: varchar('text', { length: 2000 }).notNull().default(''),
    fileId: uuid('file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'chat_message_pk', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'chat_message_conversation_fk',
      columns: [t.companyId, t.conversationId],
      foreignColumns: [chatConversation.companyId, chatConversation.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'chat_message_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('chat_message_conversation_idx').on(t.companyId, t.conversationId, t.id),
    index('chat_message_file_idx').on(t.companyId, t.fileId),
    // The operators' stream replays every company's messages after an id.
    index('chat_message_id_idx').on(t.id),
    check('chat_message_side_ck', sql`${t.side} in ('company', 'operator')`),
    check('chat_message_kind_ck', sql`${t.kind} in ('text', 'image')`),
    check('chat_message_image_ck', sql`${t.kind} <> 'image' or ${t.fileId} is not null`),
  ],
);

/** 快捷回复: canned texts, platform-wide (not a tenant table). */
export const chatQuickReply = pgTable('chat_quick_reply', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  text: varchar('text', { length: 500 }).notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).references(() => operator.id),
  createdAt: createdAt(),
});
