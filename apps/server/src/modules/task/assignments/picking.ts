/**
 * 选择人员: which workers a selection adds to a task (the ids given, or the worker list's
 * filters), previewed, then added in one statement under the task's lock.
 */
import {
  TASK_ASSIGNABLE_STATUSES,
  TASK_STATUS_LABELS,
  budgetError,
  taskAmountError,
  type TAssignResult,
  type TTaskStatus,
  type ZAssignBody,
} from '@flexpay/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField } from '../../../lib/errors.ts';
import { workerIdsWhere, workerSelection } from '../../worker/public-reads.ts';
import { toRepoFilter, workerListWhere } from '../../worker/service.ts';
import { recordTaskEvent } from '../history/service.ts';
import { defaultAgreedFen, taskOf, type TaskRow } from '../orders/service.ts';
import * as repo from './repo.ts';

type AssignBody = z.output<typeof ZAssignBody>;

/**
 * The selection as worker's subquery: the ids given, or the worker list's filters, less those
 * excluded. The pick filter has no status: the insert itself takes 在职 workers only.
 */
function selectionOf(ctx: ServiceContext, companyId: number, body: AssignBody): SQL {
  const where = body.workerIds
    ? workerIdsWhere(body.workerIds)
    : (workerListWhere(companyId, toRepoFilter(ctx, body.filter ?? {})) as SQL);
  return workerSelection(companyId, where, body.excludeIds);
}

async function previewOf(ctx: ServiceContext, tx: DbOrTx, auth: AuthContext, task: TaskRow, body: AssignBody) {
  const seen = await repo.previewSelection(tx, task.id, selectionOf(ctx, auth.companyId, body));
  const totals = await repo.taskTotals(tx, auth.companyId, task.id);
  const agreedFen = body.agreedFen ?? defaultAgreedFen(task);
  const matched = body.workerIds ? new Set(body.workerIds).size : seen.matched;
  const result: TAssignResult = {
    matched,
    assigned: seen.active - seen.already,
    alreadyAssigned: seen.already,
    notActive: matched - seen.active,
    placesLeft: Math.max(task.headcount - totals.count, 0),
    agreedFen,
  };
  return { totals, result };
}

function assertAssignable(task: TaskRow) {
  if (!TASK_ASSIGNABLE_STATUSES.includes(task.status as TTaskStatus)) {
    throw conflict(
      `任务${TASK_STATUS_LABELS[task.status as TTaskStatus]}，不能选择人员（已发布或进行中的任务才能选择人员）`,
    );
  }
}

/** 选择人员 → 确认: what the selection would add, without adding it. */
export async function previewAssign(
  ctx: ServiceContext,
  auth: AuthContext,
  taskId: number,
  body: AssignBody,
): Promise<TAssignResult> {
  const task = await taskOf(ctx.db, auth.companyId, taskId);
  assertAssignable(task);
  return (await previewOf(ctx, ctx.db, auth, task, body)).result;
}

/**
 * Assigns the selection's 在职 workers not yet on the task, in one statement under the task's
 * lock; refused whole (the transaction rolls back) when none is left to add, or when they exceed
 * the places left or the budget.
 */
export async function assignWorkers(
  ctx: ServiceContext,
  auth: AuthContext,
  taskId: number,
  body: AssignBody,
): Promise<TAssignResult> {
  return ctx.db.transaction(async (tx) => {
    const task = await taskOf(tx, auth.companyId, taskId, true);
    assertAssignable(task);
    const agreedFen = body.agreedFen ?? defaultAgreedFen(task);
    const amountError = taskAmountError(agreedFen, '约定金额');
    if (amountError) throw invalidField('agreedFen', amountError);
    const totals = await repo.taskTotals(tx, auth.companyId, task.id);
    const placesLeft = Math.max(task.headcount - totals.count, 0);
    const seen = await repo.insertSelection(
      tx,
      { taskId, agreedFen, adminId: auth.adminId },
      selectionOf(ctx, auth.companyId, body),
    );
    if (seen.added === 0) throw conflict('所选人员均已在该任务中或不是在职员工，没有可添加的人员');
    if (seen.added > placesLeft) {
      throw conflict(`超出招募人数：该任务还可选择 ${placesLeft} 人，本次将添加 ${seen.added} 人`);
    }
    const overBudget = budgetError(task.budgetFen, totals.agreedFen + seen.added * agreedFen);
    if (overBudget) throw conflict(`${overBudget}：本次添加后约定金额合计将超出预算`);
    await recordTaskEvent(tx, 'assign', {
      companyId: auth.companyId,
      taskId,
      adminId: auth.adminId,
      at: ctx.now(),
      count: seen.added,
    });
    const matched = body.workerIds ? new Set(body.workerIds).size : seen.matched;
    return {
      matched,
      assigned: seen.added,
      alreadyAssigned: seen.active - seen.added,
      notActive: matched - seen.active,
      placesLeft,
      agreedFen,
    };
  });
}
