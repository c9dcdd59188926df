import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { fileChunk } from './schema/index.ts';
import { createLocalFileStore, filesDirOf, type FileStore } from '../lib/file-store.ts';

/** A chunk's size: what a process holds of a file at a time, reading or writing. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** The error a missing key gives, like the local store's (`ENOENT`). */
function missing(key: string): Error {
  return Object.assign(new Error(`no stored file under ${key}`), { code: 'ENOENT' });
}

/**
 * Files kept in the database (`FILE_STORE=database`, ADR 0021), so that every server process of
 * one PostgreSQL reads what any of them wrote. A file is the `file_chunk` rows of its key,
 * numbered from 0; an empty file is one empty chunk, so a key without chunk 0 names no file.
 *
 * Writing reads the body as it comes and inserts a row per 256 KB; a body that fails removes
 * what was written. Nobody reads a key before its write has finished: the `stored_file` row
 * that names it is recorded after. Reading fetches one chunk per query as the consumer asks for
 * more, so a download's memory is a chunk whatever the file's size.
 */
export function createDatabaseFileStore(db: Db): FileStore {
  const removeChunks = async (key: string) => {
    await db.delete(fileChunk).where(eq(fileChunk.storageKey, key));
  };
  const insert = (key: string, seq: number, data: Buffer) =>
    db.insert(fileChunk).values({ storageKey: key, seq, data });

  return {
    async write(key, body) {
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (chunk: Buffer) => {
        await insert(key, seq, chunk);
        seq += 1;
      };
      try {
        await removeChunks(key);
        for await (const piece of body as AsyncIterable<Buffer | string>) {
          let data = typeof piece === 'string' ? Buffer.from(piece) : piece;
          size += data.length;
          while (pendingBytes + data.length >= FILE_CHUNK_BYTES) {
            const take = FILE_CHUNK_BYTES - pendingBytes;
            pending.push(data.subarray(0, take));
            data = data.subarray(take);
            await flush(Buffer.concat(pending, FILE_CHUNK_BYTES));
            pending = [];
            pendingBytes = 0;
          }
          if (data.length) {
            pending.push(data);
            pendingBytes += data.length;
          }
        }
        if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending, pendingBytes));
        return size;
      } catch (err) {
        await removeChunks(key).catch(() => {});
        throw err;
      }
    },

    read(key) {
      let seq = 0;
      return new Readable({
        async read() {
          try {
            const [row] = await db
              .select({ data: fileChunk.data })
              .from(fileChunk)
              .where(and(eq(fileChunk.storageKey, key), eq(fileChunk.seq, seq)));
            if (!row) {
              if (seq === 0) this.destroy(missing(key));
              else this.push(null);
              return;
            }
            seq += 1;
            if (row.data.length) this.push(row.data);
            else this.push(null);
          } catch (err) {
            this.destroy(err as Error);
          }
        },
      });
    },

    async size(key) {
      const [row] = await db
        .select({
          chunks: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(octet_length(${fileChunk.data})), 0)::text`,
        })
        .from(fileChunk)
        .where(eq(fileChunk.storageKey, key));
      if (!row?.chunks) throw missing(key);
      return Number(row.bytes);
    },

    remove: removeChunks,
  };
}

/** The store the configuration names (FILE_STORE): the database's, or the data dir's folder. */
export function configuredFileStore(config: { fileStore?: 'local' | 'database' | undefined; dataDir: string }, db: Db) {
  return config.fileStore === 'database'
    ? createDatabaseFileStore(db)
    : createLocalFileStore(filesDirOf(config.dataDir));
}
