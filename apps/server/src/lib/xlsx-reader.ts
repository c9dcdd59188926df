/**
 * Streaming xlsx reading: the rows of the first worksheet, as the zip is read (zip-reader.ts).
 *
 * The worksheet XML is tokenised as bytes: tags are found by scanning for `<` and `>`, and only
 * the text of values is decoded, from complete byte ranges, so a character whose UTF-8 bytes
 * straddle two chunks is never cut (the tail of a chunk waits for the next one). Read: shared
 * strings (`t="s"`), inline strings (`<is><t>`, rich text runs joined, phonetic runs left out),
 * formula results (`t="str"` and the others), numbers, numbers in date-formatted cells as Dates
 * (the 1900 and 1904 date systems), ISO dates (`t="d"`), booleans; error cells read as empty.
 *
 * "The first worksheet" is the first `<sheet>` of xl/workbook.xml. Excel writes the worksheets
 * before the shared strings and styles they refer to, and streaming writers write the workbook
 * part last: a worksheet met before what it needs is copied aside compressed (a temporary file,
 * so memory stays bounded) and read once the rest of the archive has been read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { readSpooled, ZipStreamReader, type SpooledEntry } from './zip-reader.ts';

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
class XmlFormatError extends Error {
  override name = 'XmlFormatError';
}

export interface XlsxReadOptions {
  /** The size of the source in bytes, for progress. */
  size?: number;
  /** Called now and then with the fraction (0-1) of the worksheet read so far. */
  onProgress?(fraction: number): void;
}

/** Excel's last column is XFD; a cell reference beyond it is not a sheet's. */
const MAX_COLUMNS = 16_384;
/** Markup or text left over from one chunk for the next may not grow beyond this. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** Parts read whole (workbook, relationships, styles) are small. */
const MAX_PART_BYTES = 32 * 1024 * 1024;
/** The shared strings are held in memory while the sheet is read: bounded. */
const MAX_SHARED_STRING_CHARS = 64 * 1024 * 1024;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const COLON = 0x3a;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const EQUALS = 0x3d;

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character and entity references decoded (`&amp;`, `&#20013;`, `&#x4E2D;`). */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

/**
 * A tokenizer of XML bytes fed chunk by chunk: calls `open`, `close` and `text` for the elements
 * named in `names` (by local name, prefix ignored; code = index, -1 for any other element).
 * Text is reported only while `capturing` is set, already decoded.
 */
abstract class XmlScanner {
  protected capturing = false;
  private rest: Buffer | undefined;
  private readonly names: Buffer[];

  protected constructor(names: readonly string[]) {
    this.names = names.map((n) => Buffer.from(n));
  }

  protected abstract open(buf: Buffer, code: number, attrStart: number, attrEnd: number): void;
  protected abstract close(code: number): void;
  protected abstract text(value: string): void;

  /** Where the last attribute found by `nextAttribute` is: its local name and value. */
  protected attrName = 0;
  protected attrNameEnd = 0;
  protected attrValue = 0;
  protected attrValueEnd = 0;

  /**
   * Finds the next attribute of a tag from `pos` (before `end`) into the attr fields; answers the
   * position after it, or -1 when there is none.
   */
  protected nextAttribute(buf: Buffer, pos: number, end: number): number {
    while (pos < end && isSpace(buf[pos] as number)) pos++;
    if (pos >= end) return -1;
    let nameStart = pos;
    while (pos < end) {
      const b = buf[pos] as number;
      if (b === EQUALS || isSpace(b)) break;
      if (b === COLON) nameStart = pos + 1;
      pos++;
    }
    this.attrName = nameStart;
    this.attrNameEnd = pos;
    while (pos < end && (isSpace(buf[pos] as number) || buf[pos] === EQUALS)) pos++;
    const quote = buf[pos];
    if (quote !== DQUOTE && quote !== SQUOTE) return -1;
    const valueStart = pos + 1;
    let valueEnd = valueStart;
    while (valueEnd < end && buf[valueEnd] !== quote) valueEnd++;
    if (valueEnd >= end) return -1;
    this.attrValue = valueStart;
    this.attrValueEnd = valueEnd;
    return valueEnd + 1;
  }

