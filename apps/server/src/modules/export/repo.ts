import { and, eq, getTableColumns, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equals, pagedQuery, type Paged } from '../../db/paged-query.ts';
import { exportJob } from '../../db/schema/index.ts';

export type ExportJobRow = typeof exportJob.$inferSelect;
export type NewExportJob = typeof exportJob.$inferInsert;

export async function insertExportJob(db: DbOrTx, values: NewExportJob): Promise<ExportJobRow> {
  const [row] = await db.insert(exportJob).values(values).returning();
  if (!row) throw new Error('export job not inserted');
  return row;
}

export async function findExportJob(db: DbOrTx, companyId: number, id: string): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(exportJob)
    .where(and(eq(exportJob.companyId, companyId), eq(exportJob.id, id)))
    .limit(1);
  return row;
}

/** A page of the company's export jobs, newest first; only one admin's when `adminId` is given. */
export async function findExportPage(
  db: DbOrTx,
  companyId: number,
  q: { adminId?: number | undefined; status?: string | undefined; page: number; limit: number },
): Promise<Paged<ExportJobRow>> {
  return pagedQuery(db, {
    from: exportJob,
    select: getTableColumns(exportJob),
    where: [
      eq(exportJob.companyId, companyId),
      equals(exportJob.adminId, q.adminId),
      equals(exportJob.status, q.status),
    ],
    sorts: { createdAt: exportJob.createdAt },
    sort: 'createdAt',
    order: 'desc',
    id: exportJob.id,
    page: q.page,
    limit: q.limit,
  });
}

/**
 * Takes a job for running: queued, or running after a run that died (a retry starts over).
 * Answers undefined when it is finished, failed or gone.
 */
/** The company of an export job, by its id alone (a job's data names only the id). */
export async function companyOfExportJob(db: DbOrTx, id: string): Promise<number | undefined> {
  const [row] = await db.select({ companyId: exportJob.companyId }).from(exportJob).where(eq(exportJob.id, id));
  return row?.companyId;
}

export async function claimExportJob(db: DbOrTx, id: string, now: Date): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .update(exportJob)
    .set({ status: 'running', progress: 0, startedAt: now, error: '' })
    .where(and(eq(exportJob.id, id), inArray(exportJob.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function updateExportProgress(db: DbOrTx, id: string, progress: number) {
  await db
    .update(exportJob)
    .set({ progress })
    .where(and(eq(exportJob.id, id), eq(exportJob.status, 'running')));
}

export async function finishExportJob(
  db: DbOrTx,
  id: string,
  values: { fileId: string; fileName: string; fileSize: number; rowCount: number; finishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(exportJob)
    .set({ ...values, status: 'done', progress: 100 })
    .where(and(eq(exportJob.id, id), eq(exportJob.status, 'running')))
    .returning({ id: exportJob.id });
  return rows.length > 0;
}

export async function failExportJob(db: DbOrTx, id: string, error: string, finishedAt: Date) {
  await db
    .update(exportJob)
    .set({ status: 'failed', error: error.slice(0, 300), finishedAt })
    .where(and(eq(exportJob.id, id), inArray(exportJob.status, ['queued', 'running'])));
}

/** Jobs queued or running since before `before`: their run was lost. */
export async function failStaleExportJobs(db: DbOrTx, before: Date, error: string, finishedAt: Date) {
  const rows = await db
    .update(exportJob)
    .set({ status: 'failed', error, finishedAt })
    .where(and(inArray(exportJob.status, ['queued', 'running']), lt(exportJob.createdAt, before)))
    .returning({ id: exportJob.id });
  return rows.length;
}

/** Finished jobs whose retention ended: their file is about to be deleted. */
export async function detachExpiredExportFiles(db: DbOrTx, now: Date) {
  const rows = await db
    .update(exportJob)
    .set({ fileId: null })
    .where(and(isNotNull(exportJob.fileId), lte(exportJob.expiresAt, now)))
    .returning({ id: exportJob.id });
  return rows.length;
}
