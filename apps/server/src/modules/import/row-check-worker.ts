/**
 * The worker thread of row-checker.ts: loads the import kind's row check from its module, checks
 * the batches of rows it is sent (checkRows) and answers each with its results.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFieldCipher } from '../../lib/crypto.ts';
import type { RowCheckDefinition, StagedBase } from '../../core/importer.ts';
import {
  type CheckedBatch,
  checkRows,
  type RowCheckReply,
  type RowCheckRequest,
  type RowCheckThreadData,
} from './row-checker.ts';

const data = workerData as RowCheckThreadData;
const port = parentPort;
if (!port) throw new Error('row-check-worker runs as a worker thread');
const { rowCheck } = (await import(data.module)) as { rowCheck?: RowCheckDefinition<unknown, StagedBase> };
if (!rowCheck) throw new Error(`${data.module} exports no rowCheck`);
const check = rowCheck.create(data.data, createFieldCipher(data.encryptionKey));

port.on('message', ({ id, rows, columns }: RowCheckRequest) => {
  let checked: CheckedBatch;
  try {
    checked = checkRows(check, rows, columns);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies RowCheckReply);
    return;
  }
  // The staged text is handed over, not copied: it is in a buffer of its own (TextEncoder).
  port.postMessage({ id, checked } satisfies RowCheckReply, [checked.staged.buffer]);
});
port.postMessage({ ready: true } satisfies RowCheckReply);
