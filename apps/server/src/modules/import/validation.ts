/**
 * The validation of an uploaded sheet, in the background: the sheet streamed, its header mapped to
 * the definition's columns, every data row checked (its fields on a second thread for large
 * sheets, see row-checker.ts; duplicates within the file; against the database in batches), the
 * first errors kept on the job and all of them written to a report (report.ts), the rows that pass
 * staged as NDJSON in the file store (staging.ts). The sheet is removed once validated.
 */
import { IMPORT_MAX_ROWS } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { AnyImporter, ColumnIndex, RowCheck } from '../../core/importer.ts';
import { createFieldCipher } from '../../lib/crypto.ts';
import { FILE_KINDS } from '../../lib/file-type.ts';
import type { JobRun } from '../../lib/job-queue.ts';
import { readSheetRowBatches, SheetFormatError, type SheetRow } from '../../lib/spreadsheet.ts';
import * as files from '../file/service.ts';
import { isBlankRow, mapHeaderOf } from './columns.ts';
import * as repo from './repo.ts';
import { createErrorCollector } from './report.ts';
import { type CheckedBatch, createRowChecker, type RowChecker } from './row-checker.ts';
import { ImportFailure, scopeOf, UNSUPPORTED, type ImporterRegistry } from './service.ts';
import { createStaging } from './staging.ts';

/** Rows checked against the database per statement (Importer.checkBatch). */
const BATCH_ROWS = 1000;
const PROGRESS_EVERY_ROWS = 2000;

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

// ── The run ─────────────────────────────────────────────────────────────────────────────────

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
