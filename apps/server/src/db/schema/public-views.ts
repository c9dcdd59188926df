/**
 * Views an owner names as its public read (owners.ts, PUBLIC_READS), typed for Drizzle. Created
 * by migrations (`.existing()`: drizzle-kit leaves them alone).
 */
import { bigint, boolean, pgView, text, varchar } from 'drizzle-orm/pg-core';

/**
 * Worker's card for other areas' lists (migration 0047): who a row is about, as a list shows
 * it. Its owner is worker; selecting workers by the worker list's filters goes through
 * `modules/worker/public-reads.ts` instead.
 */
export const workerCard = pgView('worker_card', {
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  idNumberMasked: varchar('id_number_masked', { length: 18 }).notNull(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
}).existing();

/**
 * Admin's grants for other areas (migration 0048): which roles each admin holds. Its owner is
 * admin, which writes admin_role; auth reads it for the session, approval for its approvers, role
 * for how many admins hold a role.
 */
export const adminRoleGrant = pgView('admin_role_grant', {
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  adminId: bigint('admin_id', { mode: 'number' }).notNull(),
  roleId: bigint('role_id', { mode: 'number' }).notNull(),
}).existing();

/**
 * Role's public read (migration 0048): a role's name and what it grants, for auth's session, the
 * approval flows' pickers and the admin list.
 */
export const roleGrant = pgView('role_grant', {
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  name: varchar('name', { length: 30 }).notNull(),
  isOwnerRole: boolean('is_owner_role').notNull(),
  menuCodes: text('menu_codes').array().notNull(),
  elementCodes: text('element_codes').array().notNull(),
}).existing();
