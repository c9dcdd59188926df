import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contains, pagedQuery } from '../../db/paged-query.ts';
import { role } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

export type RoleRow = typeof role.$inferSelect;

// How many admins hold the role, from admin's public read of its grants. Outer columns qualified
// by hand: inside the subquery an unqualified name would resolve to the view's own column.
const adminCount = sql<number>`(select count(*)::int from admin_role_grant ar where ar.company_id = "role"."company_id" and ar.role_id = "role"."id")`;

export async function findRolePage(
  db: DbOrTx,
  companyId: number,
  q: { page: number; limit: number; name?: string | undefined },
) {
  return pagedQuery(db, {
    from: role,
    select: { role, adminCount },
    where: [eq(role.companyId, companyId), contains(role.name, q.name)],
    // The owner role first, then the oldest.
    pinned: [desc(role.isOwnerRole)],
    order: 'asc',
    id: role.id,
    page: q.page,
    limit: q.limit,
  });
}

export async function findRole(db: DbOrTx, companyId: number, id: number, forUpdate = false) {
  const query = db
    .select({ role, adminCount })
    .from(role)
    .where(and(eq(role.companyId, companyId), eq(role.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: role }) : await query;
  return row;
}

export async function findRoleByName(db: DbOrTx, companyId: number, name: string) {
  const [row] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.companyId, companyId), eq(role.name, name)))
    .limit(1);
  return row;
}

export async function findRoleOptions(db: DbOrTx, companyId: number) {
  return db.select({ id: role.id, name: role.name }).from(role).where(eq(role.companyId, companyId)).orderBy(role.id);
}

/** Ids among `ids` that are roles of this company. */
export async function findRolesOfCompanyByIds(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: role.id, isOwnerRole: role.isOwnerRole })
    .from(role)
    .where(and(eq(role.companyId, companyId), anyId(role.id, ids)));
}

export async function insertRole(db: DbOrTx, values: typeof role.$inferInsert) {
  const [row] = await db.insert(role).values(values).returning({ id: role.id });
  if (!row) throw new Error('role not inserted');
  return row.id;
}

export async function updateRole(db: DbOrTx, companyId: number, id: number, values: Partial<typeof role.$inferInsert>) {
  await db
    .update(role)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(role.companyId, companyId), eq(role.id, id)));
}

export async function deleteRole(db: DbOrTx, companyId: number, id: number) {
  await db.delete(role).where(and(eq(role.companyId, companyId), eq(role.id, id)));
}
