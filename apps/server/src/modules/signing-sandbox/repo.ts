/**
 * The sandbox signing provider's books (sandbox_signing_document, sandbox_signing_request): the
 * documents it was sent, once per content, and each request as it was sent, signed or failed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { sandboxSigningDocument, sandboxSigningRequest } from '../../db/schema/index.ts';

export interface SandboxRequestRow {
  ref: string;
  providerRef: string;
  token: string;
  code: string;
  signerName: string;
  signerMobile: string;
  documentTitle: string;
  documentSha256: string;
  status: 'sent' | 'signed' | 'failed';
  reason: string;
}

interface RawRequest {
  ref: string;
  provider_ref: string;
  token: string;
  code: string;
  signer_name: string;
  signer_mobile: string;
  document_title: string;
  document_sha256: string;
  status: string;
  reason: string;
}

const COLUMNS = sql`ref, provider_ref, token, code, signer_name, signer_mobile, document_title, document_sha256, status, reason`;

const toRow = (r: RawRequest): SandboxRequestRow => ({
  ref: r.ref,
  providerRef: r.provider_ref,
  token: r.token,
  code: r.code,
  signerName: r.signer_name,
  signerMobile: r.signer_mobile,
  documentTitle: r.document_title,
  documentSha256: r.document_sha256,
  status: r.status === 'signed' || r.status === 'failed' ? r.status : 'sent',
  reason: r.reason,
});

async function findOne(db: DbOrTx, where: ReturnType<typeof sql>): Promise<SandboxRequestRow | undefined> {
  const [row] = await queryRows<RawRequest>(db, sql`select ${COLUMNS} from sandbox_signing_request where ${where}`);
  return row && toRow(row);
}

export const findByRef = (db: DbOrTx, ref: string) => findOne(db, sql`ref = ${ref}`);
export const findByProviderRef = (db: DbOrTx, providerRef: string) => findOne(db, sql`provider_ref = ${providerRef}`);
export const findByToken = (db: DbOrTx, token: string) => findOne(db, sql`token = ${token}`);

/** Keeps a document's bytes once per content. */
export async function keepDocument(db: DbOrTx, sha256: string, pdf: Uint8Array): Promise<void> {
  await db
    .insert(sandboxSigningDocument)
    .values({ sha256, pdf: Buffer.from(pdf) })
    .onConflictDoNothing({ target: sandboxSigningDocument.sha256 });
}

export async function readDocument(db: DbOrTx, sha256: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ pdf: sandboxSigningDocument.pdf })
    .from(sandboxSigningDocument)
    .where(eq(sandboxSigningDocument.sha256, sha256));
  return row?.pdf;
}

/**
 * Records a request; a ref already recorded (another process sent it first) keeps its row, which
 * is answered instead (`inserted` false).
 */
export async function insertRequest(
  db: DbOrTx,
  r: Omit<SandboxRequestRow, 'status'> & { status: 'sent' | 'failed' },
): Promise<SandboxRequestRow & { inserted: boolean }> {
  const [row] = await queryRows<RawRequest>(
    db,
    sql`insert into sandbox_signing_request
          (ref, provider_ref, token, code, signer_name, signer_mobile, document_title, document_sha256, status, reason)
        values (${r.ref}, ${r.providerRef}, ${r.token}, ${r.code}, ${r.signerName}, ${r.signerMobile},
                ${r.documentTitle}, ${r.documentSha256}, ${r.status}, ${r.reason})
        on conflict (ref) do nothing
        returning ${COLUMNS}`,
  );
  if (row) return { ...toRow(row), inserted: true };
  const known = await findByRef(db, r.ref);
  if (!known) throw new Error(`sandbox signing request ${r.ref} neither inserted nor found`);
  return { ...known, inserted: false };
}

export async function deleteRequest(db: DbOrTx, ref: string): Promise<void> {
  await db.execute(sql`delete from sandbox_signing_request where ref = ${ref} and status = 'sent'`);
}

/** Signed, with the signed PDF; false when it was no longer waiting (signed or failed meanwhile). */
export async function markSigned(db: DbOrTx, ref: string, pdf: Uint8Array, signedAt: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxSigningRequest)
    .set({ status: 'signed', signedPdf: Buffer.from(pdf), signedAt })
    .where(and(eq(sandboxSigningRequest.ref, ref), eq(sandboxSigningRequest.status, 'sent')))
    .returning({ ref: sandboxSigningRequest.ref });
  return rows.length > 0;
}

/** Failed (declined), with the reason; false when it was no longer waiting. */
export async function markFailed(db: DbOrTx, ref: string, reason: string): Promise<boolean> {
  const rows = await queryRows<{ ref: string }>(
    db,
    sql`update sandbox_signing_request set status = 'failed', reason = ${reason.slice(0, 100)}
         where ref = ${ref} and status = 'sent'
        returning ref`,
  );
  return rows.length > 0;
}

/** A signed request's PDF and time, by the provider's reference. */
export async function findSigned(
  db: DbOrTx,
  providerRef: string,
): Promise<{ ref: string; pdf: Uint8Array; signedAt: Date } | undefined> {
  const [row] = await db
    .select({
      ref: sandboxSigningRequest.ref,
      pdf: sandboxSigningRequest.signedPdf,
      signedAt: sandboxSigningRequest.signedAt,
    })
    .from(sandboxSigningRequest)
    .where(and(eq(sandboxSigningRequest.providerRef, providerRef), eq(sandboxSigningRequest.status, 'signed')));
  if (!row?.pdf || !row.signedAt) return undefined;
  return { ref: row.ref, pdf: row.pdf, signedAt: row.signedAt };
}
