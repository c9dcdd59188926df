/**
 * 组织架构 (issue 28): a company's department tree (ADR 0018). Every change of the tree's shape
 * takes the company's tree lock first, then checks against the tree as it is under that lock:
 * a move under the department itself or one of its descendants is refused, and two moves at
 * once (A under B, B under A) run one after the other, so the second sees the first and is
 * refused. Head counts come from the trigger-kept per-department counters summed through the
 * closure, never a count over the worker table.
 */
import {
  DEPARTMENT_MAX_COUNT,
  DEPARTMENT_MAX_DEPTH,
  type TCreateDepartmentBody,
  type TDepartmentLeaderBody,
  type TDepartmentNode,
  type TLeaderOption,
  type TMoveDepartmentBody,
  type TMoveWorkersBody,
} from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import { findAdminOptions, isAdminOfCompany } from '../../admin/service.ts';
import * as workers from '../repo.ts';
import * as repo from './repo.ts';

const NOT_FOUND = '部门不存在';
const LEADER_OPTIONS = 10;

function maskMobile(mobile: string) {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

export function getDepartmentTree(ctx: ServiceContext, auth: AuthContext): Promise<TDepartmentNode[]> {
  return departmentTree(ctx.db, auth.companyId);
}

/** For other modules: the company's tree with head counts (员工分析's department names). */
export async function departmentTree(db: DbOrTx, companyId: number): Promise<TDepartmentNode[]> {
  const rows = await repo.findTree(db, companyId);
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    sort: r.sort,
    leader:
      r.leaderAdminId !== null
        ? { kind: 'admin', id: r.leaderAdminId, name: r.leaderName ?? '' }
        : r.leaderWorkerId !== null
          ? { kind: 'worker', id: r.leaderWorkerId, name: r.leaderName ?? '' }
          : null,
    ownCount: r.ownCount,
    headCount: r.headCount,
  }));
}

async function mustFind(db: DbOrTx, companyId: number, id: number, field?: string) {
  const row = await repo.findDepartment(db, companyId, id);
  if (!row) throw field ? invalidField(field, '上级部门不存在') : notFound(NOT_FOUND);
  return row;
}

/** A name may appear once among the children of one parent. */
async function assertNameFree(db: DbOrTx, companyId: number, parentId: number | null, name: string, selfId?: number) {
  const siblings = await repo.findChildIds(db, companyId, parentId);
  for (const id of siblings) {
    if (id === selfId) continue;
    const d = await repo.findDepartment(db, companyId, id);
    if (d?.name === name) throw invalidField('name', '同级已有同名部门');
  }
}

export async function createDepartment(ctx: ServiceContext, auth: AuthContext, body: TCreateDepartmentBody) {
  const { companyId } = auth;
  return ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    if ((await repo.countDepartments(tx, companyId)) >= DEPARTMENT_MAX_COUNT) {
      throw conflict(`部门数量已达上限 ${DEPARTMENT_MAX_COUNT} 个`);
    }
    if (body.parentId !== null) {
      await mustFind(tx, companyId, body.parentId, 'parentId');
      const { above } = await repo.depthsOf(tx, companyId, body.parentId);
      if (above + 1 > DEPARTMENT_MAX_DEPTH) throw invalidField('parentId', `部门最多 ${DEPARTMENT_MAX_DEPTH + 1} 级`);
    }
    await assertNameFree(tx, companyId, body.parentId, body.name);
    const siblings = await repo.findChildIds(tx, companyId, body.parentId);
    const id = await repo.insertDepartment(tx, companyId, { ...body, sort: siblings.length });
    return { id };
  });
}

export async function renameDepartment(ctx: ServiceContext, auth: AuthContext, id: number, name: string) {
  const { companyId } = auth;
  await ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    const d = await mustFind(tx, companyId, id);
    await assertNameFree(tx, companyId, d.parentId, name, id);
    await repo.renameDepartment(tx, companyId, id, name);
  });
  return null;
}

export async function setDepartmentLeader(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TDepartmentLeaderBody,
) {
  const { companyId } = auth;
  await ctx.db.transaction(async (tx) => {
    await mustFind(tx, companyId, id);
    const leader = body.leader;
    if (leader?.kind === 'admin' && !(await isAdminOfCompany(tx, companyId, leader.id))) {
      throw invalidField('leader', '负责人不存在');
    }
    if (leader?.kind === 'worker') {
      const w = await workers.findWorker(tx, companyId, leader.id);
      if (!w) throw invalidField('leader', '负责人不存在');
      if (w.worker.status !== 'active') throw invalidField('leader', '该员工已离职，不能设为负责人');
    }
    await repo.setLeader(tx, companyId, id, {
      adminId: leader?.kind === 'admin' ? leader.id : null,
      workerId: leader?.kind === 'worker' ? leader.id : null,
    });
  });
  return null;
}

