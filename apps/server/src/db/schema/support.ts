import { bigint, foreignKey, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { company } from './company.ts';
import { admin } from './identity.ts';

/** A message an admin sends to the platform's customer service from the top bar (客服). */
export const customerServiceMessage = pgTable(
  'customer_service_message',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    /** open 待处理 | replied 已回复 */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    reply: varchar('reply', { length: 1000 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'customer_service_message_pkey', columns: [t.companyId, t.id] }),
    index('cs_message_company_idx').on(t.companyId, t.adminId, t.createdAt),
    foreignKey({
      name: 'cs_message_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
  ],
);
