/**
 * Streaming xlsx reading: the rows of the first worksheet, read through yauzl (the zip) and saxes
 * (the XML). What is ours is SpreadsheetML: which part is the first sheet, shared strings (`t="s"`),
 * inline strings (`<is><t>`, rich text runs joined, phonetic runs left out), formula results
 * (`t="str"` and the others), numbers, numbers in date-formatted cells as Dates (the 1900 and 1904
 * date systems), ISO dates (`t="d"`), booleans; error cells read as empty; column references.
 *
 * yauzl reads an archive through its central directory, so the upload is first copied to a
 * temporary file; then the parts are read in the order the sheet needs them, whatever their order
 * in the archive, and the sheet is inflated and parsed as it is consumed. The guards a hostile file
 * meets: yauzl refuses names that are absolute or climb out (`..`) and entries whose data does not
 * match their declared size; here, every part's declared size is capped before it is opened
 * (a zip bomb declares its size or fails when it runs past it), every CRC-32 is checked, the
 * number of entries, the shared strings, the columns and the length of any token are bounded, and
 * a DTD with an internal subset is refused (saxes expands no entity but XML's own five).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { crc32 } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** A cell as read: text, a number, a boolean or a date. */
export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The row number as the spreadsheet shows it (1 = the first row). */
  row: number;
  /** Cells left to right, index 0 = column A; missing cells are null. */
  values: XlsxValue[];
}

/** A file that cannot be read as an xlsx workbook: corrupt (`UNREADABLE`) or without a worksheet. */
export class XlsxFormatError extends Error {
  override name = 'XlsxFormatError';
}
export const XLSX_UNREADABLE = 'xlsx 文件无法解析';
export const XLSX_NO_WORKSHEET = 'xlsx 文件中没有工作表';

/** What exactly is wrong with a part (the cause of an XlsxFormatError). */
export class XlsxPartError extends Error {
  override name = 'XlsxPartError';
}

export interface XlsxReadOptions {
  /** The size of the source in bytes, for progress. */
  size?: number;
  /** Called now and then with the fraction (0-1) of the worksheet read so far. */
  onProgress?(fraction: number): void;
}

/** Excel's last column is XFD; a cell reference beyond it is not a sheet's. */
const MAX_COLUMNS = 16_384;
/** No token (a tag, a text, a comment) may run longer than this without markup. */
export const MAX_TOKEN_BYTES = 4 * 1024 * 1024;
/** The declared size of the worksheet read, inflated: a zip bomb must not run for ever. */
export const MAX_SHEET_BYTES = 1024 * 1024 * 1024;
/** Parts read whole (workbook, relationships, styles) and the shared strings are small. */
export const MAX_PART_BYTES = 32 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES = 256 * 1024 * 1024;
/** The shared strings are held in memory while the sheet is read: bounded. */
const MAX_SHARED_STRING_CHARS = 64 * 1024 * 1024;
/** An xlsx has a few dozen parts; a central directory of millions is an attack on memory. */
export const MAX_ENTRIES = 10_000;

// ── The archive (yauzl) ──────────────────────────────────────────────────────────────────────

/** A part name as compared: no leading slash, `.` and `..` resolved, lower case (OPC names are). */
function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/').toLowerCase();
}

/** The entries of an archive by normalised name. */
async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_ENTRIES) throw new XlsxPartError('zip 条目过多');
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) entries.set(normalisePath(entry.fileName), entry);
  return entries;
}

/**
 * The data of an entry, inflated and checked (CRC-32 here, the size by yauzl), as it is consumed;
 * refused up front when its declared size is above `max`.
 */
async function* entryData(zip: ZipFile, entry: Entry, max: number): AsyncGenerator<Buffer> {
  if (entry.uncompressedSize > max) throw new XlsxPartError('zip 条目过大');
  const data = await zip.openReadStreamPromise(entry);
  let crc = 0;
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } finally {
    data.destroy();
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw new XlsxPartError('zip 数据校验失败');
}

// ── The XML (saxes) ──────────────────────────────────────────────────────────────────────────

const LT = 0x3c;

/** The handlers a part's parser calls, with element names without their prefix. */
interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text?(value: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by local name, whatever its prefix (`r:id` for `id`). */
function attribute(attributes: Record<string, string>, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

/**
 * An XML parser fed bytes: UTF-8 decoded across chunk ends, tokens bounded in length (saxes keeps
 * a token whole until it ends), DTD internal subsets refused.
 */
class XmlPart {
  private readonly parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  private readonly decoder = new TextDecoder('utf-8');
  /** Bytes since the last `<`: text and tags end at one. */
  private sinceMarkup = 0;

  constructor(handlers: XmlHandlers) {
    const parser = this.parser;
    parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(localName(tag.name), tag.attributes));
    parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(localName(tag.name)));
    const text = handlers.text?.bind(handlers);
    if (text) {
      parser.on('text', text);
      parser.on('cdata', text);
    }
    parser.on('doctype', (doctype: string) => {
      // Internal subsets could define entities: refused rather than half understood.
      if (doctype.includes('[')) throw new XlsxPartError('xlsx 含不支持的 DTD');
    });
    parser.on('error', (err: Error) => {
      throw new XlsxPartError('xlsx 的 XML 不正确', { cause: err });
    });
  }

  write(chunk: Buffer) {
    const first = chunk.indexOf(LT);
    if (first < 0) this.sinceMarkup += chunk.length;
    else {
      if (this.sinceMarkup + first > MAX_TOKEN_BYTES) throw new XlsxPartError('xlsx 内容过长');
      this.sinceMarkup = chunk.length - 1 - chunk.lastIndexOf(LT);
    }
    if (this.sinceMarkup > MAX_TOKEN_BYTES) throw new XlsxPartError('xlsx 内容过长');
    this.parser.write(this.decoder.decode(chunk, { stream: true }));
  }

  /** Checks that the part is complete (every element closed). */
  end() {
    this.parser.write(this.decoder.decode());
    this.parser.close();
  }
}

