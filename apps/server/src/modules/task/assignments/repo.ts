import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { prefixRange } from '../../../db/like.ts';
import { equals } from '../../../db/paged-query.ts';
import {
  taskAssignment,
  taskAssignmentCount,
  taskDelivery,
  taskDeliveryFile,
  taskOrder,
  workerCard,
} from '../../../db/schema/index.ts';
import { anyId } from '../../../db/any-of.ts';

export type AssignmentRow = typeof taskAssignment.$inferSelect;
export type DeliveryRow = typeof taskDelivery.$inferSelect;

// ── Picking workers: one statement for thousands ────────────────────────────────────────────

/**
 * What a selection of workers holds for a task. `selection` is worker's subquery of
 * `(company_id, id, is_active)` (`workerSelection`, modules/worker/public-reads.ts).
 */
export async function previewSelection(db: DbOrTx, taskId: number, selection: SQL) {
  const [row] = await queryRows<{ matched: number; active: number; already: number }>(
    db,
    sql`select count(*)::int as matched,
               (count(*) filter (where s.is_active))::int as active,
               (count(*) filter (where s.is_active and exists (
                  select 1 from task_assignment a
                   where a.company_id = s.company_id and a.task_id = ${taskId} and a.worker_id = s.id)))::int as already
          from ${selection} s`,
  );
  return row ?? { matched: 0, active: 0, already: 0 };
}

/**
 * Assigns every 在职 worker of the selection (worker's subquery, as above) the task does not have
 * yet, in one INSERT … SELECT over one pass of the selection (the unique (task, worker) key skips
 * those already on it). Answers how many the selection matched, how many of them are 在职, and
 * how many were added.
 */
export async function insertSelection(
  tx: DbOrTx,
  v: { taskId: number; agreedFen: number; adminId: number },
  selection: SQL,
): Promise<{ matched: number; active: number; added: number }> {
  const [row] = await queryRows<{ matched: number; active: number; added: number }>(
    tx,
    sql`with sel as materialized (select * from ${selection} s),
        ins as (
          insert into task_assignment (company_id, task_id, worker_id, agreed_fen, assigned_by)
          select company_id, ${v.taskId}::bigint, id, ${v.agreedFen}::bigint, ${v.adminId}::bigint
            from sel where is_active
           order by id
          on conflict (company_id, task_id, worker_id) do nothing
          returning 1)
        select (select count(*) from sel)::int as matched,
               (select count(*) from sel where is_active)::int as active,
               (select count(*) from ins)::int as added`,
  );
  return row ?? { matched: 0, active: 0, added: 0 };
}

/** How many workers a task has and their agreed amounts together. */
export async function taskTotals(db: DbOrTx, companyId: number, taskId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, agreed: sql<string>`coalesce(sum(${taskAssignment.agreedFen}), 0)` })
    .from(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), eq(taskAssignment.taskId, taskId)));
  return { count: row?.n ?? 0, agreedFen: Number(row?.agreed ?? 0) };
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

/** The newest round of the assignment's deliveries, as JSON (null when none). */
const latestDelivery = sql<{ id: number; round: number; status: string; submittedAt: string } | null>`(
  select json_build_object('id', d.id, 'round', d.round, 'status', d.status, 'submittedAt', d.submitted_at)
    from task_delivery d
   where d.company_id = "task_assignment"."company_id" and d.assignment_id = "task_assignment"."id"
   order by d.round desc limit 1)`;

/**
 * The batch that took the assignment's amount and is live (null: none, still payable), from
 * payroll's public view: whether a batch is live is payroll's answer, not its statuses spelled here.
 */
export const liveBatch = sql<{ id: number; title: string; status: string } | null>`(
  select json_build_object('id', b.id, 'title', b.title, 'status', b.status)
    from task_payment p
    join payroll_batch_state b on b.company_id = p.company_id and b.id = p.batch_id
   where p.company_id = "task_assignment"."company_id" and p.assignment_id = "task_assignment"."id"
     and b.is_live
   limit 1)`;

const listSelect = {
  assignment: taskAssignment,
  workerName: workerCard.name,
  idNumberMasked: workerCard.idNumberMasked,
  mobile: workerCard.mobile,
  taskTitle: taskOrder.title,
  taskStatus: taskOrder.status,
  latestDelivery,
  liveBatch,
};

