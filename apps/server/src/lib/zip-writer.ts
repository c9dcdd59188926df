/**
 * A streamed zip of files made one by one (the receipts of a batch): yazl writes the archive,
 * this adds the backpressure yazl leaves out. yazl queues every buffer it is given and writes
 * it out as fast as its reader takes it, so a writer that adds faster than the file store reads
 * would hold the whole archive in memory; `add` waits instead while more than `maxPendingBytes`
 * given to the zip have not yet come out of it.
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';

const DEFAULT_MAX_PENDING_BYTES = 4 * 1024 * 1024;

export interface ZipWriter {
  /** The archive's bytes, to be piped to where the zip is kept. */
  stream: Readable;
  /** Adds a file (stored as it is: PDFs are compressed already), waiting while the output is behind. */
  add(name: string, data: Uint8Array, mtime?: Date): Promise<void>;
  /** Ends the archive; resolves once every byte has been handed to `stream`'s reader. */
  finish(): Promise<void>;
  /** Stops with an error: `stream` errors, and pending and later calls reject. */
  abort(err: Error): void;
}

export function createZipWriter(options: { maxPendingBytes?: number } = {}): ZipWriter {
  const maxPending = options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
  const zip = new ZipFile();
  let added = 0;
  let emitted = 0;
  let failure: Error | undefined;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      emitted += chunk.length;
      wakeAll();
      callback(null, chunk);
    },
  });
  const output = zip.outputStream as Readable;
  output.on('error', (err: Error) => fail(err));
  stream.on('error', (err: Error) => fail(err));
  stream.on('close', () => {
    if (!stream.writableFinished) fail(new Error('the zip stream was closed before the archive was finished'));
  });
  output.pipe(stream);

  function fail(err: Error) {
    if (failure) return;
    failure = err;
    output.unpipe(stream);
    if (!stream.destroyed) stream.destroy(err);
    wakeAll();
  }

  const waitUntil = (ready: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (failure) {
          waiters.delete(check);
          reject(failure);
        } else if (ready()) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });

  return {
    stream,
    async add(name, data, mtime = new Date()) {
      if (failure) throw failure;
      zip.addBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), name, { mtime, compress: false });
      added += data.byteLength;
      if (added - emitted > maxPending) await waitUntil(() => added - emitted <= maxPending);
    },
    async finish() {
      if (failure) throw failure;
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        zip.end();
      });
    },
    abort(err) {
      fail(err);
    },
  };
}
