/**
 * A streaming zip reader: entries are met in the order of the archive, read through its local
 * headers, and each is read (inflated as it is consumed), copied aside as compressed bytes for
 * later, or skipped. Nothing holds more than a chunk or two of the archive in memory.
 *
 * An entry whose sizes follow its data (a data descriptor, general purpose flag bit 3, as every
 * streaming writer makes them) has no known length. Read, its end is where its deflate stream
 * ends, which zlib tells (`bytesWritten` counts the input it consumed); skipped or copied aside,
 * it is the descriptor whose compressed size is the number of bytes before it, found without
 * inflating. Every entry's CRC-32 and size are checked when it is read. A file that is not a zip
 * or is cut short fails with ZipFormatError.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import {
  CENTRAL_HEADER,
  DATA_DESCRIPTOR,
  END_OF_CENTRAL_DIRECTORY,
  FLAG_DATA_DESCRIPTOR,
  FLAG_ENCRYPTED,
  LOCAL_HEADER,
  METHOD_DEFLATE,
  METHOD_STORED,
  UINT32_MAX,
} from './zip-format.ts';

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const signatureBytes = (signature: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(signature);
  return bytes;
};
const DATA_DESCRIPTOR_BYTES = signatureBytes(DATA_DESCRIPTOR);
const LOCAL_HEADER_BYTES = signatureBytes(LOCAL_HEADER);
const CENTRAL_HEADER_BYTES = signatureBytes(CENTRAL_HEADER);
const ZIP64_EXTRA = 0x0001;
const INFLATE_CHUNK = 64 * 1024;

/** Bytes of a stream, read as needed; bytes read too far can be handed back. */
export class ByteReader {
  private pending: Buffer[] = [];
  private iterator: AsyncIterator<Buffer | string> | undefined;
  private ended = false;
  /** Bytes taken from the stream so far (handed-back bytes not deducted). */
  pulled = 0;

  constructor(private readonly source: AsyncIterable<Buffer | string>) {}

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    this.iterator ??= this.source[Symbol.asyncIterator]();
    const next = await this.iterator.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    this.pulled += chunk.length;
    if (chunk.length) this.pending.push(chunk);
    return true;
  }

  /** The next bytes, at most `max`: an empty buffer at the end of the stream. */
  async next(max = Number.POSITIVE_INFINITY): Promise<Buffer> {
    while (!this.pending.length) if (!(await this.pull())) return Buffer.alloc(0);
    const head = this.pending[0] as Buffer;
    if (head.length <= max) {
      this.pending.shift();
      return head;
    }
    this.pending[0] = head.subarray(max);
    return head.subarray(0, max);
  }

  /** Exactly `n` bytes, or fewer when the stream ends first. */
  async read(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.next(n - got);
      if (!part.length) break;
      parts.push(part);
      got += part.length;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, got);
  }

  /** Exactly `n` bytes; ZipFormatError when the stream ends first. */
  async readExactly(n: number): Promise<Buffer> {
    const bytes = await this.read(n);
    if (bytes.length < n) throw new ZipFormatError('zip 文件不完整');
    return bytes;
  }

  /** Hands bytes back: the next read starts with them. */
  unshift(bytes: Buffer) {
    if (bytes.length) this.pending.unshift(bytes);
  }
}

export interface ZipEntry {
  /** The name as stored, e.g. `xl/worksheets/sheet1.xml`. */
  name: string;
  method: number;
  /** CRC-32 and sizes: from the local header, or (data descriptor) known once the data is read. */
  crc: number;
  compressedSize: number;
  size: number;
  /** Whether the CRC and sizes follow the data (in a data descriptor). */
  hasDataDescriptor: boolean;
  zip64: boolean;
}

/** An entry's compressed bytes in a file of their own, to be read later with `readSpooled`. */
export interface SpooledEntry {
  path: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
}

/** Inflated bytes of an entry are capped (a zip bomb must not run for ever). */
export const MAX_ENTRY_SIZE = 1024 * 1024 * 1024;

