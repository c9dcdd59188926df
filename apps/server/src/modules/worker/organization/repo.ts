/**
 * The SQL of 组织架构: `department` and its closure `department_closure` (ADR 0018). Every write
 * to the tree's shape runs under the company's tree lock (`lockTree`), so the closure and
 * `parent_id` always describe one tree.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { department, departmentClosure, worker } from '../../../db/schema/index.ts';
import { anyId } from '../../../db/any-of.ts';

/** Advisory lock class of a company's department tree. */
const TREE_LOCK = 7310034;

/**
 * Serialises every change of a company's tree shape (add, move, delete) in this transaction:
 * two moves checked at once against the same tree could otherwise each pass the cycle check and
 * together make a loop.
 */
export async function lockTree(tx: DbOrTx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK}, ${companyId}::int)`);
}

export type DepartmentRow = typeof department.$inferSelect;

export async function findDepartment(db: DbOrTx, companyId: number, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await db
    .select()
    .from(department)
    .where(and(eq(department.companyId, companyId), eq(department.id, id)));
  return row;
}

export async function countDepartments(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from department where company_id = ${companyId}`,
  );
  return row?.n ?? 0;
}

export interface TreeRow {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  leaderAdminId: number | null;
  leaderWorkerId: number | null;
  leaderName: string | null;
  ownCount: number;
  headCount: number;
}

/**
 * The whole tree with head counts: each department's own workers in service (在职; a worker who
 * has left is no longer counted) from the trigger-kept counter (`worker_facet_count`'s
 * a_department, one row per department), summed up the parent links here (each department
 * after its children), never the worker table; the leaders' names by key. One statement of the
 * company's departments, however many workers it has.
 */
export async function findTree(db: DbOrTx, companyId: number): Promise<TreeRow[]> {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select d.id, d.parent_id, d.name, d.sort, d.leader_admin_id, d.leader_worker_id,
               coalesce(a.name, w.name) as leader_name, coalesce(f.total, 0) as own_count
        from department d
        left join (select value, total from worker_facet_count
                    where company_id = ${companyId} and facet = 'a_department') f on f.value = d.id::text
        left join admin a on a.company_id = d.company_id and a.id = d.leader_admin_id
        left join worker w on w.company_id = d.company_id and w.id = d.leader_worker_id
        where d.company_id = ${companyId}
        order by d.sort, d.id`,
  );
  const tree = rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: String(r.name),
    sort: Number(r.sort),
    leaderAdminId: r.leader_admin_id === null ? null : Number(r.leader_admin_id),
    leaderWorkerId: r.leader_worker_id === null ? null : Number(r.leader_worker_id),
    leaderName: r.leader_name === null ? null : String(r.leader_name),
    ownCount: Number(r.own_count),
    headCount: Number(r.own_count),
  }));
  // Head counts: every department's own count added to each of its ancestors, walking up the
  // parent links (a tree is at most DEPARTMENT_MAX_DEPTH + 1 levels deep; moves refuse cycles,
  // and the walk stops after as many steps as there are departments whatever the rows say).
  const byId = new Map(tree.map((d) => [d.id, d]));
  for (const d of tree) {
    let up = d.parentId === null ? undefined : byId.get(d.parentId);
    for (let steps = 0; up && steps < tree.length; steps++) {
      up.headCount += d.ownCount;
      up = up.parentId === null ? undefined : byId.get(up.parentId);
    }
  }
  return tree;
}

/** The ids of a department and every department under it. */
export async function findSubtreeIds(db: DbOrTx, companyId: number, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: departmentClosure.descendantId })
    .from(departmentClosure)
    .where(and(eq(departmentClosure.companyId, companyId), eq(departmentClosure.ancestorId, id)));
  return rows.map((r) => r.id);
}

/** How many levels sit under a department (0: a leaf), and how deep it sits (0: top level). */
export async function depthsOf(db: DbOrTx, companyId: number, id: number) {
  const [row] = await queryRows<{ below: number; above: number }>(
    db,
    sql`select
          (select coalesce(max(depth), 0)::int from department_closure where company_id = ${companyId} and ancestor_id = ${id}) as below,
          (select coalesce(max(depth), 0)::int from department_closure where company_id = ${companyId} and descendant_id = ${id}) as above`,
  );
  return { below: row?.below ?? 0, above: row?.above ?? 0 };
}

/** Whether `ancestorId` is `id` or above it. */
export async function isAncestorOrSelf(db: DbOrTx, companyId: number, ancestorId: number, id: number) {
  const [row] = await db
    .select({ depth: departmentClosure.depth })
    .from(departmentClosure)
    .where(
      and(
        eq(departmentClosure.companyId, companyId),
        eq(departmentClosure.ancestorId, ancestorId),
        eq(departmentClosure.descendantId, id),
      ),
    );
  return row !== undefined;
}

/** The children of a parent (null: the top level) in their order, ids only. */
export async function findChildIds(db: DbOrTx, companyId: number, parentId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: department.id })
    .from(department)
    .where(
      and(
        eq(department.companyId, companyId),
        parentId === null ? sql`${department.parentId} is null` : eq(department.parentId, parentId),
      ),
    )
    .orderBy(asc(department.sort), asc(department.id));
  return rows.map((r) => r.id);
}

/** Numbers siblings 0, 1, 2… in the order given. */
export async function setSiblingOrder(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::bigint, ${i}::int)`),
    sql`, `,
  );
  await db.execute(sql`update department d set sort = v.sort
    from (values ${values}) as v(id, sort)
    where d.company_id = ${companyId} and d.id = v.id and d.sort <> v.sort`);
}

