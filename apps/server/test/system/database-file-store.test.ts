/**
 * Issue 29: files kept in the database (FILE_STORE=database, ADR 0021), so that every server
 * process of one PostgreSQL serves what any of them stored. The store itself runs on both engines;
 * two processes need PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createDatabaseFileStore, FILE_CHUNK_BYTES } from '../../src/db/file-store.ts';
import { download, PNG_BYTES, uploadTo } from '../files.ts';
import { createSecondProcess, createTestApp, loginAs, type TestApp } from '../helpers.ts';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** `bytes` as pieces of awkward sizes, so that chunks are cut across pieces. */
function piecesOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0, n = 1; at < bytes.length; at += n, n = (n * 7 + 13) % 100_003)
    pieces.push(bytes.subarray(at, at + n));
  return Readable.from(pieces);
}

describe('database file store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const chunks = async (key: string) =>
    (
      await queryRows<{ seq: number; bytes: number }>(
        t.database.db,
        sql`select seq, octet_length(data) as bytes from file_chunk where storage_key = ${key} order by seq`,
      )
    ).map((r) => Number(r.bytes));

  it('keeps a stream as chunks of at most 256 KB, answers its size and reads it back byte for byte', async () => {
    const store = createDatabaseFileStore(t.database.db);
    const bytes = randomBytes(2 * FILE_CHUNK_BYTES + 12_345);
    expect(await store.write('companies/1/upload/a.bin', piecesOf(bytes))).toBe(bytes.length);
    expect(await chunks('companies/1/upload/a.bin')).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 12_345]);
    expect(await store.size('companies/1/upload/a.bin')).toBe(bytes.length);
    expect((await buffer(store.read('companies/1/upload/a.bin'))).equals(bytes)).toBe(true);
  });

  it('reads one chunk per request of the consumer, not the whole file', async () => {
    const store = createDatabaseFileStore(t.database.db);
    await store.write('companies/1/upload/big.bin', Readable.from([randomBytes(8 * FILE_CHUNK_BYTES)]));
    const stream = store.read('companies/1/upload/big.bin');
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.length).toBe(FILE_CHUNK_BYTES);
    // Paused after one chunk: what it holds is bounded by its buffer, far below the file.
    await new Promise((r) => setTimeout(r, 50));
    expect(stream.readableLength).toBeLessThanOrEqual(FILE_CHUNK_BYTES);
    stream.destroy();
  });

  it('keeps an empty file, and tells it from a missing one', async () => {
    const store = createDatabaseFileStore(t.database.db);
    expect(await store.write('companies/1/upload/empty.txt', Readable.from([]))).toBe(0);
    expect(await store.size('companies/1/upload/empty.txt')).toBe(0);
    expect((await buffer(store.read('companies/1/upload/empty.txt'))).length).toBe(0);
    await expect(store.size('companies/1/upload/none.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(buffer(store.read('companies/1/upload/none.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves nothing behind when the body fails, and replaces a key written again', async () => {
    const store = createDatabaseFileStore(t.database.db);
    const body = new PassThrough();
    const writing = store.write('companies/1/upload/broken.bin', body);
    body.write(randomBytes(FILE_CHUNK_BYTES + 10));
    await new Promise((r) => setTimeout(r, 50));
    body.destroy(new Error('connection reset'));
    await expect(writing).rejects.toThrow('connection reset');
    expect(await chunks('companies/1/upload/broken.bin')).toEqual([]);

    await store.write('companies/1/upload/again.txt', Readable.from([Buffer.from('第一版，较长的内容')]));
    await store.write('companies/1/upload/again.txt', Readable.from([Buffer.from('第二版')]));
    expect((await buffer(store.read('companies/1/upload/again.txt'))).toString()).toBe('第二版');
    await store.remove('companies/1/upload/again.txt');
    expect(await chunks('companies/1/upload/again.txt')).toEqual([]);
  });
});

describe.runIf(isPostgres)('two processes with FILE_STORE=database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ fileStore: 'database' });
    b = await createSecondProcess(a, { fileStore: 'database' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serve through one process a file uploaded through the other', async () => {
    const token = await loginAs(a.app, 'demo');
    const res = await uploadTo(a.app, token, '/api/admin/file/upload', { name: 'logo.png', content: PNG_BYTES });
    expect(res.body.status).toBe(200);
    const got = await download(b.app, token, `/api/admin/file/${res.body.data.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.bytes.equals(PNG_BYTES)).toBe(true);
  });
});
