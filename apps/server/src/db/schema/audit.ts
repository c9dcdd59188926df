import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { company } from './company.ts';
import { admin } from './identity.ts';
import { operator } from './operator.ts';

/**
 * One row per mutating request (ARCHITECTURE section 5): who, which company, what, on what,
 * from where, and how it ended. Append-only; the company's 操作日志 reads it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null when no company is known (a failed sign-in with an unknown username). */
    companyId: bigint('company_id', { mode: 'number' }).references(() => company.id),
    /** An admin of that company: an admin who ever acted can be disabled, never deleted. */
    adminId: bigint('admin_id', { mode: 'number' }),
    /** Set on the rows of the operator console (operator realm); then company and admin are null. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operator.id),
    /** What the admin typed, for sign-in rows. */
    username: varchar('username', { length: 64 }),
    action: varchar('action', { length: 60 }).notNull(),
    /** What the action was on (`worker:12`, `payrollItem:7`): any table's row, so no foreign key. */
    target: varchar('target', { length: 100 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** success | failure */
    result: varchar('result', { length: 10 }).notNull(),
    /** The envelope status the request ended with. */
    status: integer('status').notNull(),
    message: varchar('message', { length: 300 }).notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    // A record's history (任务详情's 任务记录): its company's rows naming it, in order.
    index('audit_log_target_idx').on(t.companyId, t.target, t.createdAt),
    // 网关日志's request (issue 41): the audit rows of one request id.
    index('audit_log_request_idx').on(t.requestId),
    foreignKey({
      name: 'audit_log_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
    index('audit_log_operator_idx')
      .on(t.operatorId, t.createdAt)
      .where(sql`${t.operatorId} is not null`),
  ],
);
