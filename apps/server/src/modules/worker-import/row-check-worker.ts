/**
 * The worker thread of row-checker.ts: checks the batches of rows it is sent (checkRows) and
 * answers each with its results.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFieldCipher } from '../../lib/crypto.ts';
import type { RowCheckReply, RowCheckRequest, RowCheckThreadData } from './row-checker.ts';
import { type CheckedBatch, checkRows, jobTypesByCode, type RowContext } from './rows.ts';

const data = workerData as RowCheckThreadData;
const port = parentPort;
if (!port) throw new Error('row-check-worker runs as a worker thread');
const context: RowContext = {
  cipher: createFieldCipher(data.encryptionKey),
  companyId: data.companyId,
  today: new Date(data.today),
  jobTypes: jobTypesByCode(data.jobTypes),
};

port.on('message', ({ id, rows, columns }: RowCheckRequest) => {
  let checked: CheckedBatch;
  try {
    checked = checkRows(context, rows, columns);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies RowCheckReply);
    return;
  }
  // The staged text is handed over, not copied: it is in a buffer of its own (TextEncoder).
  port.postMessage({ id, checked } satisfies RowCheckReply, [checked.staged.buffer]);
});
port.postMessage({ ready: true } satisfies RowCheckReply);
