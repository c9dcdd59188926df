/** The SQL of 任务记录 (task_event): written with each change, read by 任务详情. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { admin, taskEvent, workerCard } from '../../../db/schema/index.ts';
import { anyId } from '../../../db/any-of.ts';

export type TaskEventInsert = typeof taskEvent.$inferInsert;

export async function insertTaskEvent(db: DbOrTx, event: TaskEventInsert) {
  await db.insert(taskEvent).values(event);
}

/** What an event of each assignment carries besides the assignment's task and worker. */
export interface AssignmentEventValues {
  companyId: number;
  action: string;
  adminId: number;
  createdAt: Date;
  note?: string | null;
  /** The assignment's payable amount (a pass, a confirmation). */
  withPayable?: boolean;
  /** The round of the assignment's latest delivery (a submission, a review). */
  withRound?: boolean;
}

/**
 * One event per assignment, its task and worker read from the assignment in the same statement
 * (a bulk 接单 or 验收 of thousands is one insert). Runs before a removal deletes the rows.
 */
export async function insertAssignmentEvents(db: DbOrTx, ids: readonly number[], v: AssignmentEventValues) {
  if (!ids.length) return;
  await queryRows(
    db,
    sql`insert into task_event (company_id, task_id, action, admin_id, worker_id, round, amount_fen, note, created_at)
        select a.company_id, a.task_id, ${v.action}, ${v.adminId}::bigint, a.worker_id,
               ${
                 v.withRound
                   ? sql`(select max(d.round) from task_delivery d where d.company_id = a.company_id and d.assignment_id = a.id)`
                   : sql`null::int`
               },
               ${v.withPayable ? sql`a.payable_fen` : sql`null::bigint`},
               ${v.note ?? null}, ${v.createdAt.toISOString()}::timestamptz
          from task_assignment a
         where a.company_id = ${v.companyId} and ${anyId(sql`a.id`, ids)}
         order by a.id`,
  );
}

/** The newest `limit` events of a task, with the admin's and the worker's names, and how many there are. */
export async function findTaskEvents(db: DbOrTx, companyId: number, taskId: number, limit: number) {
  const where = and(eq(taskEvent.companyId, companyId), eq(taskEvent.taskId, taskId));
  const rows = await db
    .select({
      event: taskEvent,
      adminName: sql<
        string | null
      >`(select ${admin.name} from ${admin} where ${admin.companyId} = ${taskEvent.companyId} and ${admin.id} = ${taskEvent.adminId})`,
      workerName: sql<
        string | null
      >`(select ${workerCard.name} from ${workerCard} where ${workerCard.companyId} = ${taskEvent.companyId} and ${workerCard.id} = ${taskEvent.workerId})`,
    })
    .from(taskEvent)
    .where(where)
    .orderBy(desc(taskEvent.createdAt), desc(taskEvent.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(taskEvent).where(where);
  return { rows: rows.reverse(), total: total?.n ?? 0 };
}

/** Whether a worker appears in any task's record (then the worker is not deleted). */
export async function hasEventsOfWorker(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: taskEvent.id })
    .from(taskEvent)
    .where(and(eq(taskEvent.companyId, companyId), eq(taskEvent.workerId, workerId)))
    .limit(1);
  return row !== undefined;
}
