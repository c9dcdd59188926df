/**
 * The only SQL of the ledger's tables (ledger_account, ledger_transfer, ledger_entry). Nothing
 * outside modules/ledger may import it: other modules post through the ledger's service.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

export type AccountKind =
  'available' | 'frozen' | 'bank_clearing' | 'fee_income' | 'payouts_in_transit' | 'payout_suspense';

export interface AccountKey {
  kind: AccountKind;
  companyId: number | null;
  serviceCompanyId: number;
}

export interface LockedAccount {
  id: number;
  balanceFen: number;
  allowNegative: boolean;
  kind: AccountKind;
  companyId: number | null;
  serviceCompanyId: number;
}

const num = (v: unknown) => Number(v);

/** Creates the accounts that do not exist yet (platform accounts may go below zero). */
export async function ensureAccounts(db: DbOrTx, keys: readonly AccountKey[]): Promise<void> {
  await db.execute(sql`
    insert into ledger_account (kind, company_id, service_company_id, allow_negative)
    select k, c, s, c is null
    from unnest(${sql.param(keys.map((k) => k.kind))}::text[],
                ${sql.param(keys.map((k) => k.companyId))}::bigint[],
                ${sql.param(keys.map((k) => k.serviceCompanyId))}::bigint[]) as t(k, c, s)
    on conflict on constraint ledger_account_key do nothing`);
}

/** The ids of accounts by key (absent keys are left out). */
export async function findAccountIds(db: DbOrTx, keys: readonly AccountKey[]): Promise<Map<string, number>> {
  const rows = await queryRows<{
    id: string | number;
    kind: string;
    company_id: string | number | null;
    service_company_id: string | number;
  }>(
    db,
    sql`select a.id, a.kind, a.company_id, a.service_company_id
        from ledger_account a
        join unnest(${sql.param(keys.map((k) => k.kind))}::text[],
                    ${sql.param(keys.map((k) => k.companyId))}::bigint[],
                    ${sql.param(keys.map((k) => k.serviceCompanyId))}::bigint[]) as t(k, c, s)
          on a.kind = t.k and a.company_id is not distinct from t.c and a.service_company_id = t.s`,
  );
  return new Map(
    rows.map((r) => [
      accountKeyText({
        kind: r.kind as AccountKind,
        companyId: r.company_id === null ? null : num(r.company_id),
        serviceCompanyId: num(r.service_company_id),
      }),
      num(r.id),
    ]),
  );
}

export const accountKeyText = (k: AccountKey) => `${k.kind}:${k.companyId ?? '-'}:${k.serviceCompanyId}`;

/**
 * Locks the accounts a transfer touches, in id order (every transfer locks in the same order,
 * so two transfers over the same accounts never deadlock), and reads their balances.
 */
export const lockAccountsSql = (ids: readonly number[]): SQL =>
  sql`select id, balance_fen, allow_negative, kind, company_id, service_company_id
      from ledger_account where id = any(${sql.param(ids)}::bigint[]) order by id for update`;

export async function lockAccounts(db: DbOrTx, ids: readonly number[]): Promise<LockedAccount[]> {
  const rows = await queryRows<{
    id: string | number;
    balance_fen: string | number;
    allow_negative: boolean;
    kind: AccountKind;
    company_id: string | number | null;
    service_company_id: string | number;
  }>(db, lockAccountsSql(ids));
  return rows.map((r) => ({
    id: num(r.id),
    balanceFen: num(r.balance_fen),
    allowNegative: r.allow_negative,
    kind: r.kind,
    companyId: r.company_id === null ? null : num(r.company_id),
    serviceCompanyId: num(r.service_company_id),
  }));
}

export interface NewEntry {
  accountId: number;
  companyId: number | null;
  serviceCompanyId: number;
  accountKind: AccountKind;
  amountFen: number;
  balanceAfterFen: number;
}

/** A transfer's own row: whose money, what, and its source (one transfer of a type per source). */
export interface NewTransfer {
  companyId: number | null;
  type: string;
  refKind: string;
  refId: string;
  memo: string;
}

/** A transfer to write with its entries (balances after each entry already computed). */
export interface TransferToWrite {
  transfer: NewTransfer;
  entries: readonly NewEntry[];
}

/** An account's balance after the whole batch, and how many entries the batch posts to it. */
export interface AccountUpdate {
  id: number;
  balanceFen: number;
  entryCount: number;
}

/** A company entry's calendar day in China (UTC+8), as 资金明细's date filters read it. */
const CHINA_DAY_OF_NOW = sql.raw(`((now() at time zone 'UTC') + interval '8 hours')::date`);

