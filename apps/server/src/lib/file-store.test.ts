import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store.ts';

const root = mkdtempSync(join(tmpdir(), 'fp-file-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local file store', () => {
  it('writes a stream under its key, answers its size, reads it back and removes it', async () => {
    const store = createLocalFileStore(root);
    const size = await store.write('1/a/b.txt', Readable.from([Buffer.from('员工'), Buffer.from('列表')]));
    expect(size).toBe(12);
    expect(readFileSync(join(root, '1/a/b.txt'), 'utf8')).toBe('员工列表');
    expect(await store.size('1/a/b.txt')).toBe(12);
    await store.remove('1/a/b.txt');
    await expect(store.size('1/a/b.txt')).rejects.toThrow();
  });

  it('fails the write, not the process, when the body fails before the folder is made', async () => {
    const store = createLocalFileStore(root);
    const body = new PassThrough();
    body.write('partial');
    const writing = store.write('1/new-folder/c.txt', body);
    // Destroyed in the same tick: the write is still making the folder.
    body.destroy(new Error('discarded'));
    await expect(writing).rejects.toThrow('discarded');
  });

  it('refuses a key that leaves the store', async () => {
    const store = createLocalFileStore(root);
    await expect(store.write('../outside.txt', Readable.from(['x']))).rejects.toThrow('invalid file key');
  });
});
