/** What a backup counts and a restore must bring back (the manifest's counts). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { filesDirOf } from '../lib/file-store.ts';

export const ZCounts = z.object({
  workers: z.number().int(),
  batches: z.number().int(),
  payouts: z.number().int(),
  /** A receipt (回单) is a payout that succeeded. */
  receipts: z.number().int(),
  /** Fen paid out by the receipts. */
  receiptsFen: z.number().int(),
  /** Rows of `stored_file`. */
  files: z.number().int(),
  /** What the file store holds: objects and bytes. */
  storedObjects: z.number().int(),
  storedBytes: z.number().int(),
});

export type BackupCounts = z.infer<typeof ZCounts>;

/** Counts of what a restore must bring back, read across companies. */
export async function countData(db: DbOrTx, fileStore: 'local' | 'database', dataDir: string): Promise<BackupCounts> {
  const [row] = await queryRows<Omit<BackupCounts, 'storedObjects' | 'storedBytes'>>(
    db,
    sql`select (select count(*) from worker)::int as workers,
               (select count(*) from payroll_batch)::int as batches,
               (select count(*) from payout)::int as payouts,
               (select count(*) from payout where status = 'succeeded')::int as receipts,
               (select coalesce(sum(net_fen), 0) from payout where status = 'succeeded')::bigint as "receiptsFen",
               (select count(*) from stored_file)::int as files`,
  );
  if (!row) throw new Error('无法统计数据');
  let stored = { objects: 0, bytes: 0 };
  if (fileStore === 'database') {
    const [chunks] = await queryRows<{ objects: number; bytes: string }>(
      db,
      sql`select count(distinct storage_key)::int as objects, coalesce(sum(octet_length(data)), 0)::bigint as bytes
            from file_chunk`,
    );
    stored = { objects: chunks?.objects ?? 0, bytes: Number(chunks?.bytes ?? 0) };
  } else {
    for (const file of filesUnder(filesDirOf(dataDir))) {
      stored.objects += 1;
      stored.bytes += statSync(file).size;
    }
  }
  return {
    ...row,
    receiptsFen: Number(row.receiptsFen),
    storedObjects: stored.objects,
    storedBytes: stored.bytes,
  };
}

/** Every regular file under a folder, depth first (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}
