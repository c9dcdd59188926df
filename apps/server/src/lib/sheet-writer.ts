/**
 * Streaming xlsx writing: SpreadsheetML written row by row into a streamed zip (yazl), so no
 * workbook is ever held in memory whole (ARCHITECTURE section 1). Rows wait when the reader of
 * the output is behind (`addRows`, `ready`), so memory stays bounded whatever the row count.
 *
 * The zip format (deflate, data descriptors for the sheets, whose sizes are unknown up front,
 * ZIP64 where it is needed) is yazl's; what is written into it, the SpreadsheetML parts, is ours.
 * Strings are written inline (no shared strings table), numbers as numbers; null and '' leave the
 * cell empty. Characters XML 1.0 cannot hold (control characters, lone surrogates) are dropped.
 */
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';

/** The workbook would exceed the size allowed (`maxBytes`, 4 GiB - 1 unless told). */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | null;

/** Rows a worksheet holds, its header included: Excel's limit. */
export const MAX_SHEET_ROWS = 1_048_576;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  /** Format the column as text, so that long digit strings typed in Excel stay exact. */
  text?: boolean;
}

export interface SheetWriter {
  /**
   * Adds a row. Never waits: answers false once the output is full, and then the caller should
   * await the workbook's `ready()` before adding more (`addRows` does). Small sheets may ignore it.
   * Throws past MAX_SHEET_ROWS, which no spreadsheet program would open.
   */
  addRow(values: readonly CellValue[]): boolean;
  /** Adds rows, waiting whenever the output is full: for sheets of any size. */
  addRows(rows: Iterable<readonly CellValue[]>): Promise<void>;
}

