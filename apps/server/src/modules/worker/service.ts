/**
 * 员工管理: workers (list, detail, create, edit, leave, rejoin, delete) and the department
 * options. Their payout accounts are payout-accounts/, their job types job-types/; this service
 * builds on both.
 */
import {
  Code,
  type TContractStatus,
  type TDepartmentOption,
  type TPage,
  type TRealNameStatus,
  type TWorkerDetail,
  type TWorkerFilters,
  type TWorkerRow,
  type TWorkerStatus,
} from '@flexpay/contract';
import type { SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../core/context.ts';
import { sqlStateOf, type DbOrTx } from '../../db/client.ts';
import { AppError, invalidField, notFound, type FieldProblem } from '../../lib/errors.ts';
import { ageOn } from '../../lib/id-card.ts';
import type { AuthContext } from '../../core/auth.ts';
import { assertJobTypeAssignable } from './job-types/service.ts';
import * as repo from './repo.ts';
import { findWorkerPage } from './large-list/page.ts';
import { accountsOfWorker, insertFirstAccount, renameAccountHolders } from './payout-accounts/service.ts';
import { alipayColumns, bankCardColumns } from './payout-accounts/rules.ts';
import { workerColumns } from './rules.ts';
import { findRealNameCheck, queueVerification } from './real-name/service.ts';

const DUPLICATE_ID = '该身份证号的员工已存在';

const fail = (p: FieldProblem) => invalidField(p.path, p.message);

/** Filters of the API turned into repository filters; the ID number searches by its keyed hash. */
export function toRepoFilter(ctx: ServiceContext, f: Partial<TWorkerFilters>): repo.WorkerFilter {
  const id = f.idNumber?.trim().toUpperCase();
  return {
    name: f.name,
    mobile: f.mobile,
    // An ID that is not even well formed matches nobody; hash it anyway so the query stays one shape.
    idNumberHash: id ? ctx.cipher.hash(id) : undefined,
    jobTypeId: f.jobTypeId,
    departmentId: f.departmentId,
    status: f.status,
    realNameStatus: f.realNameStatus,
    joinedFrom: f.joinedFrom,
    joinedTo: f.joinedTo,
  };
}

/** A list row as the API shows it; the age is counted on `now`'s date in China. */
export function toWorkerRow(r: repo.WorkerListRow, now: Date): TWorkerRow {
  const w = r.worker;
  return {
    id: w.id,
    name: w.name,
    idNumber: w.idNumberMasked,
    mobile: w.mobile,
    gender: w.gender === 'female' ? 'female' : 'male',
    age: ageOn(w.birthDate, now),
    province: w.province,
    jobTypeId: w.jobTypeId,
    jobTypeName: r.jobTypeName,
    departmentId: w.departmentId,
    departmentName: r.departmentName,
    status: w.status as TWorkerStatus,
    realNameStatus: w.realNameStatus as TRealNameStatus,
    contractStatus: w.contractStatus as TContractStatus,
    joinedAt: w.joinedAt,
    leftAt: w.leftAt,
    hasDefaultAccount: r.hasDefaultAccount,
    remark: w.remark,
    createdAt: w.createdAt.toISOString(),
  };
}

export async function listWorkers(
  ctx: ServiceContext,
  auth: AuthContext,
  q: TWorkerFilters & { page: number; limit: number },
): Promise<TPage<TWorkerRow>> {
  const page = await findWorkerPage(ctx.db, auth.companyId, {
    ...toRepoFilter(ctx, q),
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    order: q.order,
  });
  const now = ctx.now();
  return { total: page.total, rows: page.rows.map((r) => toWorkerRow(r, now)) };
}

async function loadWorker(db: DbOrTx, companyId: number, id: number, forUpdate = false) {
  const row = await repo.findWorker(db, companyId, id, forUpdate);
  if (!row) throw notFound('员工不存在');
  return row;
}

export async function getWorker(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TWorkerDetail> {
  const row = await loadWorker(ctx.db, auth.companyId, id);
  const sensitive = auth.elements.has('employee:sensitive');
  const { bankCards, alipayAccounts } = await accountsOfWorker(ctx, ctx.db, auth.companyId, id, sensitive);
  const base = toWorkerRow(row, ctx.now());
  return {
    ...base,
    idNumber: sensitive ? ctx.cipher.decrypt(row.worker.idNumberEnc) : base.idNumber,
    // Shown only with the full number: it is the part of the number the mask hides.
    birthDate: sensitive ? row.worker.birthDate : null,
    regionCode: row.worker.regionCode,
    sensitiveVisible: sensitive,
    bankCards,
    alipayAccounts,
    realName: await findRealNameCheck(ctx.db, auth.companyId, id),
    canDelete: (await referenceToWorker(ctx, ctx.db, row.worker.companyId, row.worker.id)) === null,
    updatedAt: row.worker.updatedAt.toISOString(),
  };
}

/** Job type and department ids from the client, checked to be this company's. */
async function assertReferences(
  ctx: ServiceContext,
  db: DbOrTx,
  companyId: number,
  input: { jobTypeId: number | null; departmentId: number | null },
) {
  if (input.jobTypeId !== null) await assertJobTypeAssignable(db, companyId, input.jobTypeId);
  if (input.departmentId !== null && !(await repo.departmentExists(db, companyId, input.departmentId))) {
    throw invalidField('departmentId', '部门不存在');
  }
}

/** A unique-index race on the ID number answers the same 40000 as the checked case. */
async function onDuplicateId<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (sqlStateOf(err) === '23505') throw invalidField('idNumber', DUPLICATE_ID);
    throw err;
  }
}

