import { inCompany } from '../../db/scope.ts';
import {
  EXPORT_RETENTION_DAYS,
  EXPORT_TYPES,
  type TExportJob,
  type TExportStatus,
  type TExportType,
  type TPage,
} from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Readable } from 'node:stream';
import type { JobQueue, JobRun } from '../../lib/job-queue.ts';
import { createXlsxWriter, XLSX_CONTENT_TYPE, ZipLimitError } from '../../lib/spreadsheet.ts';
import { createZipWriter } from '../../lib/zip-writer.ts';
import type { AuthContext } from '../../core/auth.ts';
import * as files from '../file/service.ts';
import * as repo from './repo.ts';
import { ExportFailure, type SheetSource, type ZipSource } from '../../core/exporter.ts';

export { ExportFailure };

export const EXPORT_RUN_JOB = 'export.run';
export const EXPORT_CLEANUP_JOB = 'export.cleanup';

/** Progress is written at most once per this many rows. */
const PROGRESS_EVERY_ROWS = 5000;
/** A job still queued or running this long after it was asked for has lost its run. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const isExportType = (type: string): type is TExportType => type in EXPORT_TYPES;

/** Stored filters as shown: the exporter's private keys (`_...`) left out. */
const shownFilters = (filters: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(filters).filter(([k, v]) => !k.startsWith('_') && v !== undefined));

export function toExportJob(row: repo.ExportJobRow): TExportJob {
  return {
    id: row.id,
    type: row.type,
    typeName: isExportType(row.type) ? EXPORT_TYPES[row.type] : row.type,
    status: row.status as TExportStatus,
    progress: row.progress,
    rowCount: row.rowCount,
    fileSize: row.fileSize,
    fileName: row.fileName,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    filters: shownFilters(row.filters),
  };
}

/**
 * Asks for an export: a queued job in the download centre, run in the background. The file is
 * kept EXPORT_RETENTION_DAYS days.
 */
export async function requestExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  type: TExportType,
  filters: Record<string, unknown>,
): Promise<TExportJob> {
  // An export type no area registered would queue a job that can only fail.
  if (!ctx.registry.exporters.has(type)) throw conflict(`${EXPORT_TYPES[type]}的导出尚未开通`);
  const now = ctx.now();
  const row = await repo.insertExportJob(ctx.db, {
    companyId: auth.companyId,
    adminId: auth.adminId,
    type,
    filters,
    status: 'queued',
    createdAt: now,
    expiresAt: new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
  });
  try {
    await jobs.send(EXPORT_RUN_JOB, { exportId: row.id });
  } catch (err) {
    await repo.failExportJob(ctx.db, row.id, '导出任务提交失败，请重试', ctx.now());
    throw err;
  }
  return toExportJob(row);
}

/** 下载中心: an owner sees every export of the company, another admin their own. */
export async function listExports(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; status?: TExportStatus | undefined },
): Promise<TPage<TExportJob>> {
  const page = await repo.findExportPage(ctx.db, auth.companyId, {
    ...q,
    adminId: auth.isOwner ? undefined : auth.adminId,
  });
  return { total: page.total, rows: page.rows.map(toExportJob) };
}

/** The job, if this admin may see it: the one who asked, or an owner of the same company. */
async function findVisibleJob(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = files.isFileId(id) ? await repo.findExportJob(ctx.db, auth.companyId, id) : undefined;
  if (!job || (!auth.isOwner && job.adminId !== auth.adminId)) throw notFound('导出任务不存在');
  return job;
}

/** The finished file of an export, while it is kept. */
export async function openExportDownload(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = await findVisibleJob(ctx, auth, id);
  if (job.status !== 'done') throw conflict('文件尚未生成');
  const expired = conflict('文件已过期');
  if (job.expiresAt <= ctx.now() || !job.fileId) throw expired;
  const file = await files.findStoredFile(ctx, auth.companyId, job.fileId);
  // A file missing from the store (removed by hand, lost volume) reads as expired, not as a 500.
  if (!file || !(await files.isInStore(ctx, file))) throw expired;
  return {
    fileName: job.fileName,
    size: file.size,
    contentType: file.contentType,
    body: files.readStoredFile(ctx, file),
  };
}

/** 员工列表_20261121_093015.xlsx, in Beijing time. */
function exportFileName(type: TExportType, at: Date, extension: string): string {
  const local = new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString();
  const stamp = `${local.slice(0, 10).replace(/-/g, '')}_${local.slice(11, 19).replace(/:/g, '')}`;
  return `${EXPORT_TYPES[type]}_${stamp}.${extension}`;
}

/** The file an export writes: its stream, type, and the writing of the source into it. */
interface ExportOutput {
  stream: Readable;
  contentType: string;
  extension: string;
  /** Writes every row or file, calling `progress` with the count so far; answers the count. */
  write(progress: (count: number) => Promise<void>): Promise<number>;
  abort(err: Error): void;
}

