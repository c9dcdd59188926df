import {
  ASYNC_ROUTES,
  Code,
  ELEMENT_CODES,
  flattenRoutes,
  menuCodeOf,
  type TPage,
  type TRole,
} from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { sqlStateOf } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../core/auth.ts';
import {
  deleteRole as deleteRoleRow,
  findRole,
  findRoleByName,
  findRolesOfCompanyByIds,
  findRoleOptions,
  findRolePage,
  insertRole,
  updateRole as updateRoleRow,
  type RoleRow,
} from './repo.ts';

const NAME_TAKEN = '角色名称已存在';

/**
 * The name check before a write cannot see a simultaneous request's role; the unique index
 * catches it, and the loser gets the same 40000 as the checked case.
 */
async function onNameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (sqlStateOf(err) === '23505') throw invalidField('name', NAME_TAKEN);
    throw err;
  }
}

/** Every menu code of the catalogue, with the code of its parent. */
const MENU_PARENT = new Map(
  flattenRoutes(ASYNC_ROUTES).map(({ route, parent }) => [
    menuCodeOf(route.path),
    parent ? menuCodeOf(parent.path) : null,
  ]),
);
const ELEMENTS = new Set<string>(ELEMENT_CODES);

function toRole(row: { role: RoleRow; adminCount: number }): TRole {
  const r = row.role;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    isOwnerRole: r.isOwnerRole,
    menuCodes: r.isOwnerRole ? [...MENU_PARENT.keys()] : r.menuCodes,
    elementCodes: r.isOwnerRole ? [...ELEMENT_CODES] : r.elementCodes,
    adminCount: row.adminCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Checks the codes against the catalogue and adds the parent of every granted child, since the
 * spec's filter drops a child whose parent is not granted.
 */
function normaliseGrants(menuCodes: string[], elementCodes: string[]) {
  const menus = new Set<string>();
  for (const code of menuCodes) {
    if (!MENU_PARENT.has(code)) throw invalidField('menuCodes', `菜单 ${code} 不存在`);
    menus.add(code);
    const parent = MENU_PARENT.get(code);
    if (parent) menus.add(parent);
  }
  for (const code of elementCodes)
    if (!ELEMENTS.has(code)) throw invalidField('elementCodes', `操作权限 ${code} 不存在`);
  return { menuCodes: [...menus].sort(), elementCodes: [...new Set(elementCodes)].sort() };
}

export async function listRoles(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; name?: string | undefined },
): Promise<TPage<TRole>> {
  const page = await findRolePage(ctx.db, auth.companyId, q);
  return { total: page.total, rows: page.rows.map(toRole) };
}

export async function getRole(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TRole> {
  const row = await findRole(ctx.db, auth.companyId, id);
  if (!row) throw notFound('角色不存在');
  return toRole(row);
}

export function listRoleOptions(ctx: ServiceContext, auth: AuthContext) {
  return findRoleOptions(ctx.db, auth.companyId);
}

/** Role ids from the client, checked to belong to the session's company. */
export async function assertRolesOfCompany(
  ctx: ServiceContext,
  companyId: number,
  ids: number[],
): Promise<{ roleIds: number[]; includesOwnerRole: boolean }> {
  const unique = [...new Set(ids)];
  const found = await findRolesOfCompanyByIds(ctx.db, companyId, unique);
  if (found.length !== unique.length) throw invalidField('roleIds', '所选角色不存在');
  return { roleIds: unique, includesOwnerRole: found.some((r) => r.isOwnerRole) };
}

export async function createRole(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { name: string; description: string; menuCodes: string[]; elementCodes: string[] },
): Promise<TRole> {
  const grants = normaliseGrants(input.menuCodes, input.elementCodes);
  if (await findRoleByName(ctx.db, auth.companyId, input.name)) throw invalidField('name', NAME_TAKEN);
  const id = await onNameTaken(
    insertRole(ctx.db, {
      companyId: auth.companyId,
      name: input.name,
      description: input.description,
      ...grants,
    }),
  );
  return getRole(ctx, auth, id);
}

export async function updateRole(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: { name: string; description: string; menuCodes: string[]; elementCodes: string[] },
): Promise<TRole> {
  const write = ctx.db.transaction(async (tx) => {
    const row = await findRole(tx, auth.companyId, id, true);
    if (!row) throw notFound('角色不存在');
    const other = await findRoleByName(tx, auth.companyId, input.name);
    if (other && other.id !== id) throw invalidField('name', NAME_TAKEN);
    // Unknown codes are refused for every role, the owner's included.
    const grants = normaliseGrants(input.menuCodes, input.elementCodes);
    if (row.role.isOwnerRole) {
      // The owner's role always grants everything: only its name and description change.
      const all = toRole(row);
      const narrowed =
        all.menuCodes.some((c) => !input.menuCodes.includes(c)) ||
        all.elementCodes.some((c) => !input.elementCodes.includes(c));
      if (narrowed) throw new AppError(Code.CONFLICT, '企业管理员角色拥有全部权限，不能缩小其权限');
      await updateRoleRow(tx, auth.companyId, id, { name: input.name, description: input.description });
      return;
    }
    await updateRoleRow(tx, auth.companyId, id, {
      name: input.name,
      description: input.description,
      ...grants,
    });
  });
  await onNameTaken(write);
  return getRole(ctx, auth, id);
}

export async function deleteRole(ctx: ServiceContext, auth: AuthContext, id: number) {
  await ctx.db
    .transaction(async (tx) => {
      const row = await findRole(tx, auth.companyId, id, true);
      if (!row) throw notFound('角色不存在');
      if (row.role.isOwnerRole) throw new AppError(Code.CONFLICT, '企业管理员角色不能删除');
      if (row.adminCount > 0) throw new AppError(Code.CONFLICT, `该角色已分配给 ${row.adminCount} 个管理员，不能删除`);
      // What other areas name the role by (approval flow steps) answers for itself.
      for (const check of ctx.registry.roleReferences.values()) {
        const reason = await check(tx, auth.companyId, id);
        if (reason) throw new AppError(Code.CONFLICT, reason);
      }
      await deleteRoleRow(tx, auth.companyId, id);
    })
    .catch((err: unknown) => {
      // An admin was given the role while it was being deleted: the grant's foreign key refuses.
      if (sqlStateOf(err) === '23503') throw new AppError(Code.CONFLICT, '该角色已分配给管理员，不能删除');
      throw err;
    });
}
