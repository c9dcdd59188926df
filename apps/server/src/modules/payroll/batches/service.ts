/**
 * Payroll batches (薪酬发放, DOMAIN section 6) up to 待支付: create, items from a sheet (the
 * import centre, ../import/) or picked workers, edits. The check (核对, fees and the monthly
 * limits) is check.ts; submission through the company's approval flow, 撤回 and 取消 are
 * submission.ts; what other areas read of paid payroll is paid-figures.ts.
 */
import {
  PAYROLL_EDITABLE_STATUSES,
  PAYROLL_STATUS_LABELS,
  PAYROLL_STATUSES,
  payrollPeriodError,
  payrollBatchNo,
  type TPage,
  type TPayoutChannel,
  type TPayrollBatch,
  type TPayrollBatchDetail,
  type TPayrollItem,
  type TPayrollStatus,
  type TPayrollStatusCount,
  type ZPayrollBatchBody,
  type ZPayrollBatchQuery,
  type ZPayrollItemBody,
  type ZPayrollItemQuery,
  type ZPayrollPickBody,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../../core/context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { chinaDateOf } from '../../../lib/china-time.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import type { FeeBearer } from '../../../lib/money.ts';
import { adminNames } from '../../admin/service.ts';
import { getRequest } from '../../approval/service.ts';
import type { AuthContext } from '../../../core/auth.ts';
import { findEnabledLink, serviceCompanyNames } from '../../service-company/service.ts';
import { findPayees } from '../../worker/service.ts';
import * as repo from './repo.ts';

type ListQuery = z.output<typeof ZPayrollBatchQuery>;
type ItemListQuery = z.output<typeof ZPayrollItemQuery>;
type TPayrollBatchBody = z.output<typeof ZPayrollBatchBody>;
type TPayrollItemBody = z.output<typeof ZPayrollItemBody>;
type TPayrollPickBody = z.output<typeof ZPayrollPickBody>;

// ---- Reading ----

async function toBatches(db: DbOrTx, rows: repo.BatchRow[]): Promise<TPayrollBatch[]> {
  const [services, creators] = await Promise.all([
    serviceCompanyNames(
      db,
      rows.map((r) => r.serviceCompanyId),
    ),
    adminNames(
      db,
      rows.map((r) => r.createdBy),
    ),
  ]);
  return rows.map((r) => {
    const createdAt = r.createdAt.toISOString();
    return {
      id: r.id,
      batchNo: payrollBatchNo(r.id, createdAt),
      title: r.title,
      period: r.period,
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: services.get(r.serviceCompanyId) ?? '',
      channel: r.channel as TPayoutChannel,
      source: r.source as TPayrollBatch['source'],
      status: r.status as TPayrollStatus,
      itemCount: r.itemCount,
      okCount: r.okCount,
      failedCount: r.failedCount,
      amountFen: r.amountFen,
      feeFen: r.feeFen,
      netFen: r.netFen,
      debitFen: r.debitFen,
      feeRateBp: r.feeRateBp,
      feeBearer: r.feeBearer as FeeBearer | null,
      remark: r.remark,
      creator: { id: r.createdBy, name: creators.get(r.createdBy) ?? '' },
      createdAt,
      checkedAt: r.checkedAt?.toISOString() ?? null,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      cancelReason: r.cancelReason,
    };
  });
}

export async function toBatch(db: DbOrTx, row: repo.BatchRow): Promise<TPayrollBatch> {
  const [batch] = await toBatches(db, [row]);
  return batch as TPayrollBatch;
}

/**
 * An item as the API shows it (also the rows of 退款中心 and 发放记录, records.ts); `reconciling`:
 * a payout of it is held by 对账 (对账中, ADR 0030).
 */
export const toItem = (r: repo.ItemRow, reconciling = false): TPayrollItem => ({
  id: r.id,
  batchId: r.batchId,
  rowNo: r.rowNo,
  workerId: r.workerId,
  name: r.name,
  idNumberMasked: r.idNumberMasked,
  amountFen: r.amountFen,
  feeFen: r.feeFen,
  netFen: r.netFen,
  debitFen: r.debitFen,
  account:
    r.accountChannel && r.accountMasked
      ? { channel: r.accountChannel as TPayoutChannel, accountMasked: r.accountMasked, bankCode: r.accountBank }
      : null,
  checkResult: r.checkResult as TPayrollItem['checkResult'],
  checkReasons: r.checkReasons ? r.checkReasons.split('\n') : [],
  remark: r.remark,
  payStatus: r.payStatus as TPayrollItem['payStatus'],
  payFailReason: r.payFailReason,
  paidAt: r.paidAt?.toISOString() ?? null,
  reconciling,
});

/** Items as the API shows them, each 对账中 when a payout of it is held (only paid items are asked about). */
export async function toItems(db: DbOrTx, companyId: number, rows: readonly repo.ItemRow[]): Promise<TPayrollItem[]> {
  const held = await repo.heldItemIds(
    db,
    companyId,
    rows.filter((r) => r.payStatus !== null).map((r) => r.id),
  );
  return rows.map((r) => toItem(r, held.has(r.id)));
}

/** One batch of the company as the API shows it (after a payment, for its answer). */
export async function getBatch(db: DbOrTx, companyId: number, id: number): Promise<TPayrollBatch> {
  return toBatch(db, await batchOf(db, companyId, id));
}

export async function batchOf(db: DbOrTx, companyId: number, id: number, lock = false) {
  const row = await repo.findBatch(db, companyId, id, lock);
  if (!row) throw notFound('发放批次不存在');
  return row;
}

/** Refuses an action the batch's state does not allow, naming the state. */
export function assertStatus(row: repo.BatchRow, allowed: readonly string[], action: string) {
  if (!allowed.includes(row.status)) {
    throw conflict(`批次当前为“${PAYROLL_STATUS_LABELS[row.status as TPayrollStatus]}”，不能${action}`);
  }
}

export async function listBatches(
  ctx: ServiceContext,
  auth: AuthContext,
  q: ListQuery,
  statuses?: readonly TPayrollStatus[],
): Promise<TPage<TPayrollBatch>> {
  const page = await repo.findBatchPage(
    ctx.db,
    {
      companyId: auth.companyId,
      status: q.status,
      statuses,
      title: q.title,
      period: q.period,
      serviceCompanyId: q.serviceCompanyId,
    },
    q.page,
    q.limit,
  );
  return {
    total: page.total,
    rows: await toBatches(
      ctx.db,
      page.rows.map((r) => r.batch),
    ),
  };
}

/** Every status with its number of batches and their amount (zero where there are none). */
export async function countByStatus(ctx: ServiceContext, auth: AuthContext): Promise<TPayrollStatusCount[]> {
  const counted = new Map((await repo.countBatchesByStatus(ctx.db, auth.companyId)).map((c) => [c.status, c]));
  return PAYROLL_STATUSES.map((status) => ({
    status,
    count: counted.get(status)?.count ?? 0,
    amountFen: counted.get(status)?.amountFen ?? 0,
  }));
}

/** 首页's 待支付: the batches waiting for payment, how many and their amount. */
export function sumBatchesToPay(db: DbOrTx, companyId: number): Promise<{ count: number; amountFen: number }> {
  return repo.sumBatchesOfStatus(db, companyId, 'to_pay' satisfies TPayrollStatus);
}

/** 发放详情: the batch and its latest approval (history, and whether the viewer may decide). */
export async function getBatchDetail(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TPayrollBatchDetail> {
  const row = await batchOf(ctx.db, auth.companyId, id);
  const approval = row.approvalRequestId ? await getRequest(ctx, auth, row.approvalRequestId) : null;
  return { ...(await toBatch(ctx.db, row)), approval };
}

export async function listItems(
  ctx: ServiceContext,
  auth: AuthContext,
  q: ItemListQuery,
): Promise<TPage<TPayrollItem>> {
  const batch = await batchOf(ctx.db, auth.companyId, q.batchId);
  // Without a name filter the batch's own counters give the total.
  const known =
    q.name || q.payStatus
      ? undefined
      : q.result === 'ok'
        ? batch.okCount
        : q.result === 'failed'
          ? batch.failedCount
          : q.result === 'unchecked'
            ? batch.itemCount - batch.okCount - batch.failedCount
            : batch.itemCount;
  const page = await repo.findItemPage(
    ctx.db,
    { companyId: auth.companyId, batchId: batch.id, result: q.result, name: q.name, payStatus: q.payStatus },
    q.page,
    q.limit,
    known,
  );
  return { total: page.total, rows: await toItems(ctx.db, auth.companyId, page.rows) };
}

/** The spec's getEmolumentDetailByIds: the company's items among these ids (others are left out). */
export async function itemsByIds(ctx: ServiceContext, auth: AuthContext, ids: number[]): Promise<TPayrollItem[]> {
  return toItems(ctx.db, auth.companyId, await repo.findItemsByIds(ctx.db, auth.companyId, [...new Set(ids)]));
}

// ---- Creating and filling ----

export async function createBatch(
  ctx: ServiceContext,
  auth: AuthContext,
  body: TPayrollBatchBody,
): Promise<TPayrollBatch> {
  const id = await insertBatch(ctx.db, auth.companyId, auth.adminId, body, ctx.now());
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, id));
}

