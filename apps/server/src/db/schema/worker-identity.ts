/**
 * 实名认证 and 签约 of workers (issue 43, ADR 0031): the verifications asked of the identity
 * provider (the worker area's), the service companies' agreement templates (the platform's, kept
 * by the service-company area) and the agreements workers sign (the worker area's).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { serviceCompany } from './company.ts';
import { operator } from './operator.ts';
import { storedFile } from './stored-file.ts';
import { worker } from './worker.ts';

/**
 * A batch of real-name verifications asked at once (a worker added or changed, an import, a
 * 重新认证): its counters are kept by the verification job, so an import's progress is one row.
 */
export const workerRealNameRun = pgTable(
  'worker_real_name_run',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** added | changed | import | manual */
    source: varchar('source', { length: 10 }).notNull(),
    total: integer('total').notNull(),
    verified: integer('verified').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Checks superseded by a later request before the provider answered them. */
    superseded: integer('superseded').notNull().default(0),
    /**
     * The import (import_job.id) whose workers this run verifies, for its drawer's progress; null
     * for other runs. A value, not a key: an import's row is cleaned up after a while, its run stays.
     */
    importId: uuid('import_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('worker_real_name_run_import_idx')
      .on(t.companyId, t.importId)
      .where(sql`${t.importId} is not null`),
    check('worker_real_name_run_source_ck', sql`${t.source} in ('added', 'changed', 'import', 'manual')`),
    // The runs still going, newest first (the list's progress banner).
    index('worker_real_name_run_open_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * One verification of a worker: asked (verifying), then answered by the provider (verified, or
 * failed with its reason), or superseded by a later one before it was. The worker's
 * `real_name_status` follows its latest check. No ID or card number is kept here: the job reads
 * them from the worker's encrypted columns when it asks the provider.
 */
export const workerRealNameCheck = pgTable(
  'worker_real_name_check',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    /** verifying | verified | failed | superseded */
    status: varchar('status', { length: 12 }).notNull().default('verifying'),
    /** 2 (name + ID) or 3 (with the default bank card), set when asked of the provider. */
    factors: smallint('factors'),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    providerRef: varchar('provider_ref', { length: 64 }),
    /** Times the provider was away for this check. */
    attempts: integer('attempts').notNull().default(0),
    requestedAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'worker_real_name_check_worker_fk',
      columns: [t.companyId, t.workerId],
      foreignColumns: [worker.companyId, worker.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'worker_real_name_check_run_fk',
      columns: [t.companyId, t.runId],
      foreignColumns: [workerRealNameRun.companyId, workerRealNameRun.id],
    }).onDelete('cascade'),
    index('worker_real_name_check_worker_idx').on(t.companyId, t.workerId, t.id),
    index('worker_real_name_check_run_idx').on(t.companyId, t.runId),
    // The queue: checks the provider has not answered, oldest first.
    index('worker_real_name_check_pending_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.status} = 'verifying'`),
    check('worker_real_name_check_status_ck', sql`${t.status} in ('verifying', 'verified', 'failed', 'superseded')`),
    check('worker_real_name_check_factors_ck', sql`${t.factors} is null or ${t.factors} in (2, 3)`),
  ],
);

/**
 * A service company's cooperation agreement (共享经济合作伙伴协议), one row per version: the
 * platform's data (a reference table, like service_company), uploaded by an operator; the PDF is
 * a platform file (`platform/…` in the file store). The highest version is the current one;
 * `requires_resign` says whether workers who signed an earlier version must sign this one before
 * they are paid again.
 */
export const serviceAgreementTemplate = pgTable(
  'service_agreement_template',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    version: integer('version').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    requiresResign: boolean('requires_resign').notNull().default(true),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operator.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('service_agreement_template_version_uq').on(t.serviceCompanyId, t.version),
    check('service_agreement_template_version_ck', sql`${t.version} > 0`),
  ],
);

/**
 * A worker's agreement with a service company, of one template version: sent (signing: the
 * signing provider's SMS is out), then signed (the signed PDF in the company's file store with its
 * SHA-256) or failed. One per worker and version.
 */
export const workerAgreement = pgTable(
  'worker_agreement',
  {
    companyId: companyId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    serviceCompanyId: bigint('service_company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceCompany.id),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => serviceAgreementTemplate.id),
    version: integer('version').notNull(),
    /** queued | signing | signed | failed */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    providerRef: varchar('provider_ref', { length: 64 }),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    signedFileId: uuid('signed_file_id'),
    signedSha256: varchar('signed_sha256', { length: 64 }),
    requestedAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('worker_agreement_version_uq').on(t.companyId, t.workerId, t.templateId),
    foreignKey({
      name: 'worker_agreement_worker_fk',
      columns: [t.companyId, t.workerId],
      foreignColumns: [worker.companyId, worker.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'worker_agreement_signed_file_fk',
      columns: [t.companyId, t.signedFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }),
    index('worker_agreement_service_company_idx').on(t.companyId, t.serviceCompanyId, t.workerId),
    index('worker_agreement_template_idx').on(t.companyId, t.templateId),
    index('worker_agreement_signed_file_idx')
      .on(t.companyId, t.signedFileId)
      .where(sql`${t.signedFileId} is not null`),
    check('worker_agreement_status_ck', sql`${t.status} in ('queued', 'signing', 'signed', 'failed')`),
    check(
      'worker_agreement_signed_ck',
      sql`(${t.status} = 'signed') = (${t.signedFileId} is not null and ${t.signedSha256} is not null)`,
    ),
  ],
);
