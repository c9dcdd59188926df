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
 *
 * This file is the entry point and the order of the parts; `xlsx-xml.ts` holds the archive and
 * the XML, `xlsx-cells.ts` the SpreadsheetML (the parts' elements and the cells' types).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type ZipFile } from 'yauzl';
import {
  relsHandlers,
  sharedStringsHandlers,
  stylesHandlers,
  workbookHandlers,
  WorksheetHandlers,
  type Workbook,
  type WorkbookRels,
  type XlsxRow,
} from './xlsx-cells.ts';
import { entriesOf, entryData, parsePart, XmlPart, type XmlHandlers } from './xlsx-xml.ts';

export { columnOf, excelSerialToDate, isDateFormatCode, type XlsxRow, type XlsxValue } from './xlsx-cells.ts';
export { MAX_ENTRIES, MAX_TOKEN_BYTES, XlsxPartError } from './xlsx-xml.ts';

/** A file that cannot be read as an xlsx workbook: corrupt (`UNREADABLE`) or without a worksheet. */
export class XlsxFormatError extends Error {
  override name = 'XlsxFormatError';
}
export const XLSX_UNREADABLE = 'xlsx 文件无法解析';
export const XLSX_NO_WORKSHEET = 'xlsx 文件中没有工作表';

export interface XlsxReadOptions {
  /** The size of the source in bytes, for progress. */
  size?: number;
  /** Called now and then with the fraction (0-1) of the worksheet read so far. */
  onProgress?(fraction: number): void;
}

/** The declared size of the worksheet read, inflated: a zip bomb must not run for ever. */
export const MAX_SHEET_BYTES = 1024 * 1024 * 1024;
/** Parts read whole (workbook, relationships, styles) and the shared strings are small. */
export const MAX_PART_BYTES = 32 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES = 256 * 1024 * 1024;

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