async function parsePart(data: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const part = new XmlPart(handlers);
  for await (const chunk of data) part.write(chunk);
  part.end();
}

// ── SpreadsheetML: the small parts ───────────────────────────────────────────────────────────

interface Workbook {
  /** Relationship id of the first sheet. */
  firstSheetId: string | undefined;
  date1904: boolean;
}

function workbookHandlers(workbook: Workbook): XmlHandlers {
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

interface WorkbookRels {
  /** Part names by relationship id, and the shared strings and styles parts. */
  targets: Map<string, string>;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

function relsHandlers(rels: WorkbookRels): XmlHandlers {
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
function stylesHandlers(dateStyles: Set<number>): XmlHandlers {
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
function sharedStringsHandlers(strings: string[]): XmlHandlers {
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

interface SheetContext {
  sharedStrings: readonly string[];
  /** Style indexes (`s`) whose number format is a date or time. */
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
}

/** A worksheet part: rows into `rows` as they complete. */
class WorksheetHandlers implements XmlHandlers {
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

// ── The workbook ─────────────────────────────────────────────────────────────────────────────

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const DEFAULT_SHARED_STRINGS = 'xl/sharedstrings.xml';
const DEFAULT_STYLES = 'xl/styles.xml';
const isWorksheetPath = (path: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(path);

/** Copies the source to a file: yauzl reads the central directory at the end first. */
async function spoolToFile(source: Readable): Promise<{ dir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fp-xlsx-'));
  const path = join(dir, 'upload.xlsx');
  try {
    await pipeline(source, createWriteStream(path));
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, path };
}

/**
 * The rows of the first worksheet of an xlsx, streamed in batches (as many as each chunk of the
 * sheet completes). Rows without cells come with no values; rows the file does not hold (never
 * written) do not come at all.
 */
export async function* readXlsxRowBatches(source: Readable, options: XlsxReadOptions = {}): AsyncGenerator<XlsxRow[]> {
  const report = (fraction: number) => options.onProgress?.(Math.min(Math.max(fraction, 0), 1));
  let spooled: { dir: string; path: string } | undefined;
  let zip: ZipFile | undefined;
  try {
    spooled = await spoolToFile(source);
    zip = await yauzl.openPromise(spooled.path, { lazyEntries: true, autoClose: false });
    const archive = zip;
    const entries = await entriesOf(archive);
    const readPart = async (path: string | undefined, handlers: XmlHandlers, max = MAX_PART_BYTES) => {
      const entry = path === undefined ? undefined : entries.get(path);
      if (entry) await parsePart(entryData(archive, entry, max), handlers);
      return entry !== undefined;
    };

    const workbook: Workbook = { firstSheetId: undefined, date1904: false };
    const hasWorkbook = await readPart(WORKBOOK, workbookHandlers(workbook));
    const rels: WorkbookRels = { targets: new Map(), sharedStrings: undefined, styles: undefined };
    const hasRels = await readPart(WORKBOOK_RELS, relsHandlers(rels));
    const sharedStrings: string[] = [];
    await readPart(
      hasRels ? rels.sharedStrings : DEFAULT_SHARED_STRINGS,
      sharedStringsHandlers(sharedStrings),
      MAX_SHARED_STRINGS_BYTES,
    );
    const dateStyles = new Set<number>();
    await readPart(hasRels ? rels.styles : DEFAULT_STYLES, stylesHandlers(dateStyles));

    // The first sheet of the workbook; without a workbook part to say so, the lowest numbered one.
    const first =
      (hasWorkbook && hasRels ? rels.targets.get(workbook.firstSheetId ?? '') : undefined) ??
      [...entries.keys()].filter(isWorksheetPath).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
    const entry = first === undefined ? undefined : entries.get(first);
    if (!entry) throw new XlsxFormatError(XLSX_NO_WORKSHEET);

    const sheet = new WorksheetHandlers({ sharedStrings, dateStyles, date1904: workbook.date1904 });
    const part = new XmlPart(sheet);
    let read = 0;
    for await (const chunk of entryData(archive, entry, MAX_SHEET_BYTES)) {
      part.write(chunk);
      read += chunk.length;
      report(read / Math.max(entry.uncompressedSize, 1));
      if (!sheet.rows.length) continue;
      const rows = sheet.rows;
      sheet.rows = [];
      yield rows;
    }
    part.end();
    if (sheet.rows.length) yield sheet.rows;
    report(1);
  } catch (err) {
    if (err instanceof XlsxFormatError) throw err;
    throw new XlsxFormatError(XLSX_UNREADABLE, { cause: err });
  } finally {
    zip?.close();
    if (spooled) await rm(spooled.dir, { recursive: true, force: true });
  }
}
