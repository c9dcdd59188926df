import { bigint, foreignKey, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { admin } from './identity.ts';
import { operator } from './operator.ts';
import { storedFile } from './stored-file.ts';

/** The columns of an export job in either download centre: what it is, how far it ran, its file's name. */
const exportJobColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  type: varchar('type', { length: 30 }).notNull(),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
  /** queued | running | done | failed */
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  rowCount: integer('row_count').notNull().default(0),
  fileName: varchar('file_name', { length: 200 }).notNull().default(''),
  fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
  error: varchar('error', { length: 300 }).notNull().default(''),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** 下载中心: one export per row, run in the background. */
export const exportJob = pgTable(
  'export_job',
  {
    ...exportJobColumns(),
    companyId: companyId(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    fileId: uuid('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('export_job_company_idx').on(t.companyId, t.adminId, t.createdAt),
    foreignKey({
      name: 'export_job_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
  ],
);

/**
 * The operators' 下载中心 (/ops): one export per row, asked for by an operator. An operator's
 * export spans companies (网关日志), so it is no company's row: a platform table (a local one,
 * db/distribution.ts), revoked from flexpay_app (migration 0052). Its file is the platform's in
 * the file store (modules/file `platformFileKey`), named by `file_key`, not a company's
 * `stored_file`.
 */
export const operatorExportJob = pgTable(
  'operator_export_job',
  {
    ...exportJobColumns(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operator.id),
    /**
     * Where the file is in the file store: recorded before its first byte is written, so that the
     * cleanup finds what a run that died left; null once the file is removed.
     */
    fileKey: varchar('file_key', { length: 300 }),
  },
  (t) => [index('operator_export_job_operator_idx').on(t.operatorId, t.createdAt)],
);
