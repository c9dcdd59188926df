/**
 * 任务记录 (issue 38): every transition of a task and of each worker on it, written by the
 * services of orders/, assignments/ and confirmation/ inside the change's transaction, and read
 * as 任务详情's history with who did it and when.
 */
import {
  TASK_EVENT_LABELS,
  TASK_EVENTS_ON_BEHALF,
  TASK_HISTORY_LIMIT,
  type TTaskEvent,
  type TTaskEventAction,
} from '@flexpay/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { fenToYuan } from '../../../lib/money.ts';
import * as repo from './repo.ts';

interface TaskEventValues {
  companyId: number;
  taskId: number;
  adminId: number;
  at: Date;
  workerId?: number | null;
  round?: number | null;
  amountFen?: number | null;
  count?: number | null;
  note?: string | null;
}

/** Records one step of the task (or of one worker on it). */
export function recordTaskEvent(db: DbOrTx, action: TTaskEventAction, v: TaskEventValues) {
  return repo.insertTaskEvent(db, {
    companyId: v.companyId,
    taskId: v.taskId,
    action,
    adminId: v.adminId,
    workerId: v.workerId ?? null,
    round: v.round ?? null,
    amountFen: v.amountFen ?? null,
    count: v.count ?? null,
    note: v.note ?? null,
    createdAt: v.at,
  });
}

/** Records one step of each of the assignments (before a removal deletes them). */
export function recordAssignmentEvents(
  db: DbOrTx,
  action: TTaskEventAction,
  ids: readonly number[],
  v: { companyId: number; adminId: number; at: Date; note?: string | null },
) {
  return repo.insertAssignmentEvents(db, ids, {
    companyId: v.companyId,
    action,
    adminId: v.adminId,
    createdAt: v.at,
    note: v.note ?? null,
    withPayable: action === 'pass' || action === 'confirm',
    withRound: action === 'submit' || action === 'resubmit' || action === 'pass' || action === 'reject',
  });
}

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/** What a record says beyond its label, in Chinese. */
function detailOf(action: TTaskEventAction, e: repo.TaskEventInsert): string | null {
  const parts: string[] = [];
  if (e.round !== null && e.round !== undefined) parts.push(`第 ${e.round} 轮`);
  switch (action) {
    case 'autoStart':
      parts.push('随第一位人员接单自动开始');
      break;
    case 'assign':
      if (e.count !== null && e.count !== undefined) parts.push(`添加 ${e.count} 人`);
      break;
    case 'cancel':
      if (e.note) parts.push(`原因：${e.note}`);
      break;
    case 'reject':
      if (e.note) parts.push(`驳回原因：${e.note}`);
      break;
    case 'pass':
      if (e.amountFen !== null && e.amountFen !== undefined) parts.push(`应付 ${yuan(e.amountFen)}`);
      break;
    case 'amount':
      if (e.amountFen !== null && e.amountFen !== undefined) parts.push(`改为 ${yuan(e.amountFen)}`);
      if (e.note) parts.push(e.note);
      break;
    case 'confirm':
      if (e.note) parts.push(`发放批次「${e.note}」`);
      if (e.amountFen !== null && e.amountFen !== undefined) parts.push(yuan(e.amountFen));
      break;
    default:
      if (e.note) parts.push(e.note);
  }
  return parts.length ? parts.join('，') : null;
}

/** 任务记录 of a task: its newest records (TASK_HISTORY_LIMIT), oldest first, and how many there are. */
export async function taskHistory(
  db: DbOrTx,
  companyId: number,
  taskId: number,
): Promise<{ history: TTaskEvent[]; historyTotal: number }> {
  const { rows, total } = await repo.findTaskEvents(db, companyId, taskId, TASK_HISTORY_LIMIT);
  return {
    historyTotal: total,
    history: rows.map((r) => {
      const action = r.event.action as TTaskEventAction;
      return {
        action,
        label: TASK_EVENT_LABELS[action] ?? action,
        adminName: r.adminName ?? '',
        workerName: r.event.workerId === null ? null : (r.workerName ?? ''),
        onBehalf: TASK_EVENTS_ON_BEHALF.includes(action),
        detail: detailOf(action, r.event),
        at: r.event.createdAt.toISOString(),
      };
    }),
  };
}

/** Whether a worker appears in any task's record (the worker area asks before deleting). */
export function hasTaskEventsOfWorker(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  return repo.hasEventsOfWorker(db, companyId, workerId);
}