const listJoins = [
  {
    // Worker's public read (a view of worker's own): who each row is about.
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

export interface AssignmentFilters {
  companyId: number;
  taskId?: number | undefined;
  status?: string | undefined;
  name?: string | undefined;
}

async function countWhere(db: DbOrTx, where: SQL | undefined) {
  const [counted] = await db.select({ n: count() }).from(taskAssignment).where(where);
  return counted?.n ?? 0;
}

/** The kept counts' rows of a task (or the company), of one status or all. */
function keptWhere(f: AssignmentFilters) {
  return and(
    eq(taskAssignmentCount.companyId, f.companyId),
    equals(taskAssignmentCount.taskId, f.taskId),
    equals(taskAssignmentCount.status, f.status),
  );
}

/** The total of a task's (or the company's) assignments, by status or all, from the kept counts. */
async function countKept(db: DbOrTx, f: AssignmentFilters) {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${taskAssignmentCount.n})` })
    .from(taskAssignmentCount)
    .where(keptWhere(f));
  return Number(row?.n ?? 0);
}

/**
 * Deep pages of an assignment list (without a name filter) seek from anchors instead of skipping
 * every entry before them: the id at every `every`-th position of the list, newest first, read
 * in one pass over the list's index and kept in this process for as long as the list is the same
 * set. The set is known by its kept count and its newest id: an assignment added changes the
 * count (and the newest id), one removed or moved to another status changes the count.
 */
export const ANCHOR_EVERY = 1000;

interface Anchors {
  version: string;
  ids: number[];
}

/** The lists' anchors in this process, the least recently used dropped past a few hundred. */
const anchorCache = new Map<string, Anchors>();
const ANCHOR_CACHE_SIZE = 500;

function remember(key: string, anchors: Anchors) {
  anchorCache.delete(key);
  anchorCache.set(key, anchors);
  if (anchorCache.size > ANCHOR_CACHE_SIZE) anchorCache.delete(anchorCache.keys().next().value as string);
}

/** How deep pages of a list are read: anchors every `every` rows, from an offset of twice that. */
export interface PageSeeking {
  every: number;
}

/**
 * A page of assignments (a task's list, or 任务中心's queues across tasks), newest first. Written
 * by hand rather than through pagedQuery: the count and the page's ids read task_assignment alone
 * (its (company, task, id) and (company, status, id) indexes), and only the page's rows are joined,
 * so a deep page of a task with 100,000 workers never joins the rows it skips (bench/tasks.ts).
 * Without a name filter the page and its total (from the kept counts) come in one statement, one
 * round trip and one snapshot; only a page past the end asks for the total on its own, and a deep
 * page (from twice `seeking.every`) starts from the nearest anchor above it.
 */
export async function findAssignmentPage(
  db: DbOrTx,
  f: AssignmentFilters,
  page: number,
  limit: number,
  seeking: PageSeeking = { every: ANCHOR_EVERY },
) {
  const listed = and(
    eq(taskAssignment.companyId, f.companyId),
    equals(taskAssignment.taskId, f.taskId),
    equals(taskAssignment.status, f.status),
  );
  const where = and(
    listed,
    f.name
      ? sql`exists (select 1 from worker_card w where w.company_id = "task_assignment"."company_id"
               and w.id = "task_assignment"."worker_id" and ${prefixRange(sql`w.name`, f.name)})`
      : undefined,
  );
  const offset = (page - 1) * limit;
  const pageOf = <T extends Record<string, SQL>>(extra: T, from = { id: null as number | null, skip: offset }) =>
    db
      .select({ ...listSelect, ...extra })
      .from(taskAssignment)
      .innerJoin(workerCard, listJoins[0].on)
      .innerJoin(taskOrder, listJoins[1].on)
      .where(
        and(
          eq(taskAssignment.companyId, f.companyId),
          inArray(
            taskAssignment.id,
            db
              .select({ id: taskAssignment.id })
              .from(taskAssignment)
              .where(and(where, from.id === null ? undefined : sql`${taskAssignment.id} <= ${from.id}`))
              .orderBy(desc(taskAssignment.id))
              .limit(limit)
              .offset(from.skip),
          ),
        ),
      )
      .orderBy(desc(taskAssignment.id));
  if (f.name) {
    const total = await countWhere(db, where);
    if (offset >= total) return { total, rows: [] };
    return { total, rows: await pageOf({}) };
  }
  if (offset >= 2 * seeking.every) {
    const [state] = await queryRows<{ total: string | number | null; newest: string | number | null }>(
      db,
      sql`select (${db
        .select({ n: sql`coalesce(sum(${taskAssignmentCount.n}), 0)` })
        .from(taskAssignmentCount)
        .where(keptWhere(f))}) as total,
        (${db.select({ id: taskAssignment.id }).from(taskAssignment).where(listed).orderBy(desc(taskAssignment.id)).limit(1)}) as newest`,
    );
    const total = Number(state?.total ?? 0);
    if (offset >= total) return { total, rows: [] };
    const key = `${f.companyId}:${f.taskId ?? ''}:${f.status ?? ''}:${seeking.every}`;
    const version = `${total}:${state?.newest ?? ''}`;
    let anchors = anchorCache.get(key);
    if (anchors?.version !== version) {
      const found = await queryRows<{ id: string | number }>(
        db,
        sql`select id from (
              select ${taskAssignment.id} as id, row_number() over (order by ${taskAssignment.id} desc) - 1 as position
                from ${taskAssignment} where ${listed}) ranked
            where position % ${seeking.every} = 0 order by position`,
      );
      anchors = { version, ids: found.map((r) => Number(r.id)) };
    }
    remember(key, anchors);
    const k = Math.min(Math.floor(offset / seeking.every), anchors.ids.length - 1);
    const from = k >= 0 ? { id: anchors.ids[k] ?? null, skip: offset - k * seeking.every } : undefined;
    return { total, rows: await pageOf({}, from) };
  }
  const kept = db
    .select({ n: sql`coalesce(sum(${taskAssignmentCount.n}), 0)` })
    .from(taskAssignmentCount)
    .where(keptWhere(f));
  const found = await pageOf({ total: sql<string>`(${kept})` });
  if (!found.length) return { total: await countKept(db, f), rows: [] };
  const total = Number(found[0]!.total);
  return { total, rows: found.map(({ total: _total, ...row }) => row) };
}

export type AssignmentListRow = Awaited<ReturnType<typeof findAssignmentRow>> & {};

export async function findAssignmentRow(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select(listSelect)
    .from(taskAssignment)
    .innerJoin(workerCard, listJoins[0].on)
    .innerJoin(taskOrder, listJoins[1].on)
    .where(and(eq(taskAssignment.companyId, companyId), eq(taskAssignment.id, id)));
  return row;
}

/** Counts of 任务中心's two queues (from the kept counts). */
export async function countQueues(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ status: taskAssignmentCount.status, n: sql<string>`sum(${taskAssignmentCount.n})` })
    .from(taskAssignmentCount)
    .where(
      and(eq(taskAssignmentCount.companyId, companyId), inArray(taskAssignmentCount.status, ['pending', 'submitted'])),
    )
    .groupBy(taskAssignmentCount.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The task ids of assignments of the company (missing ids left out). */
export async function findTaskIdsOf(db: DbOrTx, companyId: number, ids: readonly number[]) {
  const rows = await db
    .selectDistinct({ taskId: taskAssignment.taskId })
    .from(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), anyId(taskAssignment.id, [...ids])));
  return rows.map((r) => r.taskId).sort((a, b) => a - b);
}

/** Locks assignments of the company, in id order (every writer locks them so, after their tasks). */
export async function lockAssignments(db: DbOrTx, companyId: number, ids: readonly number[]) {
  return db
    .select()
    .from(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), anyId(taskAssignment.id, [...ids])))
    .orderBy(asc(taskAssignment.id))
    .for('update');
}

export async function updateAssignments(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
  values: Partial<AssignmentRow>,
) {
  if (!ids.length) return;
  await db
    .update(taskAssignment)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(taskAssignment.companyId, companyId), anyId(taskAssignment.id, [...ids])));
}

export async function deleteAssignments(db: DbOrTx, companyId: number, ids: readonly number[]) {
  if (!ids.length) return;
  await db
    .delete(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), anyId(taskAssignment.id, [...ids])));
}

/** Whether a worker is on any task (then the worker is not deleted). */
export async function hasAssignmentsOfWorker(db: DbOrTx, companyId: number, workerId: number) {
  const [row] = await db
    .select({ id: taskAssignment.id })
    .from(taskAssignment)
    .where(and(eq(taskAssignment.companyId, companyId), eq(taskAssignment.workerId, workerId)))
    .limit(1);
  return row !== undefined;
}

// ── Deliveries ──────────────────────────────────────────────────────────────────────────────

export async function insertDelivery(
  db: DbOrTx,
  v: {
    companyId: number;
    assignmentId: number;
    description: string;
    quantityCenti: number | null;
    submittedBy: number;
    submittedAt: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into task_delivery (company_id, assignment_id, round, description, quantity_centi, submitted_by, submitted_at)
        select ${v.companyId}, ${v.assignmentId}, coalesce(max(round), 0) + 1, ${v.description}, ${v.quantityCenti},
               ${v.submittedBy}, ${v.submittedAt.toISOString()}::timestamptz
          from task_delivery where company_id = ${v.companyId} and assignment_id = ${v.assignmentId}
        returning id`,
  );
  return Number(row?.id);
}