export interface WorkerInput {
  name: string;
  idNumber: string;
  mobile: string;
  jobTypeId: number | null;
  departmentId: number | null;
  joinedAt: string;
  remark: string;
}

export async function createWorker(
  ctx: ServiceContext,
  auth: AuthContext,
  input: WorkerInput & {
    bankCard?: { bankCode: string; cardNumber: string; branch: string } | undefined;
    alipay?: { account: string } | undefined;
  },
): Promise<TWorkerDetail> {
  const built = workerColumns(ctx.cipher, auth.companyId, input, ctx.now());
  if (!built.ok) throw fail(built.problem);
  if (input.bankCard && input.alipay) throw invalidField('alipay', '添加员工时只能填写一个收款账户');
  const card = input.bankCard ? bankCardColumns(ctx.cipher, input.bankCard, 'bankCard.') : undefined;
  if (card && !card.ok) throw fail(card.problem);
  const id = await onDuplicateId(
    ctx.db.transaction(async (tx) => {
      await assertReferences(ctx, tx, auth.companyId, input);
      if (await repo.findWorkerIdByIdHash(tx, auth.companyId, built.values.idNumberHash)) {
        throw invalidField('idNumber', DUPLICATE_ID);
      }
      const workerId = await repo.insertWorker(tx, built.values);
      if (card?.ok) {
        await insertFirstAccount(tx, auth.companyId, workerId, input.name, { channel: 'bank', values: card.values });
      }
      if (input.alipay) {
        const values = alipayColumns(ctx.cipher, input.alipay.account);
        await insertFirstAccount(tx, auth.companyId, workerId, input.name, { channel: 'alipay', values });
      }
      // 实名认证 runs in the background (the route kicks the job once this has committed).
      await queueVerification(tx, auth.companyId, 'added', { ids: [workerId] });
      return workerId;
    }),
  );
  return getWorker(ctx, auth, id);
}

export async function updateWorker(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  update: Omit<WorkerInput, 'idNumber'> & { idNumber?: string | undefined },
): Promise<TWorkerDetail> {
  await onDuplicateId(
    ctx.db.transaction(async (tx) => {
      const current = await loadWorker(tx, auth.companyId, id, true);
      // No ID number sent: the stored one stays (masked screens cannot send it back).
      const input: WorkerInput = {
        ...update,
        idNumber: update.idNumber ?? ctx.cipher.decrypt(current.worker.idNumberEnc),
      };
      const built = workerColumns(ctx.cipher, auth.companyId, input, ctx.now());
      if (!built.ok) throw fail(built.problem);
      await assertReferences(ctx, tx, auth.companyId, input);
      const other = await repo.findWorkerIdByIdHash(tx, auth.companyId, built.values.idNumberHash);
      if (other && other !== id) throw invalidField('idNumber', DUPLICATE_ID);
      const { companyId: _c, ...values } = built.values;
      // Real-name verification was of the old identity; a new name or number is verified again.
      const identityChanged = current.worker.name !== input.name || current.worker.idNumberHash !== values.idNumberHash;
      await repo.updateWorker(tx, auth.companyId, id, values);
      // The holder of every payout account is the worker (DOMAIN section 3).
      if (current.worker.name !== input.name) await renameAccountHolders(tx, auth.companyId, id, input.name);
      if (identityChanged) await queueVerification(tx, auth.companyId, 'changed', { ids: [id] });
    }),
  );
  return getWorker(ctx, auth, id);
}