/**
 * The data of an entry from `input`, inflated, as it is consumed. With `compressedSize` the
 * entry is exactly that long; without it, it ends where its deflate stream ends and the bytes
 * read past that are handed back to `input`.
 */
async function* entryData(
  input: ByteReader,
  method: number,
  compressedSize: number | undefined,
): AsyncGenerator<Buffer> {
  if (method === METHOD_STORED) {
    if (compressedSize === undefined) throw new ZipFormatError('zip 条目长度未知');
    let left = compressedSize;
    while (left > 0) {
      const part = await input.next(left);
      if (!part.length) throw new ZipFormatError('zip 文件不完整');
      left -= part.length;
      yield part;
    }
    return;
  }
  if (method !== METHOD_DEFLATE) throw new ZipFormatError(`不支持的 zip 压缩方式 ${method}`);

  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  // Errors reach the reader through the iteration below; none may go unhandled after it stops.
  inflater.on('error', () => {});
  let failure: unknown;
  let stopped = false;
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => inflater.write(chunk, (err) => (err ? reject(err) : resolve())));
  // Feeds the inflater one chunk at a time; after each, zlib's count of consumed bytes tells
  // whether the deflate stream has ended inside it.
  const pump = async () => {
    let fed = 0;
    for (;;) {
      const limit = compressedSize === undefined ? Number.POSITIVE_INFINITY : compressedSize - fed;
      const chunk = limit > 0 ? await input.next(Math.min(limit, INFLATE_CHUNK)) : Buffer.alloc(0);
      if (stopped) return;
      if (!chunk.length) {
        // The end of the entry's bytes: zlib fails if its stream is not complete.
        inflater.end();
        return;
      }
      fed += chunk.length;
      await write(chunk);
      const extra = fed - inflater.bytesWritten;
      if (extra > 0) {
        // The deflate stream ended inside this chunk: what follows belongs to what comes next,
        // or, in an entry of known length, is skipped with it.
        if (compressedSize === undefined) input.unshift(chunk.subarray(chunk.length - extra));
        else {
          let skip = compressedSize - fed;
          while (skip > 0) {
            const part = await input.next(skip);
            if (!part.length) break;
            skip -= part.length;
          }
        }
        inflater.end();
        return;
      }
    }
  };
  const pumping = pump().catch((err: unknown) => {
    failure = err;
    inflater.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  let size = 0;
  try {
    for await (const out of inflater as AsyncIterable<Buffer>) {
      size += out.length;
      if (size > MAX_ENTRY_SIZE) throw new ZipFormatError('zip 条目过大');
      yield out;
    }
    await pumping;
    if (failure) throw failure;
  } catch (err) {
    const cause = failure ?? err;
    throw cause instanceof ZipFormatError ? cause : new ZipFormatError('zip 数据已损坏', { cause });
  } finally {
    stopped = true;
    if (!inflater.destroyed) inflater.destroy();
  }
}

function checkData(expected: { crc: number; size: number }, crc: number, size: number) {
  if (crc >>> 0 !== expected.crc >>> 0 || size !== expected.size) throw new ZipFormatError('zip 数据校验失败');
}

/** Reads a zip archive's entries in order, each read, spooled or skipped before the next. */
export class ZipStreamReader {
  private readonly input: ByteReader;
  private current: ZipEntry | undefined;
  private sawEntry = false;
  private done = false;

  constructor(source: Readable | AsyncIterable<Buffer>) {
    this.input = new ByteReader(source);
  }

  /** Bytes of the archive read so far. */
  get bytesRead(): number {
    return this.input.pulled;
  }

  /** The next entry, or undefined after the last; the previous entry must have been consumed. */
  async nextEntry(): Promise<ZipEntry | undefined> {
    if (this.current) throw new Error('zip: the previous entry was not consumed');
    if (this.done) return undefined;
    const head = await this.input.read(4);
    if (!head.length && this.sawEntry) return this.finish();
    if (head.length < 4) throw new ZipFormatError('不是 zip 文件');
    const signature = head.readUInt32LE(0);
    if ((signature === CENTRAL_HEADER || signature === END_OF_CENTRAL_DIRECTORY) && this.sawEntry) return this.finish();
    if (signature !== LOCAL_HEADER) throw new ZipFormatError(this.sawEntry ? 'zip 文件结构不正确' : '不是 zip 文件');
    const header = await this.input.readExactly(26);
    const flags = header.readUInt16LE(2);
    const method = header.readUInt16LE(4);
    let crc = header.readUInt32LE(10);
    let compressedSize = header.readUInt32LE(14);
    let size = header.readUInt32LE(18);
    const nameLength = header.readUInt16LE(22);
    const extraLength = header.readUInt16LE(24);
    const name = (await this.input.readExactly(nameLength)).toString('utf8');
    const extra = await this.input.readExactly(extraLength);
    if (flags & FLAG_ENCRYPTED) throw new ZipFormatError('zip 文件已加密');
    let zip64 = false;
    for (let at = 0; at + 4 <= extra.length;) {
      const id = extra.readUInt16LE(at);
      const length = extra.readUInt16LE(at + 2);
      if (id === ZIP64_EXTRA) {
        zip64 = true;
        let field = at + 4;
        // Only the fields whose header value is the 0xFFFFFFFF marker are present, in this order.
        if (size === UINT32_MAX && field + 8 <= at + 4 + length) {
          size = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === UINT32_MAX && field + 8 <= at + 4 + length) {
          compressedSize = Number(extra.readBigUInt64LE(field));
        }
      }
      at += 4 + length;
    }
    const hasDataDescriptor = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
    if (hasDataDescriptor) {
      crc = 0;
      compressedSize = 0;
      size = 0;
    }
    this.sawEntry = true;
    this.current = { name, method, crc, compressedSize, size, hasDataDescriptor, zip64 };
    return this.current;
  }

  private finish() {
    this.done = true;
    return undefined;
  }

  private take(): ZipEntry {
    const entry = this.current;
    if (!entry) throw new Error('zip: no entry to read');
    this.current = undefined;
    return entry;
  }

  /** Reads the data descriptor after an entry's data into `entry`. */
  private async readDataDescriptor(entry: ZipEntry) {
    const sizeBytes = entry.zip64 ? 8 : 4;
    let bytes = await this.input.readExactly(4);
    // The descriptor's signature is optional.
    if (bytes.readUInt32LE(0) === DATA_DESCRIPTOR) bytes = await this.input.readExactly(4);
    entry.crc = bytes.readUInt32LE(0);
    const sizes = await this.input.readExactly(sizeBytes * 2);
    entry.compressedSize = entry.zip64 ? Number(sizes.readBigUInt64LE(0)) : sizes.readUInt32LE(0);
    entry.size = entry.zip64 ? Number(sizes.readBigUInt64LE(8)) : sizes.readUInt32LE(4);
  }

  /** The current entry's data, inflated and checked, as it is consumed. Consume it to the end. */
  async *read(): AsyncGenerator<Buffer> {
    const entry = this.take();
    const sized = entry.hasDataDescriptor ? undefined : entry.compressedSize;
    let crc = 0;
    let size = 0;
    for await (const chunk of entryData(this.input, entry.method, sized)) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    if (entry.hasDataDescriptor) await this.readDataDescriptor(entry);
    checkData(entry, crc, size);
  }

  /** The current entry's data as text (UTF-8), for small entries; ZipFormatError above `max` bytes. */
  async readText(max: number): Promise<string> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of this.read()) {
      size += part.length;
      if (size > max) throw new ZipFormatError('zip 条目过大');
      parts.push(part);
    }
    return Buffer.concat(parts, size).toString('utf8');
  }

  /**
   * Passes over the data of an entry with a data descriptor, to `sink` if given, without inflating
   * it: its end is where a descriptor is whose compressed size is the number of bytes before it
   * (signed `PK\x07\x08`, or unsigned and followed by the next header). Sets the entry's CRC and
   * sizes from it; they are checked when the data is read.
   */
  private async passToDataDescriptor(entry: ZipEntry, sink?: (bytes: Buffer) => Promise<void>) {
    const sizeBytes = entry.zip64 ? 8 : 4;
    const unsigned = 4 + sizeBytes * 2;
    // Bytes kept back from the sink: a descriptor, and the signature after an unsigned one.
    const keep = 4 + unsigned + 4;
    const compressedAt = (buf: Buffer, at: number) =>
      entry.zip64 ? Number(buf.readBigUInt64LE(at)) : buf.readUInt32LE(at);
    let passed = 0;
    let window = Buffer.alloc(0);
    for (;;) {
      const chunk = await this.input.next();
      if (!chunk.length) throw new ZipFormatError('zip 文件不完整');
      const buf = window.length ? Buffer.concat([window, chunk]) : chunk;
      let end = -1;
      let after = -1;
      for (let at = buf.indexOf(DATA_DESCRIPTOR_BYTES); at >= 0; at = buf.indexOf(DATA_DESCRIPTOR_BYTES, at + 1)) {
        if (at + 4 + unsigned > buf.length) break;
        if (compressedAt(buf, at + 8) === passed + at) {
          end = at;
          after = at + 4 + unsigned;
          break;
        }
      }
      for (const signature of [LOCAL_HEADER_BYTES, CENTRAL_HEADER_BYTES]) {
        for (let at = buf.indexOf(signature); at >= 0; at = buf.indexOf(signature, at + 1)) {
          const start = at - unsigned;
          if (start < 0 || (end >= 0 && start >= end)) continue;
          if (compressedAt(buf, start + 4) === passed + start) {
            end = start;
            after = at;
            break;
          }
        }
      }
      if (end >= 0) {
        if (sink && end > 0) await sink(buf.subarray(0, end));
        const descriptor = buf.subarray(after - unsigned, after);
        entry.crc = descriptor.readUInt32LE(0);
        entry.compressedSize = passed + end;
        entry.size = entry.zip64 ? Number(descriptor.readBigUInt64LE(12)) : descriptor.readUInt32LE(8);
        this.input.unshift(buf.subarray(after));
        return;
      }
      const ready = Math.max(buf.length - keep, 0);
      if (sink && ready > 0) await sink(buf.subarray(0, ready));
      passed += ready;
      window = Buffer.from(buf.subarray(ready));
    }
  }

  /** Skips the current entry. */
  async skip(): Promise<void> {
    const entry = this.take();
    if (entry.hasDataDescriptor) return this.passToDataDescriptor(entry);
    let left = entry.compressedSize;
    while (left > 0) {
      const part = await this.input.next(left);
      if (!part.length) throw new ZipFormatError('zip 文件不完整');
      left -= part.length;
    }
  }

  /**
   * Copies the current entry's compressed bytes to a new file at `path`, for `readSpooled`, which
   * inflates and checks them.
   */
  async spool(path: string): Promise<SpooledEntry> {
    const entry = this.take();
    const file = await open(path, 'wx');
    let compressedSize = 0;
    try {
      const write = async (bytes: Buffer) => {
        compressedSize += bytes.length;
        await file.write(bytes);
      };
      if (entry.hasDataDescriptor) await this.passToDataDescriptor(entry, write);
      else {
        let left = entry.compressedSize;
        while (left > 0) {
          const part = await this.input.next(left);
          if (!part.length) throw new ZipFormatError('zip 文件不完整');
          left -= part.length;
          await write(part);
        }
      }
    } finally {
      await file.close();
    }
    return { path, method: entry.method, crc: entry.crc, compressedSize, size: entry.size };
  }
}

/**
 * The data of a spooled entry, inflated and checked, as it is consumed; `onRead` is told how many
 * compressed bytes have been read, for progress.
 */
export async function* readSpooled(entry: SpooledEntry, onRead?: (bytes: number) => void): AsyncGenerator<Buffer> {
  const file = createReadStream(entry.path, { highWaterMark: INFLATE_CHUNK });
  const counted = async function* () {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      onRead?.(chunk.length);
      yield chunk;
    }
  };
  try {
    let crc = 0;
    let size = 0;
    for await (const chunk of entryData(new ByteReader(counted()), entry.method, entry.compressedSize)) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    checkData(entry, crc, size);
  } finally {
    file.destroy();
  }
}
