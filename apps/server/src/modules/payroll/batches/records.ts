/**
 * The payroll's item lists across batches: 退款中心 (items whose payment failed, to be paid
 * again) and 发放记录 (every item sent for payment).
 */
import { payrollBatchNo, type TGrantRecord, type TPage, type TRefundItem } from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import * as repo from './repo.ts';
import { toItem } from './service.ts';

/** The page's items that are 对账中 (a payout held by 对账, ADR 0030). */
const heldOf = (ctx: ServiceContext, auth: AuthContext, rows: readonly { item: repo.ItemRow }[]) =>
  repo.heldItemIds(
    ctx.db,
    auth.companyId,
    rows.map((r) => r.item.id),
  );

/** 退款中心: the items whose payment failed, each with its batch, to be paid again. */
export async function listFailedItems(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; name?: string | undefined },
): Promise<TPage<TRefundItem>> {
  const page = await repo.findFailedItemPage(ctx.db, auth.companyId, q.name, q.page, q.limit);
  const held = await heldOf(ctx, auth, page.rows);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...toItem(r.item, held.has(r.item.id)),
      batchTitle: r.batchTitle,
      batchNo: payrollBatchNo(r.item.batchId, r.batchCreatedAt.toISOString()),
    })),
  };
}

/** 发放记录: every item of every batch of the company (an ID number is matched exactly, by its keyed hash). */
export async function listGrantRecords(
  ctx: ServiceContext,
  auth: AuthContext,
  q: {
    page: number;
    limit: number;
    name?: string | undefined;
    idNumber?: string | undefined;
    period?: string | undefined;
    payStatus?: string | undefined;
  },
): Promise<TPage<TGrantRecord>> {
  const page = await repo.findRecordPage(
    ctx.db,
    {
      companyId: auth.companyId,
      name: q.name,
      idNumberHash: q.idNumber ? ctx.cipher.hash(q.idNumber.toUpperCase()) : undefined,
      period: q.period,
      payStatus: q.payStatus,
    },
    q.page,
    q.limit,
  );
  const held = await heldOf(ctx, auth, page.rows);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...toItem(r.item, held.has(r.item.id)),
      batchTitle: r.batchTitle,
      batchNo: payrollBatchNo(r.item.batchId, r.batchCreatedAt.toISOString()),
      period: r.period,
    })),
  };
}