/**
 * The one statement of a batch of transfers (the accounts already locked by this transaction):
 * the accounts' new balances and counters, the transfers, their entries (in order, so that entry
 * ids follow the running balances), and the per-day counters of the company entries. Each
 * transfer's entries find it by its unique source (type, ref_kind, ref_id).
 */
export function insertTransfersSql(batch: readonly TransferToWrite[], accounts: readonly AccountUpdate[]): SQL {
  const arr = <T>(values: T[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const transfers = batch.map((b) => b.transfer);
  const entries = batch.flatMap((b) => b.entries.map((e) => ({ t: b.transfer, e })));
  return sql`with upd as (
          update ledger_account a
          set balance_fen = p.balance, entry_count = a.entry_count + p.n
          from unnest(${arr(
            accounts.map((a) => a.id),
            'bigint',
          )}, ${arr(
            accounts.map((a) => a.balanceFen),
            'bigint',
          )}, ${arr(
            accounts.map((a) => a.entryCount),
            'bigint',
          )}) as p(id, balance, n)
          where a.id = p.id
          returning a.id
        ), t as (
          insert into ledger_transfer (company_id, type, ref_kind, ref_id, memo)
          select * from unnest(${arr(
            transfers.map((t) => t.companyId),
            'bigint',
          )}, ${arr(
            transfers.map((t) => t.type),
            'text',
          )}, ${arr(
            transfers.map((t) => t.refKind),
            'text',
          )}, ${arr(
            transfers.map((t) => t.refId),
            'text',
          )}, ${arr(
            transfers.map((t) => t.memo),
            'text',
          )})
          returning id, type, ref_kind, ref_id, created_at
        ), p as (
          select * from unnest(${arr(
            entries.map(({ t }) => t.type),
            'text',
          )}, ${arr(
            entries.map(({ t }) => t.refKind),
            'text',
          )}, ${arr(
            entries.map(({ t }) => t.refId),
            'text',
          )}, ${arr(
            entries.map(({ e }) => e.accountId),
            'bigint',
          )}, ${arr(
            entries.map(({ e }) => e.companyId),
            'bigint',
          )}, ${arr(
            entries.map(({ e }) => e.serviceCompanyId),
            'bigint',
          )}, ${arr(
            entries.map(({ e }) => e.accountKind),
            'text',
          )}, ${arr(
            entries.map(({ e }) => e.amountFen),
            'bigint',
          )}, ${arr(
            entries.map(({ e }) => e.balanceAfterFen),
            'bigint',
          )}) with ordinality
            as p(t_type, t_ref_kind, t_ref_id, account_id, company_id, service_company_id, account_kind, amount, balance_after, ord)
        ), e as (
          insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen, balance_after_fen, created_at)
          select t.id, p.account_id, p.company_id, p.service_company_id, p.account_kind, t.type, p.amount, p.balance_after, t.created_at
          from p join t on t.type = p.t_type and t.ref_kind = p.t_ref_kind and t.ref_id = p.t_ref_id
          order by p.ord
          returning 1
        ), d as (
          insert into ledger_entry_day as d (company_id, day, service_company_id, type, entry_count)
          select company_id, ${CHINA_DAY_OF_NOW}, service_company_id, t_type, count(*)
          from p where company_id is not null
          group by company_id, service_company_id, t_type
          order by company_id, service_company_id, t_type
          on conflict (company_id, day, service_company_id, type)
            do update set entry_count = d.entry_count + excluded.entry_count
          returning 1
        )
        select t.id, t.type, t.ref_kind, t.ref_id, t.created_at,
               (select count(*) from upd) as updated, (select count(*) from e) as inserted from t`;
}

/** Writes a batch of transfers (see `insertTransfersSql`); answers each transfer's id and time by its source. */
export async function insertTransfers(
  db: DbOrTx,
  batch: readonly TransferToWrite[],
  accounts: readonly AccountUpdate[],
): Promise<Map<string, { id: number; createdAt: Date }>> {
  const rows = await queryRows<{
    id: string | number;
    type: string;
    ref_kind: string;
    ref_id: string;
    created_at: string | Date;
    updated: string | number;
    inserted: string | number;
  }>(db, insertTransfersSql(batch, accounts));
  const entryCount = batch.reduce((n, b) => n + b.entries.length, 0);
  const first = rows[0];
  if (
    rows.length !== batch.length ||
    !first ||
    num(first.updated) !== accounts.length ||
    num(first.inserted) !== entryCount
  ) {
    throw new Error('ledger: the batch was not written whole');
  }
  return new Map(
    rows.map((r) => [sourceKey(r.type, r.ref_kind, r.ref_id), { id: num(r.id), createdAt: new Date(r.created_at) }]),
  );
}

/** A transfer's unique source as one text. */
export const sourceKey = (type: string, refKind: string, refId: string) => `${type}\u0000${refKind}\u0000${refId}`;

export interface BalanceRow {
  serviceCompanyId: number;
  availableFen: number;
  frozenFen: number;
}

/** A company's balances per service company (accounts that exist). */
export async function findBalances(db: DbOrTx, companyId: number): Promise<BalanceRow[]> {
  const rows = await queryRows<{
    service_company_id: string | number;
    available: string | number;
    frozen: string | number;
  }>(
    db,
    sql`select service_company_id,
               coalesce(sum(balance_fen) filter (where kind = 'available'), 0) as available,
               coalesce(sum(balance_fen) filter (where kind = 'frozen'), 0) as frozen
        from ledger_account where company_id = ${companyId}
        group by service_company_id order by service_company_id`,
  );
  return rows.map((r) => ({
    serviceCompanyId: num(r.service_company_id),
    availableFen: num(r.available),
    frozenFen: num(r.frozen),
  }));
}

/** 资金明细's filters: calendar days in China (UTC+8), both included, as `YYYY-MM-DD`. */
export interface EntryFilters {
  fromDay?: string | undefined;
  toDay?: string | undefined;
  type?: string | undefined;
  serviceCompanyId?: number | undefined;
}

const DAY_MS = 86_400_000;
/** The instant a China calendar day starts. */
const dayStartIso = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
/** The China calendar day after `day`. */
const nextDay = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);

export interface EntryRow {
  id: number;
  transferId: number;
  serviceCompanyId: number;
  /** Read with the page; empty from an export's batches (which name service companies themselves). */
  serviceCompanyName: string;
  accountKind: 'available' | 'frozen';
  type: string;
  amountFen: number;
  balanceAfterFen: number;
  refKind: string;
  refId: string;
  memo: string;
  createdAt: Date;
}

/** The entries' conditions; `beforeDay` (exclusive) cuts the newer days a deep page skips. */
function entryConditions(companyId: number, f: EntryFilters, beforeDay?: string): SQL {
  const parts: SQL[] = [sql`company_id = ${companyId}`];
  if (f.fromDay) parts.push(sql`created_at >= ${dayStartIso(f.fromDay)}`);
  const until = [f.toDay ? nextDay(f.toDay) : undefined, beforeDay].filter((d) => d !== undefined).sort()[0];
  if (until) parts.push(sql`created_at < ${dayStartIso(until)}`);
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.serviceCompanyId) parts.push(sql`service_company_id = ${f.serviceCompanyId}`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of a company's entries, newest first. The page's ids are found in the index alone
 * (company_id, created_at, id INCLUDE type, service_company_id), then only those rows are read,
 * with the service company's name. `beforeDay` starts the page at a day boundary (see
 * `findEntryPage`), so the OFFSET skips only the entries of that day onwards.
 */
export const entryPageSql = (
  companyId: number,
  f: EntryFilters,
  offset: number,
  limit: number,
  beforeDay?: string,
): SQL =>
  sql`select e.id, e.transfer_id, e.service_company_id, sc.name as service_company_name, e.account_kind, e.type,
             e.amount_fen, e.balance_after_fen, t.ref_kind, t.ref_id, t.memo, e.created_at
      from (select id, created_at from ledger_entry where ${entryConditions(companyId, f, beforeDay)}
            order by created_at desc, id desc offset ${offset} limit ${limit}) p
      join ledger_entry e on e.id = p.id
      join ledger_transfer t on t.id = e.transfer_id
      join service_company sc on sc.id = e.service_company_id
      order by p.created_at desc, p.id desc`;

/** The day counters' conditions: the same filters as the entries', by whole days. */
function dayConditions(companyId: number, f: EntryFilters): SQL {
  const parts: SQL[] = [sql`company_id = ${companyId}`];
  if (f.fromDay) parts.push(sql`day >= ${f.fromDay}::date`);
  if (f.toDay) parts.push(sql`day <= ${f.toDay}::date`);
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.serviceCompanyId) parts.push(sql`service_company_id = ${f.serviceCompanyId}`);
  return sql.join(parts, sql` and `);
}

