import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admin, company, session } from '../../db/schema/index.ts';

export type AdminRow = typeof admin.$inferSelect;

export async function findAdminByUsername(db: DbOrTx, username: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admin).where(eq(admin.username, username)).limit(1);
  return row;
}

export async function findAdminById(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admin).where(eq(admin.id, id)).limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof session.$inferInsert) {
  await db.insert(session).values(values);
}

export async function markLoggedIn(db: DbOrTx, adminId: number, ip: string) {
  await db.update(admin).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(admin.id, adminId));
}

export interface SessionContextRow {
  sessionId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  adminId: number;
  companyId: number;
  username: string;
  adminStatus: string;
  isOwner: boolean;
  roles: { isOwnerRole: boolean; menuCodes: string[]; elementCodes: string[] }[];
}

/**
 * The session, its admin and the admin's role grants in one round trip: every authenticated
 * request runs this, so it is the floor of the API's latency. The grants come from admin's and
 * role's public reads (plain views: the plan is the tables').
 */
function sessionContextQuery(db: DbOrTx) {
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      adminId: admin.id,
      companyId: session.companyId,
      username: admin.username,
      adminStatus: admin.status,
      isOwner: admin.isOwner,
      roles: sql<SessionContextRow['roles'] | null>`(
        select json_agg(json_build_object('isOwnerRole', r.is_owner_role, 'menuCodes', r.menu_codes, 'elementCodes', r.element_codes))
        from admin_role_grant ar join role_grant r on r.company_id = ar.company_id and r.id = ar.role_id
        where ar.company_id = "session"."company_id" and ar.admin_id = "admin"."id")`,
    })
    .from(session)
    .innerJoin(admin, eq(admin.id, session.adminId))
    .where(eq(session.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('session_context');
}

/** The statement built once per database handle, and prepared once per connection. */
const sessionContextQueries = new WeakMap<DbOrTx, ReturnType<typeof sessionContextQuery>>();

export async function findSessionContext(db: DbOrTx, sessionId: string): Promise<SessionContextRow | undefined> {
  let query = sessionContextQueries.get(db);
  if (!query) {
    query = sessionContextQuery(db);
    sessionContextQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId });
  return row ? { ...row, roles: row.roles ?? [] } : undefined;
}

export async function extendSession(db: DbOrTx, sessionId: string, expiresAt: Date) {
  await db
    .update(session)
    .set({ expiresAt })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string) {
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}

/** Revokes every live session of an admin, except `keep` (the caller's own, on a password change). */
export async function revokeSessionsOfAdmin(db: DbOrTx, adminId: number, reason: string, keep?: string) {
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(session.adminId, adminId),
        isNull(session.revokedAt),
        gt(session.expiresAt, sql`now()`),
        ...(keep ? [ne(session.id, keep)] : []),
      ),
    );
}

/** Admins linked to this one (same person), with their company names; itself included. */
export async function findLinkedAdmins(db: DbOrTx, linkGroup: string) {
  return db
    .select({
      id: admin.id,
      username: admin.username,
      status: admin.status,
      companyId: admin.companyId,
      companyName: company.name,
    })
    .from(admin)
    .innerJoin(company, eq(company.id, admin.companyId))
    .where(eq(admin.linkGroup, linkGroup))
    .orderBy(admin.id);
}

export async function findCompanyName(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ name: company.name }).from(company).where(eq(company.id, companyId));
  return row?.name ?? '';
}
