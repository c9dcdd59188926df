import {
  Code,
  MASKED_MOBILE_RULE,
  ROLE_REQUIRED_MESSAGE,
  maskMobile,
  type TAdminRow,
  type TAdminStatus,
  type TPage,
  type TVerifyMethod,
} from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { sqlStateOf, type DbOrTx } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../core/auth.ts';
import { revokeSessionsOfAdmin, type AdminRow } from '../auth/service.ts';
import { assertRolesOfCompany } from '../role/service.ts';
import {
  findAdminNames,
  findAdminOfCompany,
  findAdminPage,
  findRolesOfAdmins,
  insertAdmin,
  replaceAdminRoles,
  updateAdmin as updateAdminRow,
  usernameTaken,
  type AdminFilter,
} from './repo.ts';

const USERNAME_TAKEN = '用户名已被使用';
const ROLE_MISSING = '所选角色不存在';

/**
 * The checks before a write cannot see a simultaneous request: a username taken meanwhile hits
 * the unique index, a role deleted meanwhile hits the grant's foreign key. Both answer the
 * same 40000 as the checked case instead of a 500.
 */
async function onRaceLost<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const state = sqlStateOf(err);
    if (state === '23505') throw invalidField('username', USERNAME_TAKEN);
    if (state === '23503') throw invalidField('roleIds', ROLE_MISSING);
    throw err;
  }
}

/**
 * Role ids from the client, checked to be this company's. The owner's role grants everything,
 * so only the owner may hand it out: otherwise an admin manager could make anyone (itself
 * included) all-powerful.
 */
async function assignableRoles(ctx: ServiceContext, auth: AuthContext, ids: number[]): Promise<number[]> {
  const { roleIds, includesOwnerRole } = await assertRolesOfCompany(ctx, auth.companyId, ids);
  if (includesOwnerRole && !auth.isOwner) throw invalidField('roleIds', '只有企业主账号可以分配企业管理员角色');
  return roleIds;
}

async function toRows(ctx: ServiceContext, companyId: number, admins: AdminRow[]): Promise<TAdminRow[]> {
  const roles = await findRolesOfAdmins(
    ctx.db,
    companyId,
    admins.map((a) => a.id),
  );
  return admins.map((a) => ({
    id: a.id,
    username: a.username,
    name: a.name,
    mobile: maskMobile(a.mobile),
    email: a.email,
    description: a.description,
    status: a.status as TAdminStatus,
    isOwner: a.isOwner,
    verifyMethod: a.verifyMethod as TVerifyMethod,
    roles: roles.filter((r) => r.adminId === a.id).map((r) => ({ id: r.id, name: r.name })),
    lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: a.lastLoginIp,
    createdAt: a.createdAt.toISOString(),
  }));
}

export async function listAdmins(
  ctx: ServiceContext,
  auth: AuthContext,
  filter: AdminFilter,
): Promise<TPage<TAdminRow>> {
  const page = await findAdminPage(ctx.db, auth.companyId, filter);
  return { total: page.total, rows: await toRows(ctx, auth.companyId, page.rows) };
}

