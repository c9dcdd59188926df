import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { equals, pagedQuery, startsWith } from '../../../db/paged-query.ts';
import { taskAssignment, taskOrder, taskPayment, workerCard } from '../../../db/schema/index.ts';
import { liveBatch } from '../assignments/repo.ts';
import { anyId } from '../../../db/any-of.ts';

/**
 * Whether a passed assignment's amount sits in a batch that is live (payroll's answer, through its
 * public view). A cancelled batch keeps its items and payments, and gives the amount back; a
 * removed item takes its payment along.
 */
const inLiveBatch = sql`exists (
  select 1 from task_payment p
    join payroll_batch_state b on b.company_id = p.company_id and b.id = p.batch_id
   where p.company_id = "task_assignment"."company_id" and p.assignment_id = "task_assignment"."id"
     and b.is_live)`;

export interface PayableFilters {
  companyId: number;
  status: 'payable' | 'confirmed';
  taskId?: number | undefined;
  serviceCompanyId?: number | undefined;
  name?: string | undefined;
  passedFrom?: string | undefined;
  passedTo?: string | undefined;
}

const joins = [
  {
    // Worker's public read (a view of worker's own): who each amount is for.
    table: workerCard,
    on: and(eq(workerCard.companyId, taskAssignment.companyId), eq(workerCard.id, taskAssignment.workerId)) as SQL,
    type: 'inner',
    exactlyOne: true,
  },
  {
    table: taskOrder,
    on: and(eq(taskOrder.companyId, taskAssignment.companyId), eq(taskOrder.id, taskAssignment.taskId)) as SQL,
    type: 'inner',
    exactlyOne: true,
  },
] as const;

/** The conditions of 任务确认's filters (days in China time). */
function conditions(f: PayableFilters): (SQL | undefined)[] {
  return [
    eq(taskAssignment.companyId, f.companyId),
    eq(taskAssignment.status, 'passed'),
    f.status === 'payable' ? sql`not ${inLiveBatch}` : inLiveBatch,
    equals(taskAssignment.taskId, f.taskId),
    equals(taskOrder.serviceCompanyId, f.serviceCompanyId),
    startsWith(workerCard.name, f.name),
    f.passedFrom ? sql`${taskAssignment.passedAt} >= (${f.passedFrom} || 'T00:00:00+08:00')::timestamptz` : undefined,
    f.passedTo
      ? sql`${taskAssignment.passedAt} < (${f.passedTo} || 'T00:00:00+08:00')::timestamptz + interval '1 day'`
      : undefined,
  ];
}

export async function findPayablePage(db: DbOrTx, f: PayableFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: taskAssignment,
    select: {
      assignment: taskAssignment,
      workerName: workerCard.name,
      idNumberMasked: workerCard.idNumberMasked,
      taskTitle: taskOrder.title,
      serviceCompanyId: taskOrder.serviceCompanyId,
      liveBatch,
    },
    joins,
    where: conditions(f),
    sorts: { passedAt: taskAssignment.passedAt },
    sort: 'passedAt',
    order: 'desc',
    id: taskAssignment.id,
    page,
    limit,
  });
}

/** The count, total and workers of the amounts matching the filters. */
export async function summarize(db: DbOrTx, f: PayableFilters) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${taskAssignment.payableFen}), 0)`,
      workers: sql<number>`count(distinct ${taskAssignment.workerId})::int`,
    })
    .from(taskAssignment)
    .innerJoin(workerCard, joins[0].on)
    .innerJoin(taskOrder, joins[1].on)
    .where(and(...conditions(f)));
  return { count: row?.count ?? 0, amountFen: Number(row?.amount ?? 0), workers: row?.workers ?? 0 };
}

/** The ids of the payable amounts matching the filters (confirm all matching). */
export async function findPayableIds(db: DbOrTx, f: PayableFilters): Promise<number[]> {
  const rows = await db
    .select({ id: taskAssignment.id })
    .from(taskAssignment)
    .innerJoin(workerCard, joins[0].on)
    .innerJoin(taskOrder, joins[1].on)
    .where(and(...conditions(f)));
  return rows.map((r) => r.id);
}

/**
 * Of the (locked) assignments, those passed and of the service company's tasks, each with the
 * batches its amount went into (the service asks payroll which of them are live).
 */
export async function findConfirmable(db: DbOrTx, companyId: number, ids: readonly number[], serviceCompanyId: number) {
  const rows = await db
    .select({
      id: taskAssignment.id,
      workerId: taskAssignment.workerId,
      payableFen: taskAssignment.payableFen,
      taskTitle: taskOrder.title,
      batchIds: sql<(string | number)[]>`array(select p.batch_id from ${taskPayment} p
        where p.company_id = ${taskAssignment.companyId} and p.assignment_id = ${taskAssignment.id})`,
    })
    .from(taskAssignment)
    .innerJoin(taskOrder, joins[1].on)
    .where(
      and(
        eq(taskAssignment.companyId, companyId),
        anyId(taskAssignment.id, [...ids]),
        eq(taskAssignment.status, 'passed'),
        eq(taskOrder.serviceCompanyId, serviceCompanyId),
      ),
    )
    .orderBy(taskAssignment.workerId, taskAssignment.id);
  return rows.map((r) => ({ ...r, batchIds: r.batchIds.map(Number) }));
}

/** Locks the assignments in id order (as every writer of the area does). */
export async function lockIds(db: DbOrTx, companyId: number, ids: readonly number[]) {
  await queryRows(
    db,
    sql`select id from task_assignment
         where company_id = ${companyId} and ${anyId(sql`id`, ids)}
         order by id for update`,
  );
}

export async function insertPayments(
  db: DbOrTx,
  rows: {
    companyId: number;
    assignmentId: number;
    batchId: number;
    itemId: number;
    amountFen: number;
    createdBy: number;
  }[],
) {
  if (!rows.length) return;
  await db.execute(sql`
    insert into task_payment (company_id, assignment_id, batch_id, item_id, amount_fen, created_by)
    select * from unnest(
      ${sql.param(rows.map((r) => r.companyId))}::bigint[], ${sql.param(rows.map((r) => r.assignmentId))}::bigint[],
      ${sql.param(rows.map((r) => r.batchId))}::bigint[], ${sql.param(rows.map((r) => r.itemId))}::bigint[],
      ${sql.param(rows.map((r) => r.amountFen))}::bigint[], ${sql.param(rows.map((r) => r.createdBy))}::bigint[])`);
}
