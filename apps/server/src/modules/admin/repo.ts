import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { admin, adminRole, role } from '../../db/schema/index.ts';

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
  const conditions: (SQL | undefined)[] = [
    eq(admin.companyId, companyId),
    f.username ? ilike(admin.username, `%${escapeLike(f.username)}%`) : undefined,
    f.name ? ilike(admin.name, `%${escapeLike(f.name)}%`) : undefined,
    f.mobile ? ilike(admin.mobile, `%${escapeLike(f.mobile)}%`) : undefined,
    f.status ? eq(admin.status, f.status) : undefined,
    f.roleId
      ? sql`exists (select 1 from ${adminRole} ar where ar.company_id = ${admin.companyId} and ar.admin_id = ${admin.id} and ar.role_id = ${f.roleId})`
      : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(admin).where(where);
  const rows = await db
    .select()
    .from(admin)
    .where(where)
    .orderBy(desc(admin.isOwner), admin.id)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { total: total?.n ?? 0, rows };
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
    .select({ adminId: adminRole.adminId, id: role.id, name: role.name })
    .from(adminRole)
    .innerJoin(role, and(eq(role.id, adminRole.roleId), eq(role.companyId, adminRole.companyId)))
    .where(and(eq(adminRole.companyId, companyId), inArray(adminRole.adminId, adminIds)))
    .orderBy(role.id);
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
