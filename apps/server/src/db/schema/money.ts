import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  boolean,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { serviceCompany } from './company.ts';
import { admin } from './identity.ts';
import { ledgerTransfer } from './ledger.ts';
import { operator } from './operator.ts';
import { storedFile } from './stored-file.ts';

/** A company's bank accounts that top-ups are paid from (付款账户). */
export const paymentAccount = pgTable(
  'payment_account',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    bank: varchar('bank', { length: 50 }).notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    accountNo: varchar('account_no', { length: 30 }).notNull(),
    branch: varchar('branch', { length: 100 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_account_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('payment_account_number_key').on(t.companyId, t.accountNo),
    // At most one default per company (the service keeps exactly one while any exists).
    uniqueIndex('payment_account_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A top-up (充值): 待确认 until an operator confirms (credits the ledger) or rejects it. */
export const topup = pgTable(
  'topup',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The payer account as it was when the top-up was made. */
    payerBank: varchar('payer_bank', { length: 50 }).notNull(),
    payerAccountName: varchar('payer_account_name', { length: 100 }).notNull(),
    payerAccountNo: varchar('payer_account_no', { length: 30 }).notNull(),
    voucherFileId: uuid('voucher_file_id').notNull(),
    /** The voucher's content hash (stored_file.sha256): one voucher backs one open top-up of a company. */
    voucherSha256: varchar('voucher_sha256', { length: 64 }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** approving 审批中 | pending 待确认 | confirmed 已到账 | rejected 已驳回 | withdrawn 已撤回 (by the company) */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operator.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfer.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('topup_amount_ck', sql`${t.amountFen} > 0`),
    check('topup_status_ck', sql`${t.status} in ('approving', 'pending', 'confirmed', 'rejected', 'withdrawn')`),
    check('topup_confirmed_transfer_ck', sql`(${t.status} = 'confirmed') = (${t.transferId} is not null)`),
    index('topup_company_idx').on(t.companyId, t.createdAt, t.id),
    // The voucher and the admin are of the top-up's company.
    foreignKey({
      name: 'topup_voucher_file_fk',
      columns: [t.companyId, t.voucherFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    foreignKey({
      name: 'topup_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    index('topup_status_idx').on(t.status, t.createdAt, t.id),
    // The same voucher content on two open top-ups of a company is refused (with the service's message first).
    uniqueIndex('topup_open_voucher_uq')
      .on(t.companyId, t.voucherSha256)
      .where(sql`${t.status} in ('approving', 'pending')`),
    index('topup_voucher_sha256_idx').on(t.voucherSha256),
  ],
);

/**
 * Requests that move money, by their `Idempotency-Key`: the first answer, replayed to a retry
 * with the same key and body. The row commits with the money movement or not at all.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** `company:<id>` or `operator`: keys of different callers never meet. */
    realm: varchar('realm', { length: 40 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    /** Method and path template. */
    route: varchar('route', { length: 200 }).notNull(),
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    status: integer('status').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.key] }), index('idempotency_key_created_idx').on(t.createdAt)],
);
