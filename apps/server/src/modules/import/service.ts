/**
 * The import centre: the life cycle of every import kind, driven by its definition (importer.ts).
 * An uploaded sheet (xlsx or csv) is validated in the background: read as a stream, its rows
 * checked (partly on a second thread, row-checker.ts) and against the database in batches, the
 * first errors kept on the job and all of them written to a report (report.ts), the rows that
 * pass staged as NDJSON in the file store (staging.ts); the sheet is removed once validated.
 * A commit inserts the staged rows in one transaction or none, in batches, the next one read while
 * the database runs the current one. Stale jobs fail; files expire with the download centre's.
 */
import type { Readable } from 'node:stream';
import {
  Code,
  EXPORT_RETENTION_DAYS,
  IMPORT_MAX_ROWS,
  type TImportJob,
  type TImportRowError,
  type TImportStatus,
} from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { AppRegistry } from '../../core/context.ts';
import { sqlStateOf } from '../../db/client.ts';
import { analyzeGrown } from '../../db/statistics.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createFieldCipher } from '../../lib/crypto.ts';
import { FILE_KINDS } from '../../lib/file-type.ts';
import type { JobQueue, JobRun } from '../../lib/job-queue.ts';
import { createXlsxWriter, readSheetRowBatches, SheetFormatError, type SheetRow } from '../../lib/spreadsheet.ts';
import type { AuthContext } from '../../core/auth.ts';
import * as files from '../file/service.ts';
import { isBlankRow, mapHeaderOf } from './columns.ts';
import type { AnyImporter, ColumnIndex, ImportScope, RowCheck, StagedBase } from '../../core/importer.ts';
import * as repo from './repo.ts';
import { createErrorCollector } from './report.ts';
import { type CheckedBatch, createRowChecker, type RowChecker } from './row-checker.ts';
import { createStaging, readStaged } from './staging.ts';

export const IMPORT_VALIDATE_JOB = 'import.validate';
export const IMPORT_COMMIT_JOB = 'import.commit';
export const IMPORT_CLEANUP_JOB = 'import.cleanup';

/** An import sheet may be larger than an ordinary upload: 100,000 rows of CSV is about 12 MB. */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
/** Rows checked against the database per statement (Importer.checkBatch). */
const BATCH_ROWS = 1000;
/** Staged rows inserted per statement by a commit. */
export const COMMIT_BATCH_ROWS = 1500;
const PROGRESS_EVERY_ROWS = 2000;
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const NO_DATA_WRITTEN = '导入已取消，没有写入任何数据';

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

