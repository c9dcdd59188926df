/**
 * The rows of a worker import sheet: its columns, how a header row maps to them, and the
 * checks of one row (`rowCheck`, which the import centre's check thread loads from this module).
 * Pure: the caller brings the company's job types and the cipher, and checks duplicates against
 * the database itself.
 */
import { DICTIONARIES, ZAlipayBody, ZCreateWorkerBody, type TImportRowError } from '@flexpay/contract';
import type { FieldCipher } from '../../../lib/crypto.ts';
import { idCardCheckChar, parseIdCard } from '../../../lib/id-card.ts';
import { cellText, type SheetValue } from '../../../lib/sheet-reader.ts';
import { mapHeaderOf, templateHeaderOf } from '../../import/columns.ts';
import type { ColumnIndex as ImportColumnIndex, RowCheckDefinition } from '../../../core/importer.ts';
import type { NewWorker } from '../service.ts';
import { alipayColumns, bankCardColumns } from '../payout-accounts/rules.ts';
import { workerColumns } from '../rules.ts';

export const IMPORT_COLUMNS = {
  name: { header: '姓名', required: true },
  idNumber: { header: '身份证号', required: true },
  mobile: { header: '手机号', required: true },
  jobTypeCode: { header: '工种编码', required: false },
  joinedAt: { header: '入职日期', required: true },
  remark: { header: '备注', required: false },
  bankName: { header: '开户银行', required: false },
  cardNumber: { header: '银行卡号', required: false },
  branch: { header: '开户支行', required: false },
  alipay: { header: '支付宝账号', required: false },
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
export const IMPORT_COLUMN_KEYS = Object.keys(IMPORT_COLUMNS) as ImportColumn[];

/** The template's header text of a column: required ones are starred. */
export const templateHeader = (key: ImportColumn) => templateHeaderOf(IMPORT_COLUMNS, key);

/** The example row of the template carries this number; a sheet that still has it is refused. */
export const EXAMPLE_ID_NUMBER = `11010519900307123${idCardCheckChar('11010519900307123')}`;

export type ColumnIndex = ImportColumnIndex<ImportColumn>;

/** Which column holds which field; the required columns that are missing, by their header. */
export const mapHeader = (values: SheetValue[]) => mapHeaderOf(IMPORT_COLUMNS, values);

/** Bank codes by their name or code, as a sheet may carry either. */
const BANK_CODES = new Map<string, string>(
  DICTIONARIES.bank.flatMap((b) => [
    [b.label, b.value],
    [b.value.toUpperCase(), b.value],
  ]),
);

export interface JobTypeRef {
  id: number;
  code: string;
  enabled: boolean;
}

export interface RowContext {
  cipher: FieldCipher;
  companyId: number;
  today: Date;
  /** The company's job types by code. */
  jobTypes: ReadonlyMap<string, JobTypeRef>;
}

export type RowAccount =
  | { channel: 'bank'; values: Exclude<ReturnType<typeof bankCardColumns>, { ok: false }>['values'] }
  | { channel: 'alipay'; values: ReturnType<typeof alipayColumns> };

export interface CheckedRow {
  row: number;
  errors: TImportRowError[];
  /** The keyed hash of a valid ID number, for duplicate checks (even when other fields fail). */
  idHash?: string;
  /** The worker's stored columns and default account, when the row has no error. */
  worker?: NewWorker;
  account?: RowAccount;
}

/** Excel date serial numbers (days since 1899-12-30) of the years 1955-2119. */
const isDateSerial = (n: number) => Number.isInteger(n) && n > 20000 && n < 80000;

/** A date cell as YYYY-MM-DD when it can be read as one; the text as typed otherwise. */
function dateText(value: SheetValue | undefined): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' && isDateSerial(value)) {
    return new Date(Date.UTC(1899, 11, 30) + value * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(value);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return m ? `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}` : text;
}

const isRealDate = (text: string) => {
  const d = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** The first message of a contract schema for a value, or undefined when it passes. */
function schemaProblem(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? '格式不正确');
}

const TEXT_HINT = '（请将该列设置为文本格式后重新填写）';

/** A cell of a row by column, undefined when the sheet has no such column. */
function cellOf(values: SheetValue[], columns: ColumnIndex, key: ImportColumn): SheetValue | undefined {
  const index = columns[key];
  return index === undefined ? undefined : values[index];
}

const problemOf = (row: number, key: ImportColumn, message: string): TImportRowError => ({
  row,
  field: IMPORT_COLUMNS[key].header,
  message,
});

/**
 * Checks one data row: every field, each with its first problem, in the columns' order. The
 * row's worker and account are built only when nothing is wrong. (No closures per row: this runs
 * 100,000 times an import.)
 */
export function checkRow(ctx: RowContext, row: number, values: SheetValue[], columns: ColumnIndex): CheckedRow {
  const errors: TImportRowError[] = [];

  const name = cellText(cellOf(values, columns, 'name'));
  if (!name) errors.push(problemOf(row, 'name', '请填写姓名'));
  else {
    const problem = schemaProblem(ZCreateWorkerBody.shape.name, name);
    if (problem) errors.push(problemOf(row, 'name', problem));
  }

  const rawId = cellOf(values, columns, 'idNumber');
  const idNumber = cellText(rawId).toUpperCase();
  const id = parseIdCard(idNumber, ctx.today);
  // The number whose keyed hash the duplicate checks need; hashed once, by whoever needs it.
  let validId: string | undefined;
  if (!idNumber) errors.push(problemOf(row, 'idNumber', '请填写身份证号'));
  else if (idNumber === EXAMPLE_ID_NUMBER)
    errors.push(problemOf(row, 'idNumber', '这是模板中的示例行，请删除后再导入'));
  else if (!id.ok) {
    const hint = typeof rawId === 'number' ? TEXT_HINT : '';
    errors.push(problemOf(row, 'idNumber', `身份证号${id.error}${hint}`));
  } else validId = id.info.number;

  const mobile = cellText(cellOf(values, columns, 'mobile'));
  if (!mobile) errors.push(problemOf(row, 'mobile', '请填写手机号'));
  else {
    const problem = schemaProblem(ZCreateWorkerBody.shape.mobile, mobile);
    if (problem) errors.push(problemOf(row, 'mobile', problem));
  }

  const code = cellText(cellOf(values, columns, 'jobTypeCode'));
  let jobTypeId: number | null = null;
  if (code) {
    const jobType = ctx.jobTypes.get(code) ?? ctx.jobTypes.get(code.toUpperCase());
    if (!jobType) errors.push(problemOf(row, 'jobTypeCode', '工种编码不存在，请填写工种管理中的编码'));
    else if (!jobType.enabled) errors.push(problemOf(row, 'jobTypeCode', '该工种已停用'));
    else jobTypeId = jobType.id;
  }

  const joinedAt = dateText(cellOf(values, columns, 'joinedAt'));
  if (!joinedAt) errors.push(problemOf(row, 'joinedAt', '请填写入职日期'));
  else if (!isRealDate(joinedAt)) errors.push(problemOf(row, 'joinedAt', '入职日期应为 YYYY-MM-DD 格式的有效日期'));

  const remark = cellText(cellOf(values, columns, 'remark'));
  if (remark.length > 200) errors.push(problemOf(row, 'remark', '备注最多 200 个字符'));

  const bankName = cellText(cellOf(values, columns, 'bankName'));
  const rawCard = cellOf(values, columns, 'cardNumber');
  const cardNumber = cellText(rawCard);
  const branch = cellText(cellOf(values, columns, 'branch'));
  const alipay = cellText(cellOf(values, columns, 'alipay'));
  const wantsBank = Boolean(bankName || cardNumber || branch);
  let account: RowAccount | undefined;
  if (wantsBank) {
    const bankCode = BANK_CODES.get(bankName) ?? BANK_CODES.get(bankName.toUpperCase());
    if (!bankName) errors.push(problemOf(row, 'bankName', '请填写开户银行'));
    else if (!bankCode) errors.push(problemOf(row, 'bankName', '开户银行不存在，请按填写说明中的银行名称填写'));
    if (!cardNumber) errors.push(problemOf(row, 'cardNumber', '请填写银行卡号'));
    if (branch.length > 100) errors.push(problemOf(row, 'branch', '开户支行最多 100 个字符'));
    if (bankCode && cardNumber && branch.length <= 100) {
      const card = bankCardColumns(ctx.cipher, { bankCode, cardNumber, branch });
      if (!card.ok) {
        const hint = typeof rawCard === 'number' ? TEXT_HINT : '';
        errors.push(problemOf(row, 'cardNumber', `${card.problem.message}${hint}`));
      } else account = { channel: 'bank', values: card.values };
    }
  }
  if (alipay) {
    const problem = schemaProblem(ZAlipayBody.shape.account, alipay);
    if (problem) errors.push(problemOf(row, 'alipay', problem));
    else if (wantsBank) errors.push(problemOf(row, 'alipay', '银行卡和支付宝账号只能填写一个'));
    else account = { channel: 'alipay', values: alipayColumns(ctx.cipher, alipay) };
  }

  if (!errors.length) {
    // Every field passed on its own: the worker rules check the rest (join date not before birth).
    const built = workerColumns(
      ctx.cipher,
      ctx.companyId,
      { name, idNumber, mobile, jobTypeId, departmentId: null, joinedAt, remark },
      ctx.today,
    );
    if (built.ok) {
      const worker = built.values;
      return { row, errors, idHash: worker.idNumberHash, worker, ...(account ? { account } : {}) };
    }
    errors.push(problemOf(row, built.problem.path === 'idNumber' ? 'idNumber' : 'joinedAt', built.problem.message));
  }
  return validId ? { row, errors, idHash: ctx.cipher.hash(validId) } : { row, errors };
}

/** A row that passed validation, as the commit will insert it (numbers already encrypted). */
export interface StagedRow {
  row: number;
  worker: NewWorker;
  account?: RowAccount | undefined;
}

/** What the row check is built from (Importer.checkData), on either thread. */
export interface WorkerCheckData {
  companyId: number;
  /** RowContext.today as epoch milliseconds. */
  today: number;
  jobTypes: JobTypeRef[];
}

/** The import centre's row check of workers: checkRow, its worker and account staged as one row. */
export const rowCheck: RowCheckDefinition<WorkerCheckData, StagedRow, ImportColumn> = {
  create(data, cipher) {
    const ctx: RowContext = {
      cipher,
      companyId: data.companyId,
      today: new Date(data.today),
      jobTypes: jobTypesByCode(data.jobTypes),
    };
    return (row, values, columns) => {
      const checked = checkRow(ctx, row, values, columns);
      return {
        row,
        errors: checked.errors,
        key: checked.idHash,
        staged: checked.worker && { row, worker: checked.worker, account: checked.account },
      };
    };
  },
};

/** The company's job types, looked up by code as typed or in upper case. */
export function jobTypesByCode(types: JobTypeRef[]): Map<string, JobTypeRef> {
  const map = new Map<string, JobTypeRef>();
  for (const t of types) map.set(t.code, t);
  for (const t of types) if (!map.has(t.code.toUpperCase())) map.set(t.code.toUpperCase(), t);
  return map;
}
