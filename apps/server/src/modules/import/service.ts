/**
 * The import centre: the life cycle of every import kind, driven by its definition
 * (core/importer.ts). This file holds the requests (upload, status, commit, report), the template
 * and the cleanup: stale jobs fail; files expire with the download centre's. The background runs
 * are `validation.ts` (an uploaded sheet read as a stream, its rows checked, the first errors kept
 * on the job and all of them written to a report, the rows that pass staged as NDJSON; the sheet
 * removed once validated) and `commit.ts` (the staged rows inserted in one transaction or none,
 * in batches, the next one read while the database runs the current one).
 */
import type { Readable } from 'node:stream';
import { Code, EXPORT_RETENTION_DAYS, type TImportJob, type TImportStatus } from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { AppRegistry, ServiceContext } from '../../core/context.ts';
import type { AnyImporter, ImportScope } from '../../core/importer.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { createXlsxWriter } from '../../lib/spreadsheet.ts';
import * as files from '../file/service.ts';
import * as repo from './repo.ts';
import { inCompany } from '../../db/scope.ts';

/**
 * Runs an import job's work in the import's company scope: a job starts in the platform's scope
 * and names only the import's id, whose row says the company.
 */
export async function inImportCompany(ctx: ServiceContext, importId: string, work: () => Promise<void>) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (job) await inCompany(job.companyId, work);
}

export const IMPORT_VALIDATE_JOB = 'import.validate';
export const IMPORT_COMMIT_JOB = 'import.commit';
export const IMPORT_CLEANUP_JOB = 'import.cleanup';

/** An import sheet may be larger than an ordinary upload: 100,000 rows of CSV is about 12 MB. */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Said whenever an import that was to be committed ends without writing anything. */
export const NO_DATA_WRITTEN = '导入已取消，没有写入任何数据';
/** A job whose type no definition of the running app has (a kind removed since the upload). */
export const UNSUPPORTED = '不支持的导入类型，请重新上传';

/** A failure of the sheet or the import whose message is for the admin. */
export class ImportFailure extends Error {
  override name = 'ImportFailure';
}

/** The definitions of a running app, by type (Importer.type): the background runs look them up. */
export type ImporterRegistry = Pick<AppRegistry['importers'], 'get'>;

