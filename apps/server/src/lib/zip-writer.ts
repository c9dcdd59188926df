/**
 * A minimal streaming zip writer. Streamed entries are deflated as they are written, with their
 * CRC and sizes in a data descriptor after the data (they are unknown up front); small files are
 * written whole; the central directory comes last.
 *
 * Memory stays bounded whatever the size: compressed bytes go to `stream` only as fast as its
 * reader takes them, and a writer told that an entry is full waits in `ready()` until it has
 * room. Nothing here needs ZIP64: an entry or archive of 4 GiB or more, or more than 65,535
 * entries, is refused with ZipLimitError.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
import {
  CENTRAL_HEADER,
  DATA_DESCRIPTOR,
  END_OF_CENTRAL_DIRECTORY,
  FLAG_DATA_DESCRIPTOR,
  FLAG_UTF8,
  LOCAL_HEADER,
  METHOD_DEFLATE,
  UINT32_MAX,
} from './zip-format.ts';

const MAX_ENTRIES = 0xffff;
/** 2.0: deflate and data descriptors. */
const VERSION = 20;
const OUTPUT_HIGH_WATER_MARK = 64 * 1024;
/** Uncompressed bytes an entry queues ahead of deflate before its writer is asked to wait. */
const MAX_QUEUED_BYTES = 256 * 1024;

/** The archive would need ZIP64, which this writer does not write. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

export interface ZipEntryWriter {
  /**
   * Queues bytes of the entry. Answers false once enough are queued: await the zip writer's
   * `ready()` before writing more.
   */
  write(chunk: Buffer): boolean;
  /** Ends the entry; its data and data descriptor reach the stream in the background. */
  end(): void;
}

export interface ZipWriter {
  /** The archive's bytes, produced as entries are written. */
  readonly stream: Readable;
  /** Adds a small file whole (compressed at once, sizes in its header). No entry may be open. */
  addFile(name: string, data: string | Buffer): void;
  /**
   * Starts a streamed entry. The previous one must have been ended; its data may still be on its
   * way to the stream, and this entry's bytes follow them.
   */
  startEntry(name: string): ZipEntryWriter;
  /** Resolves once the open entry has room for more bytes (at once when it has). */
  ready(): Promise<void>;
  /** Ends the archive with the central directory; resolves when every byte is in the stream. */
  finish(): Promise<void>;
}

interface CentralRecord {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date, as zip headers hold them (local time, two-second steps). */
function dosDateTime(at: Date) {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

const toError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

export interface ZipWriterOptions {
  /** Deflate level, 6 unless told. */
  level?: number;
  /** The modification time of every entry, now unless told. */
  modifiedAt?: Date;
  /** The largest entry or archive in bytes: 4 GiB - 1, the most a zip without ZIP64 holds (tests lower it). */
  maxBytes?: number;
}

export function createZipWriter(options: ZipWriterOptions = {}): ZipWriter {
  const level = options.level ?? 6;
  const maxBytes = Math.min(options.maxBytes ?? UINT32_MAX, UINT32_MAX);
  const { time, date } = dosDateTime(options.modifiedAt ?? new Date());
  const records: CentralRecord[] = [];
  const names = new Set<string>();
  /** Called with the error when the writer fails: pending waits reject. */
  const failureListeners = new Set<(err: Error) => void>();
  /** Called whenever the stream's reader wants more. */
  const readListeners = new Set<() => void>();
  let failure: Error | undefined;
  let offset = 0;
  let finishing = false;
  let isComplete = false;
  /** The entry being written into (its output may still wait for the previous entry's). */
  let open: DeflateRaw | undefined;
  /** The entry whose compressed bytes are going to the stream now. */
  let flowing: DeflateRaw | undefined;
  /** Every entry not yet wholly in the stream, to stop them all on failure. */
  const pending = new Set<DeflateRaw>();
  /** Everything queued so far, in the stream. */
  let tail: Promise<void> = Promise.resolve();

  const stream = new Readable({
    highWaterMark: OUTPUT_HIGH_WATER_MARK,
    read() {
      flowing?.resume();
      for (const listener of [...readListeners]) listener();
    },
    destroy(err, callback) {
      if (!isComplete) fail(err ?? new Error('the zip stream was closed before the archive was finished'));
      callback(err);
    },
  });

  // Every failure also reaches the writer through write(), ready() and finish(): a stream not yet
  // piped anywhere must not take the process down with an unhandled 'error'.
  stream.on('error', () => {});

  function fail(err: Error) {
    if (failure) return;
    failure = err;
    for (const deflate of pending) deflate.destroy(err);
    for (const listener of [...failureListeners]) listener(err);
    stream.destroy(err);
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

  const untilRead = () =>
    waitFor((wake) => {
      readListeners.add(wake);
      return () => readListeners.delete(wake);
    });

  /** Hands bytes to the stream; answers false when its reader is behind. */
  function push(chunk: Buffer): boolean {
    if (failure) return false;
    offset += chunk.length;
    if (offset > maxBytes) {
      fail(new ZipLimitError('zip archive too large: ZIP64 (4 GiB and more) is not supported'));
      return false;
    }
    return stream.push(chunk);
  }

  /** Queues work that writes to the stream after everything queued before it. */
  function enqueue(work: () => Promise<void>) {
    tail = tail.then(work).catch((err: unknown) => {
      fail(toError(err));
      throw err;
    });
    // Failures reach callers through fail(): ready(), write() and finish() report them.
    tail.catch(() => {});
  }

  function checkName(name: string): Buffer {
    if (failure) throw failure;
    if (finishing) throw new Error('the zip archive is already finished');
    if (open) throw new Error('the previous zip entry is still open');
    if (!name || name.startsWith('/') || name.includes('\\')) throw new Error(`invalid zip entry name: ${name}`);
    if (names.has(name)) throw new Error(`duplicate zip entry: ${name}`);
    if (names.size >= MAX_ENTRIES) throw new ZipLimitError('zip archive would have more than 65,535 entries');
    names.add(name);
    return Buffer.from(name, 'utf8');
  }

  function localHeader(name: Buffer, flags: number, crc: number, compressedSize: number, size: number) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressedSize, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, name]);
  }

