/**
 * A task's workers once picked (选择人员 is picking.ts): their answers, deliveries (上传成果)
 * and reviews, and 任务中心's queues. Every change locks the tasks involved, then the
 * assignments, in id order; each step is a transition of ASSIGNMENT_TRANSITIONS and refuses any
 * other status (40900, nothing changed).
 */
import {
  ASSIGNMENT_AMOUNT_EDITABLE_STATUSES,
  ASSIGNMENT_TRANSITIONS,
  budgetError,
  centiToQuantity,
  quantityToCenti,
  settlementAmountFen,
  TASK_ANSWERABLE_STATUSES,
  TASK_ASSIGNABLE_STATUSES,
  TASK_DELIVERABLE_STATUSES,
  TASK_STATUS_LABELS,
  taskAmountError,
  type TAssignment,
  type TAssignmentDetail,
  type TAssignmentStatus,
  type TDelivery,
  type TDeliveryStatus,
  type TPage,
  type TPayrollStatus,
  type TTaskCenterCounts,
  type TTaskSettlement,
  type TTaskStatus,
  type ZAssignmentQuery,
  type ZDeliveryBody,
  type ZReviewBody,
  type ZTaskCenterQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import { fenToYuan } from '../../../lib/money.ts';
import { adminNames } from '../../admin/service.ts';
import { recordAssignmentEvents, recordTaskEvent } from '../history/service.ts';
import { startOnFirstAnswer, taskOf, type TaskRow } from '../orders/service.ts';
import { assertTransition, filesOf, taskNoOf, uploadsOf } from '../shared.ts';
import * as repo from './repo.ts';

type DeliveryBody = z.output<typeof ZDeliveryBody>;
type ReviewBody = z.output<typeof ZReviewBody>;

const iso = (t: string | Date) => new Date(t).toISOString();

export function toAssignment(r: repo.AssignmentListRow): TAssignment {
  const a = r.assignment;
  const d = r.latestDelivery;
  const batch = r.liveBatch;
  return {
    id: a.id,
    taskId: a.taskId,
    taskNo: taskNoOf(a.taskId),
    taskTitle: r.taskTitle,
    taskStatus: r.taskStatus as TTaskStatus,
    workerId: a.workerId,
    workerName: r.workerName,
    idNumberMasked: r.idNumberMasked,
    mobile: r.mobile,
    status: a.status as TAssignmentStatus,
    agreedFen: a.agreedFen,
    payableFen: a.payableFen,
    assignedAt: a.createdAt.toISOString(),
    answeredAt: a.answeredAt?.toISOString() ?? null,
    latestDelivery: d
      ? { id: Number(d.id), round: d.round, status: d.status as TDeliveryStatus, submittedAt: iso(d.submittedAt) }
      : null,
    confirmation:
      a.status === 'passed'
        ? batch
          ? {
              status: 'confirmed',
              batch: { id: Number(batch.id), title: batch.title, status: batch.status as TPayrollStatus },
            }
          : { status: 'payable', batch: null }
        : null,
  };
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function listAssignments(
  ctx: ServiceContext,
  auth: AuthContext,
  taskId: number,
  q: z.output<typeof ZAssignmentQuery>,
): Promise<TPage<TAssignment>> {
  const page = await repo.findAssignmentPage(
    ctx.db,
    { companyId: auth.companyId, taskId, status: q.status, name: q.name },
    q.page,
    q.limit,
  );
  // Rows found are the company's task's (both keys hold them to it); an empty page may be
  // another company's task or none, which is said as such.
  if (!page.rows.length) await taskOf(ctx.db, auth.companyId, taskId);
  return { total: page.total, rows: page.rows.map(toAssignment) };
}

/** 任务中心: deliveries waiting for review (已提交) or assignments waiting for an answer (待接单), across tasks. */
export async function listQueue(
  ctx: ServiceContext,
  auth: AuthContext,
  q: z.output<typeof ZTaskCenterQuery>,
): Promise<TPage<TAssignment>> {
  const page = await repo.findAssignmentPage(
    ctx.db,
    {
      companyId: auth.companyId,
      taskId: q.taskId,
      status: q.kind === 'review' ? 'submitted' : 'pending',
      name: q.name,
    },
    q.page,
    q.limit,
  );
  return { total: page.total, rows: page.rows.map(toAssignment) };
}

export async function countQueues(ctx: ServiceContext, auth: AuthContext): Promise<TTaskCenterCounts> {
  const counts = await repo.countQueues(ctx.db, auth.companyId);
  return { review: counts.get('submitted') ?? 0, answer: counts.get('pending') ?? 0 };
}

async function assignmentOf(db: DbOrTx, companyId: number, id: number): Promise<TAssignment> {
  const row = await repo.findAssignmentRow(db, companyId, id);
  if (!row) throw notFound('任务人员不存在');
  return toAssignment(row);
}

/** One assignment with every round of its deliveries (its history), newest first. */
export async function getAssignment(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TAssignmentDetail> {
  const assignment = await assignmentOf(ctx.db, auth.companyId, id);
  const deliveries = await repo.findDeliveries(ctx.db, auth.companyId, id);
  const fileRows = await repo.findDeliveryFileIds(
    ctx.db,
    auth.companyId,
    deliveries.map((d) => d.id),
  );
  const names = await adminNames(
    ctx.db,
    deliveries.flatMap((d) => [d.submittedBy, ...(d.reviewedBy === null ? [] : [d.reviewedBy])]),
  );
  const out: TDelivery[] = [];
  for (const d of deliveries) {
    const files = await filesOf(
      ctx.db,
      auth.companyId,
      fileRows.filter((f) => f.deliveryId === d.id).map((f) => f.fileId),
    );
    out.push({
      id: d.id,
      assignmentId: d.assignmentId,
      round: d.round,
      description: d.description,
      quantity: d.quantityCenti === null ? null : centiToQuantity(d.quantityCenti),
      files,
      status: d.status as TDeliveryStatus,
      rejectReason: d.rejectReason,
      submittedBy: { id: d.submittedBy, name: names.get(d.submittedBy) ?? '' },
      submittedAt: d.submittedAt.toISOString(),
      reviewedBy: d.reviewedBy === null ? null : { id: d.reviewedBy, name: names.get(d.reviewedBy) ?? '' },
      reviewedAt: d.reviewedAt?.toISOString() ?? null,
      passedFen: d.passedFen,
    });
  }
  return { ...assignment, deliveries: out };
}

// ── Changing: tasks locked first, then assignments, each in id order ───────────────────────

async function lockScope(tx: DbOrTx, companyId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const tasks = new Map<number, TaskRow>();
  for (const taskId of await repo.findTaskIdsOf(tx, companyId, unique)) {
    tasks.set(taskId, await taskOf(tx, companyId, taskId, true));
  }
  const rows = await repo.lockAssignments(tx, companyId, unique);
  if (rows.length !== unique.length) {
    throw notFound(unique.length === 1 ? '任务人员不存在' : `有 ${unique.length - rows.length} 条任务人员不存在`);
  }
  return { tasks, rows, taskOfRow: (r: repo.AssignmentRow) => tasks.get(r.taskId) as TaskRow };
}

/** Refuses the whole request when any row is not in a status the transition allows. */
function assertAll(rows: repo.AssignmentRow[], action: keyof typeof ASSIGNMENT_TRANSITIONS) {
  const t = ASSIGNMENT_TRANSITIONS[action];
  const wrong = rows.filter((r) => !t.from.includes(r.status as TAssignmentStatus));
  if (!wrong.length) return;
  if (rows.length === 1) throw conflict(t.refusal);
  throw conflict(`${t.refusal}：所选 ${rows.length} 条中有 ${wrong.length} 条状态不符，请刷新后重试`);
}

function assertTaskIn(task: TaskRow, statuses: readonly TTaskStatus[], what: string) {
  if (!statuses.includes(task.status as TTaskStatus)) {
    throw conflict(`任务「${task.title}」${TASK_STATUS_LABELS[task.status as TTaskStatus]}，不能${what}`);
  }
}

/** 修改约定金额: before any delivery, within the task's budget. */
export async function setAgreedAmount(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  agreedFen: number,
): Promise<TAssignment> {
  await ctx.db.transaction(async (tx) => {
    const { rows, taskOfRow } = await lockScope(tx, auth.companyId, [id]);
    const row = rows[0] as repo.AssignmentRow;
    const task = taskOfRow(row);
    if (!ASSIGNMENT_AMOUNT_EDITABLE_STATUSES.includes(row.status as TAssignmentStatus)) {
      throw conflict('已提交成果的人员不能修改约定金额');
    }
    assertTaskIn(task, TASK_ASSIGNABLE_STATUSES, '修改约定金额');
    const totals = await repo.taskTotals(tx, auth.companyId, task.id);
    const overBudget = budgetError(task.budgetFen, totals.agreedFen - row.agreedFen + agreedFen);
    if (overBudget) throw invalidField('agreedFen', overBudget);
    await repo.updateAssignments(tx, auth.companyId, [id], { agreedFen });
    await recordTaskEvent(tx, 'amount', {
      companyId: auth.companyId,
      taskId: task.id,
      adminId: auth.adminId,
      at: ctx.now(),
      workerId: row.workerId,
      amountFen: agreedFen,
      note: `原约定 ¥${fenToYuan(row.agreedFen)}`,
    });
  });
  return assignmentOf(ctx.db, auth.companyId, id);
}

/** 移除: a worker who has not answered yet leaves the task (the place is free again). */
export async function removeAssignment(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await lockScope(tx, auth.companyId, [id]);
    assertTransition(ASSIGNMENT_TRANSITIONS.remove, (rows[0] as repo.AssignmentRow).status as TAssignmentStatus);
    await recordAssignmentEvents(tx, 'unassign', [id], {
      companyId: auth.companyId,
      adminId: auth.adminId,
      at: ctx.now(),
    });
    await repo.deleteAssignments(tx, auth.companyId, [id]);
  });
  return null;
}

/**
 * 记录接单 / 拒绝 (one or many, all or nothing): 接单 moves 待接单 to 已接单 and a 已发布 task to
 * 进行中; 拒绝 removes the assignment, its place free again.
 */
export async function recordAnswers(
  ctx: ServiceContext,
  auth: AuthContext,
  ids: readonly number[],
  accept: boolean,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows, tasks, taskOfRow } = await lockScope(tx, auth.companyId, ids);
    assertAll(rows, accept ? 'accept' : 'decline');
    for (const row of rows) assertTaskIn(taskOfRow(row), TASK_ANSWERABLE_STATUSES, '记录接单');
    const rowIds = rows.map((r) => r.id);
    const now = ctx.now();
    const who = { companyId: auth.companyId, adminId: auth.adminId, at: now };
    if (!accept) {
      await recordAssignmentEvents(tx, 'decline', rowIds, who);
      await repo.deleteAssignments(tx, auth.companyId, rowIds);
      return rowIds.length;
    }
    await repo.updateAssignments(tx, auth.companyId, rowIds, { status: 'accepted', answeredAt: now });
    await recordAssignmentEvents(tx, 'accept', rowIds, who);
    for (const task of tasks.values()) await startOnFirstAnswer(tx, task, now, auth.adminId);
    return rowIds.length;
  });
}