/**
 * A new batch (草稿) of the company with a service company it has an enabled link with, labelled
 * with a month within a year back and a month ahead of now (China time).
 */
export async function insertBatch(db: DbOrTx, companyId: number, adminId: number, body: TPayrollBatchBody, now: Date) {
  const periodError = payrollPeriodError(body.period, chinaDateOf(now));
  if (periodError) throw invalidField('period', periodError);
  const link = await findEnabledLink(db, companyId, body.serviceCompanyId);
  if (!link) throw invalidField('serviceCompanyId', '未与该服务商签约或签约已停用');
  return repo.insertBatch(db, {
    companyId,
    title: body.title,
    period: body.period,
    serviceCompanyId: body.serviceCompanyId,
    channel: body.channel,
    source: body.source ?? 'sheet',
    remark: body.remark ?? '',
    createdBy: adminId,
  });
}

/**
 * After items changed: a batch checked before needs a new check (待确认 gives its reservation of
 * the monthly limits back and is 核对中 again); the totals are recounted.
 */
async function itemsChanged(tx: DbOrTx, row: repo.BatchRow) {
  if (row.status === 'confirming') await repo.updateBatch(tx, row.id, { status: 'checking' });
  await repo.refreshBatchTotals(tx, row.companyId, row.id);
}

