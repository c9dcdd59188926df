/**
 * The only SQL of the ledger's tables (ledger_account, ledger_transfer, ledger_entry). Nothing
 * outside modules/ledger may import it: other modules post through the ledger's service.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

export type AccountKind = 'available' | 'frozen' | 'bank_clearing' | 'fee_income' | 'payouts_in_transit';

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

/**
 * Writes a transfer, its entries and the accounts' new balances in one statement (the accounts
 * are already locked by this transaction). Answers the transfer's id and time.
 */
export interface NewTransfer {
  companyId: number | null;
  type: string;
  refKind: string;
  refId: string;
  memo: string;
}

/** The one statement of a transfer: new balances and counters, the transfer, its entries. */
export function insertTransferSql(transfer: NewTransfer, entries: readonly NewEntry[]): SQL {
  const col = <T>(pick: (e: NewEntry) => T, type: string): SQL =>
    sql`${sql.param(entries.map(pick))}::${sql.raw(type)}[]`;
  return sql`with upd as (
          update ledger_account a
          set balance_fen = p.balance_after, entry_count = a.entry_count + 1
          from unnest(${col((e) => e.accountId, 'bigint')}, ${col((e) => e.balanceAfterFen, 'bigint')}) as p(id, balance_after)
          where a.id = p.id
          returning a.id
        ), t as (
          insert into ledger_transfer (company_id, type, ref_kind, ref_id, memo)
          values (${transfer.companyId}, ${transfer.type}, ${transfer.refKind}, ${transfer.refId}, ${transfer.memo})
          returning id, created_at
        ), e as (
          insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen, balance_after_fen, created_at)
          select t.id, p.account_id, p.company_id, p.service_company_id, p.account_kind, ${transfer.type}, p.amount, p.balance_after, t.created_at
          from t, unnest(${col((e) => e.accountId, 'bigint')}, ${col((e) => e.companyId, 'bigint')},
                         ${col((e) => e.serviceCompanyId, 'bigint')}, ${col((e) => e.accountKind, 'text')},
                         ${col((e) => e.amountFen, 'bigint')}, ${col((e) => e.balanceAfterFen, 'bigint')})
               as p(account_id, company_id, service_company_id, account_kind, amount, balance_after)
          returning 1
        )
        select t.id, t.created_at, (select count(*) from upd) as updated, (select count(*) from e) as inserted from t`;
}

/**
 * Writes a transfer, its entries and the accounts' new balances in one statement (the accounts
 * are already locked by this transaction). Answers the transfer's id and time.
 */
export async function insertTransfer(
  db: DbOrTx,
  transfer: NewTransfer,
  entries: readonly NewEntry[],
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await queryRows<{ id: string | number; created_at: string | Date }>(
    db,
    insertTransferSql(transfer, entries),
  );
  if (!row) throw new Error('ledger: transfer not written');
  return { id: num(row.id), createdAt: new Date(row.created_at) };
}

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

export interface EntryFilters {
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  type?: string | undefined;
  serviceCompanyId?: number | undefined;
}

export interface EntryRow {
  id: number;
  transferId: number;
  serviceCompanyId: number;
  accountKind: 'available' | 'frozen';
  type: string;
  amountFen: number;
  balanceAfterFen: number;
  refKind: string;
  refId: string;
  memo: string;
  createdAt: Date;
}