  private code(buf: Buffer, start: number, end: number): number {
    const length = end - start;
    const names = this.names;
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as Buffer;
      if (name.length !== length) continue;
      let j = 0;
      while (j < length && buf[start + j] === name[j]) j++;
      if (j === length) return i;
    }
    return -1;
  }

  write(chunk: Buffer) {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = undefined;
    const length = buf.length;
    let pos = 0;
    while (pos < length) {
      if (buf[pos] !== LT) {
        let end = pos;
        while (end < length && buf[end] !== LT) end++;
        // Text runs to the next markup, which may be in the next chunk.
        if (end === length) break;
        if (this.capturing) this.text(decodeXmlText(buf.toString('utf8', pos, end)));
        pos = end;
        continue;
      }
      if (pos + 1 >= length) break;
      const next = buf[pos + 1];
      if (next === BANG || next === QUESTION) {
        const end = this.special(buf, pos);
        if (end < 0) break;
        pos = end;
        continue;
      }
      // The end of the tag, skipping quoted attribute values (they may hold '>').
      let end = pos + 1;
      let quote = 0;
      for (; end < length; end++) {
        const b = buf[end] as number;
        if (quote) {
          if (b === quote) quote = 0;
        } else if (b === GT) break;
        else if (b === DQUOTE || b === SQUOTE) quote = b;
      }
      if (end === length) break;
      const closing = next === SLASH;
      let nameStart = closing ? pos + 2 : pos + 1;
      let nameEnd = nameStart;
      for (; nameEnd < end; nameEnd++) {
        const b = buf[nameEnd] as number;
        if (b === SLASH || isSpace(b)) break;
        if (b === COLON) nameStart = nameEnd + 1;
      }
      const code = this.code(buf, nameStart, nameEnd);
      if (closing) this.close(code);
      else {
        const selfClosing = buf[end - 1] === SLASH;
        this.open(buf, code, nameEnd, selfClosing ? end - 1 : end);
        if (selfClosing) this.close(code);
      }
      pos = end + 1;
    }
    if (pos < length) {
      if (length - pos > MAX_PENDING_BYTES) throw new XmlFormatError('xlsx 内容过长');
      this.rest = buf.subarray(pos);
    }
  }

  /** `<!-- -->`, `<![CDATA[ ]]>`, `<!DOCTYPE >`, `<? ?>`: the position after it, -1 if incomplete. */
  private special(buf: Buffer, pos: number): number {
    if (buf[pos + 1] === QUESTION) {
      const end = buf.indexOf('?>', pos + 2);
      return end < 0 ? -1 : end + 2;
    }
    if (buf.length - pos < 4) return -1;
    if (buf.toString('latin1', pos, pos + 4) === '<!--') {
      const end = buf.indexOf('-->', pos + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (buf.length - pos < 9) return -1;
    if (buf.toString('latin1', pos, pos + 9) === '<![CDATA[') {
      const end = buf.indexOf(']]>', pos + 9);
      if (end < 0) return -1;
      if (this.capturing) this.text(buf.toString('utf8', pos + 9, end));
      return end + 3;
    }
    if (buf.toString('latin1', pos, pos + 9) === '<!DOCTYPE') {
      // Internal subsets could define entities: refused rather than half understood.
      const end = buf.indexOf('>', pos);
      if (end < 0) return -1;
      if (buf.subarray(pos, end).includes('[')) throw new XmlFormatError('xlsx 含不支持的 DTD');
      return end + 1;
    }
    throw new XmlFormatError('xlsx 的 XML 不正确');
  }

  /** Whether everything fed has been tokenised (nothing cut off at the end of the part). */
  end() {
    if (this.rest && this.rest.toString('utf8').trim()) throw new XmlFormatError('xlsx 的 XML 不完整');
  }
}

/** An unsigned decimal integer from bytes, or -1. */
function parseIndex(buf: Buffer, start: number, end: number): number {
  if (start >= end) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = (buf[i] as number) - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The shared strings table (xl/sharedStrings.xml): one string per `<si>`. */
class SharedStringsScanner extends XmlScanner {
  readonly strings: string[] = [];
  private inItem = false;
  private inPhonetic = false;
  private current = '';
  private chars = 0;

  constructor() {
    super(['si', 't', 'rPh']);
  }

  protected open(_buf: Buffer, code: number) {
    if (code === 0) {
      this.inItem = true;
      this.current = '';
    } else if (code === 1) this.capturing = this.inItem && !this.inPhonetic;
    else if (code === 2) this.inPhonetic = true;
  }

  protected close(code: number) {
    if (code === 0) {
      this.strings.push(this.current);
      this.chars += this.current.length;
      if (this.chars > MAX_SHARED_STRING_CHARS) throw new XmlFormatError('xlsx 共享字符串过多');
      this.inItem = false;
      this.current = '';
    } else if (code === 1) this.capturing = false;
    else if (code === 2) this.inPhonetic = false;
  }

  protected text(value: string) {
    this.current += value;
  }
}

/** Cell types (`t`): number (the default), shared string, inline string, formula string, ... */
const CellType = { Number: 0, Shared: 1, Inline: 2, FormulaString: 3, Boolean: 4, Error: 5, IsoDate: 6 } as const;
type CellType = (typeof CellType)[keyof typeof CellType];

function cellTypeOf(buf: Buffer, start: number, end: number): CellType {
  const length = end - start;
  const first = buf[start];
  if (length === 1) {
    if (first === 0x73 /* s */) return CellType.Shared;
    if (first === 0x62 /* b */) return CellType.Boolean;
    if (first === 0x65 /* e */) return CellType.Error;
    if (first === 0x64 /* d */) return CellType.IsoDate;
    return CellType.Number;
  }
  if (length === 3 && first === 0x73 && buf[start + 1] === 0x74 && buf[start + 2] === 0x72)
    return CellType.FormulaString;
  if (length === 9 && first === 0x69 /* i */ && buf[start + 6] === 0x53 /* S */) return CellType.Inline;
  return CellType.Number;
}

/** Excel serial day numbers to dates: days since 1899-12-30 (or 1904-01-01). */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

interface SheetContext {
  sharedStrings: readonly string[];
  /** Style indexes (`s`) whose number format is a date or time. */
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
}

const ROW = 0;
const CELL = 1;
const VALUE = 2;
const INLINE = 3;
const TEXT = 4;
const PHONETIC = 5;

/** A worksheet part: rows as they complete. */
class WorksheetScanner extends XmlScanner {
  /** Rows completed by the last `write`. */
  rows: XlsxRow[] = [];
  private values: XlsxValue[] | undefined;
  private rowNumber = 0;
  private inCell = false;
  private column = -1;
  private type: CellType = CellType.Number;
  private style = 0;
  private value: string | undefined;
  private inInline = false;
  private inPhonetic = false;

  constructor(private readonly context: SheetContext) {
    super(['row', 'c', 'v', 'is', 't', 'rPh']);
  }

  protected open(buf: Buffer, code: number, attrStart: number, attrEnd: number) {
    switch (code) {
      case ROW: {
        let number = -1;
        for (let at = this.nextAttribute(buf, attrStart, attrEnd); at >= 0; at = this.nextAttribute(buf, at, attrEnd)) {
          if (this.attrNameEnd - this.attrName === 1 && buf[this.attrName] === 0x72 /* r */) {
            number = parseIndex(buf, this.attrValue, this.attrValueEnd);
          }
        }
        this.rowNumber = number > 0 ? number : this.rowNumber + 1;
        this.values = [];
        this.column = -1;
        return;
      }
      case CELL: {
        if (!this.values) return;
        let column = -1;
        let type: CellType = CellType.Number;
        let style = 0;
        for (let at = this.nextAttribute(buf, attrStart, attrEnd); at >= 0; at = this.nextAttribute(buf, at, attrEnd)) {
          if (this.attrNameEnd - this.attrName !== 1) continue;
          const name = buf[this.attrName];
          if (name === 0x72 /* r */) column = columnOf(buf, this.attrValue, this.attrValueEnd);
          else if (name === 0x74 /* t */) type = cellTypeOf(buf, this.attrValue, this.attrValueEnd);
          else if (name === 0x73 /* s */) style = Math.max(parseIndex(buf, this.attrValue, this.attrValueEnd), 0);
        }
        this.column = column >= 0 ? column : this.column + 1;
        if (this.column >= MAX_COLUMNS) throw new XmlFormatError('xlsx 列数超出范围');
        this.type = type;
        this.style = style;
        this.value = undefined;
        this.inCell = true;
        return;
      }
      case VALUE:
        if (this.inCell) {
          this.value ??= '';
          this.capturing = true;
        }
        return;
      case INLINE:
        if (this.inCell) this.inInline = true;
        return;
      case TEXT:
        if (this.inInline && !this.inPhonetic) {
          this.value ??= '';
          this.capturing = true;
        }
        return;
      case PHONETIC:
        this.inPhonetic = true;
        return;
    }
  }

  protected close(code: number) {
    switch (code) {
      case ROW:
        if (this.values) this.rows.push({ row: this.rowNumber, values: this.values });
        this.values = undefined;
        return;
      case CELL:
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
      case VALUE:
      case TEXT:
        this.capturing = false;
        return;
      case INLINE:
        this.inInline = false;
        return;
      case PHONETIC:
        this.inPhonetic = false;
        return;
    }
  }

  protected text(value: string) {
    this.value = this.value === undefined ? value : this.value + value;
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

/** The column index (A = 0) of a cell reference such as `AB12`, or -1. */
function columnOf(buf: Buffer, start: number, end: number): number {
  let column = 0;
  let i = start;
  for (; i < end; i++) {
    const b = (buf[i] as number) | 0x20; // lower case
    if (b < 0x61 || b > 0x7a) break;
    column = column * 26 + (b - 0x60);
    if (column > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return i === start ? -1 : column - 1;
}

// ── The small parts ──────────────────────────────────────────────────────────────────────────

/** The attributes of a tag's text (`name="value"`), by local name, values decoded. */
function attributesOf(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = m[1] ?? '';
    attrs.set(name, decodeXmlText(m[2] ?? m[3] ?? ''));
  }
  return attrs;
}

/** Start tags of elements with this local name, in document order. */
function* tagsOf(xml: string, localName: string): Generator<Map<string, string>> {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])([^>]*)>`, 'g');
  for (const m of xml.matchAll(pattern)) yield attributesOf(m[1] ?? '');
}

/** An attribute by local name, whatever its prefix. */
function attribute(attrs: Map<string, string>, localName: string, prefixed = false): string | undefined {
  for (const [name, value] of attrs) {
    const colon = name.indexOf(':');
    if (prefixed ? colon >= 0 && name.slice(colon + 1) === localName : name === localName) return value;
  }
  return undefined;
}

interface Workbook {
  /** Relationship id of the first sheet. */
  firstSheetId: string | undefined;
  date1904: boolean;
}

function parseWorkbook(xml: string): Workbook {
  const [first] = tagsOf(xml, 'sheet');
  const [properties] = tagsOf(xml, 'workbookPr');
  const date1904 = properties ? attribute(properties, 'date1904') : undefined;
  return {
    firstSheetId: first ? attribute(first, 'id', true) : undefined,
    date1904: date1904 === '1' || date1904 === 'true',
  };
}

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

interface WorkbookRels {
  /** Part names by relationship id, and the shared strings and styles parts. */
  targets: Map<string, string>;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

function parseWorkbookRels(xml: string): WorkbookRels {
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  let styles: string | undefined;
  for (const attrs of tagsOf(xml, 'Relationship')) {
    const id = attrs.get('Id');
    const target = attrs.get('Target');
    if (!id || !target || attrs.get('TargetMode') === 'External') continue;
    const path = normalisePath(target.startsWith('/') ? target : `xl/${target}`);
    targets.set(id, path);
    const type = attrs.get('Type') ?? '';
    if (type.endsWith('/sharedStrings')) sharedStrings = path;
    else if (type.endsWith('/styles')) styles = path;
  }
  return { targets, sharedStrings, styles };
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

/** Style indexes (`s` of a cell = index into cellXfs) whose number format is a date. */
function parseDateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const attrs of tagsOf(xml, 'numFmt')) {
    const id = Number(attrs.get('numFmtId'));
    if (Number.isInteger(id)) custom.set(id, attrs.get('formatCode') ?? '');
  }
  const dateStyles = new Set<number>();
  const cellXfs = /<(?:[\w.-]+:)?cellXfs[\s>][\s\S]*?<\/(?:[\w.-]+:)?cellXfs>/.exec(xml)?.[0] ?? '';
  let index = 0;
  for (const attrs of tagsOf(cellXfs, 'xf')) {
    const id = Number(attrs.get('numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id)) dateStyles.add(index);
    index += 1;
  }
  return dateStyles;
}

// ── The archive ──────────────────────────────────────────────────────────────────────────────

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const DEFAULT_SHARED_STRINGS = 'xl/sharedstrings.xml';
const DEFAULT_STYLES = 'xl/styles.xml';
const isWorksheetPath = (path: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(path);

/** The rows of one worksheet's XML, a batch per chunk read; `onChunk` after each chunk. */
async function* worksheetRows(data: AsyncIterable<Buffer>, context: SheetContext, onChunk: () => void) {
  const scanner = new WorksheetScanner(context);
  for await (const chunk of data) {
    scanner.write(chunk);
    onChunk();
    if (!scanner.rows.length) continue;
    const rows = scanner.rows;
    scanner.rows = [];
    yield rows;
  }
  scanner.end();
}

/**
 * The rows of the first worksheet of an xlsx, streamed in batches (as many as each chunk of the
 * file completes). Rows without cells come with no values; rows the file does not hold (never
 * written) do not come at all.
 */
export async function* readXlsxRowBatches(source: Readable, options: XlsxReadOptions = {}): AsyncGenerator<XlsxRow[]> {
  const zip = new ZipStreamReader(source);
  const size = options.size ?? 0;
  const report = (fraction: number) => options.onProgress?.(Math.min(Math.max(fraction, 0), 1));
  let workbook: Workbook | undefined;
  let rels: WorkbookRels | undefined;
  // Parts read before the relationships said where they are keep the name they were read under.
  let sharedStrings: { path: string; strings: string[] } | undefined;
  let dateStyles: { path: string; styles: Set<number> } | undefined;
  const spooled = new Map<string, SpooledEntry>();
  let spoolDir: string | undefined;

  const firstSheet = () => (workbook?.firstSheetId ? rels?.targets.get(workbook.firstSheetId) : undefined);
  const sharedStringsPath = () => (rels ? rels.sharedStrings : DEFAULT_SHARED_STRINGS);
  const stylesPath = () => (rels ? rels.styles : DEFAULT_STYLES);
  /** Whether the parts the first sheet refers to have been read (rels known). */
  const partsRead = () =>
    rels !== undefined &&
    (!rels.sharedStrings || sharedStrings?.path === rels.sharedStrings) &&
    (!rels.styles || dateStyles?.path === rels.styles);
  const context = (): SheetContext => ({
    sharedStrings: sharedStrings && sharedStrings.path === sharedStringsPath() ? sharedStrings.strings : [],
    dateStyles: dateStyles && dateStyles.path === stylesPath() ? dateStyles.styles : new Set(),
    date1904: workbook?.date1904 ?? false,
  });

  try {
    for (let entry = await zip.nextEntry(); entry; entry = await zip.nextEntry()) {
      const path = normalisePath(entry.name);
      if (path === WORKBOOK) workbook = parseWorkbook(await zip.readText(MAX_PART_BYTES));
      else if (path === WORKBOOK_RELS) rels = parseWorkbookRels(await zip.readText(MAX_PART_BYTES));
      else if (path === sharedStringsPath()) {
        const scanner = new SharedStringsScanner();
        for await (const chunk of zip.read()) scanner.write(chunk);
        scanner.end();
        sharedStrings = { path, strings: scanner.strings };
      } else if (path === stylesPath()) {
        dateStyles = { path, styles: parseDateStyles(await zip.readText(MAX_PART_BYTES)) };
      } else if (isWorksheetPath(path) || path === firstSheet()) {
        const first = firstSheet();
        if (first !== undefined && first !== path) {
          await zip.skip();
          continue;
        }
        // A stored entry of unknown length cannot be read as it streams; copied aside, it can.
        const streamable = !(entry.hasDataDescriptor && entry.method === 0);
        if (first === path && partsRead() && streamable) {
          // Everything it refers to is known: read it straight from the archive.
          yield* worksheetRows(zip.read(), context(), () => size && report(zip.bytesRead / size));
          return;
        }
        spoolDir ??= await mkdtemp(join(tmpdir(), 'fp-xlsx-'));
        spooled.set(path, await zip.spool(join(spoolDir, String(spooled.size))));
      } else await zip.skip();
      const first = firstSheet();
      // The rest of the archive has nothing the first sheet needs.
      if (first !== undefined && spooled.has(first) && partsRead()) break;
    }
    // Without a workbook part to say which sheet is first, the lowest numbered one.
    const first = firstSheet() ?? [...spooled.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
    const entry = first === undefined ? undefined : spooled.get(first);
    if (!entry) throw new XlsxFormatError(XLSX_NO_WORKSHEET);
    let read = 0;
    const data = readSpooled(entry, (n) => (read += n));
    yield* worksheetRows(data, context(), () => report(read / Math.max(entry.compressedSize, 1)));
  } catch (err) {
    if (err instanceof XlsxFormatError) throw err;
    throw new XlsxFormatError(XLSX_UNREADABLE, { cause: err });
  } finally {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}