const scopeOf = (job: { companyId: number; adminId: number; subjectId?: number | null }): ImportScope => ({
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

// ── Reading a sheet ─────────────────────────────────────────────────────────────────────────

interface ScanOptions {
  /** Checked rows in batches, in sheet order. */
  onRows(rows: RowCheck[]): Promise<void>;
  /**
   * The staged lines of the rows that passed their own checks (CheckedBatch.staged), in sheet
   * order, as soon as they are checked: a duplicate found afterwards reaches onRows as an error.
   */
  onStaged(text: Uint8Array): Promise<void>;
  /** A fraction of the file read (0-1), every few thousand rows. */
  onProgress?(fraction: number): Promise<void>;
}

const FILE_GONE = '导入文件已过期或不存在，请重新上传';
const UNREADABLE = '文件无法解析，请上传有效的 xlsx 或 csv 文件（建议使用下载的模板填写）';
/** Rows per batch of checks (see row-checker.ts), and batches checked ahead of the database work. */
const CHECK_ROWS = 500;
const CHECKS_AHEAD = 4;
/** Sheets from this size on are checked on two threads; smaller ones are done before a thread is up. */
export const CHECK_THREAD_MIN_BYTES = 512 * 1024;

/** The uploaded sheet of a job, still in the store. */
async function sourceFileOf(ctx: ServiceContext, job: repo.ImportJobRow): Promise<files.StoredFileRow> {
  const file = job.fileId ? await files.findStoredFile(ctx, job.companyId, job.fileId) : undefined;
  if (!file || !(await files.isInStore(ctx, file))) throw new ImportFailure(FILE_GONE);
  return file;
}

/** A checker of the sheet's rows, on a second thread for large sheets (when it can rebuild the cipher). */
function rowCheckerFor(ctx: ServiceContext, importer: AnyImporter, data: unknown, fileSize: number): RowChecker {
  const key = ctx.config.encryptionKey;
  let sameKey = false;
  try {
    sameKey = createFieldCipher(key).hash('flexpay') === ctx.cipher.hash('flexpay');
  } catch {
    // A key the config cannot make a cipher of: the checks stay on this thread.
  }
  const thread =
    fileSize >= CHECK_THREAD_MIN_BYTES && sameKey
      ? { encryptionKey: key, module: importer.rowCheck.module.href, data }
      : undefined;
  return createRowChecker({
    check: importer.rowCheck.definition.create(data, ctx.cipher),
    thread,
    onThreadError: (err) => ctx.log.warn({ err }, 'import row checks: second thread not used'),
  });
}

/**
 * Streams the job's sheet: the header row mapped to the columns, every data row checked (its
 * fields, duplicates within the file, and against the database in batches). Answers the
 * number of data rows. Throws ImportFailure for a sheet that cannot be imported at all.
 *
 * Three things overlap: reading the sheet, checking rows (partly on a second thread, see
 * row-checker.ts) and the database's checks of the batch before, one batch at a time.
 */
async function scanSheet(
  ctx: ServiceContext,
  importer: AnyImporter,
  job: repo.ImportJobRow,
  file: files.StoredFileRow,
  options: ScanOptions,
): Promise<{ totalRows: number }> {
  const scope = scopeOf(job);
  const checkData = await importer.checkData(ctx.db, scope, ctx.now());

  let fractionRead = 0;
  const source = files.readStoredFile(ctx, file);
  const format = file.contentType === FILE_KINDS.xlsx.contentType ? 'xlsx' : 'csv';

  const { duplicateInFile } = importer;
  const firstRowOf = new Map<string, number>();
  let pending: RowCheck[] = [];
  // One batch at a time is in the database (Importer.checkBatch, then onRows) while the next one is
  // read and checked: the sheet's parsing and the database work overlap instead of alternating.
  let inflight: Promise<void> = Promise.resolve();
  const store = async (batch: RowCheck[]) => {
    await importer.checkBatch?.(ctx.db, scope, batch);
    await options.onRows(batch);
  };
  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    await inflight;
    inflight = store(batch);
    // A failure is raised by the next flush or at the end; never left unhandled meanwhile.
    inflight.catch(() => {});
  };
  // Checked rows, in sheet order: duplicates within the file, then to the database in batches.
  const take = async ({ results, staged }: CheckedBatch) => {
    if (staged.length) await options.onStaged(staged);
    for (const r of results) {
      if (r.key && duplicateInFile) {
        const first = firstRowOf.get(r.key);
        if (first === undefined) firstRowOf.set(r.key, r.row);
        else r.errors.push({ row: r.row, ...duplicateInFile(first) });
      }
      pending.push(r);
      if (pending.length >= BATCH_ROWS) await flush();
    }
  };

  let columns: ColumnIndex | undefined;
  // Started before the first row is read: a second thread takes a moment to come up.
  const checker = rowCheckerFor(ctx, importer, checkData, file.size);
  const checking: Promise<CheckedBatch>[] = [];
  let unchecked: SheetRow[] = [];
  const check = async () => {
    if (!columns || !unchecked.length) return;
    checking.push(checker.check(unchecked, columns));
    unchecked = [];
    while (checking.length > CHECKS_AHEAD) await take(await (checking.shift() as Promise<CheckedBatch>));
  };

  let totalRows = 0;
  let progressAt = 0;
  const rows = readSheetRowBatches(source, format, { size: file.size, onProgress: (f) => (fractionRead = f) });
  try {
    for await (const batch of rows) {
      for (const sheetRow of batch) {
        if (isBlankRow(sheetRow.values)) continue;
        if (!columns) {
          const header = mapHeaderOf(importer.columns, sheetRow.values);
          if (header.missing.length) {
            throw new ImportFailure(`缺少必填列：${header.missing.join('、')}。请使用下载的模板，表头保持在第 1 行`);
          }
          columns = header.columns;
          continue;
        }
        totalRows += 1;
        if (totalRows > IMPORT_MAX_ROWS) {
          throw new ImportFailure(`数据超过 ${IMPORT_MAX_ROWS} 行的上限，请拆分后分批导入`);
        }
        unchecked.push(sheetRow);
        if (unchecked.length >= CHECK_ROWS) await check();
      }
      if (options.onProgress && totalRows - progressAt >= PROGRESS_EVERY_ROWS) {
        progressAt = totalRows;
        await options.onProgress(fractionRead);
      }
    }
    await check();
    while (checking.length) await take(await (checking.shift() as Promise<CheckedBatch>));
  } catch (err) {
    if (err instanceof SheetFormatError) throw new ImportFailure(UNREADABLE, { cause: err });
    throw err;
  } finally {
    source.destroy();
    await checker.close();
    // Nothing may still run on the connection when the caller ends its transaction.
    await inflight.catch(() => {});
  }
  if (!columns) throw new ImportFailure('文件中没有数据，请使用下载的模板填写后上传');
  if (!totalRows) throw new ImportFailure(`文件中没有${importer.noun}数据，请从第 2 行开始填写`);
  await flush();
  await inflight;
  return { totalRows };
}

// ── Background runs ─────────────────────────────────────────────────────────────────────────

/**
 * Validates an uploaded sheet: every row checked, the first errors kept on the job and all of
 * them written to a report file; the job becomes validated with its counts, or failed with the
 * reason the sheet cannot be imported at all. The sheet itself, ID and card numbers in the
 * clear, is removed as soon as the validation has ended: the commit needs only the staged rows.
 */
export async function runValidation(ctx: ServiceContext, importers: ImporterRegistry, importId: string, run: JobRun) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (!job || job.status !== 'validating') return;
  const importer = importers.get(job.type);
  if (!importer) {
    await repo.failImport(ctx.db, job.id, ['validating'], UNSUPPORTED, ctx.now());
    return;
  }
  const collector = createErrorCollector(ctx, job, importer.reportFileName);
  const staging = createStaging(ctx, job);
  const removeSource = async () => {
    const source = job.fileId ? await files.findStoredFile(ctx, job.companyId, job.fileId) : undefined;
    if (source) await files.removeStoredFile(ctx, source);
  };
  try {
    const file = await sourceFileOf(ctx, job);
    const { totalRows } = await scanSheet(ctx, importer, job, file, {
      onRows: async (rows) => {
        for (const r of rows) await collector.add(r);
        // Once a row is wrong the import cannot be committed: stop staging rows.
        if (collector.errorRows) await staging.discard();
      },
      onStaged: (text) => staging.add(text),
      onProgress: (fraction) =>
        repo.updateImportProgress(ctx.db, job.id, 'validating', Math.min(99, Math.floor(fraction * 100)), ctx.now()),
    });
    const report = await collector.finish();
    const staged = collector.errorRows ? undefined : await staging.finish();
    const saved = await repo.finishValidation(
      ctx.db,
      job.id,
      {
        totalRows,
        errorRows: collector.errorRows,
        validRows: totalRows - collector.errorRows,
        errors: collector.first,
        reportFileId: report?.id ?? null,
        stagedFileId: staged?.id ?? null,
      },
      ctx.now(),
    );
    if (!saved) {
      if (report) await files.removeStoredFile(ctx, report);
      if (staged) await files.removeStoredFile(ctx, staged);
    }
  } catch (err) {
    await collector.abort().catch(() => {});
    await staging.discard().catch(() => {});
    if (err instanceof ImportFailure) {
      await repo.failImport(ctx.db, job.id, ['validating'], err.message, ctx.now());
      await removeSource().catch(() => {});
      return;
    }
    if (run.isLastAttempt) {
      await repo.failImport(ctx.db, job.id, ['validating'], '文件校验失败，请重新上传', ctx.now());
      await removeSource().catch(() => {});
    }
    // Another attempt reads the sheet again.
    throw err;
  }
  // Left to expire with the other files if it cannot be removed now.
  await removeSource().catch((err: unknown) => ctx.log.warn({ err }, 'import: uploaded sheet not removed'));
}

