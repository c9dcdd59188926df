/**
 * The rows of a payroll sheet (姓名, 身份证号, 金额（元）, 备注) and their check (`rowCheck`, which
 * the import centre's check thread loads from this module). Pure: whether the worker exists, is
 * 在职 and can be paid is the batch check's affair (核对), which reports it per item.
 */
import { PAYROLL_MAX_ITEMS, type TImportRowError } from '@flexpay/contract';
import type { FieldCipher } from '../../../lib/crypto.ts';
import { idCardCheckChar, maskIdCard, parseIdCard } from '../../../lib/id-card.ts';
import { yuanToFen } from '../../../lib/money.ts';
import { cellText, type SheetValue } from '../../../lib/sheet-reader.ts';
import type { ColumnIndex, RowCheckDefinition } from '../../../core/importer.ts';

export const PAYROLL_COLUMNS = {
  name: { header: '姓名', required: true },
  idNumber: { header: '身份证号', required: true },
  /** Read as 金额; the template writes 金额（元）, the note being ignored. */
  amount: { header: '金额', required: true },
  remark: { header: '备注', required: false },
} as const;
export type PayrollColumn = keyof typeof PAYROLL_COLUMNS;

/** The template's example row carries this number; a sheet that still has it is refused. */
export const EXAMPLE_ID_NUMBER = `11010519900307123${idCardCheckChar('11010519900307123')}`;
/** At most 100 million yuan an item (the contract's limit for an edited amount too). */
const MAX_ITEM_FEN = 10_000_000_000;

/** A row that passed, as the commit inserts it (the ID number only as its keyed hash and mask). */
export interface StagedItem {
  row: number;
  name: string;
  idNumberHash: string;
  idNumberMasked: string;
  amountFen: number;
  remark: string;
}

export interface PayrollCheckData {
  /** RowContext.today as epoch milliseconds (ID numbers born in the future are refused). */
  today: number;
}

const problemOf = (row: number, key: PayrollColumn, message: string): TImportRowError => ({
  row,
  field: PAYROLL_COLUMNS[key].header,
  message,
});

const cellOf = (values: SheetValue[], columns: ColumnIndex<PayrollColumn>, key: PayrollColumn) => {
  const index = columns[key];
  return index === undefined ? undefined : values[index];
};

/** An amount cell in yuan: a number (at most two decimals) or its text; fen, or a problem. */
export function amountOf(value: SheetValue | undefined): { fen: number } | { problem: string } {
  if (value === undefined || value === null || cellText(value) === '') return { problem: '请填写金额' };
  // A numeric cell may carry binary noise (0.1 + 0.2): rounded to the fen only when it is that close.
  const text =
    typeof value === 'number'
      ? Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
        ? (Math.round(value * 100) / 100).toFixed(2)
        : String(value)
      : cellText(value).replace(/[,，\s]/g, '');
  const fen = yuanToFen(text);
  if (fen === undefined) return { problem: '金额应为数字，最多两位小数' };
  if (fen <= 0) return { problem: '金额必须大于 0' };
  if (fen > MAX_ITEM_FEN) return { problem: '金额不能超过 1 亿元' };
  return { fen };
}

/** Checks one data row: each field with its first problem, in the columns' order. */
export function checkPayrollRow(
  cipher: FieldCipher,
  today: Date,
  row: number,
  values: SheetValue[],
  columns: ColumnIndex<PayrollColumn>,
): { errors: TImportRowError[]; staged?: StagedItem; key?: string } {
  const errors: TImportRowError[] = [];
  const name = cellText(cellOf(values, columns, 'name'));
  if (!name) errors.push(problemOf(row, 'name', '请填写姓名'));
  else if (name.length > 50) errors.push(problemOf(row, 'name', '姓名最多 50 个字符'));

  const rawId = cellOf(values, columns, 'idNumber');
  const idNumber = cellText(rawId).toUpperCase();
  let validId: string | undefined;
  if (!idNumber) errors.push(problemOf(row, 'idNumber', '请填写身份证号'));
  else if (idNumber === EXAMPLE_ID_NUMBER)
    errors.push(problemOf(row, 'idNumber', '这是模板中的示例行，请删除后再导入'));
  else {
    const id = parseIdCard(idNumber, today);
    if (!id.ok) {
      const hint = typeof rawId === 'number' ? '（请将该列设置为文本格式后重新填写）' : '';
      errors.push(problemOf(row, 'idNumber', `身份证号${id.error}${hint}`));
    } else validId = id.info.number;
  }

  const amount = amountOf(cellOf(values, columns, 'amount'));
  if ('problem' in amount) errors.push(problemOf(row, 'amount', amount.problem));

  const remark = cellText(cellOf(values, columns, 'remark'));
  if (remark.length > 200) errors.push(problemOf(row, 'remark', '备注最多 200 个字符'));

  const key = validId ? cipher.hash(validId) : undefined;
  if (errors.length || !validId || !key || 'problem' in amount) return { errors, ...(key ? { key } : {}) };
  return {
    errors,
    key,
    staged: { row, name, idNumberHash: key, idNumberMasked: maskIdCard(validId), amountFen: amount.fen, remark },
  };
}

/** The import centre's row check of payroll sheets. */
export const rowCheck: RowCheckDefinition<PayrollCheckData, StagedItem, PayrollColumn> = {
  create(data, cipher) {
    const today = new Date(data.today);
    return (row, values, columns) => ({ row, ...checkPayrollRow(cipher, today, row, values, columns) });
  },
};

export const PAYROLL_SHEET_MAX_ROWS = PAYROLL_MAX_ITEMS;