function sheetOutput(type: TExportType, source: SheetSource): ExportOutput {
  const writer = createXlsxWriter();
  return {
    stream: writer.stream,
    contentType: XLSX_CONTENT_TYPE,
    extension: 'xlsx',
    async write(progress) {
      let rowCount = 0;
      // Past Excel's 1,048,576 rows a sheet would not open: the rows go on in another sheet.
      const sheet = writer.addSheets(EXPORT_TYPES[type], source.columns);
      for await (const batch of source.batches) {
        // Waits while the file store is behind: memory stays bounded whatever the row count.
        await sheet.addRows(batch);
        rowCount += batch.length;
        await progress(rowCount);
      }
      await writer.commit();
      return rowCount;
    },
    abort: (err) => writer.stream.destroy(err),
  };
}

function zipOutput(source: ZipSource): ExportOutput {
  const zip = createZipWriter();
  return {
    stream: zip.stream,
    contentType: 'application/zip',
    extension: 'zip',
    async write(progress) {
      let count = 0;
      for await (const batch of source.files) {
        for (const file of batch) await zip.add(file.name, file.data, file.mtime);
        count += batch.length;
        await progress(count);
      }
      await zip.finish();
      return count;
    },
    abort: (err) => zip.abort(err),
  };
}

/**
 * Runs one export job: the rows streamed from the exporter into an xlsx that streams into the
 * file store, progress written as it goes, the row count and size recorded at the end. A
 * failure is recorded with a Chinese message; an unexpected error is retried first.
 */
/**
 * The export job's handler: it starts in the platform's scope (a job's), reads which company the
 * export is of, and makes the file in that company's scope.
 */
export async function runExportJob(ctx: ServiceContext, exportId: string, run: JobRun) {
  const companyId = await repo.companyOfExportJob(ctx.db, exportId);
  if (companyId !== undefined) await inCompany(companyId, () => runExport(ctx, exportId, run));
}

export async function runExport(ctx: ServiceContext, exportId: string, run: JobRun) {
  const job = await repo.claimExportJob(ctx.db, exportId, ctx.now());
  if (!job) return;
  try {
    const exporter = isExportType(job.type) ? ctx.registry.exporters.get(job.type) : undefined;
    if (!isExportType(job.type) || !exporter) throw new ExportFailure('不支持的导出类型');
    const type = job.type;
    const source = await exporter(ctx, { companyId: job.companyId, filters: job.filters });
    const output = source.kind === 'zip' ? zipOutput(source) : sheetOutput(type, source);
    const fileName = exportFileName(type, ctx.now(), output.extension);
    const storing = files
      .storeGeneratedFile(
        ctx,
        { companyId: job.companyId, adminId: job.adminId },
        {
          name: fileName,
          contentType: output.contentType,
          extension: output.extension,
          purpose: 'export',
          expiresAt: job.expiresAt,
        },
        output.stream,
      )
      .then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
    let rowCount = 0;
    try {
      let reported = 0;
      // Progress is written every PROGRESS_EVERY_ROWS rows, or every file of a zip's hundred.
      const every = source.kind === 'zip' ? Math.max(1, Math.ceil(source.total / 100)) : PROGRESS_EVERY_ROWS;
      rowCount = await output.write(async (count) => {
        if (count - reported < every) return;
        reported = count;
        await repo.updateExportProgress(
          ctx.db,
          job.id,
          Math.min(99, Math.floor((count * 100) / Math.max(source.total, 1))),
        );
      });
    } catch (err) {
      output.abort(err instanceof Error ? err : new Error(String(err)));
      await storing;
      // Too big for a zip without ZIP64: a retry would fail the same way.
      if (err instanceof ZipLimitError) throw new ExportFailure('导出文件超过 4 GB，请缩小导出范围后重试');
      throw err;
    }
    const stored = await storing;
    if ('error' in stored) throw stored.error;
    const finished = await repo.finishExportJob(ctx.db, job.id, {
      fileId: stored.file.id,
      fileName,
      fileSize: stored.file.size,
      rowCount,
      finishedAt: ctx.now(),
    });
    if (!finished) await files.removeStoredFile(ctx, stored.file);
  } catch (err) {
    if (err instanceof ExportFailure) {
      await repo.failExportJob(ctx.db, job.id, err.message, ctx.now());
      return;
    }
    if (run.isLastAttempt) await repo.failExportJob(ctx.db, job.id, '导出失败，请稍后重试', ctx.now());
    throw err;
  }
}

/**
 * The download centre's housekeeping, run at start and hourly: jobs that lost their run are
 * failed, expired exports lose their file reference, and every stored file whose retention
 * ended is deleted.
 */
export async function cleanupExports(ctx: ServiceContext) {
  const now = ctx.now();
  const stale = await repo.failStaleExportJobs(
    ctx.db,
    new Date(now.getTime() - STALE_AFTER_MS),
    '导出超时，请重新导出',
    now,
  );
  const expired = await repo.detachExpiredExportFiles(ctx.db, now);
  const removed = await files.removeExpiredFiles(ctx);
  if (stale || expired || removed) ctx.log.info({ stale, expired, removed }, 'export cleanup');
}
