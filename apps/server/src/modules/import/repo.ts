import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importJob } from '../../db/schema/index.ts';

export type ImportJobRow = typeof importJob.$inferSelect;
export type NewImportJob = typeof importJob.$inferInsert;

export async function insertImportJob(db: DbOrTx, values: NewImportJob): Promise<ImportJobRow> {
  const [row] = await db.insert(importJob).values(values).returning();
  if (!row) throw new Error('import job not inserted');
  return row;
}

export async function findImportJob(db: DbOrTx, companyId: number, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(importJob)
    .where(and(eq(importJob.companyId, companyId), eq(importJob.id, id)))
    .limit(1);
  return row;
}

/** A job by id alone, for the background runs (they carry no session). */
export async function findImportJobById(db: DbOrTx, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJob).where(eq(importJob.id, id)).limit(1);
  return row;
}

export async function updateImportProgress(db: DbOrTx, id: string, status: string, progress: number, now: Date) {
  await db
    .update(importJob)
    .set({ progress, updatedAt: now })
    .where(and(eq(importJob.id, id), eq(importJob.status, status)));
}

export async function finishValidation(
  db: DbOrTx,
  id: string,
  values: Pick<NewImportJob, 'totalRows' | 'validRows' | 'errorRows' | 'errors' | 'reportFileId' | 'stagedFileId'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(importJob)
    .set({ ...values, status: 'validated', progress: 100, message: '', updatedAt: now })
    .where(and(eq(importJob.id, id), eq(importJob.status, 'validating')))
    .returning({ id: importJob.id });
  return rows.length > 0;
}

/** Moves a validated job without errors to committing; answers it, or undefined when it was not. */
export async function claimCommit(db: DbOrTx, companyId: number, id: string, now: Date) {
  const [row] = await db
    .update(importJob)
    .set({ status: 'committing', progress: 0, updatedAt: now })
    .where(
      and(
        eq(importJob.companyId, companyId),
        eq(importJob.id, id),
        eq(importJob.status, 'validated'),
        eq(importJob.errorRows, 0),
        gt(importJob.validRows, 0),
      ),
    )
    .returning();
  return row;
}

export async function finishCommit(db: DbOrTx, id: string, insertedRows: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(importJob)
    .set({ status: 'committed', insertedRows, progress: 100, message: '', updatedAt: now })
    .where(and(eq(importJob.id, id), eq(importJob.status, 'committing')))
    .returning({ id: importJob.id });
  return rows.length > 0;
}

/** Fails a job that is in one of `from`, with a message for the admin. */
export async function failImport(db: DbOrTx, id: string, from: string[], message: string, now: Date) {
  await db
    .update(importJob)
    .set({ status: 'failed', message: message.slice(0, 300), updatedAt: now })
    .where(and(eq(importJob.id, id), inArray(importJob.status, from)));
}

/** Jobs validating or committing without a sign of life since `before`: their run was lost. */
export async function failStaleImports(db: DbOrTx, before: Date, message: string, now: Date) {
  const rows = await db
    .update(importJob)
    .set({ status: 'failed', message, updatedAt: now })
    .where(and(inArray(importJob.status, ['validating', 'committing']), lt(importJob.updatedAt, before)))
    .returning({ id: importJob.id });
  return rows.length;
}
