import { bigint, boolean, char, foreignKey, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { payout } from './payroll.ts';

/**
 * A receipt (回单) as it was issued (回单验真, issue 42, ADR 0029): the first time a succeeded
 * payout's PDF is drawn, its verification code (100 random bits) and the SHA-256 of the bytes
 * drawn with it are kept, with the check page's address the QR code points at, so every later
 * drawing is the same document. Written once, never changed.
 */
export const payoutReceipt = pgTable(
  'payout_receipt',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    payoutId: bigint('payout_id', { mode: 'number' }).notNull(),
    /** 20 characters of Crockford's base32, printed in groups of 4. */
    code: char('code', { length: 20 }).notNull(),
    /** Hex SHA-256 of the PDF issued. */
    sha256: char('sha256', { length: 64 }).notNull(),
    /** The public address the PDF's QR code names (PUBLIC_URL when issued). */
    publicUrl: varchar('public_url', { length: 200 }).notNull(),
    issuedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.payoutId] }),
    foreignKey({
      name: 'payout_receipt_payout_fk',
      columns: [t.companyId, t.payoutId],
      foreignColumns: [payout.companyId, payout.id],
    }),
    // The check page finds a receipt by its code alone, across companies. Not unique: a unique
    // index must start with company_id (ADR 0020); 100 random bits never repeat in practice,
    // and a code found twice is answered as not found.
    index('payout_receipt_code_idx').on(t.code),
  ],
);

/**
 * One check of a code on the public page (回单验真), found or not: counted per client address
 * to limit guessing. The platform's, read and written in its scope only.
 */
export const receiptCheck = pgTable(
  'receipt_check',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ip: varchar('ip', { length: 64 }).notNull(),
    found: boolean('found').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('receipt_check_ip_idx').on(t.ip, t.createdAt), index('receipt_check_created_idx').on(t.createdAt)],
);
