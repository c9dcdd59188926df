/**
 * 工种管理: the company's job types (list, create, edit, delete while unused), and the checks and
 * reads the worker's own service and other areas need.
 */
import { Code, type TJobType, type TPage } from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { sqlStateOf, type DbOrTx } from '../../../db/client.ts';
import { AppError, invalidField, notFound } from '../../../lib/errors.ts';
import * as repo from './repo.ts';

const toJobType = (r: { jobType: repo.JobTypeRow; workerCount: number }): TJobType => ({
  id: r.jobType.id,
  name: r.jobType.name,
  code: r.jobType.code,
  description: r.jobType.description,
  enabled: r.jobType.enabled,
  workerCount: r.workerCount,
  createdAt: r.jobType.createdAt.toISOString(),
});

export async function listAllJobTypes(ctx: ServiceContext, auth: AuthContext): Promise<TJobType[]> {
  return (await repo.findJobTypes(ctx.db, auth.companyId)).map(toJobType);
}

export async function listJobTypes(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; name?: string | undefined; enabled?: 'true' | 'false' | undefined },
): Promise<TPage<TJobType>> {
  const page = await repo.findJobTypePage(ctx.db, auth.companyId, {
    ...q,
    enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
  });
  return { total: page.total, rows: page.rows.map(toJobType) };
}

async function onDuplicateJobType<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (sqlStateOf(err) !== '23505') throw err;
    const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint ?? '';
    throw constraint.includes('code') ? invalidField('code', '工种编码已存在') : invalidField('name', '工种名称已存在');
  }
}

export async function createJobType(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { name: string; code: string; description: string; enabled: boolean },
): Promise<TJobType> {
  const id = await onDuplicateJobType(repo.insertJobType(ctx.db, { companyId: auth.companyId, ...input }));
  const row = await repo.findJobType(ctx.db, auth.companyId, id);
  if (!row) throw notFound('工种不存在');
  return toJobType(row);
}

export async function updateJobType(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  input: { name: string; code: string; description: string; enabled: boolean },
): Promise<TJobType> {
  await onDuplicateJobType(
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findJobType(tx, auth.companyId, id, true))) throw notFound('工种不存在');
      await repo.updateJobType(tx, auth.companyId, id, input);
    }),
  );
  const row = await repo.findJobType(ctx.db, auth.companyId, id);
  if (!row) throw notFound('工种不存在');
  return toJobType(row);
}

/** A job type in use by any worker cannot be deleted (it can be disabled). */
export async function deleteJobType(ctx: ServiceContext, auth: AuthContext, id: number) {
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await repo.findJobType(tx, auth.companyId, id, true);
      if (!row) throw notFound('工种不存在');
      if (row.workerCount > 0)
        throw new AppError(Code.CONFLICT, `该工种已有 ${row.workerCount} 名员工使用，不能删除，可停用`);
      await repo.deleteJobType(tx, auth.companyId, id);
    });
  } catch (err) {
    // A worker given this type meanwhile: the foreign key refuses the delete.
    if (sqlStateOf(err) === '23503') throw new AppError(Code.CONFLICT, '该工种已有员工使用，不能删除，可停用');
    throw err;
  }
}

// ── For the worker's form ───────────────────────────────────────────────────────────────────

/** A job type id from the client, checked to be one of this company's, enabled. */
export async function assertJobTypeAssignable(db: DbOrTx, companyId: number, id: number) {
  const jt = await repo.findJobType(db, companyId, id);
  if (!jt) throw invalidField('jobTypeId', '工种不存在');
  if (!jt.jobType.enabled) throw invalidField('jobTypeId', '该工种已停用');
}

// ── For other modules ───────────────────────────────────────────────────────────────────────

/** The company's job types (id, code, name, enabled) without counts: lookups by code (imports). */
export { findJobTypeRefs } from './repo.ts';

/** The company's job types (id, name), for labels. */
export function jobTypeNames(db: DbOrTx, companyId: number) {
  return repo.findJobTypeRefs(db, companyId);
}
