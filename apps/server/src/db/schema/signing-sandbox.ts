/**
 * The sandbox signing provider's own books (issue 43, ADR 0031): it stands for an outside
 * e-signing service, so it keys nothing of ours (our agreement's ref is a value it was given) and
 * is no company's table. Kept in the database so that a link sent by one process is signed through
 * another, and after a restart.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './stored-file.ts';

/** A document the sandbox was asked to have signed, once per content (a template's PDF). */
export const sandboxSigningDocument = pgTable('sandbox_signing_document', {
  sha256: varchar('sha256', { length: 64 }).primaryKey(),
  pdf: bytea('pdf').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signing request: sent (the SMS's code and link), then signed (the signed PDF) or failed. */
export const sandboxSigningRequest = pgTable(
  'sandbox_signing_request',
  {
    /** Our ref of the request (the app's agreement): the provider dedupes by it. */
    ref: varchar('ref', { length: 40 }).primaryKey(),
    /** The provider's own reference: `SS` + 20 hex digits of the ref's hash. */
    providerRef: varchar('provider_ref', { length: 40 }).notNull(),
    /** The link's token and the six-digit code the SMS gave. */
    token: varchar('token', { length: 40 }).notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    signerName: varchar('signer_name', { length: 50 }).notNull(),
    signerMobile: varchar('signer_mobile', { length: 20 }).notNull(),
    documentTitle: varchar('document_title', { length: 100 }).notNull(),
    documentSha256: varchar('document_sha256', { length: 64 }).notNull(),
    /** sent | signed | failed */
    status: varchar('status', { length: 10 }).notNull().default('sent'),
    /** Why it failed (rules.ts), in Chinese; empty otherwise. */
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    signedPdf: bytea('signed_pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    unique('sandbox_signing_request_provider_ref_uq').on(t.providerRef),
    unique('sandbox_signing_request_token_uq').on(t.token),
    index('sandbox_signing_request_document_idx').on(t.documentSha256),
    foreignKey({
      name: 'sandbox_signing_request_document_fk',
      columns: [t.documentSha256],
      foreignColumns: [sandboxSigningDocument.sha256],
    }),
    check('sandbox_signing_request_status_ck', sql`${t.status} in ('sent', 'signed', 'failed')`),
    check('sandbox_signing_request_signed_ck', sql`(${t.status} = 'signed') = (${t.signedPdf} is not null)`),
  ],
);