/** For the sheet import: a batch of the company that still takes items, locked. */
export async function openBatchForItems(tx: DbOrTx, companyId: number, batchId: number) {
  const row = await batchOf(tx, companyId, batchId, true);
  assertStatus(row, PAYROLL_EDITABLE_STATUSES, '添加发放明细');
  return {
    row,
    nextRowNo: await repo.nextRowNo(tx, companyId, batchId),
    insert: (items: repo.NewItem[]) => repo.insertItems(tx, items),
    finish: () => itemsChanged(tx, row),
  };
}

/** Refuses an import into a batch that does not take items (before the upload is stored). */
export async function assertBatchTakesItems(db: DbOrTx, companyId: number, batchId: number) {
  const row = await batchOf(db, companyId, batchId);
  assertStatus(row, PAYROLL_EDITABLE_STATUSES, '添加发放明细');
}

/** 选择员工: picked workers with their amounts become items (the check judges them later). */
export async function addPickedItems(
  ctx: ServiceContext,
  auth: AuthContext,
  batchId: number,
  body: TPayrollPickBody,
): Promise<TPayrollBatch> {
  await ctx.db.transaction((tx) => addWorkerItems(tx, auth.companyId, batchId, body.items));
  return toBatch(ctx.db, await batchOf(ctx.db, auth.companyId, batchId));
}

