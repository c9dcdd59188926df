import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { companyServiceCompany } from './company.ts';
import { admin } from './identity.ts';
import { operator } from './operator.ts';
import { storedFile } from './stored-file.ts';

/**
 * 企业协议 (DOMAIN section 8): a company's agreement with one of its service companies, uploaded
 * by an operator at /ops with its PDF. `status` is 待签署, 已签署 or 已终止; 已到期 is read from
 * `end_date` (company-contract-rules.ts), never stored.
 */
export const companyContract = pgTable(
  'company_contract',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' }).notNull(),
    contractNo: varchar('contract_no', { length: 30 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** service | supplement | confidentiality */
    type: varchar('type', { length: 20 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** pending | signed | terminated */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    fileId: uuid('file_id').notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** online (the company signed with a code; a signature page appended) | paper (the operator marked it). */
    signMethod: varchar('sign_method', { length: 10 }),
    /** The admin who signed online, and the name as it stood then (drawn on the signature page). */
    signedBy: bigint('signed_by', { mode: 'number' }),
    signerName: varchar('signer_name', { length: 50 }),
    /** SHA-256 (hex) of the PDF as uploaded (`file_id`), and of the signed PDF (`signed_file_id`). */
    originalSha256: varchar('original_sha256', { length: 64 }),
    signedFileId: uuid('signed_file_id'),
    signedSha256: varchar('signed_sha256', { length: 64 }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    terminateReason: varchar('terminate_reason', { length: 200 }),
    /** The operator who uploaded it, and of the last action. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operator.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'company_contract_pkey', columns: [t.companyId, t.id] }),
    // The operator's actions at /ops read a contract by id alone.
    index('company_contract_id_idx').on(t.id),
    unique('company_contract_no_uq').on(t.companyId, t.contractNo),
    foreignKey({
      name: 'company_contract_service_company_fk',
      columns: [t.companyId, t.serviceCompanyId],
      foreignColumns: [companyServiceCompany.companyId, companyServiceCompany.serviceCompanyId],
    }),
    foreignKey({
      name: 'company_contract_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('company_contract_service_idx').on(t.companyId, t.serviceCompanyId, t.createdAt, t.id),
    index('company_contract_company_idx').on(t.companyId, t.createdAt, t.id),
    index('company_contract_file_idx').on(t.companyId, t.fileId),
    foreignKey({
      name: 'company_contract_signed_file_fk',
      columns: [t.companyId, t.signedFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('company_contract_signed_file_idx').on(t.companyId, t.signedFileId),
    foreignKey({
      name: 'company_contract_signed_by_fk',
      columns: [t.companyId, t.signedBy],
      foreignColumns: [admin.companyId, admin.id],
    }),
    index('company_contract_signed_by_idx').on(t.companyId, t.signedBy),
    // The operator's list across companies.
    index('company_contract_created_idx').on(t.createdAt, t.id),
    check('company_contract_status_ck', sql`${t.status} in ('pending', 'signed', 'terminated')`),
    check('company_contract_type_ck', sql`${t.type} in ('service', 'supplement', 'confidentiality')`),
    check('company_contract_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('company_contract_signed_ck', sql`${t.status} <> 'signed' or ${t.signedAt} is not null`),
    check('company_contract_sign_method_ck', sql`${t.signMethod} is null or ${t.signMethod} in ('online', 'paper')`),
    // An online signature has its signer, its signed PDF and both hashes.
    check(
      'company_contract_online_ck',
      sql`${t.signMethod} is distinct from 'online' or (${t.signedBy} is not null and ${t.signedFileId} is not null and ${t.signedSha256} is not null and ${t.originalSha256} is not null)`,
    ),
  ],
);
