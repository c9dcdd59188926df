/**
 * 任务订单 (DOMAIN section 4): 发布需求, 编辑任务 (everything while nobody is assigned, afterwards
 * only what cannot hurt an agreed worker), the list with its status tabs, the detail, and the
 * transitions of TASK_TRANSITIONS, each under the task's row lock.
 */
import {
  ASSIGNMENT_STATUSES,
  budgetError,
  centiToQuantity,
  quantityToCenti,
  settlementAmountFen,
  TASK_EDITABLE_STATUSES,
  TASK_FIELD_LABELS,
  TASK_FIELDS_LOCKED_AFTER_ASSIGNMENT,
  TASK_STATUSES,
  TASK_TRANSITIONS,
  taskActionsFrom,
  type TAssignmentCounts,
  type TPage,
  type TTaskAction,
  type TTaskDetail,
  type TTaskRow,
  type TTaskSettlement,
  type TTaskStatus,
  type TTaskStatusCount,
  type ZTaskBody,
  type ZTaskQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import { adminNames } from '../../admin/service.ts';
import { findEnabledLink, serviceCompanyNames } from '../../service-company/service.ts';
import { findJobTypeRefs } from '../../worker/service.ts';
import { recordTaskEvent, taskHistory } from '../history/service.ts';
import { assertTransition, filesOf, taskNoOf, uploadsOf } from '../shared.ts';
import * as repo from './repo.ts';

type TaskBody = z.output<typeof ZTaskBody>;
type TaskQuery = z.output<typeof ZTaskQuery>;
export type TaskRow = repo.TaskRow;

const emptyCounts = (): TAssignmentCounts => ({
  total: 0,
  pending: 0,
  accepted: 0,
  submitted: 0,
  passed: 0,
  rejected: 0,
});

/** The default agreed amount of a new assignment: the settlement's amount of the planned quantity. */
export const defaultAgreedFen = (t: Pick<TaskRow, 'settlement' | 'unitPriceFen' | 'plannedQuantityCenti'>) =>
  settlementAmountFen(t.settlement as TTaskSettlement, t.unitPriceFen, t.plannedQuantityCenti);

async function toRows(db: DbOrTx, companyId: number, rows: TaskRow[]) {
  // One after another: `db` may be a transaction, whose connection runs one query at a time.
  const services = await serviceCompanyNames(
    db,
    rows.map((r) => r.serviceCompanyId),
  );
  const jobTypes = await findJobTypeRefs(db, companyId);
  const counted = await repo.findAssignmentCounts(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  const jobTypeNames = new Map(jobTypes.map((j) => [j.id, j.name]));
  const counts = new Map<number, { counts: TAssignmentCounts; agreed: number }>();
  for (const c of counted) {
    const id = Number(c.task_id);
    const entry = counts.get(id) ?? { counts: emptyCounts(), agreed: 0 };
    if ((ASSIGNMENT_STATUSES as readonly string[]).includes(c.status)) {
      entry.counts[c.status as keyof Omit<TAssignmentCounts, 'total'>] = c.n;
    }
    entry.counts.total += c.n;
    entry.agreed += Number(c.agreed);
    counts.set(id, entry);
  }
  return rows.map((r): TTaskRow => {
    const c = counts.get(r.id);
    return {
      id: r.id,
      taskNo: taskNoOf(r.id),
      title: r.title,
      status: r.status as TTaskStatus,
      jobTypeId: r.jobTypeId,
      jobTypeName: r.jobTypeId === null ? null : (jobTypeNames.get(r.jobTypeId) ?? null),
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: services.get(r.serviceCompanyId) ?? '',
      location: r.location,
      startDate: r.startDate,
      endDate: r.endDate,
      headcount: r.headcount,
      settlement: r.settlement as TTaskSettlement,
      unitPriceFen: r.unitPriceFen,
      plannedQuantity: centiToQuantity(r.plannedQuantityCenti),
      budgetFen: r.budgetFen,
      counts: c?.counts ?? emptyCounts(),
      agreedTotalFen: c?.agreed ?? 0,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
    };
  });
}

/** The actions allowed now: by status, then 完成 waits for every review, 取消 refuses reviewed or submitted work. */
function actionsOf(row: TTaskRow): TTaskAction[] {
  return taskActionsFrom(row.status).filter((a) => {
    if (a === 'complete') return row.counts.submitted === 0;
    if (a === 'cancel') return row.counts.submitted === 0 && row.counts.passed === 0;
    return true;
  });
}

/** The task of the company (404 for another company's or none), locked for a change when asked. */
export async function taskOf(db: DbOrTx, companyId: number, id: number, lock = false): Promise<TaskRow> {
  const row = await repo.findTask(db, companyId, id, lock);
  if (!row) throw notFound('任务不存在');
  return row;
}

export async function listTasks(ctx: ServiceContext, auth: AuthContext, q: TaskQuery): Promise<TPage<TTaskRow>> {
  const taskNo = q.taskNo?.toUpperCase().replace(/^RW/, '');
  if (taskNo !== undefined && taskNo !== '' && !/^\d{1,15}$/.test(taskNo)) return { total: 0, rows: [] };
  const page = await repo.findTaskPage(
    ctx.db,
    {
      companyId: auth.companyId,
      status: q.status,
      statuses: q.assignable ? ['published', 'in_progress'] : undefined,
      title: q.title,
      id: taskNo ? Number(taskNo) : undefined,
      jobTypeId: q.jobTypeId,
      serviceCompanyId: q.serviceCompanyId,
      settlement: q.settlement,
      startFrom: q.startFrom,
      startTo: q.startTo,
    },
    q.page,
    q.limit,
  );
  return {
    total: page.total,
    rows: await toRows(
      ctx.db,
      auth.companyId,
      page.rows.map((r) => r.task),
    ),
  };
}

export async function countTasks(ctx: ServiceContext, auth: AuthContext): Promise<TTaskStatusCount[]> {
  const counted = new Map((await repo.countTasksByStatus(ctx.db, auth.companyId)).map((r) => [r.status, r.count]));
  return TASK_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 }));
}

