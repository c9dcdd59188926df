import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { company } from './company.ts';
import { admin } from './identity.ts';

/** A step of a flow as saved: a role or named admins, any one of them or all of them. */
export interface ApprovalStepRow {
  mode: 'any' | 'all';
  roleId: number | null;
  adminIds: number[];
}

/**
 * A company's approval flow for one type (发放, 开票, 充值): from the threshold up, what the type
 * starts waits for its ordered steps (DOMAIN section 6). No row, or not enabled: no approval.
 */
export const approvalFlow = pgTable(
  'approval_flow',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    type: varchar('type', { length: 20 }).notNull(),
    thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Role and admin ids inside JSON: no foreign key holds them (the service checks them when saved). */
    steps: jsonb('steps').$type<ApprovalStepRow[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'approval_flow_pkey', columns: [t.companyId, t.id] }),
    unique('approval_flow_company_type_uq').on(t.companyId, t.type),
  ],
);

/**
 * One approval: what it is about (`subject`), its amount, who started it, and the approvers of
 * every step, fixed when it started (a role's members then), so later role changes never strand
 * it. The starter is never among them (segregation of duties).
 */
export const approvalRequest = pgTable(
  'approval_request',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    type: varchar('type', { length: 20 }).notNull(),
    /**
     * What it is about: a row of the table `subject_kind` names (a payroll batch, a top-up), so no
     * foreign key can hold it; the area that owns the subject answers for it.
     */
    subjectKind: varchar('subject_kind', { length: 30 }).notNull(),
    subjectId: varchar('subject_id', { length: 60 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default(''),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    creatorAdminId: bigint('creator_admin_id', { mode: 'number' }).notNull(),
    /** pending | approved | rejected | withdrawn (its subject withdrawn or cancelled first) */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** 1-based. */
    currentStep: integer('current_step').notNull().default(1),
    /** Admin ids inside JSON, fixed when it started: no foreign key holds them. */
    steps: jsonb('steps').$type<{ mode: 'any' | 'all'; approvers: number[] }[]>().notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_request_company_idx').on(t.companyId, t.status, t.id),
    // Also the key a company's rows refer to an approval by (a payroll batch's latest approval).
    primaryKey({ name: 'approval_request_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'approval_request_creator_fk',
      columns: [t.companyId, t.creatorAdminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
    // One open approval per subject.
    uniqueIndex('approval_request_open_subject_uq')
      .on(t.companyId, t.subjectKind, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    check('approval_request_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);

/** A decision at a step: who, approve or reject, the comment. One per admin and step. */
export const approvalAction = pgTable(
  'approval_action',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** No key of its own to company: the key to its request, (company_id, request_id), holds it. */
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    decision: varchar('decision', { length: 10 }).notNull(),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'approval_action_pkey', columns: [t.companyId, t.id] }),
    // An action is part of its request; its admin is of the same company.
    foreignKey({
      name: 'approval_action_request_fk',
      columns: [t.companyId, t.requestId],
      foreignColumns: [approvalRequest.companyId, approvalRequest.id],
    }),
    foreignKey({
      name: 'approval_action_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
    // One decision per admin and step; also the index of a request's actions.
    unique('approval_action_once_uq').on(t.companyId, t.requestId, t.step, t.adminId),
  ],
);
