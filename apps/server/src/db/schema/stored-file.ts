import { bigint, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { admin } from './identity.ts';

/** A stored file (FileStore port): uploads, export files, import error reports. */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admin.id),
    name: varchar('name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Path inside the file store. */
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    /** upload | import | export | import-report | import-staged */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_file_company_idx').on(t.companyId, t.createdAt)],
);
