/**
 * The ledger (ADR 0012): double-entry, append-only, integer fen. This module is the only code
 * that writes its tables; other modules call the functions below inside their own transaction.
 */
import { BusinessCode, type TLedgerEntryType } from '@flexpay/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { assertFen } from '../../lib/money.ts';
import * as repo from './repo.ts';
import * as verifyRepo from './verify-repo.ts';

export type { AccountKind, EntryFilters, EntryRow, BalanceRow } from './repo.ts';
export type { Violation } from './verify-repo.ts';

/** An account by what it is: a company's (available, frozen) or the platform's, per service company. */
export type AccountRef =
  | { kind: 'available' | 'frozen'; companyId: number; serviceCompanyId: number }
  | { kind: 'bank_clearing' | 'fee_income' | 'payouts_in_transit' | 'payout_suspense'; serviceCompanyId: number };

export interface Posting {
  account: AccountRef;
  /** Signed fen: positive adds to the account's balance, negative takes from it. */
  amountFen: number;
}

export interface TransferInput {
  /** The company whose money moves; null for a transfer between platform accounts only. */
  companyId: number | null;
  type: TLedgerEntryType;
  /** The source of the transfer: at most one transfer of a type per source. */
  reference: { kind: string; id: string | number };
  memo?: string;
  postings: Posting[];
}

export interface PostedTransfer {
  transferId: number;
  createdAt: Date;
  entries: { accountId: number; amountFen: number; balanceAfterFen: number }[];
}

export const INSUFFICIENT_BALANCE = '账户可用余额不足';

const keyOf = (a: AccountRef): repo.AccountKey => ({
  kind: a.kind,
  companyId: 'companyId' in a ? a.companyId : null,
  serviceCompanyId: a.serviceCompanyId,
});

/**
 * Account ids by key, remembered per process: accounts are never deleted, so an id once read
 * stays right for its database. Another database (tests open many) may hold other ids, so the
 * accounts locked are checked against their keys and a mismatch reads the ids again.
 */
const accountIdCache = new Map<string, number>();

async function resolveAccountIds(tx: Tx, keys: repo.AccountKey[], fresh = false): Promise<number[]> {
  const missing = keys.filter((k) => fresh || !accountIdCache.has(repo.accountKeyText(k)));
  if (missing.length) {
    let found = await repo.findAccountIds(tx, missing);
    if (found.size < missing.length) {
      await repo.ensureAccounts(tx, missing);
      found = await repo.findAccountIds(tx, missing);
    }
    for (const [k, id] of found) accountIdCache.set(k, id);
  }
  return keys.map((k) => {
    const id = accountIdCache.get(repo.accountKeyText(k));
    if (id === undefined) throw new Error(`ledger: account ${repo.accountKeyText(k)} not found`);
    return id;
  });
}

/** Locks the accounts of the keys (id order) and answers them in the keys' order. */
async function lockByKeys(tx: Tx, keys: repo.AccountKey[]): Promise<repo.LockedAccount[]> {
  for (const fresh of [false, true]) {
    const ids = await resolveAccountIds(tx, keys, fresh);
    const locked = new Map((await repo.lockAccounts(tx, ids)).map((a) => [a.id, a]));
    const accounts = ids.map((id) => locked.get(id));
    const matches = accounts.every(
      (a, i) => a && repo.accountKeyText(a) === repo.accountKeyText(keys[i] as repo.AccountKey),
    );
    if (matches) return accounts as repo.LockedAccount[];
  }
  throw new Error('ledger: accounts do not match their keys');
}

/** Checks a transfer before anything is written: whole fen, non-zero, distinct accounts, sum zero. */
export function checkPostings(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('ledger: a transfer needs at least two postings');
  let total = 0n;
  const seen = new Set<string>();
  for (const p of postings) {
    assertFen(p.amountFen);
    if (p.amountFen === 0) throw new Error('ledger: a posting of 0 fen');
    const key = repo.accountKeyText(keyOf(p.account));
    if (seen.has(key)) throw new Error(`ledger: account ${key} posted twice in one transfer`);
    seen.add(key);
    total += BigInt(p.amountFen);
  }
  if (total !== 0n) throw new Error(`ledger: postings do not balance (${total} fen)`);
}

/**
 * Posts one balanced transfer inside the caller's transaction: `postTransfers` with one.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  const [posted] = await postTransfers(tx, [input]);
  if (!posted) throw new Error('ledger: transfer not posted');
  return posted;
}

/**
 * Posts balanced transfers inside the caller's transaction, all or none (a payroll settlement
 * posts its batch as one call): locks every account they touch once, in id order (SELECT ...
 * FOR UPDATE), applies the transfers in order to the locked balances, refuses to take a company
 * account below zero at any step (answers `INSUFFICIENT_BALANCE`, nothing written), then writes
 * the transfers, their entries with each account's running balance, the new balances and the
 * day counters in one statement. A second transfer of the same type for the same reference fails
 * on the unique key (the caller's transaction rolls back).
 */
