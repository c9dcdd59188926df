/**
 * The xlsx reader's SpreadsheetML: what the parts' elements mean. The small parts (the workbook:
 * its first sheet and date system; its relationships: the parts' names; the styles: which cell
 * styles are dates; the shared strings) and the worksheet, whose cells are typed here: shared and
 * inline strings (rich text runs joined, phonetic runs left out), formula results, numbers,
 * numbers in date-formatted cells as Dates (the 1900 and 1904 date systems), ISO dates, booleans;
 * error cells read as empty. The XML under it is `xlsx-xml.ts`'s.
 */
import { attribute, normalisePath, XlsxPartError, type XmlHandlers } from './xlsx-xml.ts';

/** A cell as read: text, a number, a boolean or a date. */
export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The row number as the spreadsheet shows it (1 = the first row). */
  row: number;
  /** Cells left to right, index 0 = column A; missing cells are null. */
  values: XlsxValue[];
}

/** Excel's last column is XFD; a cell reference beyond it is not a sheet's. */
const MAX_COLUMNS = 16_384;
/** The shared strings are held in memory while the sheet is read: bounded. */
const MAX_SHARED_STRING_CHARS = 64 * 1024 * 1024;

// ── SpreadsheetML: the small parts ───────────────────────────────────────────────────────────

export interface Workbook {
  /** Relationship id of the first sheet. */
  firstSheetId: string | undefined;
  date1904: boolean;
}

export function workbookHandlers(workbook: Workbook): XmlHandlers {
  return {
    open(name, attributes) {
      if (name === 'sheet' && workbook.firstSheetId === undefined) {
        workbook.firstSheetId = attribute(attributes, 'id') ?? '';
      } else if (name === 'workbookPr') {
        const date1904 = attributes.date1904;
        workbook.date1904 = date1904 === '1' || date1904 === 'true';
      }
    },
    close() {},
  };
}

export interface WorkbookRels {
  /** Part names by relationship id, and the shared strings and styles parts. */
  targets: Map<string, string>;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

export function relsHandlers(rels: WorkbookRels): XmlHandlers {
  return {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const id = attributes.Id;
      const target = attributes.Target;
      if (!id || !target || attributes.TargetMode === 'External') return;
      const path = normalisePath(target.startsWith('/') ? target : `xl/${target}`);
      rels.targets.set(id, path);
      const type = attributes.Type ?? '';
      if (type.endsWith('/sharedStrings')) rels.sharedStrings = path;
      else if (type.endsWith('/styles')) rels.styles = path;
    },
    close() {},
  };
}

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, with the CJK ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** Whether a custom format code shows a date or time: y m d h s outside quotes, brackets and escapes. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*]/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '');
  return /[ymdhs]/i.test(bare);
}