/** 上传成果 (or 重新提交 after a rejection): a new round with its description, files and quantity. */
export async function deliver(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: DeliveryBody,
): Promise<TAssignmentDetail> {
  await ctx.db.transaction(async (tx) => {
    const { rows, taskOfRow } = await lockScope(tx, auth.companyId, [id]);
    const row = rows[0] as repo.AssignmentRow;
    const task = taskOfRow(row);
    assertTransition(
      row.status === 'rejected' ? ASSIGNMENT_TRANSITIONS.resubmit : ASSIGNMENT_TRANSITIONS.submit,
      row.status as TAssignmentStatus,
    );
    assertTaskIn(task, TASK_DELIVERABLE_STATUSES, '上传成果（进行中或待验收的任务才能上传成果）');
    if (body.quantity !== undefined && task.settlement === 'fixed') {
      throw invalidField('quantity', '固定金额的任务不填写数量');
    }
    await uploadsOf(tx, auth.companyId, body.fileIds, 'fileIds');
    const now = ctx.now();
    const deliveryId = await repo.insertDelivery(tx, {
      companyId: auth.companyId,
      assignmentId: id,
      description: body.description,
      quantityCenti: body.quantity === undefined ? null : quantityToCenti(body.quantity),
      submittedBy: auth.adminId,
      submittedAt: now,
    });
    await repo.insertDeliveryFiles(tx, auth.companyId, deliveryId, body.fileIds);
    await repo.updateAssignments(tx, auth.companyId, [id], { status: 'submitted' });
    await recordAssignmentEvents(tx, row.status === 'rejected' ? 'resubmit' : 'submit', [id], {
      companyId: auth.companyId,
      adminId: auth.adminId,
      at: now,
    });
  });
  return getAssignment(ctx, auth, id);
}