export async function getTask(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TTaskDetail> {
  return detailOf(ctx.db, await taskOf(ctx.db, auth.companyId, id));
}

async function detailOf(db: DbOrTx, row: TaskRow): Promise<TTaskDetail> {
  // One after another: `db` may be a transaction (the seed's), whose connection runs one query at a time.
  const [base] = await toRows(db, row.companyId, [row]);
  const creators = await adminNames(db, [row.createdBy]);
  const attachmentIds = await repo.findAttachmentIds(db, row.companyId, row.id);
  const task = base as TTaskRow;
  return {
    ...task,
    description: row.description,
    attachments: await filesOf(db, row.companyId, attachmentIds),
    creator: { id: row.createdBy, name: creators.get(row.createdBy) ?? '' },
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    actions: actionsOf(task),
    lockedFields: task.counts.total > 0 ? [...TASK_FIELDS_LOCKED_AFTER_ASSIGNMENT] : [],
    defaultAgreedFen: defaultAgreedFen(row),
    ...(await taskHistory(db, row.companyId, row.id)),
  };
}

/** The service company and job type of a task body: the company's enabled contract and its own enabled type. */
async function checkReferences(db: DbOrTx, companyId: number, body: TaskBody, current?: TaskRow) {
  if (!current || current.serviceCompanyId !== body.serviceCompanyId) {
    if (!(await findEnabledLink(db, companyId, body.serviceCompanyId))) {
      throw invalidField('serviceCompanyId', '未与该服务商签约或签约已停用');
    }
  }
  if (body.jobTypeId !== null && body.jobTypeId !== current?.jobTypeId) {
    const type = (await findJobTypeRefs(db, companyId)).find((j) => j.id === body.jobTypeId);
    if (!type) throw invalidField('jobTypeId', '工种不存在');
    if (!type.enabled) throw invalidField('jobTypeId', '该工种已停用');
  }
  // The default agreed amount of one worker must itself be payable.
  const amount = settlementAmountFen(body.settlement, body.unitPriceFen, quantityToCenti(body.plannedQuantity));
  if (amount < 1) throw invalidField('plannedQuantity', '单价 × 每人数量不足 1 分');
  if (amount > 10_000_000_000) throw invalidField('plannedQuantity', '单价 × 每人数量不能超过 1 亿元');
}

const valuesOf = (body: TaskBody) => ({
  title: body.title,
  jobTypeId: body.jobTypeId,
  serviceCompanyId: body.serviceCompanyId,
  description: body.description,
  location: body.location,
  startDate: body.startDate,
  endDate: body.endDate,
  headcount: body.headcount,
  settlement: body.settlement,
  unitPriceFen: body.unitPriceFen,
  plannedQuantityCenti: quantityToCenti(body.plannedQuantity),
  budgetFen: body.budgetFen,
});

/** 发布需求: a new task (草稿); 发布 is its own action (`task:publish`). */
export async function createTask(ctx: ServiceContext, auth: AuthContext, body: TaskBody): Promise<TTaskDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, auth.companyId, body);
    await uploadsOf(tx, auth.companyId, body.attachmentIds, 'attachmentIds');
    // Created at the service's clock, the instant 任务记录's 新建任务 names too.
    const now = ctx.now();
    const taskId = await repo.insertTask(tx, {
      companyId: auth.companyId,
      createdBy: auth.adminId,
      createdAt: now,
      ...valuesOf(body),
    });
    await repo.replaceAttachments(tx, auth.companyId, taskId, body.attachmentIds);
    await recordTaskEvent(tx, 'create', { companyId: auth.companyId, taskId, adminId: auth.adminId, at: now });
    return taskId;
  });
  return getTask(ctx, auth, id);
}

