/**
 * Streaming spreadsheet reading: xlsx over ExcelJS, CSV over csv-parse. Rows are yielded one by
 * one, so no workbook is ever held in memory whole (ARCHITECTURE section 1).
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse as parseCsv } from 'csv-parse';
// Before ExcelJS: corrects its reader's handling of characters split across chunks.
import './exceljs-utf8-fix.ts';
import ExcelJS from 'exceljs';

export type SheetFormat = 'xlsx' | 'csv';
/** A cell as read: text, a number, a boolean or a date; formulas are read as their results. */
export type SheetValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number as the spreadsheet shows it (1 = the first row). */
  row: number;
  /** Cells left to right, index 0 = column A. */
  values: SheetValue[];
}

/** A file that cannot be read as a spreadsheet at all (corrupt zip, no worksheet, bad CSV). */
export class SheetFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SheetFormatError';
  }
}

function normaliseCell(value: ExcelJS.CellValue): SheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : String(value.hyperlink);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || typeof result === 'object') {
      return result instanceof Date ? result : null;
    }
    return typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' ? result : null;
  }
  // An error cell (#N/A ...) reads as empty.
  return null;
}

async function* readXlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet) {
        const raw = row.values;
        const cells = Array.isArray(raw) ? raw.slice(1) : [];
        yield { row: row.number, values: Array.from(cells, (v) => normaliseCell(v as ExcelJS.CellValue)) };
      }
      // Only the first worksheet holds data; the rest (e.g. instructions) are not read.
      return;
    }
  } catch (err) {
    if (err instanceof SheetFormatError) throw err;
    throw new SheetFormatError('xlsx 文件无法解析', { cause: err });
  }
  if (!sawSheet) throw new SheetFormatError('xlsx 文件中没有工作表');
}

/**
 * Decodes CSV bytes to UTF-8: UTF-8 when the start of the file is valid UTF-8, GB18030 (what
 * Excel on Chinese Windows writes) otherwise.
 */
function csvDecoder(): Transform {
  let decoder: TextDecoder | undefined;
  let head: Buffer[] = [];
  let headLength = 0;
  const choose = (stream: Transform) => {
    const bytes = Buffer.concat(head);
    head = [];
    let encoding = 'utf-8';
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    } catch {
      encoding = 'gb18030';
    }
    decoder = new TextDecoder(encoding);
    stream.push(Buffer.from(decoder.decode(bytes, { stream: true }), 'utf8'));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (decoder) return callback(null, Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'));
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= 64 * 1024) choose(this);
      callback();
    },
    flush(callback: TransformCallback) {
      if (!decoder) choose(this);
      const rest = decoder?.decode() ?? '';
      callback(null, rest ? Buffer.from(rest, 'utf8') : undefined);
    },
  });
}

async function* readCsvRows(source: Readable): AsyncGenerator<SheetRow> {
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const decoder = csvDecoder();
  source.on('error', (err) => decoder.destroy(err));
  decoder.on('error', (err) => parser.destroy(err));
  source.pipe(decoder).pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, values: record };
    }
  } catch (err) {
    throw new SheetFormatError('csv 文件无法解析', { cause: err });
  }
}

/**
 * The rows of a spreadsheet's first worksheet (xlsx) or of a CSV file, streamed. Empty rows of
 * an xlsx are skipped by the format itself; a CSV yields them as one empty cell.
 */
export async function* readSheetRows(source: Readable, format: SheetFormat): AsyncGenerator<SheetRow> {
  try {
    yield* format === 'xlsx' ? readXlsxRows(source) : readCsvRows(source);
  } finally {
    source.destroy();
  }
}

/** A cell as trimmed text: dates as YYYY-MM-DD, whole numbers without exponent or decimals. */
export function cellText(value: SheetValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    return Number.isInteger(value) ? value.toLocaleString('en-US', { useGrouping: false }) : String(value);
  }
  return String(value).trim();
}
