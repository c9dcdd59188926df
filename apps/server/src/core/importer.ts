/**
 * What an import kind hands the import centre (service.ts): its sheet's columns and template,
 * its row check (run in the check thread too), its checks against the database, and its insert
 * (inside the commit's transaction). The centre does the rest: upload, reading the sheet, header
 * mapping, the row report, staging, progress, commit all or nothing, expiry.
 *
 * A definition adds no route paths or permissions of its own here: `importerRoutes` (routes.ts)
 * mounts it under the paths and element code its area's module gives.
 */
import type { TImportRowError } from '@flexpay/contract';
import type { DbOrTx } from '../db/client.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import type { SheetValue } from '../lib/sheet-reader.ts';
import type { XlsxWriter } from '../lib/spreadsheet.ts';

/** A column of an import sheet: the header the sheet carries (stars and notes ignored). */
export interface ImportColumnSpec {
  header: string;
  required: boolean;
}
export type ImportColumns<K extends string = string> = Readonly<Record<K, ImportColumnSpec>>;
/** Which column of the sheet holds which field. */
export type ColumnIndex<K extends string = string> = Partial<Record<K, number>>;

/** Whom an import belongs to: every hook of a definition is scoped by it. */
export interface ImportScope {
  companyId: number;
  adminId: number;
  /** The record the rows go into, for a kind that imports into one (Importer.subject); else null. */
  subjectId: number | null;
  /** The import being committed (import_job.id), in `openCommit`; absent elsewhere. */
  importId?: string | undefined;
}

/** A row that passed validation, as the commit will insert it: its sheet row and the kind's own fields. */
export interface StagedBase {
  row: number;
}

/** One data row checked. */
export interface CheckedRow<Staged extends StagedBase> {
  row: number;
  errors: TImportRowError[];
  /**
   * The row's unique key (a keyed hash, never a clear number), for the duplicate checks within the
   * file and against the database; given whenever it can be read, even when other fields fail.
   */
  key?: string | undefined;
  /** What the commit inserts, when the row has no error. Written as one JSON line. */
  staged?: Staged | undefined;
}

/** Checks one data row. Pure and synchronous: it runs 100,000 times an import, on two threads. */
export type CheckRow<Staged extends StagedBase, K extends string = string> = (
  row: number,
  values: SheetValue[],
  columns: ColumnIndex<K>,
) => CheckedRow<Staged>;

/**
 * The row check of an import kind, exported as `rowCheck` from a module of its own: the check
 * thread loads that module by its URL and builds the same check from the same data.
 */
export interface RowCheckDefinition<Data, Staged extends StagedBase, K extends string = string> {
  /** `data` comes from Importer.checkData (structured-cloned to the thread); `cipher` from the key. */
  create(data: Data, cipher: FieldCipher): CheckRow<Staged, K>;
}

/** A checked row as the validation keeps it (the staged part goes to the staged file at once). */
export interface RowCheck {
  row: number;
  errors: TImportRowError[];
  key?: string;
}

/** The commit of one import, opened inside its transaction. */
export interface ImportCommit<Staged extends StagedBase> {
  /**
   * The first row of a batch that can no longer be inserted (a reference disabled since the
   * validation), with its problem; undefined when all can. Before the failure is reported, the
   * rows before it are checked for a conflict (Importer.findConflict): rows are reported in order.
   */
  recheck?(batch: Staged[]): { index: number; problem: TImportRowError } | undefined;
  /**
   * Inserts a batch (COMMIT_BATCH_ROWS rows at most), set-based; answers the rows inserted. It is
   * called while the previous batch may still run: the statements queue on the transaction's
   * connection. A unique violation (23505) ends the commit with Importer.findConflict's answer.
   */
  insert(batch: Staged[]): Promise<number>;
  /** After the last insert, still inside the transaction (e.g. a record's totals); optional. */
  finish?(inserted: number): Promise<void>;
  /**
   * Once the transaction has committed (e.g. sending the job that works on the new rows);
   * optional. A failure here is logged: the rows are in.
   */
  afterCommit?(): Promise<void>;
}

export interface Importer<Staged extends StagedBase = StagedBase, Data = unknown, K extends string = string> {
  /** Stored as import_job.type; the background runs find the definition by it. */
  type: string;
  /**
   * A kind that imports into an existing record (a payroll batch's items) names it on upload with
   * the query `subjectId`; `assertOpen` refuses a record of another company or one that no longer
   * takes rows (an AppError with a Chinese message). The commit checks again in openCommit.
   */
  subject?: { assertOpen(db: DbOrTx, scope: ImportScope & { subjectId: number }): Promise<void> };
  /** What the rows are, in messages: 员工 in 文件中没有员工数据. */
  noun: string;
  columns: ImportColumns<K>;
  /** The names the template and the error report are downloaded as. */
  templateFileName: string;
  reportFileName: string;
  /**
   * Reads what the template shows (before the download starts, so a failure is an ordinary
   * error answer) and answers what writes its sheets; the centre commits the writer.
   */
  template(db: DbOrTx, scope: ImportScope): Promise<(writer: XlsxWriter) => void>;
  /** The row check and the URL of the module exporting it as `rowCheck`, for the check thread. */
  rowCheck: { module: URL; definition: RowCheckDefinition<Data, Staged, K> };
  /** What the row check needs (read once per validation, before the first row), structured-cloneable. */
  checkData(db: DbOrTx, scope: ImportScope, today: Date): Promise<Data>;
  /** Rows whose key appeared on an earlier row get this problem (omit: keys may repeat). */
  duplicateInFile?: (firstRow: number) => Omit<TImportRowError, 'row'>;
  /**
   * Checks a batch of checked rows against the database (up to 1,000, in sheet order), adding
   * problems to the rows: e.g. a key that exists already. Rows with errors keep their first ones.
   */
  checkBatch?(db: DbOrTx, scope: ImportScope, rows: RowCheck[]): Promise<void>;
  /** Opens the commit inside its transaction (reads what the rechecks need). */
  openCommit(tx: DbOrTx, scope: ImportScope): Promise<ImportCommit<Staged>>;
  /**
   * The first of these rows that conflicts with the database by now (what a unique violation of
   * the insert was about), or undefined.
   */
  findConflict(db: DbOrTx, scope: ImportScope, rows: Staged[]): Promise<TImportRowError | undefined>;
  /** Said when the insert met a unique violation and findConflict cannot name the row. */
  conflictMessage: string;
  /**
   * Tables the commit grows by at most one row per imported row, analysed once it has committed
   * when they grew by their size (db/statistics.ts, ADR 0016): the next statements are planned on
   * the tables as they are now.
   */
  grows?: readonly string[];
}

/**
 * A definition as the centre holds it, whatever its row and data types: the centre only moves
 * them between the definition's own hooks (and JSON), so their types are the definition's affair.
 */
export type AnyImporter = Importer<StagedBase, unknown, string>;

export function defineImporter<Staged extends StagedBase, Data, K extends string>(
  importer: Importer<Staged, Data, K>,
): AnyImporter {
  // The hooks are contravariant in Staged/Data/K; the centre never mixes one definition's values
  // with another's, so erasing them here is sound.
  return importer as unknown as AnyImporter;
}