  function centralHeader(r: CentralRecord) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(r.flags, 8);
    header.writeUInt16LE(METHOD_DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(r.crc, 16);
    header.writeUInt32LE(r.compressedSize, 20);
    header.writeUInt32LE(r.size, 24);
    header.writeUInt16LE(r.name.length, 28);
    // Extra field, comment, disk number, internal and external attributes: all zero.
    header.writeUInt32LE(r.offset, 42);
    return Buffer.concat([header, r.name]);
  }

  return {
    stream,

    addFile(name, data) {
      const nameBytes = checkName(name);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      if (bytes.length > maxBytes)
        throw new ZipLimitError(`zip entry ${name} too large: ZIP64 (4 GiB and more) is not supported`);
      const compressed = deflateRawSync(bytes, { level });
      const crc = crc32(bytes);
      enqueue(async () => {
        while (!failure && stream.readableLength >= OUTPUT_HIGH_WATER_MARK) await untilRead();
        const at = offset;
        push(localHeader(nameBytes, FLAG_UTF8, crc, compressed.length, bytes.length));
        push(compressed);
        records.push({
          name: nameBytes,
          flags: FLAG_UTF8,
          crc,
          compressedSize: compressed.length,
          size: bytes.length,
          offset: at,
        });
      });
    },

    startEntry(name) {
      const nameBytes = checkName(name);
      const flags = FLAG_DATA_DESCRIPTOR | FLAG_UTF8;
      const deflate = createDeflateRaw({ level });
      deflate.on('error', (err) => fail(err));
      pending.add(deflate);
      open = deflate;
      let crc = 0;
      let size = 0;
      let compressedSize = 0;
      let ended = false;
      enqueue(async () => {
        const at = offset;
        push(localHeader(nameBytes, flags, 0, 0, 0));
        flowing = deflate;
        // Flowing only from here: until its turn the entry's bytes wait, bounded, inside deflate.
        deflate.on('data', (chunk: Buffer) => {
          compressedSize += chunk.length;
          if (!push(chunk)) deflate.pause();
        });
        await finished(deflate);
        flowing = undefined;
        pending.delete(deflate);
        if (compressedSize > maxBytes)
          throw new ZipLimitError(`zip entry ${name} too large: ZIP64 (4 GiB and more) is not supported`);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
        descriptor.writeUInt32LE(crc, 4);
        descriptor.writeUInt32LE(compressedSize, 8);
        descriptor.writeUInt32LE(size, 12);
        push(descriptor);
        records.push({ name: nameBytes, flags, crc, compressedSize, size, offset: at });
      });
      return {
        write(chunk) {
          if (failure) throw failure;
          if (ended) throw new Error(`zip entry ${name} has already ended`);
          size += chunk.length;
          if (size > maxBytes) {
            const err = new ZipLimitError(`zip entry ${name} too large: ZIP64 (4 GiB and more) is not supported`);
            fail(err);
            throw err;
          }
          crc = crc32(chunk, crc);
          deflate.write(chunk);
          return deflate.writableLength < MAX_QUEUED_BYTES;
        },
        end() {
          if (ended) return;
          ended = true;
          if (open === deflate) open = undefined;
          deflate.end();
        },
      };
    },

    ready() {
      const deflate = open;
      if (failure) return Promise.reject(failure);
      if (!deflate || deflate.writableLength < MAX_QUEUED_BYTES) return Promise.resolve();
      // Above the high-water mark a write has answered false, so 'drain' follows once deflate
      // has taken everything queued.
      return waitFor((wake) => {
        deflate.once('drain', wake);
        return () => deflate.off('drain', wake);
      });
    },

    async finish() {
      if (open) throw new Error('a zip entry is still open');
      if (finishing) throw new Error('the zip archive is already finished');
      finishing = true;
      await tail;
      if (failure) throw failure;
      const directory = Buffer.concat(records.map(centralHeader));
      const directoryOffset = offset;
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      end.writeUInt16LE(records.length, 8);
      end.writeUInt16LE(records.length, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(directoryOffset, 16);
      push(directory);
      push(end);
      if (failure) throw failure;
      isComplete = true;
      stream.push(null);
    },
  };
}
