import { bigint, foreignKey, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { admin } from './identity.ts';
import { storedFile } from './stored-file.ts';

/** 下载中心: one export per row, run in the background. */
export const exportJob = pgTable(
  'export_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    type: varchar('type', { length: 30 }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileId: uuid('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    error: varchar('error', { length: 300 }).notNull().default(''),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