/** The amount a passed delivery is worth: its quantity at the task's price, else the agreed amount. */
function passedAmount(task: TaskRow, row: repo.AssignmentRow, delivery: repo.DeliveryRow): number {
  if (delivery.quantityCenti !== null && task.settlement !== 'fixed') {
    return settlementAmountFen(task.settlement as TTaskSettlement, task.unitPriceFen, delivery.quantityCenti);
  }
  return row.agreedFen;
}

/**
 * 验收 of the latest deliveries of assignments (all 已提交, all or nothing): pass at
 * `amountFen` or the delivered amount, or reject with the reason (the worker may resubmit).
 */
async function runReview(
  ctx: ServiceContext,
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  review: { pass: boolean; reason: string; amountFen?: number | undefined },
  deliveryId?: number,
): Promise<number> {
  const { rows, taskOfRow } = await lockScope(tx, auth.companyId, ids);
  assertAll(rows, review.pass ? 'pass' : 'reject');
  for (const row of rows) assertTaskIn(taskOfRow(row), TASK_DELIVERABLE_STATUSES, '验收成果');
  const latest = new Map(
    (
      await repo.findLatestDeliveries(
        tx,
        auth.companyId,
        rows.map((r) => r.id),
      )
    ).map((d) => [d.assignmentId, d]),
  );
  const now = ctx.now();
  const outcomes = rows.map((row) => {
    const delivery = latest.get(row.id);
    if (!delivery || delivery.status !== 'reviewing') throw conflict('该成果已验收，请刷新后重试');
    if (deliveryId !== undefined && delivery.id !== deliveryId) throw conflict('只能验收最新一轮提交的成果');
    const payable = review.pass ? (review.amountFen ?? passedAmount(taskOfRow(row), row, delivery)) : null;
    if (payable !== null) {
      const error = taskAmountError(payable, '应付金额');
      if (error) throw invalidField('amountFen', `${error}（${taskOfRow(row).title}）`);
    }
    return { row, delivery, payable };
  });
  await repo.reviewDeliveries(
    tx,
    auth.companyId,
    outcomes.map((o) => ({
      id: o.delivery.id,
      status: review.pass ? 'passed' : 'rejected',
      reason: review.pass ? null : review.reason,
      passedFen: o.payable,
    })),
    auth.adminId,
    now,
  );
  await repo.setAssignmentOutcomes(
    tx,
    auth.companyId,
    outcomes.map((o) => ({ id: o.row.id, status: review.pass ? 'passed' : 'rejected', payableFen: o.payable })),
    now,
  );
  await recordAssignmentEvents(
    tx,
    review.pass ? 'pass' : 'reject',
    rows.map((r) => r.id),
    { companyId: auth.companyId, adminId: auth.adminId, at: now, note: review.pass ? null : review.reason },
  );
  return rows.length;
}

/** 验收 of one delivery (by its id). */
export async function reviewDelivery(
  ctx: ServiceContext,
  auth: AuthContext,
  deliveryId: number,
  body: ReviewBody,
): Promise<TAssignmentDetail> {
  const delivery = await repo.findDelivery(ctx.db, auth.companyId, deliveryId);
  if (!delivery) throw notFound('成果不存在');
  await ctx.db.transaction((tx) => runReview(ctx, tx, auth, [delivery.assignmentId], body, deliveryId));
  return getAssignment(ctx, auth, delivery.assignmentId);
}

/** 任务中心's bulk 验收 of the latest deliveries of assignments. */
export async function reviewMany(
  ctx: ServiceContext,
  auth: AuthContext,
  ids: readonly number[],
  pass: boolean,
  reason: string,
): Promise<number> {
  return ctx.db.transaction((tx) => runReview(ctx, tx, auth, ids, { pass, reason }));
}

// ── For other modules ───────────────────────────────────────────────────────────────────────

/** Whether a worker is on any task (then it may not be deleted: the worker area asks). */
export function hasTaskAssignments(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  return repo.hasAssignmentsOfWorker(db, companyId, workerId);
}