export async function postTransfers(tx: Tx, inputs: readonly TransferInput[]): Promise<PostedTransfer[]> {
  if (!inputs.length) return [];
  for (const input of inputs) checkPostings(input.postings);
  const keyTexts = new Map<string, repo.AccountKey>();
  for (const input of inputs) {
    for (const p of input.postings) {
      const key = keyOf(p.account);
      keyTexts.set(repo.accountKeyText(key), key);
    }
  }
  const keys = [...keyTexts.values()];
  const locked = await lockByKeys(tx, keys);
  const byKey = new Map(keys.map((k, i) => [repo.accountKeyText(k), locked[i] as repo.LockedAccount]));
  const running = new Map<number, { balanceFen: number; entryCount: number }>();
  const batch: repo.TransferToWrite[] = inputs.map((input) => {
    const entries = input.postings.map((p): repo.NewEntry => {
      const account = byKey.get(repo.accountKeyText(keyOf(p.account))) as repo.LockedAccount;
      const state = running.get(account.id) ?? { balanceFen: account.balanceFen, entryCount: 0 };
      const balanceAfterFen = assertFen(state.balanceFen + p.amountFen, '余额');
      if (balanceAfterFen < 0 && !account.allowNegative) {
        throw new AppError(BusinessCode.INSUFFICIENT_BALANCE, INSUFFICIENT_BALANCE, {
          accountKind: account.kind,
          serviceCompanyId: account.serviceCompanyId,
          balanceFen: state.balanceFen,
          requiredFen: -p.amountFen,
        });
      }
      running.set(account.id, { balanceFen: balanceAfterFen, entryCount: state.entryCount + 1 });
      return {
        accountId: account.id,
        companyId: account.companyId,
        serviceCompanyId: account.serviceCompanyId,
        accountKind: account.kind,
        amountFen: p.amountFen,
        balanceAfterFen,
      };
    });
    const transfer: repo.NewTransfer = {
      companyId: input.companyId,
      type: input.type,
      refKind: input.reference.kind,
      refId: String(input.reference.id),
      memo: (input.memo ?? '').slice(0, 200),
    };
    return { transfer, entries };
  });
  const written = await repo.insertTransfers(
    tx,
    batch,
    [...running].map(([id, r]) => ({ id, balanceFen: r.balanceFen, entryCount: r.entryCount })),
  );
  return batch.map(({ transfer, entries }) => {
    const row = written.get(repo.sourceKey(transfer.type, transfer.refKind, transfer.refId));
    if (!row) throw new Error('ledger: a transfer of the batch was not written');
    return {
      transferId: row.id,
      createdAt: row.createdAt,
      entries: entries.map((e) => ({
        accountId: e.accountId,
        amountFen: e.amountFen,
        balanceAfterFen: e.balanceAfterFen,
      })),
    };
  });
}

/** A company's balances per service company it has accounts with (available and frozen, fen). */
export function getBalances(db: DbOrTx, companyId: number): Promise<repo.BalanceRow[]> {
  return repo.findBalances(db, companyId);
}

/** A page of a company's entries (资金明细), newest first, with the total matching. */
export async function listEntries(
  db: DbOrTx,
  companyId: number,
  filters: repo.EntryFilters,
  page: { page: number; limit: number },
): Promise<{ total: number; rows: repo.EntryRow[] }> {
  const offset = (page.page - 1) * page.limit;
  const [total, rows] = await Promise.all([
    repo.countEntries(db, companyId, filters),
    repo.findEntryPage(db, companyId, filters, offset, page.limit),
  ]);
  return { total, rows };
}

/** Every entry of a company matching the filters, newest first, in keyset batches (for exports). */
export async function* iterateEntries(
  db: DbOrTx,
  companyId: number,
  filters: repo.EntryFilters,
  batchSize: number,
): AsyncGenerator<repo.EntryRow[]> {
  let after: repo.EntryCursor | null = null;
  do {
    const batch: { rows: repo.EntryRow[]; next: repo.EntryCursor | null } = await repo.findEntryBatch(
      db,
      companyId,
      filters,
      after,
      batchSize,
    );
    if (batch.rows.length) yield batch.rows;
    after = batch.next;
  } while (after);
}

/** The number of a company's entries matching the filters. */
export function countEntries(db: DbOrTx, companyId: number, filters: repo.EntryFilters): Promise<number> {
  return repo.countEntries(db, companyId, filters);
}

/** Every invariant of the ledger over the whole database: what `npm run ledger:verify` prints. */
export async function verifyLedger(db: DbOrTx) {
  const found = await verifyRepo.findViolations(db);
  if (found.counts.sumOfBalances !== 0) {
    found.violations.push({
      rule: '全部账户余额之和为 0',
      detail: `全部账户余额之和为 ${found.counts.sumOfBalances} 分`,
    });
  }
  return found;
}
