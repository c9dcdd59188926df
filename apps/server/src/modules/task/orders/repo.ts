import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery } from '../../../db/paged-query.ts';
import { taskAssignment, taskAttachment, taskOrder } from '../../../db/schema/index.ts';
import { anyId } from '../../../db/any-of.ts';

export type TaskRow = typeof taskOrder.$inferSelect;
export type NewTask = typeof taskOrder.$inferInsert;

export async function insertTask(db: DbOrTx, values: NewTask): Promise<number> {
  const [row] = await db.insert(taskOrder).values(values).returning({ id: taskOrder.id });
  if (!row) throw new Error('task not inserted');
  return row.id;
}

export async function findTask(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(taskOrder)
    .where(and(eq(taskOrder.companyId, companyId), eq(taskOrder.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateTask(db: DbOrTx, id: number, values: Partial<NewTask>) {
  await db
    .update(taskOrder)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taskOrder.id, id));
}

/** Moves a task from one status to another; false when it was no longer in `from`. */
export async function moveTask(db: DbOrTx, id: number, from: string, values: Partial<NewTask>): Promise<boolean> {
  const rows = await db
    .update(taskOrder)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(taskOrder.id, id), eq(taskOrder.status, from)))
    .returning({ id: taskOrder.id });
  return rows.length > 0;
}

export interface TaskFilters {
  companyId: number;
  status?: string | undefined;
  statuses?: readonly string[] | undefined;
  title?: string | undefined;
  id?: number | undefined;
  jobTypeId?: number | undefined;
  serviceCompanyId?: number | undefined;
  settlement?: string | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
}

export async function findTaskPage(db: DbOrTx, f: TaskFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: taskOrder,
    select: { task: taskOrder },
    where: [
      eq(taskOrder.companyId, f.companyId),
      equals(taskOrder.status, f.status),
      f.statuses ? inArray(taskOrder.status, [...f.statuses]) : undefined,
      contains(taskOrder.title, f.title),
      equals(taskOrder.id, f.id),
      equals(taskOrder.jobTypeId, f.jobTypeId),
      equals(taskOrder.serviceCompanyId, f.serviceCompanyId),
      equals(taskOrder.settlement, f.settlement),
      f.startFrom ? gte(taskOrder.startDate, f.startFrom) : undefined,
      f.startTo ? lte(taskOrder.startDate, f.startTo) : undefined,
    ],
    sorts: { createdAt: taskOrder.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: taskOrder.id,
    page,
    limit,
  });
}

export async function countTasksByStatus(db: DbOrTx, companyId: number) {
  return db
    .select({ status: taskOrder.status, count: sql<number>`count(*)::int` })
    .from(taskOrder)
    .where(eq(taskOrder.companyId, companyId))
    .groupBy(taskOrder.status);
}

/** The assignments of tasks by status, and their agreed amounts together. */
export async function findAssignmentCounts(db: DbOrTx, companyId: number, taskIds: readonly number[]) {
  if (!taskIds.length) return [];
  return queryRows<{ task_id: string | number; status: string; n: number; agreed: string | number }>(
    db,
    sql`select task_id, status, count(*)::int as n, coalesce(sum(agreed_fen), 0) as agreed
          from task_assignment
         where company_id = ${companyId} and ${anyId(sql`task_id`, taskIds)}
         group by task_id, status`,
  );
}

/** Whether a task has any assignment (then its agreed terms are locked). */
export async function hasAssignments(db: DbOrTx, companyId: number, taskId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: taskAssignment.id })
    .from(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), eq(taskAssignment.taskId, taskId)))
    .limit(1);
  return row !== undefined;
}

export async function findAttachmentIds(db: DbOrTx, companyId: number, taskId: number): Promise<string[]> {
  const rows = await db
    .select({ fileId: taskAttachment.fileId })
    .from(taskAttachment)
    .where(and(eq(taskAttachment.companyId, companyId), eq(taskAttachment.taskId, taskId)))
    .orderBy(asc(taskAttachment.sort));
  return rows.map((r) => r.fileId);
}

export async function replaceAttachments(db: DbOrTx, companyId: number, taskId: number, fileIds: readonly string[]) {
  await db
    .delete(taskAttachment)
    .where(and(eq(taskAttachment.companyId, companyId), eq(taskAttachment.taskId, taskId)));
  if (fileIds.length) {
    await db.insert(taskAttachment).values(fileIds.map((fileId, sort) => ({ companyId, taskId, fileId, sort })));
  }
}
