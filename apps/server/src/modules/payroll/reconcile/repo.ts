/**
 * The only SQL of 对账's tables (reconcile_day, reconcile_difference, reconcile_line) and of what
 * reconciliation reads and holds of the payouts (payroll's own table, ADR 0030).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../db/client.ts';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

/** Service companies (ids), the days of each are reconciled. Names are a declared display read. */
export async function serviceCompanyIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`select id from service_company order by id`);
  return rows.map((r) => Number(r.id));
}

export async function findDayStatus(db: DbOrTx, serviceCompanyId: number, day: string) {
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`select id, status from reconcile_day where service_company_id = ${serviceCompanyId} and day = ${day}::date`,
  );
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/**
 * The day's row, taken for this transaction: new, or a refused one to try again. Undefined when
 * the day is reconciled (by this or another process: a concurrent insert waits for the other's
 * commit, then finds it done).
 */
export async function claimDay(tx: Tx, serviceCompanyId: number, day: string): Promise<number | undefined> {
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into reconcile_day (service_company_id, day, status) values (${serviceCompanyId}, ${day}::date, 'done')
        on conflict on constraint reconcile_day_key do nothing returning id`,
  );
  if (inserted) return Number(inserted.id);
  const [row] = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from reconcile_day where service_company_id = ${serviceCompanyId} and day = ${day}::date
        for update`,
  );
  if (!row || row.status === 'done') return undefined;
  await tx.execute(sql`update reconcile_day set attempts = attempts + 1 where id = ${row.id}`);
  return Number(row.id);
}

/** The COPY's target day (reconcile_line.day_id's default), for this transaction. */
export async function setLineDay(tx: Tx, dayId: number) {
  await tx.execute(sql`select set_config('flexpay.reconcile_day', ${String(dayId)}, true)`);
}

/** The day before's reconciled row of the same service company (its lines are kept). */
export async function previousDayId(db: DbOrTx, serviceCompanyId: number, day: string): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from reconcile_day
         where service_company_id = ${serviceCompanyId} and day = ${day}::date - 1 and status = 'done'`,
  );
  return row ? Number(row.id) : null;
}

/** Lines of the statement whose settle time falls outside its day: the statement is refused. */
export async function countLinesOutsideDay(tx: Tx, dayId: number, start: Date, end: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reconcile_line
         where day_id = ${dayId}
           and (settled_at < ${start.toISOString()}::timestamptz or settled_at >= ${end.toISOString()}::timestamptz
                or amount <= 0 or status not in ('succeeded', 'failed'))`,
  );
  return row?.n ?? 0;
}

/** Our payouts still open that the statement settles (one line each, the provider's final word). */
export async function openPayoutsNamed(tx: Tx, dayId: number, serviceCompanyId: number) {
  return queryRows<{ ref: string; status: 'succeeded' | 'failed' }>(
    tx,
    sql`select l.ref, min(l.status) as status
          from reconcile_line l
          join payout p on p.ref = l.ref
         where l.day_id = ${dayId} and p.service_company_id = ${serviceCompanyId}
           and p.status in ('queued', 'submitted') and not p.reconcile_hold
         group by l.ref
        having count(*) = 1`,
  );
}

export interface NewDifference {
  id: number;
  kind: string;
  ref: string;
  payoutId: number | null;
  suspenseFen: number;
}

const differenceOf = (r: Record<string, unknown>): NewDifference => ({
  id: Number(r.id),
  kind: String(r.kind),
  ref: String(r.ref),
  payoutId: num(r.payout_id),
  suspenseFen: Number(r.suspense_fen),
});

/**
 * Matches the statement's lines to payouts by our order id, in one statement: each ref's lines
 * summed, joined to its payout; a ref that agrees (one line, same service company, status and
 * amount) is matched, any other gets one difference, its kind by precedence: we never sent it,
 * a duplicate line, a different status, a different amount. Payouts already held are left out.
 * The suspense of a difference is what our books paid less what the provider paid.
 */