/** Style indexes (`s` of a cell = index into cellXfs) whose number format is a date: into `dateStyles`. */
export function stylesHandlers(dateStyles: Set<number>): XmlHandlers {
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let index = 0;
  return {
    open(name, attributes) {
      if (name === 'numFmt') {
        const id = Number(attributes.numFmtId);
        if (Number.isInteger(id)) custom.set(id, attributes.formatCode ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const code = custom.get(id);
        if (code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id)) dateStyles.add(index);
        index += 1;
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  };
}

/** The shared strings table (xl/sharedStrings.xml): one string per `<si>`, into `strings`. */
export function sharedStringsHandlers(strings: string[]): XmlHandlers {
  let inItem = false;
  let inPhonetic = false;
  let capturing = false;
  let current = '';
  let chars = 0;
  return {
    open(name) {
      if (name === 'si') {
        inItem = true;
        current = '';
      } else if (name === 't') capturing = inItem && !inPhonetic;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'si') {
        strings.push(current);
        chars += current.length;
        if (chars > MAX_SHARED_STRING_CHARS) throw new XlsxPartError('xlsx 共享字符串过多');
        inItem = false;
        current = '';
      } else if (name === 't') capturing = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(value) {
      if (capturing) current += value;
    },
  };
}

// ── SpreadsheetML: the worksheet ─────────────────────────────────────────────────────────────

/** Cell types (`t`): number (the default), shared string, inline string, formula string, ... */
const CellType = { Number: 0, Shared: 1, Inline: 2, FormulaString: 3, Boolean: 4, Error: 5, IsoDate: 6 } as const;
type CellType = (typeof CellType)[keyof typeof CellType];

const CELL_TYPES: Record<string, CellType> = {
  s: CellType.Shared,
  inlineStr: CellType.Inline,
  str: CellType.FormulaString,
  b: CellType.Boolean,
  e: CellType.Error,
  d: CellType.IsoDate,
};

/** Excel serial day numbers to dates: days since 1899-12-30 (or 1904-01-01). */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** An unsigned decimal integer, or -1. */
function parseIndex(text: string | undefined): number {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : -1;
}

/** The column index (A = 0) of a cell reference such as `AB12`, or -1. */
export function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const b = ref.charCodeAt(i) | 0x20; // lower case
    if (b < 0x61 || b > 0x7a) break;
    column = column * 26 + (b - 0x60);
    if (column > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return i === 0 ? -1 : column - 1;
}

export interface SheetContext {
  sharedStrings: readonly string[];
  /** Style indexes (`s`) whose number format is a date or time. */
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
}

/** A worksheet part: rows into `rows` as they complete. */
export class WorksheetHandlers implements XmlHandlers {
  /** Rows completed since the caller last took them. */
  rows: XlsxRow[] = [];
  private values: XlsxValue[] | undefined;
  private rowNumber = 0;
  private inCell = false;
  private column = -1;
  private type: CellType = CellType.Number;
  private style = 0;
  private value: string | undefined;
  private capturing = false;
  private inInline = false;
  private inPhonetic = false;

  constructor(private readonly context: SheetContext) {}

  open(name: string, attributes: Record<string, string>) {
    switch (name) {
      case 'row': {
        const number = parseIndex(attributes.r);
        this.rowNumber = number > 0 ? number : this.rowNumber + 1;
        this.values = [];
        this.column = -1;
        return;
      }
      case 'c': {
        if (!this.values) return;
        const ref = attributes.r;
        const column = ref === undefined ? -1 : columnOf(ref);
        this.column = column >= 0 ? column : this.column + 1;
        if (this.column >= MAX_COLUMNS) throw new XlsxPartError('xlsx 列数超出范围');
        const type = attributes.t;
        this.type = type === undefined ? CellType.Number : (CELL_TYPES[type] ?? CellType.Number);
        this.style = Math.max(parseIndex(attributes.s), 0);
        this.value = undefined;
        this.inCell = true;
        return;
      }
      case 'v':
        if (this.inCell) {
          this.value ??= '';
          this.capturing = true;
        }
        return;
      case 'is':
        if (this.inCell) this.inInline = true;
        return;
      case 't':
        if (this.inInline && !this.inPhonetic) {
          this.value ??= '';
          this.capturing = true;
        }
        return;
      case 'rPh':
        this.inPhonetic = true;
        return;
    }
  }

  close(name: string) {
    switch (name) {
      case 'row':
        if (this.values) this.rows.push({ row: this.rowNumber, values: this.values });
        this.values = undefined;
        return;
      case 'c':
        if (this.inCell && this.values) {
          const value = this.cellValue();
          if (value !== null) {
            const values = this.values;
            while (values.length < this.column) values.push(null);
            values[this.column] = value;
          }
        }
        this.inCell = false;
        this.inInline = false;
        this.capturing = false;
        return;
      case 'v':
      case 't':
        this.capturing = false;
        return;
      case 'is':
        this.inInline = false;
        return;
      case 'rPh':
        this.inPhonetic = false;
        return;
    }
  }

  text(value: string) {
    if (this.capturing) this.value = this.value === undefined ? value : this.value + value;
  }

  private cellValue(): XlsxValue {
    const text = this.value;
    if (text === undefined) return null;
    switch (this.type) {
      case CellType.Shared: {
        const index = Number.parseInt(text, 10);
        return this.context.sharedStrings[index] ?? null;
      }
      case CellType.Inline:
      case CellType.FormulaString:
        return text;
      case CellType.Boolean:
        return text.trim() === '' ? null : Number(text) !== 0;
      case CellType.Error:
        return null;
      case CellType.IsoDate: {
        const date = new Date(text.trim());
        return Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        if (text.trim() === '') return null;
        const number = Number(text);
        if (Number.isNaN(number)) return null;
        return this.context.dateStyles.has(this.style) ? excelSerialToDate(number, this.context.date1904) : number;
      }
    }
  }
}
