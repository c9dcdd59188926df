import { and, eq, getTableColumns, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equals, pagedQuery, type Paged } from '../../db/paged-query.ts';
import { exportJob, type operatorExportJob } from '../../db/schema/index.ts';

export type ExportJobRow = typeof exportJob.$inferSelect;
export type NewExportJob = typeof exportJob.$inferInsert;

/** Either download centre's table: the companies' (`export_job`) or the operators' (`operator_export_job`). */
export type ExportJobTable = typeof exportJob | typeof operatorExportJob;

/** Where a finished job's file is: a company's stored file, or the platform's key in the file store. */
export type ExportFileRef = { fileId: string } | { fileKey: string };

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

/** The company and admin of an export job, by its id alone (a job's data names only the id). */
export async function ownerOfExportJob(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ companyId: exportJob.companyId, adminId: exportJob.adminId })
    .from(exportJob)
    .where(eq(exportJob.id, id));
  return row;
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

/*
 * A job's run, the same in both centres' tables.
 */

/**
 * Takes a job for running: queued, or running after a run that died (a retry starts over).
 * Answers undefined when it is finished, failed or gone.
 */
export async function claimExportJob(db: DbOrTx, table: ExportJobTable, id: string, now: Date) {
  const [row] = await db
    .update(table)
    .set({ status: 'running', progress: 0, startedAt: now, error: '' })
    .where(and(eq(table.id, id), inArray(table.status, ['queued', 'running'])))
    .returning({
      id: table.id,
      type: table.type,
      filters: table.filters,
      createdAt: table.createdAt,
      expiresAt: table.expiresAt,
    });
  return row;
}

export async function updateExportProgress(db: DbOrTx, table: ExportJobTable, id: string, progress: number) {
  await db
    .update(table)
    .set({ progress })
    .where(and(eq(table.id, id), eq(table.status, 'running')));
}

/** Done, with its file: false when the job is no longer running (the file is then the caller's to remove). */
export async function finishExportJob(
  db: DbOrTx,
  table: ExportJobTable,
  id: string,
  values: ExportFileRef & { fileName: string; fileSize: number; rowCount: number; finishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ ...values, status: 'done', progress: 100 })
    .where(and(eq(table.id, id), eq(table.status, 'running')))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function failExportJob(db: DbOrTx, table: ExportJobTable, id: string, error: string, finishedAt: Date) {
  await db
    .update(table)
    .set({ status: 'failed', error: error.slice(0, 300), finishedAt })
    .where(and(eq(table.id, id), inArray(table.status, ['queued', 'running'])));
}

/** Jobs queued or running since before `before`: their run was lost. */
export async function failStaleExportJobs(
  db: DbOrTx,
  table: ExportJobTable,
  before: Date,
  error: string,
  finishedAt: Date,
) {
  const rows = await db
    .update(table)
    .set({ status: 'failed', error, finishedAt })
    .where(and(inArray(table.status, ['queued', 'running']), lt(table.createdAt, before)))
    .returning({ id: table.id });
  return rows.length;
}
