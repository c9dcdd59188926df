/**
 * Streaming spreadsheet reading: xlsx with our own streaming reader (xlsx-reader.ts), CSV over
 * csv-parse. Rows are yielded one by one, so no workbook is ever held in memory whole
 * (ARCHITECTURE section 1).
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse as parseCsv } from 'csv-parse';
import { readXlsxRowBatches, XlsxFormatError } from './xlsx-reader.ts';

export type SheetFormat = 'xlsx' | 'csv';
/** A cell as read: text, a number, a boolean or a date; formulas are read as their results. */
export type SheetValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number as the spreadsheet shows it (1 = the first row). */
  row: number;
  /** Cells left to right, index 0 = column A. */
  values: SheetValue[];
}

export interface SheetReadOptions {
  /** The size of the source in bytes, for progress. */
  size?: number;
  /** Called now and then with the fraction (0-1) of the sheet read so far. */
  onProgress?(fraction: number): void;
}

/** A file that cannot be read as a spreadsheet at all (corrupt zip, no worksheet, bad CSV). */
export class SheetFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SheetFormatError';
  }
}

async function* readXlsx(source: Readable, options: SheetReadOptions): AsyncGenerator<SheetRow[]> {
  try {
    yield* readXlsxRowBatches(source, options);
  } catch (err) {
    if (err instanceof XlsxFormatError) throw new SheetFormatError(err.message, { cause: err.cause });
    throw err;
  }
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

/** CSV records per batch. */
const CSV_BATCH = 500;

async function* readCsvRows(source: Readable, options: SheetReadOptions): AsyncGenerator<SheetRow[]> {
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const decoder = csvDecoder();
  let read = 0;
  source.on('data', (chunk: Buffer | string) => (read += chunk.length));
  source.on('error', (err) => decoder.destroy(err));
  decoder.on('error', (err) => parser.destroy(err));
  source.pipe(decoder).pipe(parser);
  let row = 0;
  let batch: SheetRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      batch.push({ row, values: record });
      if (batch.length < CSV_BATCH) continue;
      if (options.size) options.onProgress?.(Math.min(read / options.size, 1));
      yield batch;
      batch = [];
    }
  } catch (err) {
    throw new SheetFormatError('csv 文件无法解析', { cause: err });
  }
  if (batch.length) yield batch;
}

/**
 * The rows of a spreadsheet's first worksheet (xlsx) or of a CSV file, streamed in batches. Empty
 * rows of an xlsx are skipped by the format itself; a CSV yields them as one empty cell.
 */
export async function* readSheetRowBatches(
  source: Readable,
  format: SheetFormat,
  options: SheetReadOptions = {},
): AsyncGenerator<SheetRow[]> {
  try {
    yield* format === 'xlsx' ? readXlsx(source, options) : readCsvRows(source, options);
  } finally {
    source.destroy();
  }
}

/** The rows of a spreadsheet one by one (see readSheetRowBatches). */
export async function* readSheetRows(
  source: Readable,
  format: SheetFormat,
  options: SheetReadOptions = {},
): AsyncGenerator<SheetRow> {
  for await (const batch of readSheetRowBatches(source, format, options)) yield* batch;
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
