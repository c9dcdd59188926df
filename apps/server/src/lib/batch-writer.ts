/**
 * Rows written in batches off the path that makes them (the access log, the server's log lines):
 * `push` only appends to memory; a batch of up to `batchRows` is written when that many wait, and
 * whatever waits every `everyMs`. A failed write keeps its rows for the next try; past
 * `maxWaiting` the oldest are dropped and counted, so a database that is away costs memory up to
 * a bound, never the requests.
 */
export interface BatchWriter<T> {
  push(row: T): void;
  /** Writes everything waiting now (tests, and the last write at close). */
  flush(): Promise<void>;
  /** Rows waiting to be written. */
  waiting(): number;
  /** Rows dropped because too many waited. */
  dropped(): number;
  /** Stops the timer and writes what waits (one try). */
  close(): Promise<void>;
}

export interface BatchWriterOptions {
  batchRows?: number;
  everyMs?: number;
  maxWaiting?: number;
  onError?: (err: unknown) => void;
}

export function createBatchWriter<T>(
  write: (rows: T[]) => Promise<void>,
  { batchRows = 1000, everyMs = 1000, maxWaiting = 100_000, onError = () => {} }: BatchWriterOptions = {},
): BatchWriter<T> {
  let rows: T[] = [];
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let closed = false;

  /** Writes batch after batch until nothing waits or a write fails. */
  const drain = async () => {
    while (rows.length) {
      const batch = rows.slice(0, batchRows);
      try {
        await write(batch);
      } catch (err) {
        onError(err);
        return;
      }
      rows = rows.slice(batch.length);
    }
  };
  const start = (): Promise<void> => {
    writing ??= drain().finally(() => {
      writing = undefined;
    });
    return writing;
  };
  const timer = setInterval(() => void start(), everyMs);
  timer.unref();

  return {
    push(row) {
      if (closed) return;
      rows.push(row);
      if (rows.length > maxWaiting) {
        const over = rows.length - maxWaiting;
        rows = rows.slice(over);
        dropped += over;
      }
      if (rows.length >= batchRows) void start();
    },
    async flush() {
      await writing;
      await start();
    },
    waiting: () => rows.length,
    dropped: () => dropped,
    async close() {
      closed = true;
      clearInterval(timer);
      await writing;
      await start();
    },
  };
}
