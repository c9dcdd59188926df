/**
 * What both download centres share: the companies' (service.ts, `export_job`) and the operators'
 * (ops/, `operator_export_job`). A job is shown the same way, its file is named the same way, and
 * it runs the same way: the exporter's rows (an xlsx, past 1,048,576 rows in more sheets) or files
 * (a zip) stream into the file store while its progress is written. Each centre keeps its own
 * table, its own file records and who may see what.
 */
import type { Readable } from 'node:stream';
import { EXPORT_RETENTION_DAYS, type TExportJob, type TExportStatus } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import { ExportFailure, type ExportSource, type SheetSource, type ZipSource } from '../../core/exporter.ts';
import { conflict } from '../../lib/errors.ts';
import type { JobQueue, JobRun, WorkOptions } from '../../lib/job-queue.ts';
import type { Registry } from '../../lib/registry.ts';
import { createThreadedXlsxWriter } from '../../lib/sheet-thread.ts';
import { XLSX_CONTENT_TYPE, ZipLimitError } from '../../lib/spreadsheet.ts';
import { createZipWriter } from '../../lib/zip-writer.ts';
import * as repo from './repo.ts';

/** Progress is written at most once per this many rows. */
const PROGRESS_EVERY_ROWS = 5000;
/** A job still queued or running this long after it was asked for has lost its run. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A run job's options in either centre: one retry after an unexpected failure; an hour before a run counts as lost. */
export const EXPORT_RUN_OPTIONS: WorkOptions = { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 };

/** Stored filters as shown: the exporter's private keys (`_...`) left out. */
const shownFilters = (filters: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(filters).filter(([k, v]) => !k.startsWith('_') && v !== undefined));

/** The columns both centres' jobs have. */
type ExportJobColumns = Pick<
  repo.ExportJobRow,
  | 'id'
  | 'type'
  | 'status'
  | 'progress'
  | 'rowCount'
  | 'fileSize'
  | 'fileName'
  | 'error'
  | 'createdAt'
  | 'finishedAt'
  | 'expiresAt'
  | 'filters'
>;

/**
 * One download centre: its table, its export types with their Chinese names, the job that runs
 * an export, and the exporters the areas registered (called with what a job names: `A`).
 */
export interface ExportCentre<T extends string, A> {
  table: repo.ExportJobTable;
  types: Readonly<Record<T, string>>;
  runJob: string;
  exporters(ctx: ServiceContext): Registry<T, (ctx: ServiceContext, job: A) => Promise<ExportSource>>;
}

/** What names a centre's types. */
type CentreTypes<T extends string> = Pick<ExportCentre<T, never>, 'types'>;

const typeIn = <T extends string>(centre: CentreTypes<T>, type: string): T | undefined =>
  type in centre.types ? (type as T) : undefined;

/** A type's name in Chinese (an unknown type as it is stored). */
const typeNameIn = <T extends string>(centre: CentreTypes<T>, type: string) => {
  const known = typeIn(centre, type);
  return known ? centre.types[known] : type;
};

