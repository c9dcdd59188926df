/**
 * The streaming xlsx writer on a worker thread: the same workbook as `createXlsxWriter` (the
 * thread runs it, sheet-thread-worker.ts), while this thread only packs the rows (sheet-rows.ts)
 * and posts them in batches. For large exports on a machine of two cores or more: the cells' XML,
 * the CRC-32 and the deflate calls leave the thread that reads the database.
 *
 * Memory stays bounded as with the writer itself: at most `MAX_BATCHES_OUT` batches are out
 * (rows wait in `ready()` beyond that), and the thread posts at most `WINDOW_BYTES` more than the
 * reader of `stream` has taken. The checks a caller hears at once (sheet names, rows past Excel's
 * last, a finished sheet) are made here; a failure of the thread (the size limit, a bug, a thread
 * that could not start) fails the writer as the writer's own failures do.
 */
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { RowPacker, type PackedRows } from './sheet-rows.ts';
import {
  addRowsOf,
  addSheetsWith,
  MAX_SHEET_ROWS,
  sheetNameOf,
  ZipLimitError,
  type CellValue,
  type SheetColumn,
  type SheetWriter,
  type XlsxWriter,
  type XlsxWriterOptions,
} from './sheet-writer.ts';

/** What the thread is started with. */
export interface SheetThreadData {
  maxBytes: number | undefined;
  /** Bytes posted and not yet taken by the reader, at most (then the thread's writer waits). */
  windowBytes: number;
  /** Bytes gathered before they are posted (sooner when the writer pauses). */
  postBytes: number;
}

export type SheetThreadRequest =
  | { type: 'sheet'; name: string; columns: SheetColumn[] }
  | { type: 'rows'; rows: PackedRows }
  | { type: 'commit' }
  /** The reader of the output has taken `consumed` bytes in all. */
  | { type: 'read'; consumed: number };

export type SheetThreadReply =
  | { type: 'bytes'; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'rows-done' }
  | { type: 'end' }
  | { type: 'error'; name: string; message: string };

/** Rows a batch holds before it is posted. */
const BATCH_ROWS = 1000;
/** Batches posted and not yet written by the thread; more and the rows wait. */
const MAX_BATCHES_OUT = 2;
const WINDOW_BYTES = 512 * 1024;
const POST_BYTES = 128 * 1024;
const OUTPUT_HIGH_WATER_MARK = 64 * 1024;
/**
 * The thread's heap: it holds a batch or two of rows, the XML waiting for the zip and the zip's
 * buffers, all bounded (a thread out of memory fails the writer).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 };

function startThread(data: SheetThreadData): Worker {
  const extension = extname(new URL(import.meta.url).pathname);
  const entry = new URL(`./sheet-thread-worker${extension}`, import.meta.url).href;
  const options = { workerData: data, resourceLimits: THREAD_LIMITS };
  if (extension !== '.ts') return new Worker(new URL(entry), options);
  // Sources run through tsx (node --import tsx); a thread loads its TypeScript through tsx's API.
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  const boot = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/** The thread's failure as this side throws it: the size limit keeps its class. */
function errorOf(reply: { name: string; message: string }): Error {
  if (reply.name === 'ZipLimitError') return new ZipLimitError(reply.message);
  if (reply.name === 'RangeError') return new RangeError(reply.message);
  return new Error(reply.message);
}

const CLOSED_EARLY = 'the xlsx stream was closed before the workbook was finished';