export interface XlsxWriter {
  /** The xlsx bytes, produced while rows are added: pipe it to storage or to a response. */
  readonly stream: Readable;
  /**
   * Adds a worksheet with a bold, frozen header row. Sheets are written one after the other:
   * adding a sheet finishes the previous one.
   */
  addSheet(name: string, columns: SheetColumn[]): SheetWriter;
  /**
   * Adds worksheets as the rows need them, each with the header row: `name`, then `name (2)`,
   * `name (3)`… once a sheet holds `rowsPerSheet` rows under its header (by default as many as
   * Excel allows). For lists of any length.
   */
  addSheets(name: string, columns: SheetColumn[], rowsPerSheet?: number): SheetWriter;
  /** Resolves once the output has room for more rows (at once when it has). */
  ready(): Promise<void>;
  /** Finishes the workbook; the stream ends after it. */
  commit(): Promise<void>;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell formats of styles.xml, by index. numFmtId 49 is the built-in text format "@". */
const STYLE_BOLD = 1;
const STYLE_TEXT = 2;
const STYLE_BOLD_TEXT = 3;
const STYLES_XML =
  XML_DECLARATION +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2">' +
  // No theme part is written, so fonts name no theme colour or theme font scheme.
  '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '</fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

/** Row XML is gathered up to about this many characters before it goes to the zip entry. */
const FLUSH_CHARS = 32 * 1024;
const SHEET_NAME_MAX = 31;

/** Column letters by index (0 = A), grown as needed. */
const columnLetters: string[] = [];
function columnLetter(index: number): string {
  for (let i = columnLetters.length; i <= index; i++) {
    let name = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnLetters.push(name);
  }
  return columnLetters[index] ?? '';
}

/** Anything that needs more than copying: markup, CR, characters XML 1.0 forbids, surrogates. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
/** Control characters other than tab, LF and CR; U+FFFE, U+FFFF; lone surrogates (the `u` flag pairs the rest). */
// eslint-disable-next-line no-control-regex
const ILLEGAL_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;
const MARKUP = /[&<>\r]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
/** Whitespace an XML reader could drop unless told to keep it. */
const NEEDS_PRESERVE = /^\s|\s$|[\t\n\r]/;

/** Text for element content: escaped, characters XML 1.0 cannot hold removed. */
export function escapeXmlText(value: string): string {
  if (!NEEDS_ESCAPING.test(value)) return value;
  return value.replace(ILLEGAL_IN_XML, '').replace(MARKUP, (c) => ENTITIES[c] ?? '');
}

/** Text for an attribute value in double quotes. */
const escapeXmlAttribute = (value: string) =>
  escapeXmlText(value)
    .replace(/"/g, '&quot;')
    .replace(/[\t\n]/g, ' ');

function cellXml(ref: string, style: string, value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  }
  const text = String(value);
  const space = NEEDS_PRESERVE.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXmlText(text)}</t></is></c>`;
}

/** The sheet name Excel accepts: no []:*?/\, not empty, at most 31 characters (cut like ExcelJS did). */
export function sheetNameOf(name: string, taken: string[]): string {
  if (!name.trim() || /[[\]:*?/\\]/.test(name) || name.startsWith("'") || name.endsWith("'")) {
    throw new Error(`invalid worksheet name: ${name}`);
  }
  const cut = Array.from(name).slice(0, SHEET_NAME_MAX).join('');
  if (taken.some((t) => t.toLowerCase() === cut.toLowerCase())) throw new Error(`duplicate worksheet name: ${cut}`);
  return cut;
}

/** Adds rows through `addRow`, waiting for `ready` whenever the output is full. */
export const addRowsOf =
  (addRow: (values: readonly CellValue[]) => boolean, ready: () => Promise<void>) =>
  async (rows: Iterable<readonly CellValue[]>) => {
    for (const values of rows) if (!addRow(values)) await ready();
  };

/** `XlsxWriter.addSheets` of a writer, from its `addSheet`. */
export function addSheetsWith(
  addSheet: XlsxWriter['addSheet'],
  ready: () => Promise<void>,
  name: string,
  columns: SheetColumn[],
  rowsPerSheet = MAX_SHEET_ROWS - 1,
): SheetWriter {
  if (!Number.isInteger(rowsPerSheet) || rowsPerSheet < 1 || rowsPerSheet >= MAX_SHEET_ROWS) {
    throw new RangeError(`rows per sheet must be 1 to ${MAX_SHEET_ROWS - 1}`);
  }
  let part = 1;
  let sheet = addSheet(name, columns);
  let rows = 0;
  const addRow = (values: readonly CellValue[]) => {
    if (rows === rowsPerSheet) {
      part += 1;
      const suffix = ` (${part})`;
      sheet = addSheet(
        Array.from(name)
          .slice(0, SHEET_NAME_MAX - suffix.length)
          .join('') + suffix,
        columns,
      );
      rows = 0;
    }
    rows += 1;
    return sheet.addRow(values);
  };
  return { addRow, addRows: addRowsOf(addRow, ready) };
}

function sheetHead(columns: SheetColumn[], isFirst: boolean): string {
  const cols = columns
    .map((c, i) => {
      const width = c.width ?? Math.max(10, c.header.length * 2 + 4);
      const style = c.text ? ` style="${STYLE_TEXT}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${style}/>`;
    })
    .join('');
  return (
    XML_DECLARATION +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"${isFirst ? ' tabSelected="1"' : ''}>` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

const SHEET_TAIL =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

function contentTypesXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return (
    XML_DECLARATION +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    sheets +
    '</Types>'
  );
}

const ROOT_RELS_XML =
  XML_DECLARATION +
  `<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

function workbookXml(names: string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${escapeXmlAttribute(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return (
    XML_DECLARATION +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView activeTab="0"/></bookViews>' +
    `<sheets>${sheets}</sheets>` +
    '</workbook>'
  );
}

function workbookRelsXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${PACKAGE_REL_NS}">` +
    sheets +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

export interface XlsxWriterOptions {
  /**
   * The largest workbook in bytes: 4 GiB - 1 unless told (the export refuses larger files, which
   * would also need ZIP64, that some readers do not open). Tests lower it.
   */
  maxBytes?: number;
}

