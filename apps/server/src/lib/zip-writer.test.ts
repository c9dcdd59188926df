import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createZipWriter, ZipLimitError, type ZipWriter } from './zip-writer.ts';

interface ReadEntry {
  name: string;
  data: Buffer;
  flags: number;
}

/** Reads an archive through its central directory, as Excel and unzip do; checks every CRC. */
function readByDirectory(zip: Buffer): ReadEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + compressedSize));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data, flags });
    at += 46 + nameLength;
  }
  return entries;
}

/**
 * Reads an archive front to back from its local headers, as streaming readers do: sizes from the
 * header, or from the data descriptor after the data when bit 3 is set.
 */
function readSequentially(zip: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const flags = zip.readUInt16LE(at + 6);
    const nameLength = zip.readUInt16LE(at + 26);
    const dataAt = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 30, at + 30 + nameLength));
    if (flags & 0x08) {
      expect(zip.readUInt32LE(at + 18)).toBe(0);
      // The end of the deflate stream is where the descriptor starts.
      const data = inflateRawSync(zip.subarray(dataAt), { info: true }) as unknown as {
        buffer: Buffer;
        engine: { bytesWritten: number };
      };
      const length = data.engine.bytesWritten;
      const descriptor = dataAt + length;
      expect(zip.readUInt32LE(descriptor)).toBe(0x08074b50);
      expect(zip.readUInt32LE(descriptor + 4)).toBe(crc32(data.buffer));
      expect(zip.readUInt32LE(descriptor + 8)).toBe(length);
      expect(zip.readUInt32LE(descriptor + 12)).toBe(data.buffer.length);
      at = descriptor + 16;
    } else {
      at = dataAt + zip.readUInt32LE(at + 18);
    }
  }
  expect(zip.readUInt32LE(at)).toBe(0x02014b50);
  return names;
}

/** Writes one streamed entry in chunks, waiting whenever the writer says it is full. */
async function writeEntry(zip: ZipWriter, name: string, chunks: Iterable<Buffer>) {
  const entry = zip.startEntry(name);
  for (const chunk of chunks) if (!entry.write(chunk)) await zip.ready();
  entry.end();
}

