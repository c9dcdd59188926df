/**
 * The xlsx reader's bottom half: the archive (yauzl) and the XML (saxes), nothing of
 * SpreadsheetML. An entry's data is inflated and CRC-checked as it is consumed, its declared size
 * capped before it is opened, the number of entries bounded; an XML part is parsed from bytes
 * with every token bounded in length and DTD internal subsets refused. `xlsx-reader.ts` lists
 * the guards; `xlsx-cells.ts` reads the parts' elements.
 */
import { TextDecoder } from 'node:util';
import { crc32 } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Entry, ZipFile } from 'yauzl';

/** What exactly is wrong with a part (the cause of an XlsxFormatError). */
export class XlsxPartError extends Error {
  override name = 'XlsxPartError';
}

/** No token (a tag, a text, a comment) may run longer than this without markup. */
export const MAX_TOKEN_BYTES = 4 * 1024 * 1024;
/** An xlsx has a few dozen parts; a central directory of millions is an attack on memory. */
export const MAX_ENTRIES = 10_000;

// ── The archive (yauzl) ──────────────────────────────────────────────────────────────────────

/** A part name as compared: no leading slash, `.` and `..` resolved, lower case (OPC names are). */
export function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/').toLowerCase();
}

/** The entries of an archive by normalised name. */
export async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_ENTRIES) throw new XlsxPartError('zip 条目过多');
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) entries.set(normalisePath(entry.fileName), entry);
  return entries;
}

/**
 * The data of an entry, inflated and checked (CRC-32 here, the size by yauzl), as it is consumed;
 * refused up front when its declared size is above `max`.
 */
export async function* entryData(zip: ZipFile, entry: Entry, max: number): AsyncGenerator<Buffer> {
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
export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text?(value: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by local name, whatever its prefix (`r:id` for `id`). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

/**
 * An XML parser fed bytes: UTF-8 decoded across chunk ends, tokens bounded in length (saxes keeps
 * a token whole until it ends), DTD internal subsets refused.
 */
export class XmlPart {
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

export async function parsePart(data: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const part = new XmlPart(handlers);
  for await (const chunk of data) part.write(chunk);
  part.end();
}