/** Inserts a department under `parentId` as its last child, with its closure rows. */
export async function insertDepartment(
  db: DbOrTx,
  companyId: number,
  input: { name: string; parentId: number | null; sort: number },
): Promise<number> {
  const [row] = await db
    .insert(department)
    .values({ companyId, name: input.name, parentId: input.parentId, sort: input.sort })
    .returning({ id: department.id });
  const id = row!.id;
  // Itself at depth 0, and each ancestor of its parent one level further.
  await db.execute(sql`insert into department_closure (company_id, ancestor_id, descendant_id, depth)
    select ${companyId}::bigint, ${id}::bigint, ${id}::bigint, 0
    union all
    select company_id, ancestor_id, ${id}::bigint, depth + 1 from department_closure
    where company_id = ${companyId} and descendant_id = ${input.parentId}::bigint`);
  return id;
}

export async function renameDepartment(db: DbOrTx, companyId: number, id: number, name: string) {
  await db
    .update(department)
    .set({ name })
    .where(and(eq(department.companyId, companyId), eq(department.id, id)));
}

export async function setLeader(
  db: DbOrTx,
  companyId: number,
  id: number,
  leader: { adminId: number | null; workerId: number | null },
) {
  await db
    .update(department)
    .set({ leaderAdminId: leader.adminId, leaderWorkerId: leader.workerId })
    .where(and(eq(department.companyId, companyId), eq(department.id, id)));
}

/**
 * Moves a subtree under a new parent: its links to its old ancestors go, links from the new
 * parent's ancestors (and the parent itself) to every node of the subtree come.
 */
export async function moveSubtree(db: DbOrTx, companyId: number, id: number, parentId: number | null) {
  await db.execute(sql`delete from department_closure c
    using department_closure sub, department_closure up
    where sub.company_id = ${companyId} and sub.ancestor_id = ${id}
      and up.company_id = ${companyId} and up.descendant_id = ${id} and up.depth > 0
      and c.company_id = ${companyId} and c.ancestor_id = up.ancestor_id and c.descendant_id = sub.descendant_id`);
  if (parentId !== null) {
    await db.execute(sql`insert into department_closure (company_id, ancestor_id, descendant_id, depth)
      select ${companyId}::bigint, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
      from department_closure up, department_closure sub
      where up.company_id = ${companyId} and up.descendant_id = ${parentId}
        and sub.company_id = ${companyId} and sub.ancestor_id = ${id}`);
  }
  await db
    .update(department)
    .set({ parentId })
    .where(and(eq(department.companyId, companyId), eq(department.id, id)));
}

/** Deletes a department (its closure rows go with it); the keys refuse one with children or workers. */
export async function deleteDepartment(db: DbOrTx, companyId: number, id: number) {
  await db.delete(department).where(and(eq(department.companyId, companyId), eq(department.id, id)));
}

export async function hasChildren(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: department.id })
    .from(department)
    .where(and(eq(department.companyId, companyId), eq(department.parentId, id)))
    .limit(1);
  return row !== undefined;
}

export async function hasWorkers(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: worker.id })
    .from(worker)
    .where(and(eq(worker.companyId, companyId), eq(worker.departmentId, id)))
    .limit(1);
  return row !== undefined;
}

/** The ids among `ids` that are this company's departments. */
export async function existingIds(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: department.id })
    .from(department)
    .where(and(eq(department.companyId, companyId), anyId(department.id, ids)));
  return rows.map((r) => r.id);
}
