import { Transform, type TransformCallback } from 'node:stream';

/** The kinds of file the server accepts, told apart by content, never by name. */
export const FILE_KINDS = {
  png: { contentType: 'image/png', label: 'PNG', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', label: 'JPG', extension: 'jpg', alsoSpelled: ['jpeg'] },
  pdf: { contentType: 'application/pdf', label: 'PDF', extension: 'pdf' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'XLSX',
    extension: 'xlsx',
  },
  zip: { contentType: 'application/zip', label: 'ZIP', extension: 'zip' },
  csv: { contentType: 'text/csv; charset=utf-8', label: 'CSV', extension: 'csv' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 8192;

const startsWith = (head: Uint8Array, magic: number[]) =>
  head.length >= magic.length && magic.every((b, i) => head[i] === b);

/** Text: no NUL and no control characters other than tab, line feed, form feed and carriage return. */
function isText(head: Uint8Array): boolean {
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/**
 * Markup a browser would run or draw (HTML, SVG, XML): text, but not a table. An outside probe
 * stored SVG and HTML as CSV under their own extension; a CSV's first cell never opens a tag.
 */
function isMarkup(head: Uint8Array): boolean {
  const text = Buffer.from(head)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  return text.startsWith('<') || /<(svg|html|script|body|iframe)[\s>/]|<!doctype|<\?xml/.test(text);
}

/** Whether a file name's extension is one of the kind's (`.jpg` or `.jpeg` for a JPG). */
export function hasExtensionOf(name: string, kind: FileKind): boolean {
  const entry: { extension: string; alsoSpelled?: readonly string[] } = FILE_KINDS[kind];
  const ext = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext !== undefined && (ext === entry.extension || (entry.alsoSpelled ?? []).includes(ext));
}

/**
 * The kind of a file from its first bytes (magic numbers), or undefined. A zip is an xlsx when
 * its first entries are those of a spreadsheet package or its name says so; text counts as csv
 * unless it is markup.
 */
export function sniffFileKind(head: Uint8Array, fileName = ''): FileKind | undefined {
  if (!head.length) return undefined;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const ascii = Buffer.from(head).toString('latin1');
    const looksLikeSheet = ascii.includes('[Content_Types].xml') || ascii.includes('xl/');
    return looksLikeSheet || /\.xlsx$/i.test(fileName) ? 'xlsx' : 'zip';
  }
  return isText(head) && !isMarkup(head) ? 'csv' : undefined;
}

export class FileCheckError extends Error {
  constructor(
    readonly reason: 'empty' | 'too-large' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'FileCheckError';
  }
}

export interface FileInspection {
  kind: FileKind;
  size: number;
}

/**
 * A pass-through stream that checks a file while it flows to storage: the kind from the first
 * bytes (refusing kinds not in `allowed`), the size against `maxBytes`, and emptiness. It fails
 * with a FileCheckError carrying the Chinese message; `result()` answers once it has finished.
 */
export function createFileInspector(options: {
  allowed: readonly FileKind[];
  maxBytes: number;
  fileName?: string;
  messages: { empty: string; tooLarge: string; unsupported: string };
}): Transform & { result(): FileInspection } {
  let head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let kind: FileKind | undefined;

  const decide = (stream: Transform): Error | undefined => {
    const bytes = Buffer.concat(head);
    kind = sniffFileKind(bytes, options.fileName);
    if (!kind || !options.allowed.includes(kind)) {
      return new FileCheckError('unsupported', options.messages.unsupported);
    }
    stream.push(bytes);
    head = [];
    return undefined;
  };

  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(new FileCheckError('too-large', options.messages.tooLarge));
      if (kind) return callback(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < SNIFF_BYTES) return callback();
      callback(decide(this));
    },
    flush(callback: TransformCallback) {
      if (size === 0) return callback(new FileCheckError('empty', options.messages.empty));
      if (!kind) return callback(decide(this));
      callback();
    },
  });
  return Object.assign(inspector, {
    result(): FileInspection {
      if (!kind) throw new Error('file not inspected yet');
      return { kind, size };
    },
  });
}