function entryConditions(companyId: number, f: EntryFilters): SQL {
  const parts: SQL[] = [sql`company_id = ${companyId}`];
  if (f.from) parts.push(sql`created_at >= ${f.from.toISOString()}`);
  if (f.to) parts.push(sql`created_at < ${f.to.toISOString()}`);
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.serviceCompanyId) parts.push(sql`service_company_id = ${f.serviceCompanyId}`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of a company's entries, newest first. The page's ids are found in the index alone
 * (company_id, created_at, id INCLUDE type, service_company_id), then only those rows are read,
 * so a deep page skips index entries, not table rows.
 */
export const entryPageSql = (companyId: number, f: EntryFilters, offset: number, limit: number): SQL =>
  sql`select e.id, e.transfer_id, e.service_company_id, e.account_kind, e.type, e.amount_fen,
             e.balance_after_fen, t.ref_kind, t.ref_id, t.memo, e.created_at
      from (select id, created_at from ledger_entry where ${entryConditions(companyId, f)}
            order by created_at desc, id desc offset ${offset} limit ${limit}) p
      join ledger_entry e on e.id = p.id
      join ledger_transfer t on t.id = e.transfer_id
      order by p.created_at desc, p.id desc`;

export async function findEntryPage(
  db: DbOrTx,
  companyId: number,
  f: EntryFilters,
  offset: number,
  limit: number,
): Promise<EntryRow[]> {
  const rows = await queryRows<{
    id: string | number;
    transfer_id: string | number;
    service_company_id: string | number;
    account_kind: 'available' | 'frozen';
    type: string;
    amount_fen: string | number;
    balance_after_fen: string | number;
    ref_kind: string;
    ref_id: string;
    memo: string;
    created_at: string | Date;
  }>(db, entryPageSql(companyId, f, offset, limit));
  return rows.map(toEntryRow);
}

function toEntryRow(r: {
  id: string | number;
  transfer_id: string | number;
  service_company_id: string | number;
  account_kind: 'available' | 'frozen';
  type: string;
  amount_fen: string | number;
  balance_after_fen: string | number;
  ref_kind: string;
  ref_id: string;
  memo: string;
  created_at: string | Date;
}): EntryRow {
  return {
    id: num(r.id),
    transferId: num(r.transfer_id),
    serviceCompanyId: num(r.service_company_id),
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
  const rows = await queryRows<{
    id: string | number;
    transfer_id: string | number;
    service_company_id: string | number;
    account_kind: 'available' | 'frozen';
    type: string;
    amount_fen: string | number;
    balance_after_fen: string | number;
    ref_kind: string;
    ref_id: string;
    memo: string;
    created_at: string | Date;
    cursor_at: string;
  }>(
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
 * The number of entries matching: from the accounts' counters when only the service company
 * filters (no scan), else counted in the index.
 */
export function entryCountSql(companyId: number, f: EntryFilters): SQL {
  if (!f.from && !f.to && !f.type) {
    const scFilter = f.serviceCompanyId ? sql` and service_company_id = ${f.serviceCompanyId}` : sql``;
    return sql`select coalesce(sum(entry_count), 0) as n from ledger_account where company_id = ${companyId}${scFilter}`;
  }
  return sql`select count(*) as n from ledger_entry where ${entryConditions(companyId, f)}`;
}

export async function countEntries(db: DbOrTx, companyId: number, f: EntryFilters): Promise<number> {
  const [row] = await queryRows<{ n: string | number | null }>(db, entryCountSql(companyId, f));
  return num(row?.n ?? 0);
}

// ---- ledger:verify ----

export interface Violation {
  rule: string;
  detail: string;
}

/** Every invariant of the ledger, checked over the whole database (at most 20 findings per rule). */
export interface LedgerCounts {
  accounts: number;
  transfers: number;
  entries: number;
  sumOfBalances: number;
}

export async function findViolations(db: DbOrTx): Promise<{ violations: Violation[]; counts: LedgerCounts }> {
  const violations: Violation[] = [];
  const check = async (rule: string, query: SQL, describe: (r: Record<string, unknown>) => string) => {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    for (const r of rows) violations.push({ rule, detail: describe(r) });
  };
  await check(
    '每笔转账借贷平衡（分录合计为 0，至少两条）',
    sql`select t.id, coalesce(sum(e.amount_fen), 0) as total, count(e.id) as n
        from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
        group by t.id having coalesce(sum(e.amount_fen), 0) <> 0 or count(e.id) < 2 order by t.id limit 20`,
    (r) => `转账 ${String(r.id)}：合计 ${String(r.total)} 分，${String(r.n)} 条分录`,
  );
  await check(
    '账户余额等于其分录之和，分录数等于计数',
    sql`select a.id, a.balance_fen, coalesce(s.total, 0) as total, a.entry_count, coalesce(s.n, 0) as n
        from ledger_account a
        left join (select account_id, sum(amount_fen) as total, count(*) as n from ledger_entry group by account_id) s
          on s.account_id = a.id
        where a.balance_fen <> coalesce(s.total, 0) or a.entry_count <> coalesce(s.n, 0)
        order by a.id limit 20`,
    (r) =>
      `账户 ${String(r.id)}：余额 ${String(r.balance_fen)}，分录合计 ${String(r.total)}；计数 ${String(r.entry_count)}，分录 ${String(r.n)} 条`,
  );
  await check(
    '流水余额连续（每条分录的余额 = 上一条余额 + 本条金额）',
    sql`select account_id, id, balance_after_fen, prev, amount_fen from (
          select account_id, id, amount_fen, balance_after_fen,
                 coalesce(lag(balance_after_fen) over w, 0) as prev
          from ledger_entry window w as (partition by account_id order by id)) x
        where balance_after_fen <> prev + amount_fen order by account_id, id limit 20`,
    (r) =>
      `账户 ${String(r.account_id)} 分录 ${String(r.id)}：上一余额 ${String(r.prev)} + ${String(r.amount_fen)} ≠ ${String(r.balance_after_fen)}`,
  );
  await check(
    '最后一条分录的余额等于账户余额',
    sql`select a.id, a.balance_fen, l.balance_after_fen from ledger_account a
        join lateral (select balance_after_fen from ledger_entry e where e.account_id = a.id order by id desc limit 1) l on true
        where l.balance_after_fen <> a.balance_fen order by a.id limit 20`,
    (r) => `账户 ${String(r.id)}：余额 ${String(r.balance_fen)}，最后一条分录余额 ${String(r.balance_after_fen)}`,
  );
  await check(
    '企业账户不为负（无透支）',
    sql`select id, kind, company_id, balance_fen from ledger_account
        where not allow_negative and balance_fen < 0 order by id limit 20`,
    (r) => `账户 ${String(r.id)}（${String(r.kind)}，企业 ${String(r.company_id)}）余额 ${String(r.balance_fen)}`,
  );
  await check(
    '没有企业分录落入不允许为负的历史负值',
    sql`select e.id, e.account_id, e.balance_after_fen from ledger_entry e join ledger_account a on a.id = e.account_id
        where not a.allow_negative and e.balance_after_fen < 0 order by e.id limit 20`,
    (r) => `分录 ${String(r.id)}（账户 ${String(r.account_id)}）余额 ${String(r.balance_after_fen)}`,
  );
  const [counts] = await queryRows<{ accounts: string; transfers: string; entries: string; total: string | null }>(
    db,
    sql`select (select count(*) from ledger_account) as accounts, (select count(*) from ledger_transfer) as transfers,
               (select count(*) from ledger_entry) as entries, (select sum(balance_fen) from ledger_account) as total`,
  );
  return {
    violations,
    counts: {
      accounts: num(counts?.accounts ?? 0),
      transfers: num(counts?.transfers ?? 0),
      entries: num(counts?.entries ?? 0),
      sumOfBalances: num(counts?.total ?? 0),
    },
  };
}