function* chunksOf(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

describe('zip writer', () => {
  it('writes streamed and whole entries that read back byte for byte, by directory and front to back', async () => {
    const zip = createZipWriter();
    const bytes = buffer(zip.stream);
    const text = Buffer.from('员工列表，第一行\n'.repeat(20_000));
    const noise = randomBytes(300_000);
    zip.addFile('first.xml', '<a>小文件</a>');
    await writeEntry(zip, 'dir/文本.xml', chunksOf(text, 10_000));
    await writeEntry(zip, 'noise.bin', chunksOf(noise, 7_000));
    await writeEntry(zip, 'empty.xml', []);
    zip.addFile('last.xml', Buffer.alloc(0));
    await zip.finish();
    const archive = await bytes;

    const entries = readByDirectory(archive);
    expect(entries.map((e) => e.name)).toEqual(['first.xml', 'dir/文本.xml', 'noise.bin', 'empty.xml', 'last.xml']);
    expect(entries[0]?.data.toString()).toBe('<a>小文件</a>');
    expect(entries[1]?.data.equals(text)).toBe(true);
    expect(entries[2]?.data.equals(noise)).toBe(true);
    expect(entries[3]?.data.length).toBe(0);
    expect(entries[4]?.data.length).toBe(0);
    // UTF-8 names; data descriptors only where the sizes were not known up front.
    expect(entries.map((e) => e.flags)).toEqual([0x0800, 0x0808, 0x0808, 0x0808, 0x0800]);
    expect(readSequentially(archive)).toEqual(entries.map((e) => e.name));
    // Compressible text is compressed.
    expect(archive.length).toBeLessThan(noise.length + text.length / 10);
  });

  it('lets an entry be started while the previous one is still flushing, keeping their order', async () => {
    const zip = createZipWriter();
    const bytes = buffer(zip.stream);
    const sheets = [randomBytes(200_000), Buffer.from('b'.repeat(500_000)), randomBytes(1000)];
    sheets.forEach((data, i) => {
      const entry = zip.startEntry(`part${i}.bin`);
      entry.write(data);
      entry.end();
    });
    await zip.finish();
    const entries = readByDirectory(await bytes);
    expect(entries.map((e) => e.name)).toEqual(['part0.bin', 'part1.bin', 'part2.bin']);
    entries.forEach((e, i) => expect(e.data.equals(sheets[i] ?? Buffer.alloc(0))).toBe(true));
    expect(readSequentially(await bytes)).toEqual(['part0.bin', 'part1.bin', 'part2.bin']);
  });

  it('keeps the writer waiting while the reader is slow: what is in flight stays bounded', async () => {
    const zip = createZipWriter();
    let written = 0;
    let consumed = 0;
    let maxAhead = 0;
    let writes = 0;
    const slowDisk = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        consumed += chunk.length;
        // A slow disk: every chunk takes a timer tick.
        setTimeout(callback, 1);
      },
    });
    const stored = pipeline(zip.stream, slowDisk);
    const entry = zip.startEntry('noise.bin');
    // Random bytes do not compress: bytes written and bytes stored can be compared.
    for (const chunk of chunksOf(randomBytes(8 * 1024 * 1024), 32 * 1024)) {
      written += chunk.length;
      writes += 1;
      maxAhead = Math.max(maxAhead, written - consumed);
      if (!entry.write(chunk)) await zip.ready();
    }
    entry.end();
    await zip.finish();
    await stored;
    expect(writes).toBe(256);
    expect(consumed).toBeGreaterThan(8 * 1024 * 1024);
    // Without backpressure the writer runs megabytes ahead of the disk.
    expect(maxAhead).toBeLessThan(1024 * 1024);
  });

  it('stops the writer with the reader’s error instead of waiting forever', async () => {
    const zip = createZipWriter();
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('disk full'));
      },
    });
    const stored = pipeline(zip.stream, failing);
    const entry = zip.startEntry('noise.bin');
    const writing = (async () => {
      for (const chunk of chunksOf(randomBytes(4 * 1024 * 1024), 64 * 1024)) {
        if (!entry.write(chunk)) await zip.ready();
      }
    })();
    await expect(stored).rejects.toThrow('disk full');
    await expect(writing).rejects.toThrow('disk full');
    expect(() => entry.write(Buffer.from('x'))).toThrow('disk full');
    await expect(zip.finish()).rejects.toThrow();
  });

  it('fails when the stream is destroyed before the archive is finished', async () => {
    const zip = createZipWriter();
    const entry = zip.startEntry('a.xml');
    entry.write(Buffer.from('<a/>'));
    zip.stream.destroy(new Error('aborted'));
    expect(() => entry.write(Buffer.from('x'))).toThrow('aborted');
    await expect(zip.ready()).rejects.toThrow('aborted');
  });

  it('refuses an entry or an archive that would need ZIP64', async () => {
    const big = createZipWriter({ maxBytes: 100_000 });
    const bigBytes = buffer(big.stream).catch((err: unknown) => err);
    const entry = big.startEntry('big.bin');
    entry.write(Buffer.alloc(60_000));
    expect(() => entry.write(Buffer.alloc(60_000))).toThrow(ZipLimitError);
    expect(await bigBytes).toBeInstanceOf(ZipLimitError);

    const many = createZipWriter({ maxBytes: 100_000 });
    const manyBytes = buffer(many.stream).catch((err: unknown) => err);
    many.addFile('a.bin', randomBytes(60_000));
    many.addFile('b.bin', randomBytes(60_000));
    await expect(many.finish()).rejects.toBeInstanceOf(ZipLimitError);
    expect(await manyBytes).toBeInstanceOf(ZipLimitError);
  });

  it('refuses duplicate names and misuse', async () => {
    const zip = createZipWriter();
    zip.addFile('a.xml', '<a/>');
    expect(() => zip.addFile('a.xml', '<a/>')).toThrow('duplicate');
    expect(() => zip.addFile('/abs.xml', '')).toThrow('invalid');
    const entry = zip.startEntry('b.xml');
    expect(() => zip.startEntry('c.xml')).toThrow('still open');
    await expect(zip.finish()).rejects.toThrow('still open');
    entry.end();
    expect(() => entry.write(Buffer.from('x'))).toThrow('ended');
  });
});
