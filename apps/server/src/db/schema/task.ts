import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { companyServiceCompany } from './company.ts';
import { admin } from './identity.ts';
import { payrollBatch, payrollItem } from './payroll.ts';
import { storedFile } from './stored-file.ts';
import { jobType, worker } from './worker.ts';

/**
 * A task order (任务订单, DOMAIN section 4): what is to be done, by how many, at what price, and
 * its state 草稿 → 已发布 → 进行中 → 待验收 → 已完成 | 已取消 (task-rules.ts). Money in fen;
 * quantities in hundredths. Never deleted (cancelled instead).
 */
export const taskOrder = pgTable(
  'task_order',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    title: varchar('title', { length: 50 }).notNull(),
    jobTypeId: bigint('job_type_id', { mode: 'number' }),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    location: varchar('location', { length: 100 }).notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    headcount: integer('headcount').notNull(),
    /** piece 按件 | hour 按时 | fixed 固定金额 */
    settlement: varchar('settlement', { length: 10 }).notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    plannedQuantityCenti: integer('planned_quantity_centi').notNull().default(100),
    budgetFen: bigint('budget_fen', { mode: 'number' }),
    /** draft | published | in_progress | accepting | completed | cancelled */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'task_order_pkey', columns: [t.companyId, t.id] }),
    // The task's status changes read it by id alone.
    index('task_order_id_idx').on(t.id),
    // The job type and the service company contract are the company's own.
    foreignKey({
      name: 'task_order_job_type_fk',
      columns: [t.companyId, t.jobTypeId],
      foreignColumns: [jobType.companyId, jobType.id],
    }),
    foreignKey({
      name: 'task_order_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
    foreignKey({
      name: 'task_order_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    index('task_order_company_idx').on(t.companyId, t.createdAt, t.id),
    index('task_order_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    // A job type's delete asks "is it used by a task?" without a scan.
    index('task_order_job_type_idx')
      .on(t.companyId, t.jobTypeId)
      .where(sql`${t.jobTypeId} is not null`),
    check(
      'task_order_status_ck',
      sql`${t.status} in ('draft', 'published', 'in_progress', 'accepting', 'completed', 'cancelled')`,
    ),
    check('task_order_settlement_ck', sql`${t.settlement} in ('piece', 'hour', 'fixed')`),
    check('task_order_amounts_ck', sql`${t.unitPriceFen} > 0 and (${t.budgetFen} is null or ${t.budgetFen} > 0)`),
    check('task_order_headcount_ck', sql`${t.headcount} > 0 and ${t.plannedQuantityCenti} > 0`),
    check('task_order_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** A task's attachment: an uploaded file of the same company, kept while the task refers to it. */
export const taskAttachment = pgTable(
  'task_attachment',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    fileId: uuid('file_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'task_attachment_pkey', columns: [t.companyId, t.taskId, t.fileId] }),
    foreignKey({
      name: 'task_attachment_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [taskOrder.companyId, taskOrder.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_attachment_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('task_attachment_file_idx').on(t.companyId, t.fileId),
  ],
);

/**
 * A worker on a task (选择人员) with the agreed amount: 待接单 → 已接单 → 已提交 → 已通过 | 已驳回.
 * A worker is on a task at most once. `payable_fen` is what the passed delivery is worth.
 */
export const taskAssignment = pgTable(
  'task_assignment',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    /** pending | accepted | submitted | passed | rejected */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    agreedFen: bigint('agreed_fen', { mode: 'number' }).notNull(),
    payableFen: bigint('payable_fen', { mode: 'number' }),
    assignedBy: bigint('assigned_by', { mode: 'number' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'task_assignment_pkey', columns: [t.companyId, t.id] }),
    unique('task_assignment_worker_uq').on(t.companyId, t.taskId, t.workerId),
    foreignKey({
      name: 'task_assignment_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [taskOrder.companyId, taskOrder.id],
    }),
    // A worker with assignments is not deleted (该员工已有任务记录…): set 离职 instead.
    foreignKey({
      name: 'task_assignment_worker_fk',
      columns: [t.companyId, t.workerId],
      foreignColumns: [worker.companyId, worker.id],
    }),
    foreignKey({
      name: 'task_assignment_assigned_by_fk',
      columns: [t.companyId, t.assignedBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    // A task's assignments in order, and by status (its list, its counts).
    index('task_assignment_task_idx').on(t.companyId, t.taskId, t.id),
    index('task_assignment_task_status_idx').on(t.companyId, t.taskId, t.status, t.id),
    index('task_assignment_worker_idx').on(t.companyId, t.workerId),
    // 任务中心's queues across tasks: waiting for an answer (待接单), waiting for review (已提交).
    index('task_assignment_queue_idx')
      .on(t.companyId, t.status, t.id)
      .where(sql`${t.status} in ('pending', 'submitted')`),
    // 任务确认: passed assignments by time.
    index('task_assignment_passed_idx')
      .on(t.companyId, t.passedAt, t.id)
      .where(sql`${t.status} = 'passed'`),
    check('task_assignment_status_ck', sql`${t.status} in ('pending', 'accepted', 'submitted', 'passed', 'rejected')`),
    check('task_assignment_agreed_ck', sql`${t.agreedFen} > 0 and ${t.agreedFen} <= 10000000000`),
    check(
      'task_assignment_payable_ck',
      sql`(${t.status} = 'passed') = (${t.payableFen} is not null) and (${t.payableFen} is null or (${t.payableFen} > 0 and ${t.payableFen} <= 10000000000))`,
    ),
  ],
);

/** One round of a delivery (上传成果) of an assignment and its review; every round is kept. */
export const taskDelivery = pgTable(
  'task_delivery',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    round: integer('round').notNull(),
    description: text('description').notNull().default(''),
    quantityCenti: integer('quantity_centi'),
    /** reviewing | passed | rejected */
    status: varchar('status', { length: 10 }).notNull().default('reviewing'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    passedFen: bigint('passed_fen', { mode: 'number' }),
    submittedBy: bigint('submitted_by', { mode: 'number' }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'task_delivery_pkey', columns: [t.companyId, t.id] }),
    unique('task_delivery_round_uq').on(t.companyId, t.assignmentId, t.round),
    foreignKey({
      name: 'task_delivery_assignment_fk',
      columns: [t.companyId, t.assignmentId],
      foreignColumns: [taskAssignment.companyId, taskAssignment.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_delivery_submitted_by_fk',
      columns: [t.companyId, t.submittedBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    foreignKey({
      name: 'task_delivery_reviewed_by_fk',
      columns: [t.companyId, t.reviewedBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    check('task_delivery_status_ck', sql`${t.status} in ('reviewing', 'passed', 'rejected')`),
    check('task_delivery_round_ck', sql`${t.round} > 0 and (${t.quantityCenti} is null or ${t.quantityCenti} > 0)`),
    check('task_delivery_reject_ck', sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
  ],
);

/** A delivery's file: an uploaded file of the same company. */
export const taskDeliveryFile = pgTable(
  'task_delivery_file',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    fileId: uuid('file_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'task_delivery_file_pkey', columns: [t.companyId, t.deliveryId, t.fileId] }),
    foreignKey({
      name: 'task_delivery_file_delivery_fk',
      columns: [t.companyId, t.deliveryId],
      foreignColumns: [taskDelivery.companyId, taskDelivery.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_delivery_file_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('task_delivery_file_file_idx').on(t.companyId, t.fileId),
  ],
);

/**
 * 任务确认: a passed assignment's amount taken into a payroll item (one item per worker of the
 * batch, the worker's amounts summed). An assignment is payable while it has no payment whose
 * batch is alive: a cancelled batch gives it back (the batch stays, 已取消), an item removed from
 * its batch takes its payments along (cascade). Confirmations lock the assignments first, so
 * two at once never both take one.
 */
export const taskPayment = pgTable(
  'task_payment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => payrollItem.id, { onDelete: 'cascade' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'task_payment_assignment_fk',
      columns: [t.companyId, t.assignmentId],
      foreignColumns: [taskAssignment.companyId, taskAssignment.id],
    }),
    foreignKey({
      name: 'task_payment_batch_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [payrollBatch.companyId, payrollBatch.id],
    }),
    foreignKey({
      name: 'task_payment_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    // One payment of an assignment per batch; the assignment's payments, the batch's, the item's.
    unique('task_payment_batch_assignment_uq').on(t.companyId, t.assignmentId, t.batchId),
    index('task_payment_batch_idx').on(t.companyId, t.batchId),
    index('task_payment_item_idx').on(t.itemId),
    check('task_payment_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

/**
 * How many assignments each task has in each status, kept by triggers on task_assignment
 * (migration 0031: statement-level, one upsert per statement whatever the rows, so an INSERT …
 * SELECT of 10,000 workers costs one), so a task's list and 任务中心 answer their totals without
 * counting 100,000 rows (bench/tasks.ts).
 */
export const taskAssignmentCount = pgTable(
  'task_assignment_count',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.taskId, t.status] }),
    foreignKey({
      name: 'task_assignment_count_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [taskOrder.companyId, taskOrder.id],
    }).onDelete('cascade'),
    index('task_assignment_count_status_idx').on(t.companyId, t.status),
  ],
);

/**
 * 任务记录: every transition of a task and of each worker on it, with who did it and when
 * (issue 38). Written by the task area's services inside the change's own transaction, so a
 * change and its record are saved together. Workers have no login: a 接单 or a delivery is
 * recorded by an admin on the worker's behalf (`admin_id` did it, `worker_id` is the worker).
 * `action` is one of TASK_EVENT_ACTIONS (task-rules.ts); `round`, `amount_fen`, `count` and
 * `note` (a reason, a batch's title) say what the action needs. A worker with a record is not
 * deleted (the task area answers 该员工已有任务记录).
 */
export const taskEvent = pgTable(
  'task_event',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    workerId: bigint('worker_id', { mode: 'number' }),
    round: integer('round'),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    count: integer('count'),
    note: varchar('note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'task_event_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'task_event_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [taskOrder.companyId, taskOrder.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_event_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
    foreignKey({
      name: 'task_event_worker_fk',
      columns: [t.companyId, t.workerId],
      foreignColumns: [worker.companyId, worker.id],
    }),
    // A task's record in order; a worker's records (its deletion asks).
    index('task_event_task_idx').on(t.companyId, t.taskId, t.createdAt, t.id),
    index('task_event_worker_idx')
      .on(t.companyId, t.workerId)
      .where(sql`${t.workerId} is not null`),
    index('task_event_admin_idx').on(t.companyId, t.adminId),
  ],
);