export async function getAdmin(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TAdminRow> {
  const row = await findAdminOfCompany(ctx.db, auth.companyId, id);
  if (!row) throw notFound('管理员不存在');
  const [out] = await toRows(ctx, auth.companyId, [row]);
  if (!out) throw notFound('管理员不存在');
  return out;
}

export async function createAdmin(
  ctx: ServiceContext,
  auth: AuthContext,
  input: {
    username: string;
    password: string;
    status: TAdminStatus;
    name: string;
    mobile: string;
    email: string;
    description: string;
    roleIds: number[];
  },
): Promise<TAdminRow> {
  if (!input.roleIds.length) throw invalidField('roleIds', ROLE_REQUIRED_MESSAGE);
  const roleIds = await assignableRoles(ctx, auth, input.roleIds);
  if (await usernameTaken(ctx.db, input.username)) throw invalidField('username', USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const id = await onRaceLost(
    ctx.db.transaction(async (tx) => {
      const newId = await insertAdmin(tx, {
        companyId: auth.companyId,
        username: input.username,
        passwordHash,
        name: input.name,
        mobile: input.mobile,
        email: input.email,
        description: input.description,
        status: input.status,
      });
      await replaceAdminRoles(tx, auth.companyId, newId, roleIds);
      return newId;
    }),
  );
  return getAdmin(ctx, auth, id);
}

/**
 * Admin rows carry the mobile masked, so the edit form sends back the masked value when the
 * number was not retyped: it keeps the stored number. Any other masked value is refused, a full
 * number replaces the stored one.
 */
function mobileToStore(stored: string, sent: string): string {
  if (!MASKED_MOBILE_RULE.test(sent)) return sent;
  if (sent === maskMobile(stored)) return stored;
  throw invalidField('mobile', '请输入完整的 11 位新手机号');
}

export async function updateAdmin(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: { name: string; mobile: string; email: string; description: string; roleIds: number[] },
): Promise<TAdminRow> {
  const roleIds = await assignableRoles(ctx, auth, input.roleIds);
  await onRaceLost(
    ctx.db.transaction(async (tx) => {
      const row = await findAdminOfCompany(tx, auth.companyId, id, true);
      if (!row) throw notFound('管理员不存在');
      if (row.isOwner && !auth.isOwner) throw new AppError(Code.CONFLICT, '企业主账号的信息只能由其本人修改');
      const { roleIds: _ignored, ...fields } = input;
      await updateAdminRow(tx, auth.companyId, id, { ...fields, mobile: mobileToStore(row.mobile, input.mobile) });
      await replaceAdminRoles(tx, auth.companyId, id, roleIds);
    }),
  );
  return getAdmin(ctx, auth, id);
}

/** Enable or disable. Disabling ends every session of the admin at once. */
export async function setAdminStatus(ctx: ServiceContext, auth: AuthContext, id: number, status: TAdminStatus) {
  await ctx.db.transaction(async (tx) => {
    const row = await findAdminOfCompany(tx, auth.companyId, id, true);
    if (!row) throw notFound('管理员不存在');
    if (status === 'disabled') {
      if (row.id === auth.adminId) throw new AppError(Code.CONFLICT, '不能停用当前登录的账号');
      if (row.isOwner) throw new AppError(Code.CONFLICT, '企业主账号不能停用');
      await revokeSessionsOfAdmin(tx, row.id, 'disabled');
    }
    await updateAdminRow(tx, auth.companyId, id, { status });
  });
}

/** Sets a new password chosen by the manager and ends the admin's sessions. */
export async function resetAdminPassword(ctx: ServiceContext, auth: AuthContext, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const row = await findAdminOfCompany(tx, auth.companyId, id, true);
    if (!row) throw notFound('管理员不存在');
    if (row.id === auth.adminId) throw new AppError(Code.CONFLICT, '请在“修改密码”中修改自己的密码');
    if (row.isOwner && !auth.isOwner) throw new AppError(Code.CONFLICT, '不能重置企业主账号的密码');
    await updateAdminRow(tx, auth.companyId, id, { passwordHash });
    await revokeSessionsOfAdmin(tx, row.id, 'password_reset');
  });
}

// ---- For other modules ----

/** Admin names by id, for the creators and deciders other areas show. */
export const adminNames = (db: DbOrTx, ids: readonly number[]) => findAdminNames(db, ids);

// ── For other modules ───────────────────────────────────────────────────────────────────────

/** Up to `limit` of the company's enabled admins whose name contains `keyword` (a leader to pick). */
export async function findAdminOptions(db: DbOrTx, companyId: number, keyword: string | undefined, limit: number) {
  const page = await findAdminPage(db, companyId, { page: 1, limit, name: keyword || undefined, status: 'enabled' });
  return page.rows.map((a) => ({ id: a.id, name: a.name, mobile: a.mobile }));
}

/** Whether `id` is one of the company's admins. */
export async function isAdminOfCompany(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  return (await findAdminOfCompany(db, companyId, id)) !== undefined;
}