/** The matching entries per day, newest day first: where a deep page starts. */
export const entryDaysSql = (companyId: number, f: EntryFilters): SQL =>
  sql`select day::text as day, sum(entry_count) as n from ledger_entry_day
      where ${dayConditions(companyId, f)} group by day order by day desc`;

/** From this offset on, a page starts at its day (found from the day counters) instead of skipping every newer entry. */
export const DEEP_PAGE_OFFSET = 2_000;

/**
 * Where a page at `offset` starts: the day its first entry falls in, and the offset within the
 * entries of that day and older. Null past the last entry.
 */
export function anchorOf(days: readonly { day: string; n: number }[], offset: number) {
  let newer = 0;
  for (const { day, n } of days) {
    if (offset < newer + n) return { beforeDay: nextDay(day), offset: offset - newer };
    newer += n;
  }
  return null;
}

export async function findEntryPage(
  db: DbOrTx,
  companyId: number,
  f: EntryFilters,
  offset: number,
  limit: number,
): Promise<EntryRow[]> {
  let anchor: { beforeDay?: string; offset: number } | null = { offset };
  if (offset >= DEEP_PAGE_OFFSET) {
    const days = await queryRows<{ day: string; n: string | number }>(db, entryDaysSql(companyId, f));
    anchor = anchorOf(
      days.map((d) => ({ day: d.day, n: num(d.n) })),
      offset,
    );
    if (!anchor) return [];
  }
  const rows = await queryRows<EntrySqlRow>(db, entryPageSql(companyId, f, anchor.offset, limit, anchor.beforeDay));
  return rows.map(toEntryRow);
}

