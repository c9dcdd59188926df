import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { PassThrough, type Readable } from 'node:stream';
import {
  DICTIONARIES,
  EXPORT_RETENTION_DAYS,
  IMPORT_MAX_ROWS,
  type TImportJob,
  type TImportRowError,
  type TImportStatus,
} from '@flexpay/contract';
import type { ServiceContext } from '../../context.ts';
import { sqlStateOf, type DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { luhnCheckDigit } from '../../lib/bank-card.ts';
import { createFieldCipher } from '../../lib/crypto.ts';
import { FILE_KINDS } from '../../lib/file-type.ts';
import type { JobQueue, JobRun } from '../../lib/job-queue.ts';
import {
  createXlsxWriter,
  readSheetRowBatches,
  SheetFormatError,
  type SheetRow,
  XLSX_CONTENT_TYPE,
  type SheetWriter,
  type XlsxWriter,
} from '../../lib/spreadsheet.ts';
import type { AuthContext } from '../auth/service.ts';
import * as files from '../file/service.ts';
import * as workers from '../worker/service.ts';
import * as repo from './repo.ts';
import {
  EXAMPLE_ID_NUMBER,
  IMPORT_COLUMN_KEYS,
  IMPORT_COLUMNS,
  isBlankRow,
  jobTypesByCode,
  mapHeader,
  templateHeader,
  type ColumnIndex,
  type JobTypeRef,
  type CheckedBatch,
  type RowCheck,
  type RowContext,
  type StagedRow,
} from './rows.ts';
import { createRowChecker, type RowChecker } from './row-checker.ts';

export const IMPORT_VALIDATE_JOB = 'worker-import.validate';
export const IMPORT_COMMIT_JOB = 'worker-import.commit';
export const IMPORT_CLEANUP_JOB = 'worker-import.cleanup';

/** An import sheet may be larger than an ordinary upload: 100,000 rows of CSV is about 12 MB. */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
/** Errors kept on the job for the screen; the report file has them all. */
const ERRORS_ON_JOB = 100;
/** Rows checked against existing workers, and inserted, per statement. */
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

async function findJob(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = files.isFileId(id) ? await repo.findImportJob(ctx.db, auth.companyId, id) : undefined;
  if (!job) throw notFound('导入任务不存在');
  return job;
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────

/**
 * Takes an uploaded sheet (xlsx or csv, checked by content): stores it, records the job as
 * validating and queues the validation.
 */
export async function startImport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  incoming: files.IncomingFile,
): Promise<TImportJob> {
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
    type: 'workers',
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

export async function getImport(ctx: ServiceContext, auth: AuthContext, id: string): Promise<TImportJob> {
  return toImportJob(await findJob(ctx, auth, id));
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
  auth: AuthContext,
  id: string,
): Promise<TImportJob> {
  const job = await findJob(ctx, auth, id);
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
export async function openImportReport(ctx: ServiceContext, auth: AuthContext, id: string) {
  const job = await findJob(ctx, auth, id);
  const file = job.reportFileId ? await files.findStoredFile(ctx, auth.companyId, job.reportFileId) : undefined;
  if (!file || !(await files.isInStore(ctx, file)))
    throw notFound(job.errorRows > 0 ? '错误报告已过期' : '该导入没有错误报告');
  return {
    fileName: '员工导入错误报告.xlsx',
    size: file.size,
    contentType: file.contentType,
    body: files.readStoredFile(ctx, file),
  };
}

// ── Template ────────────────────────────────────────────────────────────────────────────────

const TEMPLATE_NOTES: Record<(typeof IMPORT_COLUMN_KEYS)[number], string> = {
  name: '中文、字母、空格或“·”，最多 50 个字符',
  idNumber: '18 位居民身份证号，末位可为 X；同一企业内不能重复',
  mobile: '11 位手机号',
  jobTypeCode: '可不填；填写时须为本企业已启用工种的编码（见下方列表）',
  joinedAt: '格式 YYYY-MM-DD，例如 2026-01-05；不能早于出生日期',
  remark: '最多 200 个字符',
  bankName: '填写银行卡时必填，须为下方列出的银行名称',
  cardNumber: '16-19 位数字；填写银行卡时必填',
  branch: '可不填，最多 100 个字符',
  alipay: '手机号或邮箱；银行卡和支付宝只能填写一个，填写的账户将设为默认收款账户',
};

function writeTemplate(writer: XlsxWriter, jobTypes: { code: string; name: string }[]) {
  const data = writer.addSheet(
    '员工信息',
    IMPORT_COLUMN_KEYS.map((key) => ({
      header: templateHeader(key),
      width: key === 'idNumber' || key === 'cardNumber' || key === 'alipay' ? 24 : 14,
      // Long digit strings stay exact only as text.
      text: key !== 'remark',
    })),
  );
  const cardBody = '622202123456789012';
  const example: Record<(typeof IMPORT_COLUMN_KEYS)[number], string> = {
    name: '张三',
    idNumber: EXAMPLE_ID_NUMBER,
    mobile: '13800138000',
    jobTypeCode: jobTypes[0]?.code ?? '',
    joinedAt: '2026-01-05',
    remark: '示例行，导入前请删除',
    bankName: DICTIONARIES.bank[0]?.label ?? '',
    cardNumber: cardBody + luhnCheckDigit(cardBody),
    branch: '北京分行营业部',
    alipay: '',
  };
  data.addRow(IMPORT_COLUMN_KEYS.map((key) => example[key]));

  const guide = writer.addSheet('填写说明', [
    { header: '列名', width: 14 },
    { header: '是否必填', width: 10 },
    { header: '填写说明', width: 70 },
  ]);
  for (const key of IMPORT_COLUMN_KEYS) {
    guide.addRow([IMPORT_COLUMNS[key].header, IMPORT_COLUMNS[key].required ? '必填' : '选填', TEMPLATE_NOTES[key]]);
  }
  guide.addRow([]);
  guide.addRow(['注意事项', '', `第 2 行为示例，导入前请删除；每个文件最多 ${IMPORT_MAX_ROWS} 行数据。`]);
  guide.addRow(['', '', '只读取第一个工作表；表头请保持第 1 行不变。身份证号、银行卡号请以文本格式填写。']);
  guide.addRow(['', '', '任何一行有误时整个文件都不会导入：请按错误报告修正后重新上传。']);
  guide.addRow([]);
  guide.addRow(['可用工种编码', '编码', '工种名称']);
  if (!jobTypes.length) guide.addRow(['', '', '本企业暂无启用的工种，工种编码请留空']);
  for (const t of jobTypes) guide.addRow(['', t.code, t.name]);
  guide.addRow([]);
  guide.addRow(['开户银行', '代码', '银行名称']);
  for (const b of DICTIONARIES.bank) guide.addRow(['', b.value, b.label]);
}

/** The import template of the admin's company (its enabled job types in the instructions). */
export async function createImportTemplate(ctx: ServiceContext, auth: AuthContext): Promise<Readable> {
  const jobTypes = (await workers.findJobTypeRefs(ctx.db, auth.companyId))
    .filter((t) => t.enabled)
    .map((t) => ({ code: t.code, name: t.name }));
  const writer = createXlsxWriter();
  // The stream is read while the workbook is written: start writing, hand the stream out.
  void (async () => {
    writeTemplate(writer, jobTypes);
    await writer.commit();
  })().catch((err: unknown) => writer.stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return writer.stream;
}

// ── Reading a sheet ─────────────────────────────────────────────────────────────────────────

interface ScanOptions {
  /** Where job types and existing workers are read. */
  db: DbOrTx;
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
function rowCheckerFor(ctx: ServiceContext, context: RowContext, jobTypes: JobTypeRef[], fileSize: number): RowChecker {
  const key = ctx.config.encryptionKey;
  let sameKey = false;
  try {
    sameKey = createFieldCipher(key).hash('flexpay') === ctx.cipher.hash('flexpay');
  } catch {
    // A key the config cannot make a cipher of: the checks stay on this thread.
  }
  const thread =
    fileSize >= CHECK_THREAD_MIN_BYTES && sameKey
      ? { encryptionKey: key, companyId: context.companyId, today: context.today.getTime(), jobTypes }
      : undefined;
  return createRowChecker({
    context,
    thread,
    onThreadError: (err) => ctx.log.warn({ err }, 'import row checks: second thread not used'),
  });
}

/**
 * Streams the job's sheet: the header row mapped to the columns, every data row checked (its
 * fields, duplicates within the file, and against existing workers in batches). Answers the
 * number of data rows. Throws ImportFailure for a sheet that cannot be imported at all.
 *
 * Three things overlap: reading the sheet, checking rows (partly on a second thread, see
 * row-checker.ts) and the database's duplicate check of the batch before, one batch at a time.
 */
async function scanSheet(
  ctx: ServiceContext,
  job: repo.ImportJobRow,
  file: files.StoredFileRow,
  options: ScanOptions,
): Promise<{ totalRows: number }> {
  const types = await workers.findJobTypeRefs(options.db, job.companyId);
  const rowContext: RowContext = {
    cipher: ctx.cipher,
    companyId: job.companyId,
    today: ctx.now(),
    jobTypes: jobTypesByCode(types),
  };
  const jobTypeRefs = types.map((t) => ({ id: t.id, code: t.code, enabled: t.enabled }));

  let fractionRead = 0;
  const source = files.readStoredFile(ctx, file);
  const format = file.contentType === FILE_KINDS.xlsx.contentType ? 'xlsx' : 'csv';

  const firstRowOf = new Map<string, number>();
  let pending: RowCheck[] = [];
  // One batch at a time is in the database (duplicate check, then onRows) while the next one is
  // read and checked: the sheet's parsing and the database work overlap instead of alternating.
  let inflight: Promise<void> = Promise.resolve();
  const store = async (batch: RowCheck[]) => {
    // Only rows without error so far: a row already wrong keeps its first problems.
    const hashes = batch.flatMap((r) => (r.idHash && !r.errors.length ? [r.idHash] : []));
    const existing = await workers.findExistingIdHashes(options.db, job.companyId, hashes);
    for (const r of batch) {
      if (r.idHash && !r.errors.length && existing.has(r.idHash)) {
        r.errors.push({ row: r.row, field: IMPORT_COLUMNS.idNumber.header, message: '该身份证号的员工已存在' });
      }
    }
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
      if (r.idHash) {
        const first = firstRowOf.get(r.idHash);
        if (first === undefined) firstRowOf.set(r.idHash, r.row);
        else {
          r.errors.push({
            row: r.row,
            field: IMPORT_COLUMNS.idNumber.header,
            message: `与第 ${first} 行的身份证号重复`,
          });
        }
      }
      pending.push(r);
      if (pending.length >= BATCH_ROWS) await flush();
    }
  };

  let columns: ColumnIndex | undefined;
  // Started before the first row is read: a second thread takes a moment to come up.
  const checker = rowCheckerFor(ctx, rowContext, jobTypeRefs, file.size);
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
          const header = mapHeader(sheetRow.values);
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
  if (!totalRows) throw new ImportFailure('文件中没有员工数据，请从第 2 行开始填写');
  await flush();
  await inflight;
  return { totalRows };
}

/** Collects a validation's errors: the first ones for the job, all of them into the report. */
function createErrorCollector(ctx: ServiceContext, job: repo.ImportJobRow) {
  const first: TImportRowError[] = [];
  let errorRows = 0;
  let report:
    | {
        writer: XlsxWriter;
        sheet: SheetWriter;
        storing: Promise<{ file: files.StoredFileRow } | { error: unknown }>;
      }
    | undefined;
  const open = () => {
    const writer = createXlsxWriter();
    const sheet = writer.addSheet('错误报告', [
      { header: '行号', width: 8 },
      { header: '列', width: 14 },
      { header: '错误原因', width: 60 },
    ]);
    const storing = files
      .storeGeneratedFile(
        ctx,
        { companyId: job.companyId, adminId: job.adminId },
        {
          name: '员工导入错误报告.xlsx',
          contentType: XLSX_CONTENT_TYPE,
          extension: 'xlsx',
          purpose: 'import-report',
          expiresAt: new Date(ctx.now().getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
        },
        writer.stream,
      )
      .then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
    return { writer, sheet, storing };
  };
  return {
    /** Records a row's errors; waits while the report's file store is behind. */
    async add(row: RowCheck) {
      if (!row.errors.length) return;
      errorRows += 1;
      report ??= open();
      for (const e of row.errors) if (first.length < ERRORS_ON_JOB) first.push(e);
      await report.sheet.addRows(row.errors.map((e) => [e.row, e.field, e.message]));
    },
    get errorRows() {
      return errorRows;
    },
    first,
    /** Finishes the report file, if there were errors. */
    async finish(): Promise<files.StoredFileRow | undefined> {
      if (!report) return undefined;
      await report.writer.commit();
      const stored = await report.storing;
      if ('error' in stored) throw stored.error;
      return stored.file;
    },
    async abort() {
      if (!report) return;
      report.writer.stream.destroy(new Error('aborted'));
      const stored = await report.storing;
      if ('file' in stored) await files.removeStoredFile(ctx, stored.file);
    },
  };
}

// ── Background runs ─────────────────────────────────────────────────────────────────────────

/**
 * Validates an uploaded sheet: every row checked, the first errors kept on the job and all of
 * them written to a report file; the job becomes validated with its counts, or failed with the
 * reason the sheet cannot be imported at all. The sheet itself, ID and card numbers in the
 * clear, is removed as soon as the validation has ended: the commit needs only the staged rows.
 */
export async function runValidation(ctx: ServiceContext, importId: string, run: JobRun) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (!job || job.status !== 'validating') return;
  const collector = createErrorCollector(ctx, job);
  const staging = createStaging(ctx, job);
  const removeSource = async () => {
    const source = job.fileId ? await files.findStoredFile(ctx, job.companyId, job.fileId) : undefined;
    if (source) await files.removeStoredFile(ctx, source);
  };
  try {
    const file = await sourceFileOf(ctx, job);
    const { totalRows } = await scanSheet(ctx, job, file, {
      db: ctx.db,
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

const describe = (e: TImportRowError) => `第 ${e.row} 行「${e.field}」${e.message}`;

/**
 * Commits a validated import from the rows its validation staged (already checked and
 * encrypted): every row is inserted with its default payout account in ONE transaction, in
 * set-based batches, and the job becomes committed in the same transaction. A row that no
 * longer passes cancels the whole import, reported with its row number: a job type disabled
 * meanwhile (checked here), a worker with the same ID number added meanwhile (the unique index
 * refuses the batch; which row it was is asked once the transaction is rolled back).
 *
 * `liveProgress`: write progress while the transaction runs. Only where another connection can
 * do it (PostgreSQL): PGlite has one connection, which the transaction holds.
 */
export async function runCommit(
  ctx: ServiceContext,
  importId: string,
  run: JobRun,
  options: { liveProgress: boolean },
) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (!job || job.status !== 'committing') return;
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
      const jobTypes = new Map((await workers.findJobTypeRefs(tx, job.companyId)).map((t) => [t.id, t]));
      let inserted = 0;
      // One batch is in the database while the next is read and checked: its statement waits on
      // the connection behind the one before, so the JSON work overlaps the database work.
      let inflight: { batch: StagedRow[]; done: Promise<number> } | undefined;
      const settle = async () => {
        if (!inflight) return;
        const { batch, done } = inflight;
        inflight = undefined;
        try {
          inserted += await done;
        } catch (err) {
          // The unique index of ID numbers: a worker with one of them was added since the validation.
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
          const disabled = batch.findIndex(
            (r) => r.worker.jobTypeId != null && !jobTypes.get(r.worker.jobTypeId)?.enabled,
          );
          if (disabled >= 0) {
            // Rows are reported in order: an earlier row may have its ID number taken meanwhile.
            await settle();
            await failOnExistingWorker(tx, job.companyId, batch.slice(0, disabled));
            const problem = {
              row: batch[disabled]?.row ?? 0,
              field: IMPORT_COLUMNS.jobTypeCode.header,
              message: '该工种已停用或已删除',
            };
            throw new ImportFailure(`${describe(problem)}，${NO_DATA_WRITTEN}`);
          }
          const done = workers.insertWorkersWithAccounts(tx, job.companyId, batch);
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
      if (!(await repo.finishCommit(tx, job.id, inserted, ctx.now()))) throw new ImportFailure('导入状态已变化');
    });
    await removeStaged();
  } catch (err) {
    if (err instanceof DuplicateInBatch) {
      // The transaction is over: which row it was is asked of the workers as they are now.
      const existing = await workers
        .findExistingIdHashes(
          ctx.db,
          job.companyId,
          err.batch.map((r) => r.worker.idNumberHash),
        )
        .catch(() => new Set<string>());
      const first = err.batch.find((r) => existing.has(r.worker.idNumberHash));
      const message = first
        ? `${describe(existingWorkerProblem(first.row))}，${NO_DATA_WRITTEN}`
        : `有身份证号与已有员工重复（可能刚被添加），${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (sqlStateOf(err) === '23505') {
      const message = `有身份证号与已有员工重复（可能刚被添加），${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (err instanceof ImportFailure) {
      await repo.failImport(ctx.db, job.id, ['committing'], err.message, ctx.now());
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

/** A batch of staged rows that met the unique index of ID numbers: the commit cannot go on. */
class DuplicateInBatch extends Error {
  override name = 'DuplicateInBatch';
  constructor(
    readonly batch: StagedRow[],
    options: { cause: unknown },
  ) {
    super('an ID number of the batch belongs to an existing worker', options);
  }
}

const existingWorkerProblem = (row: number): TImportRowError => ({
  row,
  field: IMPORT_COLUMNS.idNumber.header,
  message: '该身份证号的员工已存在',
});

/** Fails with the first of these rows whose ID number belongs to a worker by now. */
async function failOnExistingWorker(tx: DbOrTx, companyId: number, rows: StagedRow[]) {
  const existing = await workers.findExistingIdHashes(
    tx,
    companyId,
    rows.map((r) => r.worker.idNumberHash),
  );
  const first = rows.find((r) => existing.has(r.worker.idNumberHash));
  if (first) throw new ImportFailure(`${describe(existingWorkerProblem(first.row))}，${NO_DATA_WRITTEN}`);
}

// ── Staged rows ─────────────────────────────────────────────────────────────────────────────

/**
 * The rows of a validation that may be committed, written as NDJSON to the file store while
 * the sheet is read: the commit inserts them without parsing and checking the sheet again.
 * `add` (as rows are checked) and `discard` (once an error is found) may run at the same time.
 */
export function createStaging(ctx: ServiceContext, job: Pick<repo.ImportJobRow, 'companyId' | 'adminId'>) {
  let stream: PassThrough | undefined;
  let storing: Promise<{ file: files.StoredFileRow } | { error: unknown }> | undefined;
  let discarded = false;
  const open = () => {
    const body = new PassThrough();
    storing = files
      .storeGeneratedFile(
        ctx,
        { companyId: job.companyId, adminId: job.adminId },
        {
          name: 'staged-rows.ndjson',
          contentType: 'application/x-ndjson',
          extension: 'ndjson',
          purpose: 'import-staged',
          expiresAt: new Date(ctx.now().getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
        },
        body,
      )
      .then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
    return body;
  };
  return {
    /** Stages rows given as their JSON lines (CheckedBatch.staged), written as they are. */
    async add(text: Uint8Array) {
      if (discarded || !text.length) return;
      stream ??= open();
      if (stream.write(text)) return;
      try {
        await once(stream, 'drain');
      } catch (err) {
        // Discarded while this waited (an error found meanwhile, see onRows): nothing to stage.
        if (!discarded) throw err;
      }
    },
    /** The stored file of the staged rows. */
    async finish(): Promise<files.StoredFileRow | undefined> {
      if (discarded || !stream || !storing) return undefined;
      stream.end();
      const stored = await storing;
      if ('error' in stored) throw stored.error;
      return stored.file;
    },
    async discard() {
      if (discarded) return;
      discarded = true;
      if (!stream || !storing) return;
      stream.destroy(new Error('discarded'));
      const stored = await storing;
      if ('file' in stored) await files.removeStoredFile(ctx, stored.file);
    },
  };
}

/** The staged rows of a validation, in batches. */
async function* readStaged(ctx: ServiceContext, file: files.StoredFileRow, size: number): AsyncGenerator<StagedRow[]> {
  // Chunks are taken as the batches are (readline would read ahead and queue lines meanwhile,
  // which then outlive the young generation and crowd the heap for the length of the commit).
  const source = files.readStoredFile(ctx, file);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let batch: StagedRow[] = [];
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        if (end > start) batch.push(JSON.parse(text.slice(start, end)) as StagedRow);
        start = end + 1;
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest.trim()) batch.push(JSON.parse(rest) as StagedRow);
    if (batch.length) yield batch;
  } finally {
    source.destroy();
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
