/**
 * Checks a sheet's rows on both cores: batches go to a worker thread (row-check-worker.ts) while it
 * has room, and are checked here meanwhile, so the thread reading the sheet checks the rest. The
 * checks (an import kind's row check: for workers the ID card rules, hashing, AES-GCM encryption)
 * and the staged JSON are most of a validation's work; results come back in the order the batches
 * went in. The thread loads the kind's row check from its module (Importer.rowCheck).
 *
 * The thread is an optimisation only: until it is up, when it cannot start or when it fails,
 * the rows are checked here, and the rows it still had are checked again here.
 */
import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SheetRow } from '../../lib/sheet-reader.ts';
import type { CheckRow, ColumnIndex, RowCheck, StagedBase } from '../../core/importer.ts';

/** A batch of checked rows. */
export interface CheckedBatch {
  results: RowCheck[];
  /**
   * The staged rows of the rows without error, in order, each as one JSON line, as UTF-8 text in a
   * buffer of its own: a worker thread hands it over without copying, and it is written as it is.
   */
  staged: Uint8Array<ArrayBuffer>;
}

const utf8 = new TextEncoder();

/** Checks rows with an import kind's row check and makes the staged line of each good one. */
export function checkRows<Staged extends StagedBase>(
  check: CheckRow<Staged>,
  rows: SheetRow[],
  columns: ColumnIndex,
): CheckedBatch {
  let staged = '';
  const results = rows.map(({ row, values }) => {
    const checked = check(row, values, columns);
    const result: RowCheck = { row, errors: checked.errors };
    if (checked.key) result.key = checked.key;
    if (checked.staged) staged += `${JSON.stringify(checked.staged)}\n`;
    return result;
  });
  return { results, staged: utf8.encode(staged) };
}

/**
 * What the worker thread rebuilds the row check from (it cannot be sent as is: the cipher): the
 * module exporting the kind's `rowCheck` and the data it is created with.
 */
export interface RowCheckThreadData {
  encryptionKey: string;
  /** URL of the module exporting `rowCheck` (a RowCheckDefinition). */
  module: string;
  data: unknown;
}

export type RowCheckRequest = { id: number; rows: SheetRow[]; columns: ColumnIndex };
export type RowCheckReply = { ready: true } | { id: number; checked: CheckedBatch } | { id: number; error: string };

export interface RowChecker {
  /** The rows checked, in order. */
  check(rows: SheetRow[], columns: ColumnIndex): Promise<CheckedBatch>;
  /** Resolves once the thread is up (true), or as soon as there is none or it failed (false). */
  ready(): Promise<boolean>;
  /** Rows checked so far on the thread and on this one. */
  readonly counts: { thread: number; here: number };
  /** Ends the thread; batches still out come back empty. */
  close(): Promise<void>;
}

/** Batches the thread may hold (one being checked, one waiting) before the caller checks one itself. */
const THREAD_QUEUE = 2;

/**
 * The thread's heap is kept small: what it holds lives for one batch, and memory is part of the
 * import's budget (a thread out of memory only ends the thread, see abandon).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 };

function startThread(data: RowCheckThreadData): Worker {
  const extension = extname(new URL(import.meta.url).pathname);
  const entry = new URL(`./row-check-worker${extension}`, import.meta.url).href;
  const options = { workerData: data, resourceLimits: THREAD_LIMITS };
  if (extension !== '.ts') return new Worker(new URL(entry), options);
  // Sources run through tsx (node --import tsx); a thread loads its TypeScript through tsx's API.
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  const boot = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A checker running `check`; with `thread`, a worker thread shares the work (it starts at once, so
 * that it is up by the time rows come). `onThreadError` hears why the thread could not be used
 * (the rows are checked here instead).
 */
export function createRowChecker<Staged extends StagedBase>(options: {
  /** The row check on this thread. */
  check: CheckRow<Staged>;
  thread?: RowCheckThreadData | undefined;
  onThreadError?: (err: unknown) => void;
}): RowChecker {
  type Request = { rows: SheetRow[]; columns: ColumnIndex; resolve: (checked: CheckedBatch) => void };
  const inline = ({ rows, columns }: Pick<Request, 'rows' | 'columns'>) => checkRows(options.check, rows, columns);
  const waiting = new Map<number, Request>();
  let nextId = 0;
  let ready = false;
  let worker: Worker | undefined;
  const counts = { thread: 0, here: 0 };
  let settleReady: (up: boolean) => void = () => {};
  const readiness = new Promise<boolean>((resolve) => (settleReady = resolve));

  // The thread's batches are checked here instead: nothing is lost when it fails.
  const abandon = (err: unknown) => {
    if (!worker) return;
    const failed = worker;
    worker = undefined;
    ready = false;
    void failed.terminate().catch(() => {});
    settleReady(false);
    options.onThreadError?.(err);
    for (const request of waiting.values()) request.resolve(inline(request));
    waiting.clear();
  };

  if (options.thread) {
    try {
      worker = startThread(options.thread);
      worker.on('message', (reply: RowCheckReply) => {
        if ('ready' in reply) {
          ready = true;
          settleReady(true);
          return;
        }
        const request = waiting.get(reply.id);
        if (!request) return;
        waiting.delete(reply.id);
        if ('error' in reply) {
          // Checking rows does not throw; a thread that does is not to be trusted with more.
          request.resolve(inline(request));
          abandon(new Error(reply.error));
        } else request.resolve(reply.checked);
      });
      worker.on('error', abandon);
      worker.on('exit', (code) => abandon(new Error(`row check thread exited with code ${code}`)));
      // The thread must not keep the process alive by itself.
      worker.unref();
    } catch (err) {
      worker = undefined;
      options.onThreadError?.(err);
    }
  }
  if (!worker) settleReady(false);

  return {
    counts,
    ready: () => readiness,
    check(rows, columns) {
      if (!worker || !ready || waiting.size >= THREAD_QUEUE) {
        counts.here += rows.length;
        return Promise.resolve(inline({ rows, columns }));
      }
      counts.thread += rows.length;
      const id = nextId++;
      const message: RowCheckRequest = { id, rows, columns };
      return new Promise<CheckedBatch>((resolve) => {
        waiting.set(id, { rows, columns, resolve });
        worker?.postMessage(message);
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      settleReady(false);
      // Only an abandoned scan closes with batches outstanding: their results are not wanted.
      for (const request of waiting.values()) request.resolve({ results: [], staged: new Uint8Array(0) });
      waiting.clear();
      if (running) await running.terminate();
    },
  };
}
