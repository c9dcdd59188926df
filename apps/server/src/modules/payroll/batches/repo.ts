/**
 * The SQL of payroll_batch and payroll_item, with repo-monthly-limit.ts (the monthly limits'
 * totals) and repo-paid-figures.ts (the paid figures other areas read).
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { contains, equals, pagedQuery, startsWith, type PagedJoin } from '../../../db/paged-query.ts';
import { payout, payrollBatch, payrollItem } from '../../../db/schema/index.ts';
import { anyId } from '../../../db/any-of.ts';
import { analyzeTable } from '../../../db/statistics.ts';

export type BatchRow = typeof payrollBatch.$inferSelect;
export type NewBatch = typeof payrollBatch.$inferInsert;
export type ItemRow = typeof payrollItem.$inferSelect;
export type NewItem = typeof payrollItem.$inferInsert;

// ---- Batches ----

export async function insertBatch(db: DbOrTx, values: NewBatch): Promise<number> {
  const [row] = await db.insert(payrollBatch).values(values).returning({ id: payrollBatch.id });
  if (!row) throw new Error('batch not inserted');
  return row.id;
}

/** One batch of the company; `lock` takes its row lock (every change of a batch or its items does). */
export async function findBatch(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(payrollBatch)
    .where(and(eq(payrollBatch.companyId, companyId), eq(payrollBatch.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateBatch(db: DbOrTx, id: number, values: Partial<NewBatch>) {
  await db
    .update(payrollBatch)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payrollBatch.id, id));
}

/** Moves a batch from one state to another; false when it was no longer in `from`. */
export async function moveBatch(db: DbOrTx, id: number, from: string, values: Partial<NewBatch>): Promise<boolean> {
  const rows = await db
    .update(payrollBatch)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payrollBatch.id, id), eq(payrollBatch.status, from)))
    .returning({ id: payrollBatch.id });
  return rows.length > 0;
}

export interface BatchFilters {
  companyId: number;
  status?: string | undefined;
  statuses?: readonly string[] | undefined;
  title?: string | undefined;
  period?: string | undefined;
  serviceCompanyId?: number | undefined;
}

export async function findBatchPage(db: DbOrTx, f: BatchFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: payrollBatch,
    select: { batch: payrollBatch },
    where: [
      eq(payrollBatch.companyId, f.companyId),
      equals(payrollBatch.status, f.status),
      f.statuses ? inArray(payrollBatch.status, [...f.statuses]) : undefined,
      contains(payrollBatch.title, f.title),
      equals(payrollBatch.period, f.period),
      equals(payrollBatch.serviceCompanyId, f.serviceCompanyId),
    ],
    sorts: { createdAt: payrollBatch.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: payrollBatch.id,
    page,
    limit,
  });
}

export async function countBatchesByStatus(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({
      status: payrollBatch.status,
      n: count(),
      amount: sql<string>`coalesce(sum(${payrollBatch.amountFen}), 0)`,
    })
    .from(payrollBatch)
    .where(eq(payrollBatch.companyId, companyId))
    .groupBy(payrollBatch.status);
  return rows.map((r) => ({ status: r.status, count: r.n, amountFen: Number(r.amount) }));
}

/** The batches of one status: how many and their amount (the status index's range only). */
export async function sumBatchesOfStatus(db: DbOrTx, companyId: number, status: string) {
  const [row] = await db
    .select({ n: count(), amount: sql<string>`coalesce(sum(${payrollBatch.amountFen}), 0)` })
    .from(payrollBatch)
    .where(and(eq(payrollBatch.companyId, companyId), eq(payrollBatch.status, status)));
  return { count: row?.n ?? 0, amountFen: Number(row?.amount ?? 0) };
}

/**
 * Recounts a batch's items and totals from its items (after items were added, edited, removed
 * or checked): one aggregate over the batch's index range.
 */
export async function refreshBatchTotals(db: DbOrTx, companyId: number, id: number) {
  await db.execute(sql`
    update payroll_batch b set
      item_count = t.n, ok_count = t.ok, failed_count = t.failed,
      amount_fen = t.amount, fee_fen = t.fee, net_fen = t.net, debit_fen = t.debit, updated_at = now()
    from (
      select count(*)::int as n,
             (count(*) filter (where check_result = 'ok'))::int as ok,
             (count(*) filter (where check_result = 'failed'))::int as failed,
             coalesce(sum(amount_fen), 0) as amount, coalesce(sum(fee_fen), 0) as fee,
             coalesce(sum(net_fen), 0) as net, coalesce(sum(debit_fen), 0) as debit
        from payroll_item where company_id = ${companyId} and batch_id = ${id}
    ) t
    where b.id = ${id}`);
}