/** Uncompressed bytes a sheet queues ahead of the zip before its writer is asked to wait. */
const ENTRY_HIGH_WATER_MARK = 256 * 1024;
const OUTPUT_HIGH_WATER_MARK = 16 * 1024;
const DEFAULT_MAX_BYTES = 0xffffffff;
/**
 * zlib's fastest level: a sheet's XML deflates about three times faster than at the default 6,
 * on the same two cores as the database and the rows' XML, for a file about a sixth larger
 * (1,000,000 workers: 77.7 MB against 66.2 MB; the export took 19.9–24.1 s against 28.0–32.7 s in
 * alternating runs, bench/README.md).
 */
const DEFLATE_LEVEL = 1;

type SheetEntry = { entry: PassThrough; xml: string };

export function createXlsxWriter(options: XlsxWriterOptions = {}): XlsxWriter {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const zip = new ZipFile();
  const mtime = new Date();
  const names: string[] = [];
  let committed = false;
  let finished = false;
  let failure: Error | undefined;
  /** Called with the error when the writer fails: pending waits reject. */
  const failureListeners = new Set<(err: Error) => void>();
  /** The sheet being written: its zip entry and the row XML not yet handed to it. */
  let current: SheetEntry | undefined;
  /** Every sheet entry not yet wholly taken by the zip, to stop them on failure. */
  const entries = new Set<PassThrough>();
  /** False from a flush the entry could not take until `ready()` resolves. */
  let hasRoom = true;
  let written = 0;

  // The archive's bytes as yazl writes them, counted against `maxBytes` on their way out.
  const stream = new Transform({
    // Compressed bytes wait in the readable side only: the fewer buffers between rows and the
    // reader, the sooner rows stop when the reader stops.
    readableHighWaterMark: OUTPUT_HIGH_WATER_MARK,
    writableHighWaterMark: 1,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      written += chunk.length;
      if (written > maxBytes) return callback(new ZipLimitError(`xlsx larger than ${maxBytes} bytes`));
      callback(null, chunk);
    },
  });
  // Rows wait on the output too, not only on the sheet's entry: yazl's pipes between them hold a
  // few buffers each, and filling them all would let rows run ahead for a while after the reader
  // has stopped. A read of the output wakes the writer.
  const readWaiters = new Set<() => void>();
  const transformRead = stream._read.bind(stream);
  stream._read = (size: number) => {
    for (const wake of [...readWaiters]) wake();
    transformRead(size);
  };
  const outputFull = () => stream.readableLength >= OUTPUT_HIGH_WATER_MARK;
  const output = zip.outputStream as PassThrough;
  output.on('end', () => (finished = true));
  // After a failure yazl may still write into the destroyed output: nothing to report then.
  output.on('error', () => {});
  output.pipe(stream);
  // Every failure also reaches the writer through addRow, ready() and commit(): a stream not yet
  // piped anywhere must not take the process down with an unhandled 'error'.
  stream.on('error', (err) => fail(err));
  stream.on('close', () => {
    if (!finished) fail(new Error('the xlsx stream was closed before the workbook was finished'));
  });
  zip.on('error', (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));

  function fail(err: Error) {
    if (failure) return;
    failure = err;
    for (const entry of entries) entry.destroy();
    output.unpipe(stream);
    output.destroy();
    if (!stream.destroyed) stream.destroy(err);
    for (const listener of [...failureListeners]) listener(err);
  }

  /** Throws the failure, noticing a stream destroyed a moment ago (its events come later). */
  function check() {
    if (!failure && stream.destroyed && !finished) {
      fail(stream.errored ?? new Error('the xlsx stream was closed before the workbook was finished'));
    }
    if (failure) throw failure;
  }

  /** Waits until `subscribe` wakes it, unless the writer fails first. */
  function waitFor(subscribe: (wake: () => void) => () => void): Promise<void> {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const settle = (err?: Error) => {
        unsubscribe();
        failureListeners.delete(onFailure);
        if (err) reject(err);
        else resolve();
      };
      const onFailure = (err: Error) => settle(err);
      const unsubscribe = subscribe(() => settle());
      failureListeners.add(onFailure);
    });
  }

  const addPart = (name: string, xml: string) =>
    zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime, compressionLevel: DEFLATE_LEVEL });

  const flush = (sheet: SheetEntry) => {
    check();
    const bytes = Buffer.from(sheet.xml, 'utf8');
    sheet.xml = '';
    hasRoom = sheet.entry.write(bytes) && !outputFull();
  };
  const ready = async () => {
    const entry = current?.entry;
    check();
    if (entry && entry.writableNeedDrain) {
      await waitFor((wake) => {
        entry.once('drain', wake);
        return () => entry.off('drain', wake);
      });
    }
    while (outputFull()) {
      await waitFor((wake) => {
        readWaiters.add(wake);
        return () => readWaiters.delete(wake);
      });
    }
    hasRoom = true;
  };
  const finishSheet = () => {
    if (!current) return;
    current.xml += SHEET_TAIL;
    flush(current);
    current.entry.end();
    current = undefined;
  };

  // Styles first: fixed, and a streaming reader meets them before any cell.
  addPart('xl/styles.xml', STYLES_XML);

  function addSheet(name: string, columns: SheetColumn[]): SheetWriter {
    check();
    if (committed) throw new Error('the workbook is already committed');
    const sheetName = sheetNameOf(name, names);
    finishSheet();
    names.push(sheetName);
    const entry = new PassThrough({ highWaterMark: ENTRY_HIGH_WATER_MARK });
    entries.add(entry);
    entry.on('end', () => entries.delete(entry));
    zip.addReadStream(entry, `xl/worksheets/sheet${names.length}.xml`, { mtime, compressionLevel: DEFLATE_LEVEL });
    const sheet: SheetEntry = { entry, xml: '' };
    current = sheet;
    const styles = columns.map((c) => (c.text ? ` s="${STYLE_TEXT}"` : ''));
    let rowNumber = 0;
    const addRow = (values: readonly CellValue[], rowStyles: string[]) => {
      if (current !== sheet) throw new Error(`worksheet ${sheetName} is already finished`);
      if (rowNumber === MAX_SHEET_ROWS) throw new RangeError(`worksheet ${sheetName} is full`);
      rowNumber += 1;
      const r = String(rowNumber);
      let cells = '';
      for (let i = 0; i < values.length; i++) cells += cellXml(columnLetter(i) + r, rowStyles[i] ?? '', values[i]);
      if (cells) sheet.xml += `<row r="${r}">${cells}</row>`;
      if (sheet.xml.length >= FLUSH_CHARS) flush(sheet);
      return hasRoom;
    };

    sheet.xml = sheetHead(columns, names.length === 1);
    addRow(
      columns.map((c) => c.header),
      columns.map((c) => ` s="${c.text ? STYLE_BOLD_TEXT : STYLE_BOLD}"`),
    );
    const addDataRow = (values: readonly CellValue[]) => addRow(values, styles);
    return { addRow: addDataRow, addRows: addRowsOf(addDataRow, ready) };
  }

  return {
    stream,
    addSheet,

    addSheets: (name, columns, rowsPerSheet) => addSheetsWith(addSheet, ready, name, columns, rowsPerSheet),

    ready,

    async commit() {
      if (committed) throw new Error('the workbook is already committed');
      if (!names.length) throw new Error('a workbook needs at least one worksheet');
      committed = true;
      check();
      finishSheet();
      addPart('[Content_Types].xml', contentTypesXml(names.length));
      addPart('_rels/.rels', ROOT_RELS_XML);
      addPart('xl/workbook.xml', workbookXml(names));
      addPart('xl/_rels/workbook.xml.rels', workbookRelsXml(names.length));
      // Resolves once yazl has handed every byte to the output (which its reader then drains).
      await waitFor((wake) => {
        output.once('end', wake);
        zip.end();
        return () => output.off('end', wake);
      });
      if (failure) throw failure;
    },
  };
}