const UNSUPPORTED = '不支持的导入类型，请重新上传';
const describe = (e: TImportRowError) => `第 ${e.row} 行「${e.field}」${e.message}`;

/**
 * Commits a validated import from the rows its validation staged (already checked, and for
 * workers encrypted): every row is inserted by the definition (ImportCommit.insert) in ONE
 * transaction, in set-based batches, and the job becomes committed in the same transaction. A
 * row that no longer passes cancels the whole import, reported with its row number: a reference
 * disabled meanwhile (ImportCommit.recheck), a row with the same unique key added meanwhile (the
 * unique index refuses the batch; which row it was is asked of Importer.findConflict once the
 * transaction is rolled back).
 *
 * `liveProgress`: write progress while the transaction runs. Only where another connection can
 * do it (PostgreSQL): PGlite has one connection, which the transaction holds.
 */
export async function runCommit(
  ctx: ServiceContext,
  importers: ImporterRegistry,
  importId: string,
  run: JobRun,
  options: { liveProgress: boolean },
) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (!job || job.status !== 'committing') return;
  const importer = importers.get(job.type);
  if (!importer) {
    await repo.failImport(ctx.db, job.id, ['committing'], `${UNSUPPORTED}，${NO_DATA_WRITTEN}`, ctx.now());
    return;
  }
  const scope = scopeOf(job);
  let staged: files.StoredFileRow | undefined;
  // Once the job has ended, committed or failed, its staged rows serve no purpose.
  const removeStaged = async () => {
    if (staged) await files.removeStoredFile(ctx, staged).catch(() => {});
  };
  try {
    // Everything read outside the transaction is read before it: on PGlite a query outside it
    // would wait for it to end.
    staged = job.stagedFileId ? await files.findStoredFile(ctx, job.companyId, job.stagedFileId) : undefined;
    if (!staged || !(await files.isInStore(ctx, staged))) {
      throw new ImportFailure(`校验结果已过期，${NO_DATA_WRITTEN}，请重新上传`);
    }
    const stagedFile = staged;
    await ctx.db.transaction(async (tx) => {
      const commit = await importer.openCommit(tx, scope);
      let inserted = 0;
      // One batch is in the database while the next is read and checked: its statement waits on
      // the connection behind the one before, so the JSON work overlaps the database work.
      let inflight: { batch: StagedBase[]; done: Promise<number> } | undefined;
      const settle = async () => {
        if (!inflight) return;
        const { batch, done } = inflight;
        inflight = undefined;
        try {
          inserted += await done;
        } catch (err) {
          // A unique index: a row with one of the batch's keys was added since the validation.
          if (sqlStateOf(err) === '23505') throw new DuplicateInBatch(batch, { cause: err });
          throw err;
        }
        if (options.liveProgress) {
          const progress = Math.min(99, Math.floor((inserted / Math.max(job.validRows, 1)) * 100));
          await repo.updateImportProgress(ctx.db, job.id, 'committing', progress, ctx.now());
        }
      };
      try {
        for await (const batch of readStaged(ctx, stagedFile, COMMIT_BATCH_ROWS)) {
          const stale = commit.recheck?.(batch);
          if (stale) {
            // Rows are reported in order: an earlier row may conflict with the database by now.
            await settle();
            const earlier = await importer.findConflict(tx, scope, batch.slice(0, stale.index));
            throw new ImportFailure(`${describe(earlier ?? stale.problem)}，${NO_DATA_WRITTEN}`);
          }
          const done = commit.insert(batch);
          done.catch(() => {});
          await settle();
          inflight = { batch, done };
        }
        await settle();
      } finally {
        // Nothing may still run on the connection when the transaction ends.
        await inflight?.done.catch(() => {});
      }
      if (inserted !== job.validRows) throw new ImportFailure(`校验结果不完整，${NO_DATA_WRITTEN}，请重新上传`);
      await commit.finish?.(inserted);
      if (!(await repo.finishCommit(tx, job.id, inserted, ctx.now()))) throw new ImportFailure('导入状态已变化');
    });
    await removeStaged();
    // Committed: a refresh of the planner's statistics that fails leaves the import as it is.
    const grows = importer.grows ?? [];
    const wrote = Object.fromEntries(grows.map((table) => [table, job.validRows]));
    if (grows.length) await analyzeGrown(ctx.db, grows, {}, wrote).catch(() => {});
  } catch (err) {
    if (err instanceof DuplicateInBatch) {
      // The transaction is over: which row it was is asked of the database as it is now.
      const first = await importer.findConflict(ctx.db, scope, err.batch).catch(() => undefined);
      const message = first
        ? `${describe(first)}，${NO_DATA_WRITTEN}`
        : `${importer.conflictMessage}，${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (sqlStateOf(err) === '23505') {
      const message = `${importer.conflictMessage}，${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (err instanceof ImportFailure || err instanceof AppError) {
      // A definition refuses with an AppError (its record no longer takes rows): said as it is.
      const message = err instanceof AppError ? `${err.message}，${NO_DATA_WRITTEN}` : err.message;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (run.isLastAttempt) {
      await repo.failImport(ctx.db, job.id, ['committing'], `导入失败，${NO_DATA_WRITTEN}，请重新上传`, ctx.now());
      await removeStaged();
    }
    throw err;
  }
}

/** A batch of staged rows that met a unique index: the commit cannot go on. */
class DuplicateInBatch extends Error {
  override name = 'DuplicateInBatch';
  constructor(
    readonly batch: StagedBase[],
    options: { cause: unknown },
  ) {
    super('a key of the batch exists in the database', options);
  }
}

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
