import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { company, serviceCompany } from './company.ts';

/**
 * The ledger's accounts (ADR 0012). A company has two per service company (available, frozen);
 * the platform has its own per service company (bank clearing, fee income, payouts in transit),
 * with no company. `balance_fen` is kept by the ledger module in the transaction that posts the
 * entries, under a row lock, and always equals the sum of the account's entries.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** available | frozen | bank_clearing | fee_income | payouts_in_transit | payout_suspense */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** Null for the platform's accounts. */
    companyId: bigint('company_id', { mode: 'number' }).references(() => company.id),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    /** Number of entries posted to it, kept with the balance: the totals of 资金明细 without a count. */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    /** Platform accounts may go below zero (bank clearing is the other side of every top-up). */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_account_key').on(t.kind, t.companyId, t.serviceCompanyId).nullsNotDistinct(),
    check('ledger_account_no_overdraft_ck', sql`${t.allowNegative} or ${t.balanceFen} >= 0`),
    check(
      'ledger_account_kind_ck',
      sql`(${t.kind} in ('available', 'frozen') and ${t.companyId} is not null)
          or (${t.kind} in ('bank_clearing', 'fee_income', 'payouts_in_transit', 'payout_suspense') and ${t.companyId} is null)`,
    ),
  ],
);

/** One balanced movement of money: its entries sum to zero. Append-only (migration trigger). */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The company whose money moves (null for platform-only transfers). */
    companyId: bigint('company_id', { mode: 'number' }).references(() => company.id),
    /** topup | freeze | unfreeze | payout | fee | refund | adjustment */
    type: varchar('type', { length: 20 }).notNull(),
    /** What caused it (`topup` and its id): one transfer of a type per source object. */
    refKind: varchar('ref_kind', { length: 30 }).notNull(),
    refId: varchar('ref_id', { length: 60 }).notNull(),
    memo: varchar('memo', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique('ledger_transfer_ref_key').on(t.type, t.refKind, t.refId)],
);

/**
 * One posting of a transfer to one account: signed amount (positive adds to the account) and
 * the account's balance after it (the running balance of 资金明细). Append-only.
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    /**
     * Copied from the account and the transfer, so that 资金明细 reads one table: copies, not
     * references (the key to the account holds the entry to its company and service company), so
     * they have no foreign keys of their own, which would be two more checks for every entry.
     */
    companyId: bigint('company_id', { mode: 'number' }),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    accountKind: varchar('account_kind', { length: 20 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entry_nonzero_ck', sql`${t.amountFen} <> 0`),
    // 资金明细: a company's entries newest first, keyset-friendly; platform entries are left out.
    // Migration 0017 adds INCLUDE (type, service_company_id), which this builder cannot write:
    // the filters of the list read index entries only.
    index('ledger_entry_company_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.companyId} is not null`),
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    index('ledger_entry_transfer_idx').on(t.transferId),
  ],
);

/**
 * How many entries of a company's accounts each calendar day (China time) holds, per service
 * company and type: kept by the ledger in the statement that writes the entries. 资金明细 counts a
 * date range from it, and finds the day a deep page starts in, instead of reading the entries.
 */
export const ledgerEntryDay = pgTable(
  'ledger_entry_day',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => company.id),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    day: date('day', { mode: 'string' }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    entryCount: bigint('entry_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.serviceCompanyId, t.type] })],
);