// ---- Items ----

export interface ItemFilters {
  companyId: number;
  batchId: number;
  result?: string | undefined;
  name?: string | undefined;
  /** The payment's status (支付详情's failed payouts). */
  payStatus?: string | undefined;
}

const itemWhere = (f: ItemFilters) => [
  eq(payrollItem.companyId, f.companyId),
  eq(payrollItem.batchId, f.batchId),
  equals(payrollItem.checkResult, f.result),
  startsWith(payrollItem.name, f.name),
  equals(payrollItem.payStatus, f.payStatus),
];

/**
 * A page of a batch's items in row order. The total comes from the batch's counters when only
 * the result is filtered (`knownTotal`), so a page of a 100,000-item batch counts nothing.
 * Not on the plain list path: it takes a known total and seeks a deep page by 序号 (below).
 */
export async function findItemPage(db: DbOrTx, f: ItemFilters, page: number, limit: number, knownTotal?: number) {
  const where = and(...itemWhere(f));
  const total: number =
    knownTotal ??
    (await db
      .select({ n: count() })
      .from(payrollItem)
      .where(where)
      .then((r) => r[0]?.n ?? 0));
  const offset = (page - 1) * limit;
  if (offset >= total) return { total, rows: [] as ItemRow[] };
  // Unfiltered, 序号 runs 1…n without gaps: a page seeks to its first 序号 instead of skipping
  // `offset` items (each a heap visit). Checked, not assumed: the last 序号 must be the count.
  if (!f.result && !f.name && !f.payStatus && knownTotal !== undefined && offset > 0) {
    const [last] = await db
      .select({ max: sql<number | null>`max(${payrollItem.rowNo})` })
      .from(payrollItem)
      .where(where);
    if (Number(last?.max) === knownTotal) {
      const rows = await db
        .select()
        .from(payrollItem)
        .where(and(where, gt(payrollItem.rowNo, offset)))
        .orderBy(asc(payrollItem.rowNo), asc(payrollItem.id))
        .limit(limit);
      return { total, rows };
    }
  }
  const rows = await db
    .select()
    .from(payrollItem)
    .where(where)
    .orderBy(asc(payrollItem.rowNo), asc(payrollItem.id))
    .limit(limit)
    .offset(offset);
  return { total, rows };
}

export async function findItem(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(payrollItem)
    .where(and(eq(payrollItem.companyId, companyId), eq(payrollItem.id, id)))
    .limit(1);
  return row;
}

/** Whether any batch holds an item of this worker (the check sets `worker_id`). */
export async function hasItemsOfWorker(db: DbOrTx, companyId: number, workerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payrollItem.id })
    .from(payrollItem)
    .where(and(eq(payrollItem.companyId, companyId), eq(payrollItem.workerId, workerId)))
    .limit(1);
  return !!row;
}

export async function findItemsByIds(db: DbOrTx, companyId: number, ids: number[]) {
  return db
    .select()
    .from(payrollItem)
    .where(and(eq(payrollItem.companyId, companyId), anyId(payrollItem.id, ids)))
    .orderBy(asc(payrollItem.batchId), asc(payrollItem.rowNo), asc(payrollItem.id));
}

/** The items a check reads: every item of the batch, in row order. */
export async function findItemsToCheck(db: DbOrTx, companyId: number, batchId: number) {
  return db
    .select({
      id: payrollItem.id,
      rowNo: payrollItem.rowNo,
      name: payrollItem.name,
      idNumberHash: payrollItem.idNumberHash,
      amountFen: payrollItem.amountFen,
    })
    .from(payrollItem)
    .where(and(eq(payrollItem.companyId, companyId), eq(payrollItem.batchId, batchId)))
    .orderBy(asc(payrollItem.rowNo), asc(payrollItem.id));
}

/** The next row number of a batch (items picked later go after the sheet's). */
export async function nextRowNo(db: DbOrTx, companyId: number, batchId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<string | null>`max(${payrollItem.rowNo})` })
    .from(payrollItem)
    .where(and(eq(payrollItem.companyId, companyId), eq(payrollItem.batchId, batchId)));
  return Number(row?.max ?? 0) + 1;
}

