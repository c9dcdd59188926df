import type { Db } from '../db/client.ts';
import type { FileStore } from '../lib/file-store.ts';
import { writeDemoAgreements } from './agreements.ts';
import { writeDemoContentImages } from './content-images.ts';
import { writeDemoContracts } from './contracts.ts';
import { writeDemoInvoices } from './invoices.ts';
import { writeDemoVouchers } from './money.ts';

/**
 * The files the demo rows name (vouchers, invoice and contract PDFs, content images, the agreement
 * template and the signed agreements), written
 * into the configured store where missing: after a seed, and on each start, so a store that was
 * emptied or changed (FILE_STORE) serves them again.
 */
export async function writeDemoFiles(db: Db, files: FileStore): Promise<void> {
  await writeDemoVouchers(db, files);
  await writeDemoInvoices(db, files);
  await writeDemoContracts(db, files);
  await writeDemoContentImages(db, files);
  await writeDemoAgreements(db, files);
}
