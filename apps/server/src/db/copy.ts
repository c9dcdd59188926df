/**
 * COPY ... FROM STDIN inside the caller's transaction, on either driver (对账's statements, ADR
 * 0030): node-postgres streams the bytes through pg-copy-streams on the transaction's connection;
 * PGlite (one process, in memory) takes them as one blob (`FROM '/dev/blob'`). COPY ... TO STDOUT
 * on PostgreSQL only (`copyOut`).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

interface PgConnection {
  query(query: unknown): Promise<unknown>;
  release(err?: Error | boolean): void;
}
interface PgliteConnection {
  query(query: string, params: unknown[], options?: { blob: Blob }): Promise<unknown>;
}

/** The connection under a Drizzle transaction (both drivers keep it as the session's client). */
function connectionOf(tx: Tx): PgConnection | PgliteConnection {
  const session = (tx as unknown as { session?: { client?: unknown } }).session;
  const client = session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function')
    throw new Error('copy: no connection under the transaction');
  return client as PgConnection | PgliteConnection;
}

/**
 * A setting of the caller's transaction that a staging table's default reads (`flexpay.*` only:
 * never the role or the company, which db/scope.ts sets), e.g. the day a COPY loads.
 */
export async function setStagingSetting(tx: Tx, name: `flexpay.${string}`, value: string) {
  await tx.execute(sql`select set_config(${name}, ${value}, true)`);
}

/** Whether the database is PostgreSQL (node-postgres), where a COPY streams; else PGlite. */
export function isPostgres(db: unknown): boolean {
  const session = (db as { session?: { client?: unknown } }).session;
  return typeof (session?.client as { connect?: unknown } | undefined)?.connect === 'function';
}

/**
 * Runs `COPY <target> FROM STDIN <options>` with the bytes of `source`: `target` names the table
 * and its columns, `options` the format (`WITH (FORMAT csv, HEADER true)`).
 */
export async function copyIn(
  tx: Tx,
  target: string,
  options: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
) {
  const connection = connectionOf(tx);
  if ('release' in connection) {
    const stream = (await connection.query(copyFrom(`COPY ${target} FROM STDIN ${options}`))) as NodeJS.WritableStream;
    await pipeline(Readable.from(source), stream);
    return;
  }
  const chunks: BlobPart[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk) as unknown as BlobPart);
  // PGlite reads the blob as a server file, which only its superuser may: the COPY runs as the
  // session's user and the scope's role is set back after it (a rollback undoes both).
  const [role] = (
    (await connection.query('select current_user as role', [], { blob: new Blob([]) })) as {
      rows: { role: string }[];
    }
  ).rows;
  await connection.query('reset role', [], { blob: new Blob([]) });
  await connection.query(`COPY ${target} FROM '/dev/blob' ${options}`, [], { blob: new Blob(chunks) });
  if (role) await connection.query(`set role "${role.role.replace(/"/g, '""')}"`, [], { blob: new Blob([]) });
}

/**
 * `COPY <target> FROM STDIN <options>` of bytes already in memory (a batch of the access log's
 * lines): one write and the end, without `copyIn`'s stream pipeline (whose abort at its finish
 * builds a DOMException each time).
 */
export async function copyInBytes(tx: Tx, target: string, options: string, bytes: Uint8Array) {
  const connection = connectionOf(tx);
  if (!('release' in connection)) return copyIn(tx, target, options, [bytes]);
  const stream = (await connection.query(copyFrom(`COPY ${target} FROM STDIN ${options}`))) as NodeJS.WritableStream;
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(bytes, () => resolve());
  });
}

/**
 * The bytes of `COPY (<query>) TO STDOUT` (text format: a line per row, tab between columns),
 * streamed on the transaction's connection; PostgreSQL only (`isPostgres`). A COPY takes no
 * parameters: `query` must hold its values as literals the caller wrote from checked values.
 */
export async function* copyOut(tx: Tx, query: string): AsyncGenerator<Uint8Array> {
  const connection = connectionOf(tx);
  if (!('release' in connection)) throw new Error('copy: COPY TO STDOUT needs PostgreSQL');
  const stream = (await connection.query(copyTo(`COPY (${query}) TO STDOUT`))) as AsyncIterable<Uint8Array>;
  yield* stream;
}