/**
 * 编辑任务: the whole task while nobody is assigned; afterwards the locked fields must stay as
 * they are, the end date may only move later, the headcount not below the workers assigned and
 * the budget not below the agreed total. 已完成 and 已取消 tasks are not edited.
 */
export async function updateTask(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TaskBody,
): Promise<TTaskDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await taskOf(tx, auth.companyId, id, true);
    if (!TASK_EDITABLE_STATUSES.includes(row.status as TTaskStatus)) throw conflict('已完成或已取消的任务不能编辑');
    const [task] = await toRows(tx, auth.companyId, [row]);
    const counts = (task as TTaskRow).counts;
    const next = valuesOf(body);
    if (counts.total > 0) {
      for (const field of TASK_FIELDS_LOCKED_AFTER_ASSIGNMENT) {
        const key = field === 'plannedQuantity' ? 'plannedQuantityCenti' : field;
        if (next[key as keyof typeof next] !== row[key as keyof TaskRow]) {
          throw invalidField(field, `任务已有人员，不能修改${TASK_FIELD_LABELS[field]}`);
        }
      }
      if (body.endDate < row.endDate) throw invalidField('endDate', '任务已有人员，结束日期只能延后');
      if (body.headcount < counts.total) {
        throw invalidField('headcount', `任务已有 ${counts.total} 人，招募人数不能少于已选人数`);
      }
      const overBudget = budgetError(body.budgetFen, (task as TTaskRow).agreedTotalFen);
      if (overBudget) throw invalidField('budgetFen', `${overBudget}，预算不能低于已约定的金额`);
    }
    await checkReferences(tx, auth.companyId, body, row);
    await uploadsOf(tx, auth.companyId, body.attachmentIds, 'attachmentIds');
    await repo.updateTask(tx, id, next);
    await repo.replaceAttachments(tx, auth.companyId, id, body.attachmentIds);
    await recordTaskEvent(tx, 'update', {
      companyId: auth.companyId,
      taskId: id,
      adminId: auth.adminId,
      at: ctx.now(),
    });
  });
  return getTask(ctx, auth, id);
}

/**
 * One transition of TASK_TRANSITIONS under the task's row lock, with the conditions beyond the
 * status (完成 waits for every review; 取消 refuses submitted or passed work).
 */
export async function moveTask(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  action: TTaskAction,
  reason?: string,
): Promise<TTaskDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await taskOf(tx, auth.companyId, id, true);
    const transition = TASK_TRANSITIONS[action];
    assertTransition(transition, row.status as TTaskStatus);
    const [task] = await toRows(tx, auth.companyId, [row]);
    const counts = (task as TTaskRow).counts;
    if (action === 'complete' && counts.submitted > 0) {
      throw conflict(`还有 ${counts.submitted} 份成果待验收，请验收后再完成任务`);
    }
    if (action === 'cancel' && counts.submitted + counts.passed > 0) {
      throw conflict('任务已有提交或验收通过的成果，不能取消');
    }
    const now = ctx.now();
    const stamp = {
      publish: { publishedAt: now },
      start: { startedAt: now },
      finish: { finishedAt: now },
      complete: { completedAt: now },
      cancel: { cancelledAt: now, cancelReason: reason ?? '' },
    }[action];
    await repo.moveTask(tx, id, row.status, { status: transition.to as TTaskStatus, ...stamp });
    await recordTaskEvent(tx, action, {
      companyId: auth.companyId,
      taskId: id,
      adminId: auth.adminId,
      at: now,
      note: action === 'cancel' ? (reason ?? null) : null,
    });
  });
  return getTask(ctx, auth, id);
}

// ── For the other folders of the area ───────────────────────────────────────────────────────

/**
 * TASK_AUTO_START_RULE: a 已发布 task moves to 进行中 with its first 接单 (inside the answer's
 * transaction, task locked), recorded in 任务记录 as started by the admin who recorded the 接单.
 */
export async function startOnFirstAnswer(tx: DbOrTx, row: TaskRow, now: Date, adminId: number) {
  if (row.status !== 'published') return;
  await repo.moveTask(tx, row.id, 'published', { status: 'in_progress', startedAt: now });
  await recordTaskEvent(tx, 'autoStart', { companyId: row.companyId, taskId: row.id, adminId, at: now });
}
