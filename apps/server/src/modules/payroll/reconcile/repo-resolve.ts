/**
 * 对账's SQL for the operators (repo.ts has the loading and matching): the days and differences
 * /ops lists, a difference and its payout locked for a resolution, the resolution written, the
 * alert's counts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../db/client.ts';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

export interface DayFilters {
  serviceCompanyId?: number | undefined;
  status?: string | undefined;
  open?: boolean | undefined;
}

const dayWhere = (f: DayFilters) => sql`true
  ${f.serviceCompanyId ? sql`and d.service_company_id = ${f.serviceCompanyId}` : sql``}
  ${f.status ? sql`and d.status = ${f.status}` : sql``}
  ${f.open ? sql`and d.open_count > 0` : sql``}`;

export async function findDayPage(db: DbOrTx, f: DayFilters, page: number, limit: number) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reconcile_day d where ${dayWhere(f)}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.*, to_char(d.day, 'YYYY-MM-DD') as day_text, s.name as service_company_name
          from reconcile_day d join service_company s on s.id = d.service_company_id
         where ${dayWhere(f)}
         order by d.day desc, d.id desc
         limit ${limit} offset ${(page - 1) * limit}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      id: Number(r.id),
      serviceCompanyId: Number(r.service_company_id),
      serviceCompanyName: String(r.service_company_name),
      day: String(r.day_text),
      status: String(r.status),
      lineCount: Number(r.line_count),
      matchedCount: Number(r.matched_count),
      matchedFen: Number(r.matched_fen),
      differenceCount: Number(r.difference_count),
      openCount: Number(r.open_count),
      error: (r.error as string | null) ?? null,
      attempts: Number(r.attempts),
      updatedAt: iso(r.updated_at) ?? '',
    })),
  };
}

export async function dayExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from reconcile_day where id = ${id}`);
  return Boolean(row);
}

export interface DifferenceFilters {
  dayId?: number | undefined;
  status?: string | undefined;
}

const differenceWhere = (f: DifferenceFilters) => sql`true
  ${f.dayId ? sql`and x.day_id = ${f.dayId}` : sql``}
  ${f.status ? sql`and x.status = ${f.status}` : sql``}`;

export async function findDifferencePage(db: DbOrTx, f: DifferenceFilters, page: number, limit: number) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reconcile_difference x where ${differenceWhere(f)}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.*, to_char(d.day, 'YYYY-MM-DD') as day_text, s.name as service_company_name, c.name as company_name,
               p.holder_name, o.name as resolved_by_name
          from reconcile_difference x
          join reconcile_day d on d.id = x.day_id
          join service_company s on s.id = x.service_company_id
          left join payout p on p.id = x.payout_id
          left join company c on c.id = p.company_id
          left join operator o on o.id = x.resolved_by
         where ${differenceWhere(f)}
         order by x.id
         limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { total: count?.n ?? 0, rows: rows.map(differenceRow) };
}

const differenceRow = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  dayId: Number(r.day_id),
  day: String(r.day_text),
  serviceCompanyName: String(r.service_company_name),
  kind: String(r.kind),
  ref: String(r.ref),
  companyName: (r.company_name as string | null) ?? null,
  payoutId: num(r.payout_id),
  holderName: (r.holder_name as string | null) ?? null,
  ourStatus: (r.our_status as string | null) ?? null,
  ourAmountFen: num(r.our_amount_fen),
  providerRef: (r.provider_ref as string | null) ?? null,
  providerStatus: (r.provider_status as string | null) ?? null,
  providerAmountFen: num(r.provider_amount_fen),
  providerLines: Number(r.provider_lines),
  providerAt: iso(r.provider_at),
  suspenseFen: Number(r.suspense_fen),
  status: String(r.status),
  resolution: (r.resolution as string | null) ?? null,
  reason: (r.reason as string | null) ?? null,
  resolvedByName: (r.resolved_by_name as string | null) ?? null,
  resolvedAt: iso(r.resolved_at),
});

export interface LockedDifference {
  id: number;
  dayId: number;
  serviceCompanyId: number;
  kind: string;
  ref: string;
  companyId: number | null;
  payoutId: number | null;
  ourStatus: string | null;
  providerStatus: string | null;
  providerAmountFen: number | null;
  suspenseFen: number;
  status: string;
}

export async function lockDifference(tx: Tx, id: number): Promise<LockedDifference | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select x.*, p.company_id from reconcile_difference x left join payout p on p.id = x.payout_id
         where x.id = ${id} for update of x`,
  );
  if (!r) return undefined;
  return {
    id: Number(r.id),
    dayId: Number(r.day_id),
    serviceCompanyId: Number(r.service_company_id),
    kind: String(r.kind),
    ref: String(r.ref),
    companyId: num(r.company_id),
    payoutId: num(r.payout_id),
    ourStatus: (r.our_status as string | null) ?? null,
    providerStatus: (r.provider_status as string | null) ?? null,
    providerAmountFen: num(r.provider_amount_fen),
    suspenseFen: Number(r.suspense_fen),
    status: String(r.status),
  };
}

export async function findDifference(db: DbOrTx, id: number) {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.id, x.ref, x.payout_id, p.company_id, x.kind, x.status
          from reconcile_difference x left join payout p on p.id = x.payout_id where x.id = ${id}`,
  );
  return r
    ? {
        id: Number(r.id),
        ref: String(r.ref),
        payoutId: num(r.payout_id),
        companyId: num(r.company_id),
        kind: String(r.kind),
        status: String(r.status),
      }
    : undefined;
}

export async function markResolved(
  tx: Tx,
  d: { id: number; dayId: number },
  r: { resolution: string; reason: string; operatorId: number; at: Date },
) {
  await tx.execute(sql`update reconcile_difference
      set status = 'resolved', resolution = ${r.resolution}, reason = ${r.reason}, resolved_by = ${r.operatorId},
          resolved_at = ${r.at.toISOString()}::timestamptz
    where id = ${d.id}`);
  await tx.execute(sql`update reconcile_day set open_count = open_count - 1, updated_at = now() where id = ${d.dayId}`);
}

/** The payout of a difference, locked, with its item's live state. */
export async function lockPayout(tx: Tx, companyId: number, payoutId: number) {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select p.id, p.company_id, p.batch_id, p.item_id, p.ref, p.status, p.net_fen, p.fee_fen, p.debit_fen,
               p.holder_name, p.service_company_id, p.reconcile_hold,
               exists (select 1 from payout q where q.item_id = p.item_id and q.id <> p.id and q.status <> 'failed') as item_live
          from payout p where p.company_id = ${companyId} and p.id = ${payoutId} for update`,
  );
  if (!r) return undefined;
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    batchId: Number(r.batch_id),
    itemId: Number(r.item_id),
    ref: String(r.ref),
    status: String(r.status),
    netFen: Number(r.net_fen),
    feeFen: Number(r.fee_fen),
    debitFen: Number(r.debit_fen),
    holderName: String(r.holder_name),
    serviceCompanyId: Number(r.service_company_id),
    reconcileHold: Boolean(r.reconcile_hold),
    itemLive: Boolean(r.item_live),
  };
}

/** A held payout's state set from the provider's word (its item with it), and its hold released. */
export async function setPayoutOutcome(
  tx: Tx,
  p: { id: number; itemId: number; batchId: number; companyId: number },
  outcome: { status: 'succeeded' | 'failed'; reason: string | null; at: Date } | null,
) {
  if (outcome) {
    await tx.execute(sql`update payout set status = ${outcome.status}, fail_reason = ${outcome.reason},
        settled_at = coalesce(settled_at, ${outcome.at.toISOString()}::timestamptz), reconcile_hold = false
      where id = ${p.id}`);
    await tx.execute(sql`update payroll_item
        set pay_status = ${outcome.status === 'succeeded' ? 'paid' : 'failed'}, pay_fail_reason = ${outcome.reason},
            paid_at = ${outcome.status === 'succeeded' ? outcome.at.toISOString() : null}::timestamptz
      where id = ${p.itemId}`);
    // A finished batch is 部分成功 while one of its items failed, else 已完成.
    await tx.execute(sql`update payroll_batch b
        set status = case when exists (select 1 from payroll_item i where i.company_id = b.company_id
                                        and i.batch_id = b.id and i.pay_status = 'failed') then 'partial' else 'completed' end,
            updated_at = now()
      where b.company_id = ${p.companyId} and b.id = ${p.batchId} and b.status in ('completed', 'partial')`);
  } else {
    await tx.execute(sql`update payout set reconcile_hold = false where id = ${p.id}`);
  }
}

/** The operators' alert: differences waiting, and days whose statement is refused. */
export async function countAlerts(db: DbOrTx) {
  const [row] = await queryRows<{ open: number; refused: number }>(
    db,
    sql`select (select count(*)::int from reconcile_difference where status = 'open') as open,
               (select count(*)::int from reconcile_day where status = 'refused') as refused`,
  );
  const companies = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from service_company order by id`,
  );
  return {
    openDifferences: row?.open ?? 0,
    refusedDays: row?.refused ?? 0,
    serviceCompanies: companies.map((c) => ({ id: Number(c.id), name: c.name })),
  };
}
