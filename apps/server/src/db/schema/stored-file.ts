import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { admin } from './identity.ts';

/** A stored file (FileStore port): uploads, export files, import error reports. */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    adminId: bigint('admin_id', { mode: 'number' }),
    name: varchar('name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Path inside the file store. */
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    /** upload | import | export | import-report | import-staged */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** SHA-256 of the content (hex) of a file a client uploaded; null for files the server wrote. */
    sha256: varchar('sha256', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_file_company_idx').on(t.companyId, t.createdAt),
    // The key a company's rows refer to a file by when the tenant must match (a top-up's voucher).
    unique('stored_file_company_id_uq').on(t.companyId, t.id),
    foreignKey({
      name: 'stored_file_admin_fk',
      columns: [t.companyId, t.adminId],
      foreignColumns: [admin.companyId, admin.id],
    }),
  ],
);

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The content of files kept in the database (`FILE_STORE=database`, db/file-store.ts,
 * ADR 0021): a file is its key's chunks in order, each at most 256 KB, so that no process ever
 * holds a whole file. Addressed by key, not by company: a key names at most one stored file.
 */
export const fileChunk = pgTable(
  'file_chunk',
  {
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.seq] })],
);