export async function insertDeliveryFiles(
  db: DbOrTx,
  companyId: number,
  deliveryId: number,
  fileIds: readonly string[],
) {
  if (!fileIds.length) return;
  await db.insert(taskDeliveryFile).values(fileIds.map((fileId, sort) => ({ companyId, deliveryId, fileId, sort })));
}

/** The newest delivery of each assignment. */
export async function findLatestDeliveries(db: DbOrTx, companyId: number, assignmentIds: readonly number[]) {
  if (!assignmentIds.length) return [];
  return db
    .selectDistinctOn([taskDelivery.assignmentId])
    .from(taskDelivery)
    .where(and(eq(taskDelivery.companyId, companyId), anyId(taskDelivery.assignmentId, [...assignmentIds])))
    .orderBy(asc(taskDelivery.assignmentId), desc(taskDelivery.round));
}

export async function findDelivery(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(taskDelivery)
    .where(and(eq(taskDelivery.companyId, companyId), eq(taskDelivery.id, id)));
  return row;
}

/** Writes the reviews of deliveries (one statement): each its status, reason and passed amount. */
export async function reviewDeliveries(
  db: DbOrTx,
  companyId: number,
  reviews: { id: number; status: 'passed' | 'rejected'; reason: string | null; passedFen: number | null }[],
  reviewedBy: number,
  now: Date,
) {
  if (!reviews.length) return;
  await db.execute(sql`
    update task_delivery d
       set status = r.status, reject_reason = r.reason, passed_fen = r.passed_fen,
           reviewed_by = ${reviewedBy}, reviewed_at = ${now.toISOString()}::timestamptz
      from unnest(${sql.param(reviews.map((r) => r.id))}::bigint[], ${sql.param(reviews.map((r) => r.status))}::text[],
                  ${sql.param(reviews.map((r) => r.reason))}::text[], ${sql.param(reviews.map((r) => r.passedFen))}::bigint[])
           as r(id, status, reason, passed_fen)
     where d.company_id = ${companyId} and d.id = r.id`);
}