export function toImportJob(row: repo.ImportJobRow): TImportJob {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as TImportStatus,
    progress: row.progress,
    totalRows: row.totalRows,
    validRows: row.validRows,
    errorRows: row.errorRows,
    insertedRows: row.insertedRows,
    errors: row.errors,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An import of this kind of the admin's company (an id of another kind or company is not found). */
async function findJob(ctx: ServiceContext, importer: AnyImporter, auth: AuthContext, id: string) {
  const job = files.isFileId(id) ? await repo.findImportJob(ctx.db, auth.companyId, id) : undefined;
  if (!job || job.type !== importer.type) throw notFound('导入任务不存在');
  return job;
}

export const scopeOf = (job: { companyId: number; adminId: number; subjectId?: number | null }): ImportScope => ({
  companyId: job.companyId,
  adminId: job.adminId,
  subjectId: job.subjectId ?? null,
});

// ── Requests ────────────────────────────────────────────────────────────────────────────────

/**
 * Takes an uploaded sheet (xlsx or csv, checked by content): stores it, records the job as
 * validating and queues the validation.
 */
export async function startImport(
  ctx: ServiceContext,
  jobs: JobQueue,
  importer: AnyImporter,
  auth: AuthContext,
  incoming: files.IncomingFile,
  subjectId: number | null = null,
): Promise<TImportJob> {
  if (importer.subject) {
    if (subjectId === null) throw new AppError(Code.VALIDATION, `请指定${importer.noun}导入的目标`);
    await importer.subject.assertOpen(ctx.db, { companyId: auth.companyId, adminId: auth.adminId, subjectId });
  }
  const now = ctx.now();
  const file = await files.storeIncomingFile(ctx, { companyId: auth.companyId, adminId: auth.adminId }, incoming, {
    purpose: 'import',
    allowed: ['xlsx', 'csv'],
    maxBytes: IMPORT_MAX_BYTES,
    expiresAt: new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
  });
  const job = await repo.insertImportJob(ctx.db, {
    companyId: auth.companyId,
    adminId: auth.adminId,
    type: importer.type,
    subjectId: importer.subject ? subjectId : null,
    fileId: file.id,
    fileName: file.name,
    status: 'validating',
    createdAt: now,
    updatedAt: now,
  });
  try {
    await jobs.send(IMPORT_VALIDATE_JOB, { importId: job.id });
  } catch (err) {
    await repo.failImport(ctx.db, job.id, ['validating'], '校验任务提交失败，请重新上传', ctx.now());
    throw err;
  }
  return toImportJob(job);
}

export async function getImport(
  ctx: ServiceContext,
  importer: AnyImporter,
  auth: AuthContext,
  id: string,
): Promise<TImportJob> {
  return toImportJob(await findJob(ctx, importer, auth, id));
}

const NOT_COMMITTABLE: Record<TImportStatus, string> = {
  validating: '文件仍在校验中，请稍候',
  validated: '',
  committing: '正在导入，请勿重复提交',
  committed: '该文件已导入',
  failed: '该导入已失败，请重新上传',
};

/**
 * Commits a validated import: refused (40900) while any row has an error or the job is not
 * validated; otherwise the job becomes committing and the rows are inserted in the background,
 * all or none.
 */
export async function commitImport(
  ctx: ServiceContext,
  jobs: JobQueue,
  importer: AnyImporter,
  auth: AuthContext,
  id: string,
): Promise<TImportJob> {
  const job = await findJob(ctx, importer, auth, id);
  const status = job.status as TImportStatus;
  if (status !== 'validated') throw conflict(NOT_COMMITTABLE[status] || '该导入当前不能提交');
  if (job.errorRows > 0) throw conflict(`文件中有 ${job.errorRows} 行数据有误，请修正后重新上传`);
  const claimed = await repo.claimCommit(ctx.db, auth.companyId, id, ctx.now());
  if (!claimed) throw conflict();
  try {
    await jobs.send(IMPORT_COMMIT_JOB, { importId: id });
  } catch (err) {
    await repo.failImport(ctx.db, id, ['committing'], `导入任务提交失败，${NO_DATA_WRITTEN}，请重新上传`, ctx.now());
    throw err;
  }
  return toImportJob(claimed);
}

/** The error report of a validated import (every error, as xlsx). */
export async function openImportReport(ctx: ServiceContext, importer: AnyImporter, auth: AuthContext, id: string) {
  const job = await findJob(ctx, importer, auth, id);
  const file = job.reportFileId ? await files.findStoredFile(ctx, auth.companyId, job.reportFileId) : undefined;
  if (!file || !(await files.isInStore(ctx, file)))
    throw notFound(job.errorRows > 0 ? '错误报告已过期' : '该导入没有错误报告');
  return {
    fileName: importer.reportFileName,
    size: file.size,
    contentType: file.contentType,
    body: files.readStoredFile(ctx, file),
  };
}

// ── Template ────────────────────────────────────────────────────────────────────────────────

/** The import template of the admin's company, written by the definition as it is read. */
export async function createImportTemplate(
  ctx: ServiceContext,
  importer: AnyImporter,
  auth: AuthContext,
): Promise<Readable> {
  const write = await importer.template(ctx.db, scopeOf(auth));
  const writer = createXlsxWriter();
  // The stream is read while the workbook is written: start writing, hand the stream out.
  void (async () => {
    write(writer);
    await writer.commit();
  })().catch((err: unknown) => writer.stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return writer.stream;
}

// ── Cleanup ─────────────────────────────────────────────────────────────────────────────────

/** Imports whose run was lost (validating or committing for hours) become failed. */
export async function cleanupImports(ctx: ServiceContext) {
  const now = ctx.now();
  const stale = await repo.failStaleImports(
    ctx.db,
    new Date(now.getTime() - STALE_AFTER_MS),
    '导入超时，请重新上传',
    now,
  );
  if (stale) ctx.log.info({ stale }, 'import cleanup');
}