export async function matchLines(tx: Tx, dayId: number, serviceCompanyId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`with l as (
          select ref, count(*)::int as n, min(provider_ref) as provider_ref, min(status) as s_min, max(status) as s_max,
                 max(settled_at) as at, sum(round(amount * 100))::bigint as amount_fen,
                 sum(case when status = 'succeeded' then round(amount * 100) else 0 end)::bigint as paid_fen
            from reconcile_line where day_id = ${dayId} group by ref
        ), k as (
          select l.*, p.id as payout_id, p.company_id, p.status as our_status, p.net_fen,
                 case when p.id is null or p.service_company_id <> ${serviceCompanyId} then 'missing_ours'
                      when l.n > 1 then 'duplicate'
                      when l.s_min <> l.s_max or p.status <> l.s_min then 'status'
                      when l.amount_fen <> p.net_fen then 'amount' end as kind
            from l left join payout p on p.ref = l.ref
           where p.id is null or not p.reconcile_hold
        ), d as (
          insert into reconcile_difference (day_id, service_company_id, kind, ref, payout_id, our_status,
                                            our_amount_fen, provider_ref, provider_status, provider_amount_fen,
                                            provider_lines, provider_at, suspense_fen)
          select ${dayId}, ${serviceCompanyId}, k.kind, k.ref,
                 case when k.kind = 'missing_ours' then null else k.payout_id end,
                 case when k.kind = 'missing_ours' then null else k.our_status end,
                 case when k.kind = 'missing_ours' then null else k.net_fen end,
                 k.provider_ref, case when k.s_min = k.s_max then k.s_min else 'mixed' end, k.amount_fen, k.n, k.at,
                 (case when k.kind <> 'missing_ours' and k.our_status = 'succeeded' then k.net_fen else 0 end) - k.paid_fen
            from k where k.kind is not null
          returning id, kind, ref, payout_id, suspense_fen
        )
        select count(*) filter (where kind is null)::int as matched,
               coalesce(sum(amount_fen) filter (where kind is null), 0)::float8 as matched_fen,
               coalesce(sum(n), 0)::int as lines,
               (select coalesce(json_agg(d), '[]'::json) from d)::text as differences
          from k`,
  );
  const head = rows[0];
  const differences = JSON.parse(String(head?.differences ?? '[]')) as Record<string, unknown>[];
  return {
    matchedCount: Number(head?.matched ?? 0),
    matchedFen: Number(head?.matched_fen ?? 0),
    lines: Number(head?.lines ?? 0),
    differences: differences.map(differenceOf),
  };
}

/**
 * Our payouts the service company settled that day (not held) that neither this statement nor the
 * day before's names (a payout settled just after midnight may be on the day before's): one
 * difference each, our paid amount in suspense.
 */
export async function insertMissingAtProvider(
  tx: Tx,
  dayId: number,
  previousDayId: number | null,
  serviceCompanyId: number,
  start: Date,
  end: Date,
): Promise<NewDifference[]> {
  const days = previousDayId ? [dayId, previousDayId] : [dayId];
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into reconcile_difference (day_id, service_company_id, kind, ref, payout_id, our_status,
                                          our_amount_fen, suspense_fen)
        select ${dayId}, ${serviceCompanyId}, 'missing_provider', p.ref, p.id, p.status, p.net_fen,
               case when p.status = 'succeeded' then p.net_fen else 0 end
          from payout p
         where p.service_company_id = ${serviceCompanyId} and p.status in ('succeeded', 'failed')
           and p.settled_at >= ${start.toISOString()}::timestamptz and p.settled_at < ${end.toISOString()}::timestamptz
           and not p.reconcile_hold
           and not exists (select 1 from reconcile_line l
                            where l.ref = p.ref and l.day_id = any(${sql.param(days)}::bigint[]))
        returning id, kind, ref, payout_id, suspense_fen`,
  );
  return rows.map(differenceOf);
}

/** 对账异常: these payouts are held until their differences are resolved. */
export async function holdPayouts(tx: Tx, payoutIds: number[]) {
  if (!payoutIds.length) return;
  await tx.execute(sql`update payout set reconcile_hold = true where id = any(${sql.param(payoutIds)}::bigint[])`);
}

export async function finishDay(
  tx: Tx,
  dayId: number,
  r: { sha256: string; lineCount: number; matchedCount: number; matchedFen: number; differenceCount: number },
) {
  await tx.execute(sql`update reconcile_day
      set status = 'done', error = null, statement_sha256 = ${r.sha256}, line_count = ${r.lineCount},
          matched_count = ${r.matchedCount}, matched_fen = ${r.matchedFen}, difference_count = ${r.differenceCount},
          open_count = ${r.differenceCount}, updated_at = now()
    where id = ${dayId}`);
}

/** Lines older than the day before (of this service company) are no longer needed. */
export async function forgetOldLines(tx: Tx, serviceCompanyId: number, day: string) {
  await tx.execute(sql`delete from reconcile_line
      where day_id in (select id from reconcile_day where service_company_id = ${serviceCompanyId} and day < ${day}::date - 1)`);
}

/** A refused statement: recorded (or again) with why, for the operators' alert. */
export async function refuseDay(db: DbOrTx, serviceCompanyId: number, day: string, error: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into reconcile_day (service_company_id, day, status, error) values (${serviceCompanyId}, ${day}::date, 'refused', ${error.slice(0, 200)})
        on conflict on constraint reconcile_day_key do update
          set status = 'refused', error = excluded.error, attempts = reconcile_day.attempts + 1, updated_at = now()
          where reconcile_day.status = 'refused'
        returning id`,
  );
  return Number(row?.id ?? 0);
}

// ---- Reads for /ops ----

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
