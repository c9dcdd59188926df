/**
 * What other areas read of paid payroll (员工分析, 首页, 提交统计, 任务确认): figures by month and
 * by period, from the paid items and the kept monthly totals, and which batches are live. Lists
 * that read batches in SQL use payroll's public views instead (db/schema/owners.ts).
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { SubmittedRange } from '../../../db/submitted-by-period.ts';
import { workerMatches } from '../../worker/public-reads.ts';
import * as repo from './repo-paid-figures.ts';

/** The items' workers matching `workerWhere` (a worker-list condition), asked of worker. */
const ofWorkers = (workerWhere: SQL | undefined) =>
  workerWhere && ((companyId: SQL, workerId: SQL) => workerMatches(companyId, workerId, workerWhere));

/** Paid items by Beijing month between two instants: amount (fen) and distinct workers. */
export function sumPaidItemsByMonth(db: DbOrTx, companyId: number, from: Date, to: Date, workerWhere?: SQL) {
  return repo.sumPaidItemsByMonth(db, companyId, from, to, ofWorkers(workerWhere));
}

/** Paid items by calendar month, `from` to `to` ('YYYY-MM'), from the kept monthly totals. */
export function paidMonths(db: DbOrTx, companyId: number, from: string, to: string) {
  return repo.findPaidMonths(db, companyId, from, to);
}

/** Distinct workers paid between two instants. */
export function countPaidWorkers(db: DbOrTx, companyId: number, from: Date, to: Date, workerWhere?: SQL) {
  return repo.countPaidWorkers(db, companyId, from, to, ofWorkers(workerWhere));
}

/** 提交统计: the batches made in a range (统计中心), by period, status and service company. */
export function countBatchesSubmitted(db: DbOrTx, range: SubmittedRange) {
  return repo.findBatchesSubmitted(db, range);
}

/**
 * Of the company's batches named, those still live (any status but 已取消): a cancelled batch
 * gives back what it took, e.g. a task's payable amount (任务确认).
 */
export function liveBatchIds(db: DbOrTx, companyId: number, batchIds: readonly number[]) {
  return repo.findLiveBatchIds(db, companyId, batchIds);
}
