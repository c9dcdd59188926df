import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { companyServiceCompany } from './company.ts';
import { admin } from './identity.ts';
import { operator } from './operator.ts';
import { payrollBatch } from './payroll.ts';
import { storedFile } from './stored-file.ts';

/** 开票信息 (DOMAIN section 7): a company's invoice title, tax number and mailing address; one default. */
export const invoiceInfo = pgTable(
  'invoice_info',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    title: varchar('title', { length: 100 }).notNull(),
    /** 纳税人识别号: the unified social credit code, checked. */
    taxNo: varchar('tax_no', { length: 18 }).notNull(),
    addressPhone: varchar('address_phone', { length: 200 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 200 }).notNull().default(''),
    recipient: varchar('recipient', { length: 50 }).notNull(),
    recipientPhone: varchar('recipient_phone', { length: 20 }).notNull(),
    recipientAddress: varchar('recipient_address', { length: 200 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'invoice_info_pkey', columns: [t.companyId, t.id] }),
    // At most one default per company.
    uniqueIndex('invoice_info_default_uq')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * An invoice application (开票申请): what a company asks one service company to invoice, the info
 * as applied (a snapshot: the info may change later), and what the operator did: 待审核 → 已开票
 * (number, date, PDF) → 已邮寄 (courier) | 已驳回 (reason; edited and resubmitted) | 已作废.
 */
export const invoiceApplication = pgTable(
  'invoice_application',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    /** pending | issued | mailed | rejected | voided */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** normal | special */
    invoiceType: varchar('invoice_type', { length: 10 }).notNull(),
    content: varchar('content', { length: 50 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The info chosen (a deletion of that info clears it first); the fields below are its snapshot. */
    infoId: bigint('info_id', { mode: 'number' }),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 18 }).notNull(),
    addressPhone: varchar('address_phone', { length: 200 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 200 }).notNull().default(''),
    recipient: varchar('recipient', { length: 50 }).notNull(),
    recipientPhone: varchar('recipient_phone', { length: 20 }).notNull(),
    recipientAddress: varchar('recipient_address', { length: 200 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    rejectReason: varchar('reject_reason', { length: 200 }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    invoiceNo: varchar('invoice_no', { length: 20 }),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    invoiceFileId: uuid('invoice_file_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    courier: varchar('courier', { length: 30 }),
    trackingNo: varchar('tracking_no', { length: 30 }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    voidReason: varchar('void_reason', { length: 200 }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The operator of the last action at /ops. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operator.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'invoice_application_pkey', columns: [t.companyId, t.id] }),
    // The operator's actions at /ops read an application by id alone.
    index('invoice_application_id_idx').on(t.id),
    foreignKey({
      name: 'invoice_application_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
    foreignKey({
      name: 'invoice_application_info_fk',
      columns: [t.companyId, t.infoId],
      foreignColumns: [invoiceInfo.companyId, invoiceInfo.id],
    }),
    foreignKey({
      name: 'invoice_application_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    foreignKey({
      name: 'invoice_application_file_fk',
      columns: [t.companyId, t.invoiceFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('invoice_application_company_idx').on(t.companyId, t.createdAt, t.id),
    index('invoice_application_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('invoice_application_service_idx').on(t.companyId, t.serviceCompanyId, t.status),
    // The operator's queue across companies.
    index('invoice_application_queue_idx').on(t.status, t.createdAt, t.id),
    index('invoice_application_info_idx')
      .on(t.companyId, t.infoId)
      .where(sql`${t.infoId} is not null`),
    index('invoice_application_file_idx')
      .on(t.companyId, t.invoiceFileId)
      .where(sql`${t.invoiceFileId} is not null`),
    check(
      'invoice_application_status_ck',
      sql`${t.status} in ('approving', 'pending', 'issued', 'mailed', 'rejected', 'voided')`,
    ),
    check('invoice_application_type_ck', sql`${t.invoiceType} in ('normal', 'special')`),
    check('invoice_application_amount_ck', sql`${t.amountFen} > 0`),
    // Issued (and after) carries its number, date and PDF.
    check(
      'invoice_application_issued_ck',
      sql`${t.status} not in ('issued', 'mailed') or (${t.invoiceNo} is not null and ${t.invoiceDate} is not null and ${t.invoiceFileId} is not null)`,
    ),
    check(
      'invoice_application_mailed_ck',
      sql`${t.status} <> 'mailed' or (${t.courier} is not null and ${t.trackingNo} is not null)`,
    ),
  ],
);

/** What an application takes of each paid batch (fen): together at most the batch's paid debit total. */
export const invoiceApplicationBatch = pgTable(
  'invoice_application_batch',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_application_batch_pkey', columns: [t.companyId, t.applicationId, t.batchId] }),
    foreignKey({
      name: 'invoice_application_batch_application_fk',
      columns: [t.companyId, t.applicationId],
      foreignColumns: [invoiceApplication.companyId, invoiceApplication.id],
    }).onDelete('cascade'),
    // A batch with an invoice cannot go away (batches are never deleted; the key says so).
    foreignKey({
      name: 'invoice_application_batch_batch_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [payrollBatch.companyId, payrollBatch.id],
    }),
    index('invoice_application_batch_batch_idx').on(t.companyId, t.batchId),
    check('invoice_application_batch_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

/**
 * What applications holding an amount (审批中, 待审核, 已开票, 已邮寄) take of each batch, kept by
 * triggers on invoice_application_batch and invoice_application (migration 0047). `paid_fen` is
 * the batch's paid amount read from payroll's view payroll_batch_state when the row was made: a
 * paid batch's amount never changes, so the row alone says whether the batch is used up
 * (`applied_fen >= paid_fen`), and 选择订单 leaves those out.
 */
export const invoiceBatchBalance = pgTable(
  'invoice_batch_balance',
  {
    companyId: companyId(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull(),
    appliedFen: bigint('applied_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'invoice_batch_balance_pkey', columns: [t.companyId, t.batchId] }),
    foreignKey({
      name: 'invoice_batch_balance_batch_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [payrollBatch.companyId, payrollBatch.id],
    }),
    foreignKey({
      name: 'invoice_batch_balance_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
    // 选择订单 leaves out the used-up batches: a probe of this index per listed batch.
    index('invoice_batch_balance_used_idx')
      .on(t.companyId, t.batchId)
      .where(sql`${t.appliedFen} >= ${t.paidFen}`),
  ],
);

/**
 * What applications holding an amount take per company and service company, and how many batches
 * they used up: kept from invoice_batch_balance by a trigger (migration 0047). 可开票金额 is
 * payroll's paid total less `applied_fen`; 选择订单's count, payroll's paid batches less
 * `used_batches`.
 */
export const invoiceableTotal = pgTable(
  'invoiceable_total',
  {
    companyId: companyId(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    appliedFen: bigint('applied_fen', { mode: 'number' }).notNull().default(0),
    usedBatches: integer('used_batches').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.serviceCompanyId] }),
    foreignKey({
      name: 'invoiceable_total_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
  ],
);
