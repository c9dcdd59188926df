import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createZipWriter } from './zip-writer.ts';

const collect = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const entriesOf = (bytes: Buffer) =>
  new Promise<Map<string, Buffer>>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e ?? new Error('no stream'));
          void collect(s).then((b) => {
            out.set(entry.fileName, b);
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });

describe('createZipWriter', () => {
  it('writes the files it is given, names and bytes intact', async () => {
    const zip = createZipWriter();
    const reading = collect(zip.stream);
    const files = Array.from({ length: 30 }, (_, i) => [`回单_${i}.pdf`, randomBytes(20_000 + i)] as const);
    for (const [name, data] of files) await zip.add(name, data);
    await zip.finish();
    const entries = await entriesOf(await reading);
    expect(entries.size).toBe(30);
    for (const [name, data] of files) expect(entries.get(name)?.equals(data)).toBe(true);
  });

  it('waits while its reader is behind: what it holds stays near the limit', async () => {
    const zip = createZipWriter({ maxPendingBytes: 256 * 1024 });
    const sink = new PassThrough({ highWaterMark: 16 * 1024 });
    zip.stream.pipe(sink);
    // Nobody reads `sink`: the writer must stop after about 256 KB, not take every file.
    let added = 0;
    const adding = (async () => {
      for (let i = 0; i < 100; i++) {
        await zip.add(`f${i}`, randomBytes(64 * 1024));
        added++;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    expect(added).toBeLessThan(10);
    const reading = collect(sink);
    await adding;
    await zip.finish();
    expect((await entriesOf(await reading)).size).toBe(100);
  });

  it('rejects adds after an abort, and its stream errors', async () => {
    const zip = createZipWriter();
    const failed = collect(zip.stream).catch((err: Error) => err.message);
    zip.abort(new Error('store failed'));
    await expect(zip.add('a', new Uint8Array(1))).rejects.toThrow('store failed');
    expect(await failed).toBe('store failed');
  });
});
