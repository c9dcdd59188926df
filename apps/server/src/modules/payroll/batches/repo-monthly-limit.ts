/** The SQL of the monthly limits' totals and their lock (monthly-limit.ts, check.ts). */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';

/** Batches whose checked items count toward their workers' monthly totals. */
export const RESERVING_STATUSES = ['confirming', 'approving', 'to_pay', 'paying', 'completed', 'partial'] as const;

/**
 * Serializes what counts toward the monthly limits of one company's workers at a service company
 * (a transaction lock): the checks of its batches and the payments again of failed items. Two at
 * once cannot both take the same headroom of a worker's monthly limit.
 */
export async function lockMonthlyLimits(db: DbOrTx, companyId: number, serviceCompanyId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payroll-limit:${companyId}:${serviceCompanyId}`}, 0))`,
  );
}

/**
 * What each of these workers is paid by the company at the service company in the Chinese month
 * [start, end) that holds now, whatever the batches' 发放月份 labels (DOMAIN 6): the items that
 * passed the check of reserving batches, except `exceptBatchId`'s, that are
 * - waiting to be paid (待确认 to 待支付) or on their way (支付中): they are paid now;
 * - paid within the month.
 * A failed payment returned its money and counts no more (until it is paid again).
 */
export async function findCommittedMonthTotals(
  db: DbOrTx,
  b: { companyId: number; serviceCompanyId: number; start: Date; end: Date; exceptBatchId: number | null },
  workerIds: number[],
): Promise<Map<number, number>> {
  if (!workerIds.length) return new Map();
  const rows = await queryRows<{ worker_id: string | number; total: string | number }>(
    db,
    sql`select i.worker_id, sum(i.amount_fen) as total
          from payroll_batch pb
          join payroll_item i on i.company_id = pb.company_id and i.batch_id = pb.id
         where pb.company_id = ${b.companyId} and pb.service_company_id = ${b.serviceCompanyId}
           and pb.id <> ${b.exceptBatchId ?? 0}
           and pb.status = any(${sql.param([...RESERVING_STATUSES])}::text[])
           and i.check_result = 'ok'
           and i.worker_id = any(${sql.param(workerIds)}::bigint[])
           and (i.pay_status is null or i.pay_status = 'paying'
                or (i.pay_status = 'paid' and i.paid_at >= ${b.start.toISOString()}::timestamptz
                    and i.paid_at < ${b.end.toISOString()}::timestamptz))
         group by i.worker_id`,
  );
  return new Map(rows.map((r) => [Number(r.worker_id), Number(r.total)]));
}
