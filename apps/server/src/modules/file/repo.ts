import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storedFile } from '../../db/schema/index.ts';
import { anyUuid } from '../../db/any-of.ts';

export type StoredFileRow = typeof storedFile.$inferSelect;
export type NewStoredFile = typeof storedFile.$inferInsert;

export async function insertStoredFile(db: DbOrTx, values: NewStoredFile): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFile).values(values).returning();
  if (!row) throw new Error('stored file not inserted');
  return row;
}

export async function findStoredFile(db: DbOrTx, companyId: number, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.companyId, companyId), eq(storedFile.id, id)))
    .limit(1);
  return row;
}

/** Files whose retention ended at or before `now`, oldest first. */
export async function findExpiredFiles(db: DbOrTx, now: Date, limit: number): Promise<StoredFileRow[]> {
  return db
    .select()
    .from(storedFile)
    .where(and(isNotNull(storedFile.expiresAt), lte(storedFile.expiresAt, now)))
    .orderBy(asc(storedFile.expiresAt))
    .limit(limit);
}

export async function deleteStoredFiles(db: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(storedFile).where(anyUuid(storedFile.id, ids));
}

export async function clearFileExpiry(db: DbOrTx, companyId: number, id: string): Promise<void> {
  await db
    .update(storedFile)
    .set({ expiresAt: null })
    .where(and(eq(storedFile.companyId, companyId), eq(storedFile.id, id)));
}