/** Sets each assignment's status and payable amount (one statement). */
export async function setAssignmentOutcomes(
  db: DbOrTx,
  companyId: number,
  rows: { id: number; status: 'passed' | 'rejected'; payableFen: number | null }[],
  now: Date,
) {
  if (!rows.length) return;
  await db.execute(sql`
    update task_assignment a
       set status = r.status, payable_fen = r.payable_fen, updated_at = now(),
           passed_at = case when r.status = 'passed' then ${now.toISOString()}::timestamptz end
      from unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.status))}::text[],
                  ${sql.param(rows.map((r) => r.payableFen))}::bigint[]) as r(id, status, payable_fen)
     where a.company_id = ${companyId} and a.id = r.id`);
}

export async function findDeliveries(db: DbOrTx, companyId: number, assignmentId: number) {
  return db
    .select()
    .from(taskDelivery)
    .where(and(eq(taskDelivery.companyId, companyId), eq(taskDelivery.assignmentId, assignmentId)))
    .orderBy(desc(taskDelivery.round));
}

export async function findDeliveryFileIds(db: DbOrTx, companyId: number, deliveryIds: readonly number[]) {
  if (!deliveryIds.length) return [];
  return db
    .select({ deliveryId: taskDeliveryFile.deliveryId, fileId: taskDeliveryFile.fileId })
    .from(taskDeliveryFile)
    .where(and(eq(taskDeliveryFile.companyId, companyId), anyId(taskDeliveryFile.deliveryId, [...deliveryIds])))
    .orderBy(asc(taskDeliveryFile.deliveryId), asc(taskDeliveryFile.sort));
}