/**
 * Moves a department under `parentId` at position `index` among its new siblings. Refused when
 * the new parent is the department itself or under it, or when the tree would grow too deep.
 */
export async function moveDepartment(ctx: ServiceContext, auth: AuthContext, id: number, body: TMoveDepartmentBody) {
  const { companyId } = auth;
  await ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    const d = await mustFind(tx, companyId, id);
    const parentId = body.parentId;
    if (parentId !== null) {
      await mustFind(tx, companyId, parentId, 'parentId');
      if (await repo.isAncestorOrSelf(tx, companyId, id, parentId)) {
        throw invalidField('parentId', '不能移动到该部门自身或其下级部门之下');
      }
      const [{ below }, { above }] = await Promise.all([
        repo.depthsOf(tx, companyId, id),
        repo.depthsOf(tx, companyId, parentId),
      ]);
      if (above + 1 + below > DEPARTMENT_MAX_DEPTH) {
        throw invalidField('parentId', `部门最多 ${DEPARTMENT_MAX_DEPTH + 1} 级`);
      }
    }
    if (d.parentId !== parentId) {
      await assertNameFree(tx, companyId, parentId, d.name, id);
      await repo.moveSubtree(tx, companyId, id, parentId);
      // Close the gap it left among its old siblings.
      await repo.setSiblingOrder(tx, companyId, await repo.findChildIds(tx, companyId, d.parentId));
    }
    const siblings = (await repo.findChildIds(tx, companyId, parentId)).filter((s) => s !== id);
    siblings.splice(Math.min(body.index, siblings.length), 0, id);
    await repo.setSiblingOrder(tx, companyId, siblings);
  });
  return null;
}

/** Deletes a department with no department and no worker under it. */
export async function deleteDepartment(ctx: ServiceContext, auth: AuthContext, id: number) {
  const { companyId } = auth;
  await ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    const d = await mustFind(tx, companyId, id);
    if (await repo.hasChildren(tx, companyId, id)) throw conflict('该部门下还有下级部门，不能删除');
    if (await repo.hasWorkers(tx, companyId, id)) throw conflict('该部门下还有员工，不能删除');
    // The key worker → department refuses a worker added meanwhile (40900, constraint-errors.ts).
    await repo.deleteDepartment(tx, companyId, id);
    await repo.setSiblingOrder(tx, companyId, await repo.findChildIds(tx, companyId, d.parentId));
  });
  return null;
}

/** Admins (by name) and in-service workers (by name prefix) to pick a leader from. */
export async function listLeaderOptions(
  ctx: ServiceContext,
  auth: AuthContext,
  keyword: string | undefined,
): Promise<TLeaderOption[]> {
  const [admins, found] = await Promise.all([
    findAdminOptions(ctx.db, auth.companyId, keyword, LEADER_OPTIONS),
    workers.findWorkerOptions(ctx.db, auth.companyId, keyword, LEADER_OPTIONS),
  ]);
  return [
    ...admins.map((a) => ({ kind: 'admin' as const, id: a.id, name: a.name, hint: `管理员 ${maskMobile(a.mobile)}` })),
    ...found.map((w) => ({ kind: 'worker' as const, id: w.id, name: w.name, hint: `员工 ${maskMobile(w.mobile)}` })),
  ];
}

/** Moves the chosen workers into a department; every id must be this company's. */
export async function moveWorkers(ctx: ServiceContext, auth: AuthContext, body: TMoveWorkersBody) {
  const { companyId } = auth;
  const ids = [...new Set(body.workerIds)];
  return ctx.db.transaction(async (tx) => {
    await mustFind(tx, companyId, body.departmentId).catch(() => {
      throw invalidField('departmentId', NOT_FOUND);
    });
    const moved = await workers.setDepartmentOfWorkers(tx, companyId, ids, body.departmentId);
    if (moved.length !== ids.length) {
      // Some id is not this company's worker: nothing is moved (the transaction rolls back).
      throw invalidField('workerIds', '所选员工不存在或不属于本企业');
    }
    return { moved: moved.length };
  });
}

// ── For the seed ────────────────────────────────────────────────────────────────────────────

/**
 * Adds departments as a tree in one transaction the caller holds: `children` under `parentId`,
 * each with its own children. Answers every id added, depth first.
 */
export async function addDepartmentTree(
  tx: DbOrTx,
  companyId: number,
  parentId: number | null,
  children: readonly DepartmentPlan[],
): Promise<number[]> {
  await repo.lockTree(tx, companyId);
  const ids: number[] = [];
  for (const [sort, child] of children.entries()) {
    const id = await repo.insertDepartment(tx, companyId, { name: child.name, parentId, sort });
    ids.push(id, ...(await addDepartmentTree(tx, companyId, id, child.children ?? [])));
  }
  return ids;
}

export interface DepartmentPlan {
  name: string;
  children?: readonly DepartmentPlan[];
}
