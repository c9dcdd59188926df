import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contains, equals, pagedQuery } from '../../db/paged-query.ts';
import { admin, adminRole, roleGrant } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-of.ts';

export interface AdminFilter {
  page: number;
  limit: number;
  username?: string | undefined;
  name?: string | undefined;
  mobile?: string | undefined;
  status?: string | undefined;
  roleId?: number | undefined;
}

export async function findAdminPage(db: DbOrTx, companyId: number, f: AdminFilter) {
  return pagedQuery(db, {
    from: admin,
    select: getTableColumns(admin),
    where: [
      eq(admin.companyId, companyId),
      contains(admin.username, f.username),
      contains(admin.name, f.name),
      contains(admin.mobile, f.mobile),
      equals(admin.status, f.status),
      f.roleId
        ? sql`exists (select 1 from ${adminRole} ar where ar.company_id = ${admin.companyId} and ar.admin_id = ${admin.id} and ar.role_id = ${f.roleId})`
        : undefined,
    ],
    // The owner first, then the oldest.
    pinned: [desc(admin.isOwner)],
    order: 'asc',
    id: admin.id,
    page: f.page,
    limit: f.limit,
  });
}

export async function findAdminOfCompany(db: DbOrTx, companyId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(admin)
    .where(and(eq(admin.companyId, companyId), eq(admin.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: admin.id }).from(admin).where(eq(admin.username, username)).limit(1);
  return !!row;
}

export async function findRolesOfAdmins(db: DbOrTx, companyId: number, adminIds: number[]) {
  if (!adminIds.length) return [];
  return db
    .select({ adminId: adminRole.adminId, id: roleGrant.id, name: roleGrant.name })
    .from(adminRole)
    .innerJoin(roleGrant, and(eq(roleGrant.id, adminRole.roleId), eq(roleGrant.companyId, adminRole.companyId)))
    .where(and(eq(adminRole.companyId, companyId), anyId(adminRole.adminId, adminIds)))
    .orderBy(roleGrant.id);
}

export async function insertAdmin(db: DbOrTx, values: typeof admin.$inferInsert): Promise<number> {
  const [row] = await db.insert(admin).values(values).returning({ id: admin.id });
  if (!row) throw new Error('admin not inserted');
  return row.id;
}

export async function updateAdmin(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof admin.$inferInsert>,
) {
  await db
    .update(admin)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(admin.companyId, companyId), eq(admin.id, id)));
}

export async function replaceAdminRoles(db: DbOrTx, companyId: number, adminId: number, roleIds: number[]) {
  await db.delete(adminRole).where(and(eq(adminRole.companyId, companyId), eq(adminRole.adminId, adminId)));
  if (roleIds.length) await db.insert(adminRole).values(roleIds.map((roleId) => ({ companyId, adminId, roleId })));
}

/** Admin names by id (who created or decided something, shown beside it). */
export async function findAdminNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: admin.id, name: admin.name })
    .from(admin)
    .where(anyId(admin.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
