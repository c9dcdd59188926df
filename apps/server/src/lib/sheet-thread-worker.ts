/**
 * The worker thread of sheet-thread.ts: writes the workbook with the streaming writer
 * (sheet-writer.ts: the cells' XML, yazl's CRC-32 and zip, zlib's deflate calls) from the packed
 * rows it is sent, and posts the archive's bytes back as they come, no more than the reader on
 * the other side has room for.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { unpackRows } from './sheet-rows.ts';
import { createXlsxWriter, type SheetWriter } from './sheet-writer.ts';
import type { SheetThreadData, SheetThreadReply, SheetThreadRequest } from './sheet-thread.ts';

const port = parentPort;
if (!port) throw new Error('sheet-thread-worker runs as a worker thread');
const data = workerData as SheetThreadData;
const send = (reply: SheetThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

const writer = createXlsxWriter({ maxBytes: data.maxBytes });
/** Bytes posted, and bytes the other side says its reader has taken. */
let posted = 0;
let consumed = 0;
let pending: Buffer[] = [];
let pendingBytes = 0;
let flushScheduled = false;

/** Pending bytes go out as one buffer of their own, handed over without a copy. */
function flush() {
  flushScheduled = false;
  if (!pendingBytes) return;
  const bytes = new Uint8Array(pendingBytes);
  let at = 0;
  for (const chunk of pending) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  pending = [];
  posted += pendingBytes;
  pendingBytes = 0;
  send({ type: 'bytes', bytes }, [bytes.buffer]);
}

let sheet: SheetWriter | undefined;
/** Requests run one after the other: rows wait for the writer, and a commit for the rows. */
let queue = Promise.resolve();
let failed = false;

/** The first failure goes to the other side, which ends the thread; nothing more is done. */
function report(err: unknown) {
  if (failed) return;
  failed = true;
  const error = err instanceof Error ? err : new Error(String(err));
  send({ type: 'error', name: error.name, message: error.message });
}

const output = writer.stream;
output.on('data', (chunk: Buffer) => {
  pending.push(chunk);
  pendingBytes += chunk.length;
  if (pendingBytes >= data.postBytes) flush();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
  // The other side's reader is behind: the writer waits (its rows stop) until it reads.
  if (posted + pendingBytes - consumed >= data.windowBytes) output.pause();
});
output.on('end', () => {
  flush();
  send({ type: 'end' });
});
output.on('error', (err) => report(err));

function handle(request: SheetThreadRequest): Promise<void> | void {
  switch (request.type) {
    case 'sheet':
      sheet = writer.addSheet(request.name, request.columns);
      return;
    case 'rows': {
      const rows = sheet;
      if (!rows) throw new Error('rows before any worksheet');
      return rows.addRows(unpackRows(request.rows)).then(() => send({ type: 'rows-done' }));
    }
    case 'commit':
      return writer.commit();
    case 'read':
      return;
  }
}

port.on('message', (request: SheetThreadRequest) => {
  if (request.type === 'read') {
    // Out of turn: credit must reach a writer that waits for it.
    consumed = Math.max(consumed, request.consumed);
    if (output.isPaused() && posted + pendingBytes - consumed < data.windowBytes) output.resume();
    return;
  }
  queue = queue.then(() => (failed ? undefined : handle(request))).catch(report);
});