/** Adds items for workers of the company (by id), inside the caller's transaction. */
export async function addWorkerItems(tx: DbOrTx, companyId: number, batchId: number, items: TPayrollPickBody['items']) {
  const open = await openBatchForItems(tx, companyId, batchId);
  const ids = items.map((i) => i.workerId);
  const payees = new Map(
    (await findPayees(tx, companyId, open.row.channel as TPayoutChannel, { ids })).map((p) => [p.workerId, p]),
  );
  const missing = items.findIndex((i) => !payees.has(i.workerId));
  if (missing >= 0) throw invalidField(`items.${missing}.workerId`, `第 ${missing + 1} 名员工不存在`);
  await open.insert(
    items.map((item, i) => {
      const payee = payees.get(item.workerId) as NonNullable<ReturnType<typeof payees.get>>;
      return {
        companyId,
        batchId,
        rowNo: open.nextRowNo + i,
        name: payee.name,
        idNumberHash: payee.idNumberHash,
        idNumberMasked: payee.idNumberMasked,
        amountFen: item.amountFen,
        remark: item.remark ?? '',
      };
    }),
  );
  await open.finish();
}

/**
 * For other areas (任务确认): a new batch (草稿, source 任务确认) with one item per worker at the
 * given amount, inside the caller's transaction, checked like any batch later. Answers the batch
 * and the id of each worker's item (the caller keeps what the items stand for).
 */
export async function insertBatchOfWorkers(
  tx: DbOrTx,
  companyId: number,
  adminId: number,
  body: Omit<TPayrollBatchBody, 'source'>,
  items: TPayrollPickBody['items'],
  now: Date,
): Promise<{ batchId: number; itemIdOfWorker: Map<number, number> }> {
  const batchId = await insertBatch(tx, companyId, adminId, { ...body, source: 'workers' }, now);
  await repo.updateBatch(tx, batchId, { source: 'tasks' });
  await addWorkerItems(tx, companyId, batchId, items);
  // A new batch: its items' 序号 are 1…n in the order given.
  const rows = await repo.findItemsToCheck(tx, companyId, batchId);
  return {
    batchId,
    itemIdOfWorker: new Map(rows.map((r) => [items[r.rowNo - 1]?.workerId ?? 0, r.id])),
  };
}

// ---- Checking ----

// ---- Editing items ----

async function itemOf(tx: Tx, auth: AuthContext, id: number) {
  const item = await repo.findItem(tx, auth.companyId, id);
  if (!item) throw notFound('发放明细不存在');
  const batch = await batchOf(tx, auth.companyId, item.batchId, true);
  return { item, batch };
}

/** Changes an item's amount and remark; it is 未核对 until the batch is checked again. */
export async function updateItem(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TPayrollItemBody,
): Promise<TPayrollItem> {
  await ctx.db.transaction(async (tx) => {
    const { batch } = await itemOf(tx, auth, id);
    assertStatus(batch, PAYROLL_EDITABLE_STATUSES, '修改发放明细');
    await repo.updateItem(tx, id, {
      amountFen: body.amountFen,
      remark: body.remark ?? '',
      checkResult: 'unchecked',
      checkReasons: '',
      feeFen: 0,
      netFen: 0,
      debitFen: 0,
    });
    await itemsChanged(tx, batch);
  });
  const item = await repo.findItem(ctx.db, auth.companyId, id);
  if (!item) throw notFound('发放明细不存在');
  return toItem(item);
}

export async function removeItem(ctx: ServiceContext, auth: AuthContext, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const { item, batch } = await itemOf(tx, auth, id);
    assertStatus(batch, PAYROLL_EDITABLE_STATUSES, '删除发放明细');
    await repo.deleteItem(tx, item);
    await itemsChanged(tx, batch);
  });
  return null;
}

/** For other areas: whether a worker has items in any batch (then the worker may not be deleted). */
export function hasPayrollItems(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  return repo.hasItemsOfWorker(db, companyId, workerId);
}
