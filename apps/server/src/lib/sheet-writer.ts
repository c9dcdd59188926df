/**
 * Streaming xlsx writing over ExcelJS: no workbook is ever held in memory whole
 * (ARCHITECTURE section 1).
 */
import { PassThrough, type Readable } from 'node:stream';
// Before ExcelJS, whichever module loads it first (see the file).
import './exceljs-utf8-fix.ts';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | null;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  /** Format the column as text, so that long digit strings typed in Excel stay exact. */
  text?: boolean;
}

export interface SheetWriter {
  addRow(values: CellValue[]): void;
}

export interface XlsxWriter {
  /** The xlsx bytes, produced while rows are added: pipe it to storage or to a response. */
  readonly stream: Readable;
  /**
   * Adds a worksheet with a bold header row. Sheets are written one after the other: adding a
   * sheet finishes the previous one.
   */
  addSheet(name: string, columns: SheetColumn[]): SheetWriter;
  /** Finishes the workbook; the stream ends after it. */
  commit(): Promise<void>;
}

export function createXlsxWriter(): XlsxWriter {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  let current: ExcelJS.Worksheet | undefined;
  return {
    stream,
    addSheet(name, columns) {
      current?.commit();
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({
        width: c.width ?? Math.max(10, c.header.length * 2 + 4),
        ...(c.text ? { style: { numFmt: '@' } } : {}),
      }));
      const header = sheet.addRow(columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      current = sheet;
      return {
        addRow(values) {
          sheet.addRow(values).commit();
        },
      };
    },
    async commit() {
      current?.commit();
      await workbook.commit();
    },
  };
}