interface EntrySqlRow {
  id: string | number;
  transfer_id: string | number;
  service_company_id: string | number;
  service_company_name?: string;
  account_kind: 'available' | 'frozen';
  type: string;
  amount_fen: string | number;
  balance_after_fen: string | number;
  ref_kind: string;
  ref_id: string;
  memo: string;
  created_at: string | Date;
}

function toEntryRow(r: EntrySqlRow): EntryRow {
  return {
    id: num(r.id),
    transferId: num(r.transfer_id),
    serviceCompanyId: num(r.service_company_id),
    serviceCompanyName: r.service_company_name ?? '',
    accountKind: r.account_kind,
    type: r.type,
    amountFen: num(r.amount_fen),
    balanceAfterFen: num(r.balance_after_fen),
    refKind: r.ref_kind,
    refId: r.ref_id,
    memo: r.memo,
    createdAt: new Date(r.created_at),
  };
}

/** The position of an entry in the newest-first order: where the next batch of an export starts. */
export interface EntryCursor {
  /** The entry's time as PostgreSQL wrote it (microseconds: a Date would round them away). */
  createdAt: string;
  id: number;
}

/**
 * A batch of a company's entries newest first, after the cursor (keyset: each batch reads only
 * its own rows however deep the export has gone).
 */
export async function findEntryBatch(
  db: DbOrTx,
  companyId: number,
  f: EntryFilters,
  after: EntryCursor | null,
  limit: number,
): Promise<{ rows: EntryRow[]; next: EntryCursor | null }> {
  const afterCond = after ? sql` and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``;
  const rows = await queryRows<EntrySqlRow & { cursor_at: string }>(
    db,
    sql`select e.id, e.transfer_id, e.service_company_id, e.account_kind, e.type, e.amount_fen,
               e.balance_after_fen, t.ref_kind, t.ref_id, t.memo, e.created_at, p.created_at::text as cursor_at
        from (select id, created_at from ledger_entry where ${entryConditions(companyId, f)}${afterCond}
              order by created_at desc, id desc limit ${limit}) p
        join ledger_entry e on e.id = p.id
        join ledger_transfer t on t.id = e.transfer_id
        order by p.created_at desc, p.id desc`,
  );
  const last = rows[rows.length - 1];
  return {
    rows: rows.map(toEntryRow),
    next: last && rows.length === limit ? { createdAt: last.cursor_at, id: num(last.id) } : null,
  };
}

/**
 * The number of entries matching, from counters kept with the postings: the accounts' when only
 * the service company filters, else the day counters (dates are whole days). No entry is read.
 */
export function entryCountSql(companyId: number, f: EntryFilters): SQL {
  if (!f.fromDay && !f.toDay && !f.type) {
    const scFilter = f.serviceCompanyId ? sql` and service_company_id = ${f.serviceCompanyId}` : sql``;
    return sql`select coalesce(sum(entry_count), 0) as n from ledger_account where company_id = ${companyId}${scFilter}`;
  }
  return sql`select coalesce(sum(entry_count), 0) as n from ledger_entry_day where ${dayConditions(companyId, f)}`;
}

export async function countEntries(db: DbOrTx, companyId: number, f: EntryFilters): Promise<number> {
  const [row] = await queryRows<{ n: string | number | null }>(db, entryCountSql(companyId, f));
  return num(row?.n ?? 0);
}
