import { bigint, foreignKey, index, integer, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt, updatedAt } from './columns.ts';
import { admin } from './identity.ts';
import { storedFile } from './stored-file.ts';

/** 批量导入: an uploaded sheet, validated in the background, then committed all or nothing. */
export const importJob = pgTable(
  'import_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    type: varchar('type', { length: 30 }).notNull(),
    /**
     * The record the rows go into, for a kind that imports into one (a payroll batch): a reference
     * whose table depends on `type`, so it has no foreign key; the importer's `subject.assertOpen` checks it.
     */
    subjectId: bigint('subject_id', { mode: 'number' }),
    fileId: uuid('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** validating | validated | committing | committed | failed */
    status: varchar('status', { length: 12 }).notNull().default('validating'),
    progress: integer('progress').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    insertedRows: integer('inserted_rows').notNull().default(0),
    /** The first errors, for the screen; the full list is the report file. */
    errors: jsonb('errors').$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
    reportFileId: uuid('report_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    /** The rows that passed validation, checked and encrypted, for the commit (NDJSON). */
    stagedFileId: uuid('staged_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    message: varchar('message', { length: 300 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('import_job_company_idx').on(t.companyId, t.adminId, t.createdAt),
    foreignKey({
      name: 'import_job_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
  ],
);