/** Inserts items in one statement per call (callers pass at most a few thousand). */
export async function insertItems(db: DbOrTx, values: NewItem[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked, amount_fen, remark)
          select * from unnest(
            ${sql.param(values.map((v) => v.companyId))}::bigint[], ${sql.param(values.map((v) => v.batchId))}::bigint[],
            ${sql.param(values.map((v) => v.rowNo))}::int[], ${sql.param(values.map((v) => v.name))}::text[],
            ${sql.param(values.map((v) => v.idNumberHash))}::text[], ${sql.param(values.map((v) => v.idNumberMasked))}::text[],
            ${sql.param(values.map((v) => v.amountFen))}::bigint[], ${sql.param(values.map((v) => v.remark ?? ''))}::text[])
          returning 1)
        select count(*)::int as n from ins`,
  );
  return rows[0]?.n ?? 0;
}

export interface CheckedItemValues {
  id: number;
  workerId: number | null;
  accountChannel: string | null;
  accountId: number | null;
  accountMasked: string | null;
  accountBank: string | null;
  result: 'ok' | 'failed';
  reasons: string;
  feeFen: number;
  netFen: number;
  debitFen: number;
}

/** Writes a check's results, set-based (callers pass up to 10,000 at a time). */
export async function writeCheckResults(db: DbOrTx, companyId: number, batchId: number, rows: CheckedItemValues[]) {
  if (!rows.length) return;
  const col = <K extends keyof CheckedItemValues>(k: K) => sql.param(rows.map((r) => r[k]));
  await db.execute(sql`
    update payroll_item i set
      worker_id = v.worker_id, account_channel = v.channel, account_id = v.account_id,
      account_masked = v.masked, account_bank = v.bank, check_result = v.result,
      check_reasons = v.reasons, fee_fen = v.fee, net_fen = v.net, debit_fen = v.debit
    from unnest(${col('id')}::bigint[], ${col('workerId')}::bigint[], ${col('accountChannel')}::text[],
                ${col('accountId')}::bigint[], ${col('accountMasked')}::text[], ${col('accountBank')}::text[],
                ${col('result')}::text[], ${col('reasons')}::text[], ${col('feeFen')}::bigint[],
                ${col('netFen')}::bigint[], ${col('debitFen')}::bigint[])
      as v(id, worker_id, channel, account_id, masked, bank, result, reasons, fee, net, debit)
    where i.company_id = ${companyId} and i.batch_id = ${batchId} and i.id = v.id`);
}

/**
 * Refreshes the planner's statistics of the items after a large batch was written (imported or
 * checked): right after 100,000 new rows, stale statistics make PostgreSQL read the whole batch
 * for a page of its list or a name search (measured: 160–560 ms a page instead of 12–30 ms).
 */
export async function analyzeItems(db: DbOrTx) {
  await analyzeTable(db, 'payroll_item');
}

/** Marks every item of a batch 未核对 again (its check no longer holds). */
export async function resetChecks(db: DbOrTx, companyId: number, batchId: number) {
  await db
    .update(payrollItem)
    .set({ checkResult: 'unchecked', checkReasons: '' })
    .where(
      and(
        eq(payrollItem.companyId, companyId),
        eq(payrollItem.batchId, batchId),
        ne(payrollItem.checkResult, 'unchecked'),
      ),
    );
}

export async function updateItem(db: DbOrTx, id: number, values: Partial<NewItem>) {
  await db.update(payrollItem).set(values).where(eq(payrollItem.id, id));
}

/** Removes an item; the items after it move up one 序号, so the numbers stay without gaps. */
export async function deleteItem(db: DbOrTx, item: Pick<ItemRow, 'id' | 'companyId' | 'batchId' | 'rowNo'>) {
  await db.delete(payrollItem).where(eq(payrollItem.id, item.id));
  await db
    .update(payrollItem)
    .set({ rowNo: sql`${payrollItem.rowNo} - 1` })
    .where(
      and(
        eq(payrollItem.companyId, item.companyId),
        eq(payrollItem.batchId, item.batchId),
        gt(payrollItem.rowNo, item.rowNo),
      ),
    );
}

/**
 * An item's batch: there exactly once (a foreign key), so a count that filters on no column of
 * the batch reads the items alone.
 */
const batchOfItem = {
  table: payrollBatch,
  on: eq(payrollBatch.id, payrollItem.batchId),
  type: 'inner',
  exactlyOne: true,
} as const satisfies PagedJoin;

/**
 * The items of many batches in order: newest batch first, in sheet order within each (序号 is
 * kept unique within a batch; the id, last, only makes the order total).
 */
const newestBatchFirst = {
  pinned: [desc(payrollItem.batchId), asc(payrollItem.rowNo)],
  order: 'asc',
  id: payrollItem.id,
} as const;

/** 退款中心: the company's items whose payment failed, newest batch first, with their batch. */
export async function findFailedItemPage(
  db: DbOrTx,
  companyId: number,
  name: string | undefined,
  page: number,
  limit: number,
) {
  return pagedQuery(db, {
    from: payrollItem,
    select: { item: payrollItem, batchTitle: payrollBatch.title, batchCreatedAt: payrollBatch.createdAt },
    joins: [batchOfItem],
    where: [
      eq(payrollItem.companyId, companyId),
      eq(payrollItem.payStatus, 'failed'),
      startsWith(payrollItem.name, name),
    ],
    ...newestBatchFirst,
    page,
    limit,
  });
}

export interface RecordFilters {
  companyId: number;
  name?: string | undefined;
  idNumberHash?: string | undefined;
  period?: string | undefined;
  payStatus?: string | undefined;
}

/** 发放记录's conditions (the items joined with their batch). */
const recordConditions = (f: RecordFilters) => [
  eq(payrollItem.companyId, f.companyId),
  // What was sent for payment: an item gets its pay status when its batch is paid (支付中 on);
  // a draft's, an unpaid batch's or a cancelled batch's items are no 发放记录.
  isNotNull(payrollItem.payStatus),
  startsWith(payrollItem.name, f.name),
  f.idNumberHash ? eq(payrollItem.idNumberHash, f.idNumberHash) : undefined,
  f.period ? eq(payrollBatch.period, f.period) : undefined,
  f.payStatus ? eq(payrollItem.payStatus, f.payStatus) : undefined,
];

const recordWhere = (f: RecordFilters) => and(...recordConditions(f));

/** A 发放记录 row: the item with its batch's title, creation (for 批次号) and month. */
const recordFields = {
  item: payrollItem,
  batchTitle: payrollBatch.title,
  batchCreatedAt: payrollBatch.createdAt,
  period: payrollBatch.period,
};

/** 发放记录: every item of the company's batches, newest batch first, with its batch. */
export async function findRecordPage(db: DbOrTx, f: RecordFilters, page: number, limit: number) {
  return pagedQuery(db, {
    from: payrollItem,
    select: recordFields,
    // The count joins the batch only when 月份 is filtered.
    joins: [batchOfItem],
    where: recordConditions(f),
    ...newestBatchFirst,
    page,
    limit,
  });
}

/**
 * 发放记录 for the export: every matching item, newest batch first and in sheet order within it,
 * `size` at a time (keyset on batch and 序号, which is unique within a batch).
 */
export async function* iterateRecords(db: DbOrTx, f: RecordFilters, size: number) {
  let after: { batchId: number; rowNo: number } | undefined;
  for (;;) {
    const rows = await db
      .select(recordFields)
      .from(payrollItem)
      .innerJoin(payrollBatch, eq(payrollBatch.id, payrollItem.batchId))
      .where(
        and(
          recordWhere(f),
          after
            ? or(
                lt(payrollItem.batchId, after.batchId),
                and(eq(payrollItem.batchId, after.batchId), gt(payrollItem.rowNo, after.rowNo)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(payrollItem.batchId), asc(payrollItem.rowNo))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1]?.item;
    if (!last || rows.length < size) return;
    after = { batchId: last.batchId, rowNo: last.rowNo };
  }
}

/** How many items 发放记录's filters match (the export's progress is measured against it). */
export async function countRecords(db: DbOrTx, f: RecordFilters) {
  const [counted] = await db
    .select({ n: count() })
    .from(payrollItem)
    .innerJoin(payrollBatch, eq(payrollBatch.id, payrollItem.batchId))
    .where(recordWhere(f));
  return counted?.n ?? 0;
}

/**
 * The company's items among these whose payout is held by 对账 (对账中, ADR 0030): read through
 * `payout_hold_idx`, which holds only the held payouts.
 */
export async function heldItemIds(db: DbOrTx, companyId: number, itemIds: readonly number[]): Promise<Set<number>> {
  if (!itemIds.length) return new Set();
  const rows = await db
    .selectDistinct({ itemId: payout.itemId })
    .from(payout)
    .where(and(eq(payout.companyId, companyId), eq(payout.reconcileHold, true), anyId(payout.itemId, itemIds)));
  return new Set(rows.map((r) => r.itemId));
}