export async function leaveWorker(ctx: ServiceContext, auth: AuthContext, id: number, leftAt: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadWorker(tx, auth.companyId, id, true);
    if (row.worker.status === 'left') throw new AppError(Code.CONFLICT, '该员工已离职');
    if (leftAt < row.worker.joinedAt) throw invalidField('leftAt', '离职日期不能早于入职日期');
    await repo.updateWorker(tx, auth.companyId, id, { status: 'left', leftAt });
  });
}

export async function rejoinWorker(ctx: ServiceContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadWorker(tx, auth.companyId, id, true);
    if (row.worker.status === 'active') throw new AppError(Code.CONFLICT, '该员工已在职');
    await repo.updateWorker(tx, auth.companyId, id, { status: 'active', leftAt: null });
  });
}

/**
 * The first reason another area's records refer to this worker (payroll: items in a batch), or
 * null. Each area that refers to workers answers for its own rows (`registry.workerReferences`).
 */
async function referenceToWorker(ctx: ServiceContext, db: DbOrTx, companyId: number, id: number) {
  for (const check of ctx.registry.workerReferences.values()) {
    const reason = await check(db, companyId, id);
    if (reason) return reason;
  }
  return null;
}

/**
 * Only a worker nothing refers to (never in a batch) may be deleted; their payout accounts go
 * with them. The database's foreign keys refuse it too, if a reference appears meanwhile.
 */
export async function deleteWorker(ctx: ServiceContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await loadWorker(tx, auth.companyId, id, true);
    const reason = await referenceToWorker(ctx, tx, auth.companyId, id);
    if (reason) throw new AppError(Code.CONFLICT, reason);
    await repo.deleteWorker(tx, auth.companyId, id);
  });
}

// ── Departments ─────────────────────────────────────────────────────────────────────────────

export async function listDepartments(ctx: ServiceContext, auth: AuthContext): Promise<TDepartmentOption[]> {
  return repo.findDepartments(ctx.db, auth.companyId);
}

// ── For other modules ───────────────────────────────────────────────────────────────────────

/** The worker list's filters as a WHERE over `worker` (the task area assigns every worker they match). */
export { whereOf as workerListWhere } from './large-list/filters.ts';

// The worker import and export reach the worker tables through these, never through repo.ts
// (the layering rule of ARCHITECTURE.md: a module never imports another module's repo). They
// take the database or transaction from the caller, which owns it.
export {
  countWorkers,
  findExistingIdHashes,
  insertWorkersWithAccounts,
  iterateWorkers,
  type NewDefaultAccount,
  type NewWorker,
  type WorkerExportRow,
  type WorkerFilter,
} from './repo.ts';

// 实名认证 (real-name/): queueing and, for the demo seed, answers as the sandbox gives them.
export { answerRun, queueVerification } from './real-name/service.ts';

// Reads of the sub-folders other areas use (the task orders; payroll's check and payouts).
export { findJobTypeRefs } from './job-types/service.ts';
export { findAccountCiphers, findPayees, type PayeeRow } from './payout-accounts/service.ts';

// ── For other modules: 员工分析 ─────────────────────────────────────────────────────────────

/** In-service workers matching `where` counted by every grouping of the analysis in one pass. */
export function analyseWorkers(
  db: DbOrTx,
  where: SQL,
  today: string,
  monthStart: string,
  bandEdges: readonly number[],
) {
  return repo.analyseWorkers(db, where, today, monthStart, bandEdges);
}

/** The same groupings for all of a company's in-service workers, from the kept facets. */
export function analyseWorkersKept(
  db: DbOrTx,
  companyId: number,
  today: string,
  monthStart: string,
  bandEdges: readonly number[],
) {
  return repo.analyseWorkersKept(db, companyId, today, monthStart, bandEdges);
}