export function createThreadedXlsxWriter(options: XlsxWriterOptions = {}): XlsxWriter {
  const worker = startThread({ maxBytes: options.maxBytes, windowBytes: WINDOW_BYTES, postBytes: POST_BYTES });
  const names: string[] = [];
  const packer = new RowPacker();
  let batchesOut = 0;
  let handedOver = 0;
  let committed = false;
  let finished = false;
  let failure: Error | undefined;
  /** Wakes whoever waits for a batch written, the end or a failure. */
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  const post = (request: SheetThreadRequest, transfer: ArrayBuffer[] = []) => worker.postMessage(request, transfer);
  /** The thread keeps the process alive only while it has work this side waits for. */
  const refWhileBusy = () => {
    if (batchesOut > 0 || (committed && !finished && !failure)) worker.ref();
    else worker.unref();
  };
  worker.unref();

  /** Bytes from the thread not yet handed to `stream`, and whether its reader wants more. */
  const queued: Buffer[] = [];
  let wanted = false;
  let ended = false;
  const stream = new Readable({
    highWaterMark: OUTPUT_HIGH_WATER_MARK,
    read() {
      wanted = true;
      handOver();
    },
  });
  /**
   * Hands queued bytes to `stream` while its reader wants them, and tells the thread how much it
   * has handed over, which frees the thread's window: what waits here and in `stream` is bounded.
   */
  function handOver() {
    let moved = 0;
    while (wanted && queued.length) {
      const chunk = queued.shift() as Buffer;
      moved += chunk.length;
      wanted = stream.push(chunk);
    }
    if (ended && !queued.length) stream.push(null);
    if (moved && !failure) {
      handedOver += moved;
      post({ type: 'read', consumed: handedOver });
    }
  }
  // Failures reach the caller through addRow, ready() and commit() too: a stream not yet piped
  // anywhere must not take the process down with an unhandled 'error'.
  stream.on('error', (err) => fail(err));
  stream.on('close', () => {
    if (!finished) fail(new Error(CLOSED_EARLY));
  });

  function fail(err: Error) {
    if (failure) return;
    failure = err;
    void worker.terminate();
    if (!stream.destroyed) stream.destroy(err);
    wakeAll();
  }

  worker.on('message', (reply: SheetThreadReply) => {
    if (failure) return;
    switch (reply.type) {
      case 'bytes':
        queued.push(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
        handOver();
        return;
      case 'rows-done':
        batchesOut -= 1;
        refWhileBusy();
        wakeAll();
        return;
      case 'end':
        finished = true;
        ended = true;
        handOver();
        void worker.terminate();
        wakeAll();
        return;
      case 'error':
        fail(errorOf(reply));
        return;
    }
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => {
    if (!finished) fail(new Error(`the xlsx thread exited with code ${code}`));
  });

  /** Throws the failure, noticing a stream destroyed a moment ago (its events come later). */
  function check() {
    if (!failure && stream.destroyed && !finished) fail(stream.errored ?? new Error(CLOSED_EARLY));
    if (failure) throw failure;
  }

  /** Resolves once `done()` holds, or rejects with the failure. */
  function waitUntil(done: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (failure) {
          waiters.delete(wake);
          reject(failure);
        } else if (done()) {
          waiters.delete(wake);
          resolve();
        }
      };
      waiters.add(wake);
      wake();
    });
  }

  /** Posts the rows packed so far, if any. */
  const postRows = () => {
    if (!packer.rowCount) return;
    const rows = packer.take();
    batchesOut += 1;
    refWhileBusy();
    post({ type: 'rows', rows }, [rows.codes.buffer, rows.numbers.buffer]);
  };
  const hasRoom = () => batchesOut < MAX_BATCHES_OUT;
  const ready = async () => {
    check();
    await waitUntil(hasRoom);
  };

  /** The sheet being written, to refuse rows of a finished one. */
  let current: object | undefined;

  function addSheet(name: string, columns: SheetColumn[]): SheetWriter {
    check();
    if (committed) throw new Error('the workbook is already committed');
    const sheetName = sheetNameOf(name, names);
    names.push(sheetName);
    postRows();
    post({ type: 'sheet', name: sheetName, columns });
    const sheet = {};
    current = sheet;
    // The header is row 1.
    let rowNumber = 1;
    const addRow = (values: readonly CellValue[]) => {
      check();
      if (current !== sheet) throw new Error(`worksheet ${sheetName} is already finished`);
      if (rowNumber === MAX_SHEET_ROWS) throw new RangeError(`worksheet ${sheetName} is full`);
      rowNumber += 1;
      packer.add(values);
      if (packer.rowCount >= BATCH_ROWS) postRows();
      return hasRoom();
    };
    return { addRow, addRows: addRowsOf(addRow, ready) };
  }

  return {
    stream,
    addSheet,
    addSheets: (name, columns, rowsPerSheet) => addSheetsWith(addSheet, ready, name, columns, rowsPerSheet),
    ready,
    async commit() {
      if (committed) throw new Error('the workbook is already committed');
      if (!names.length) {
        fail(new Error('a workbook needs at least one worksheet'));
        throw new Error('a workbook needs at least one worksheet');
      }
      committed = true;
      check();
      postRows();
      post({ type: 'commit' });
      refWhileBusy();
      await waitUntil(() => finished);
    },
  };
}
