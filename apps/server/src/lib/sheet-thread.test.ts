import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSheetRows, type SheetRow } from './sheet-reader.ts';
import { RowPacker, unpackRows } from './sheet-rows.ts';
import { createThreadedXlsxWriter } from './sheet-thread.ts';
import { createXlsxWriter, type CellValue, type SheetColumn, type XlsxWriter, ZipLimitError } from './sheet-writer.ts';

const COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 12 },
  { header: '身份证号', width: 22, text: true },
  { header: '金额' },
  { header: '备注' },
];

const ROWS: CellValue[][] = [
  ['张三', '110105199003071239', 1234.5, '备注：<b>加粗</b> & "引号" \'单引号\''],
  ['𠮷野家', '6222020200000000001234', 0, null],
  [null, '', -7, '  前后空格  '],
  ['第一行\r\n第二行', '\t制表', 1e21, 'a\u0000b\ud800c😀'],
  [NaN, Infinity, -0, ''],
  [],
  ['只有一格'],
];

/** The entries of an archive by name, inflated, read through its central directory. */
function entriesOf(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, inflateRawSync(zip.subarray(dataAt, dataAt + compressedSize)).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

async function workbookOf(writer: XlsxWriter, write: (writer: XlsxWriter) => Promise<void>): Promise<Buffer> {
  const bytes = buffer(writer.stream);
  await write(writer);
  await writer.commit();
  return bytes;
}

const collect = async (rows: AsyncIterable<SheetRow>) => {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

describe('rows packed for the thread', () => {
  it('unpack as they were added, empty cells as null', () => {
    const packer = new RowPacker();
    for (const row of ROWS) packer.add(row);
    const packed = packer.take();
    expect(packed.rowCount).toBe(ROWS.length);
    expect([...unpackRows(packed)]).toEqual(
      ROWS.map((row) => row.map((v) => (v === '' || (typeof v === 'number' && !Number.isFinite(v)) ? null : v))),
    );
    // The packer starts again, its buffers grown as rows need.
    const wide = Array.from({ length: 40_000 }, (_, i) => (i % 2 ? i : `t${i}`));
    packer.add(wide);
    expect([...unpackRows(packer.take())]).toEqual([wide]);
    expect(packer.take().rowCount).toBe(0);
  });
});

describe('xlsx writer on a worker thread', () => {
  it('writes the same workbook as the writer on this thread, part for part', async () => {
    const write = async (writer: XlsxWriter) => {
      await writer.addSheet('说明', [{ header: '列' }]).addRows([['x']]);
      const sheets = writer.addSheets('员工列表', COLUMNS, 2500);
      for (let start = 0; start < 6000; start += 1500) {
        await sheets.addRows(
          Array.from({ length: 1500 }, (_, k): CellValue[] => {
            const i = start + k;
            return i % 7
              ? [`员工${i}`, `1101051990${String(i).padStart(8, '0')}`, i * 1.5, i % 3 ? null : '<&>']
              : (ROWS[i % ROWS.length] ?? []);
          }),
        );
      }
    };
    const [here, threaded] = await Promise.all([
      workbookOf(createXlsxWriter(), write),
      workbookOf(createThreadedXlsxWriter(), write),
    ]);
    const expected = entriesOf(here);
    expect([...expected.keys()]).toContain('xl/worksheets/sheet4.xml');
    expect(entriesOf(threaded)).toEqual(expected);
    const read = await collect(readSheetRows(Readable.from([threaded]), 'xlsx'));
    expect(read[0]?.values).toEqual(['列']);
  });

  it('answers at once what the writer answers at once', async () => {
    const writer = createThreadedXlsxWriter();
    void buffer(writer.stream);
    expect(() => writer.addSheet('a/b', [])).toThrow('invalid worksheet name');
    const first = writer.addSheet('一', []);
    writer.addSheet('二', []);
    expect(() => first.addRow(['x'])).toThrow('already finished');
    expect(() => writer.addSheets('三', [], 0)).toThrow('rows per sheet');
    await writer.commit();
    expect(() => writer.addSheet('四', [])).toThrow('already committed');
    await expect(writer.commit()).rejects.toThrow('already committed');
    await expect(createThreadedXlsxWriter().commit()).rejects.toThrow('at least one worksheet');
  });

  it('fails with the thread’s error: a workbook larger than allowed', async () => {
    const writer = createThreadedXlsxWriter({ maxBytes: 100_000 });
    const bytes = buffer(writer.stream).catch((err: unknown) => err);
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const adding = sheet.addRows(
      Array.from({ length: 20_000 }, (_, i): CellValue[] => [`员工${i}`, randomBytes(9).toString('hex'), i, null]),
    );
    await expect(adding).rejects.toBeInstanceOf(ZipLimitError);
    expect(await bytes).toBeInstanceOf(ZipLimitError);
    await expect(writer.commit()).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('makes rows wait while nobody reads the output, and flows as fast as a slow reader reads', async () => {
    const writer = createThreadedXlsxWriter();
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const total = 200_000;
    let produced = 0;
    function* rows(): Generator<CellValue[]> {
      for (let i = 0; i < total; i++) {
        produced += 1;
        yield [`员工${i}`, randomBytes(9).toString('hex'), i, null];
      }
    }
    let isDone = false;
    const adding = sheet.addRows(rows()).then(() => (isDone = true));
    // Nothing reads the stream: once the thread is up and its window full, the rows stop.
    let stalledAt = -1;
    for (let waited = 0; waited < 20 && produced !== stalledAt; waited++) {
      stalledAt = produced;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(produced).toBe(stalledAt);
    expect(isDone).toBe(false);
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(30_000);

    let stored = 0;
    const samples: [produced: number, stored: number][] = [];
    const disk = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        stored += chunk.length;
        setTimeout(callback, 1);
      },
    });
    const storing = pipeline(writer.stream, disk);
    const watch = setInterval(() => samples.push([produced, stored]), 5);
    await adding;
    clearInterval(watch);
    await writer.commit();
    await storing;
    expect(produced).toBe(total);
    const bytesPerRow = stored / total;
    const maxAhead = Math.max(...samples.map(([made, bytes]) => made - bytes / bytesPerRow));
    expect(samples.length).toBeGreaterThan(10);
    expect(maxAhead).toBeLessThan(30_000);
  }, 60_000);

  it('stops when its stream is destroyed: the rows, the commit and the thread', async () => {
    const writer = createThreadedXlsxWriter();
    const sheet = writer.addSheet('员工列表', COLUMNS);
    await sheet.addRows(Array.from({ length: 5000 }, (_, i): CellValue[] => [`员工${i}`, '1', i, null]));
    writer.stream.destroy(new Error('aborted'));
    await expect(writer.ready()).rejects.toThrow('aborted');
    expect(() => sheet.addRow(['张三', '1', 1, null])).toThrow('aborted');
    await expect(writer.commit()).rejects.toThrow('aborted');
  });

  it('stops adding rows with the store’s error', async () => {
    const writer = createThreadedXlsxWriter();
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('disk full'));
      },
    });
    const storing = pipeline(writer.stream, failing);
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const adding = sheet.addRows(
      Array.from({ length: 100_000 }, (_, i): CellValue[] => [`员工${i}`, randomBytes(9).toString('hex'), i, null]),
    );
    await expect(storing).rejects.toThrow('disk full');
    await expect(adding).rejects.toThrow('disk full');
    await expect(writer.commit()).rejects.toThrow('disk full');
  });
});