/** A job as 下载中心 lists it. */
export function toExportJob<T extends string>(centre: CentreTypes<T>, row: ExportJobColumns): TExportJob {
  return {
    id: row.id,
    type: row.type,
    typeName: typeNameIn(centre, row.type),
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

/** A finished file that is gone: past its retention, or missing from the store (removed by hand, a lost volume). */
export const fileExpired = () => conflict('文件已过期');

/**
 * The file of a job that may be downloaded now (its stored file's id or its key): 40900 before
 * the file is made and once its retention ended.
 */
export function downloadableFile<R>(job: { status: string; expiresAt: Date }, file: R | null, now: Date): R {
  if (job.status !== 'done') throw conflict('文件尚未生成');
  if (job.expiresAt <= now || file === null) throw fileExpired();
  return file;
}

/** A new job's columns in either centre: queued now, kept EXPORT_RETENTION_DAYS days. */
export interface QueuedJob<T extends string> {
  type: T;
  filters: Record<string, unknown>;
  status: 'queued';
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Asks a centre for an export: `insert` writes the queued job with its owner, and the job's run is
 * queued; a job that cannot be queued is failed at once (it would otherwise show as queued for
 * hours). Refused when no area registered the type: the job could only fail.
 */
export async function requestExportIn<T extends string, A>(
  ctx: ServiceContext,
  jobs: JobQueue,
  centre: ExportCentre<T, A>,
  type: T,
  filters: Record<string, unknown>,
  insert: (job: QueuedJob<T>) => Promise<ExportJobColumns>,
): Promise<TExportJob> {
  if (!centre.exporters(ctx).has(type)) throw conflict(`${centre.types[type]}的导出尚未开通`);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS);
  const row = await insert({ type, filters, status: 'queued', createdAt: now, expiresAt });
  try {
    await jobs.send(centre.runJob, { exportId: row.id });
  } catch (err) {
    await repo.failExportJob(ctx.db, centre.table, row.id, '导出任务提交失败，请重试', ctx.now());
    throw err;
  }
  return toExportJob(centre, row);
}

/** 员工列表_20261121_093015.xlsx, in Beijing time. */
function exportFileName(typeName: string, at: Date, extension: string): string {
  const local = new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString();
  const stamp = `${local.slice(0, 10).replace(/-/g, '')}_${local.slice(11, 19).replace(/:/g, '')}`;
  return `${typeName}_${stamp}.${extension}`;
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

function sheetOutput(sheetName: string, source: SheetSource): ExportOutput {
  // The workbook is written on a thread of its own: this one reads the rows from the database.
  const writer = createThreadedXlsxWriter();
  return {
    stream: writer.stream,
    contentType: XLSX_CONTENT_TYPE,
    extension: 'xlsx',
    async write(progress) {
      let rowCount = 0;
      // Past Excel's 1,048,576 rows a sheet would not open: the rows go on in another sheet.
      const sheet = writer.addSheets(sheetName, source.columns);
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

/** The file being made, for the centre to store: its name, type, extension and bytes. */
export interface ExportFile {
  name: string;
  contentType: string;
  extension: string;
  stream: Readable;
}

/** A claimed job, as its run needs it. */
export type ClaimedJob = NonNullable<Awaited<ReturnType<typeof repo.claimExportJob>>>;

/** How a centre runs its jobs: what the exporter is given, and how the file is kept. */
export interface ExportRun<A, F> {
  /** What the job names for its exporter (its company, its filters). */
  exporterArgs(job: ClaimedJob): A;
  /** Streams the file into the file store; answers what records it. */
  store(job: ClaimedJob, file: ExportFile): Promise<F>;
  /** Its reference on the job, and its size. */
  refOf(stored: F): { ref: repo.ExportFileRef; size: number };
  /** Removes a stored file the job no longer wants (it stopped running meanwhile). */
  discard(stored: F): Promise<void>;
}

/**
 * Runs one export job of a centre, unless it is finished or taken: the rows streamed from the
 * exporter into an xlsx (or files into a zip) that streams into the file store, progress written
 * as it goes, the row count and size recorded at the end. A failure is recorded with a Chinese
 * message; an unexpected error is retried first.
 */
export async function runExportIn<T extends string, A, F>(
  ctx: ServiceContext,
  run: JobRun,
  centre: ExportCentre<T, A>,
  exportId: string,
  how: ExportRun<A, F>,
) {
  const job = await repo.claimExportJob(ctx.db, centre.table, exportId, ctx.now());
  if (!job) return;
  const fail = (message: string) => repo.failExportJob(ctx.db, centre.table, job.id, message, ctx.now());
  const typeName = typeNameIn(centre, job.type);
  try {
    const type = typeIn(centre, job.type);
    const exporter = type === undefined ? undefined : centre.exporters(ctx).get(type);
    if (!exporter) throw new ExportFailure('不支持的导出类型');
    const source = await exporter(ctx, how.exporterArgs(job));
    const output = source.kind === 'zip' ? zipOutput(source) : sheetOutput(typeName, source);
    const fileName = exportFileName(typeName, ctx.now(), output.extension);
    const file = {
      name: fileName,
      contentType: output.contentType,
      extension: output.extension,
      stream: output.stream,
    };
    const storing = how.store(job, file).then(
      (stored) => ({ stored }),
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
        const percent = Math.min(99, Math.floor((count * 100) / Math.max(source.total, 1)));
        await repo.updateExportProgress(ctx.db, centre.table, job.id, percent);
      });
    } catch (err) {
      output.abort(err instanceof Error ? err : new Error(String(err)));
      await storing;
      // Too big for a zip without ZIP64: a retry would fail the same way.
      if (err instanceof ZipLimitError) throw new ExportFailure('导出文件超过 4 GB，请缩小导出范围后重试');
      throw err;
    }
    const result = await storing;
    if ('error' in result) throw result.error;
    const { ref, size } = how.refOf(result.stored);
    const finished = await repo.finishExportJob(ctx.db, centre.table, job.id, {
      ...ref,
      fileName,
      fileSize: size,
      rowCount,
      finishedAt: ctx.now(),
    });
    if (!finished) await how.discard(result.stored);
  } catch (err) {
    if (err instanceof ExportFailure) {
      await fail(err.message);
      return;
    }
    if (run.isLastAttempt) await fail('导出失败，请稍后重试');
    throw err;
  }
}

/** A centre's jobs that lost their run (queued or running for hours) are failed; answers how many. */
export const failStaleExports = (ctx: ServiceContext, table: repo.ExportJobTable, now: Date) =>
  repo.failStaleExportJobs(ctx.db, table, new Date(now.getTime() - STALE_AFTER_MS), '导出超时，请重新导出', now);
