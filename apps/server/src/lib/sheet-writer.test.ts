import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// Before ExcelJS, as everywhere it is loaded.
import '../../test/exceljs-utf8-fix.ts';
import ExcelJS from 'exceljs';
import { readSheetRows, type SheetRow } from './sheet-reader.ts';
import {
  createXlsxWriter,
  escapeXmlText,
  MAX_SHEET_ROWS,
  type CellValue,
  type SheetColumn,
  type XlsxWriter,
  ZipLimitError,
} from './sheet-writer.ts';

const collect = async (rows: AsyncIterable<SheetRow>) => {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

/** Writes a workbook through `write` and answers its bytes. */
async function workbookOf(write: (writer: XlsxWriter) => Promise<void> | void): Promise<Buffer> {
  const writer = createXlsxWriter();
  const bytes = buffer(writer.stream);
  await write(writer);
  await writer.commit();
  return bytes;
}

/** The whole workbook as ExcelJS loads it in memory (through the zip's central directory). */
async function loadWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

interface ZipRecord {
  name: string;
  data: Buffer;
  flags: number;
}

/** Reads an archive through its central directory, as Excel and unzip do; checks every CRC. */
function readByDirectory(zip: Buffer): ZipRecord[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: ZipRecord[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + compressedSize));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data, flags });
    at += 46 + nameLength + extraLength + commentLength;
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

const COLUMNS: SheetColumn[] = [
  { header: '姓名', width: 12 },
  { header: '身份证号', width: 22, text: true },
  { header: '金额' },
  { header: '备注' },
];

describe('xlsx writer', () => {
  it('round-trips Chinese text, markup, numbers and empty cells through the streaming reader', async () => {
    const rows: CellValue[][] = [
      ['张三', '110105199003071239', 1234.5, '备注：<b>加粗</b> & "引号" \'单引号\''],
      ['𠮷野家', '6222020200000000001234', 0, null],
      [null, '', -7, '  前后空格  '],
      ['第一行\n第二行', '\t制表', 1e21, 'Ａ全角　空格'],
      // (Text that looks like an entity, "&amp;", is written right but ExcelJS's reader decodes
      // it twice: see the escaping test.)
      ['a]]>b', '<?xml?>', 0.1 + 0.2, '<![CDATA[x]]>'],
    ];
    const bytes = await workbookOf((writer) => {
      const sheet = writer.addSheet('员工', COLUMNS);
      for (const row of rows) sheet.addRow(row);
    });
    const read = await collect(readSheetRows(Readable.from([bytes]), 'xlsx'));
    expect(read.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read.map((r) => r.values)).toEqual([
      ['姓名', '身份证号', '金额', '备注'],
      ['张三', '110105199003071239', 1234.5, '备注：<b>加粗</b> & "引号" \'单引号\''],
      // Trailing empty cells are not written at all.
      ['𠮷野家', '6222020200000000001234', 0],
      // null and '' are both empty cells.
      [null, null, -7, '  前后空格  '],
      ['第一行\n第二行', '\t制表', 1e21, 'Ａ全角　空格'],
      ['a]]>b', '<?xml?>', 0.1 + 0.2, '<![CDATA[x]]>'],
    ]);
  });

  it('drops the characters XML 1.0 cannot hold and keeps the rest, surrogate pairs included', async () => {
    const bytes = await workbookOf((writer) => {
      writer
        .addSheet('数据', [{ header: '值' }])
        .addRow(['a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\ufffeh\uffffi\ud800j\udc00k😀l\r\nm']);
    });
    const [, row] = await collect(readSheetRows(Readable.from([bytes]), 'xlsx'));
    expect(row?.values).toEqual(['abcdefghijk😀l\r\nm']);
  });

  it('escapes text for XML', () => {
    expect(escapeXmlText('纯文本')).toBe('纯文本');
    expect(escapeXmlText('a<b>&c"d\'e')).toBe('a&lt;b&gt;&amp;c"d\'e');
    expect(escapeXmlText('&amp;')).toBe('&amp;amp;');
    expect(escapeXmlText('x\u0007y\ud83dz')).toBe('xyz');
    expect(escapeXmlText('l\r\n')).toBe('l&#13;\n');
    expect(escapeXmlText('𠮷')).toBe('𠮷');
  });

  it('writes several sheets with a bold frozen header, column widths and text columns', async () => {
    const bytes = await workbookOf((writer) => {
      const data = writer.addSheet('员工信息', COLUMNS);
      data.addRow(['张三', '110105199003071239', 12, '']);
      const notes = writer.addSheet('填写说明 & 注意', [{ header: '列名', width: 14 }, { header: '说明' }]);
      notes.addRow(['身份证号', '以文本格式填写']);
      notes.addRow([]);
      notes.addRow(['', '空行之后']);
    });
    const workbook = await loadWorkbook(bytes);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['员工信息', '填写说明 & 注意']);
    const [data, notes] = workbook.worksheets;
    if (!data || !notes) throw new Error('sheets missing');

    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(notes.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(data.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(data.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(data.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(data.columns.map((c) => c.width)).toEqual([12, 22, 10, 10]);
    expect(notes.columns.map((c) => c.width)).toEqual([14, 10]);
    // The text column: its cells and the column itself (for what is typed in later) are "@".
    expect(data.getRow(2).getCell(2).numFmt).toBe('@');
    expect(data.getColumn(2).numFmt).toBe('@');
    expect(data.getRow(2).getCell(1).numFmt).toBeFalsy();
    expect(data.getRow(2).getCell(2).value).toBe('110105199003071239');
    expect(data.getRow(2).getCell(3).value).toBe(12);
    expect(data.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(data.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Null);

    expect(notes.getRow(2).values).toEqual([undefined, '身份证号', '以文本格式填写']);
    expect(notes.getRow(3).cellCount).toBe(0);
    expect(notes.getRow(4).getCell(2).value).toBe('空行之后');
  });

  it('streams many rows that all read back in order', async () => {
    const writer = createXlsxWriter();
    const bytes = buffer(writer.stream);
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const count = 30_000;
    for (let start = 0; start < count; start += 2000) {
      await sheet.addRows(
        Array.from({ length: 2000 }, (_, k) => {
          const i = start + k;
          return [`员工${i}`, `1101051990${String(i).padStart(8, '0')}`, i * 1.5, i % 3 ? null : `备注${i}`];
        }),
      );
    }
    await writer.commit();
    let n = 0;
    for await (const r of readSheetRows(Readable.from([await bytes]), 'xlsx')) {
      if (r.row === 1) continue;
      const i = r.row - 2;
      const expected: CellValue[] = [`员工${i}`, `1101051990${String(i).padStart(8, '0')}`, i * 1.5];
      if (i % 3 === 0) expected.push(`备注${i}`);
      expect(r.values).toEqual(expected);
      n++;
    }
    expect(n).toBe(count);
  });

  it('makes rows wait while nobody reads the output, and finishes once it is read', async () => {
    const writer = createXlsxWriter();
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const total = 200_000;
    let produced = 0;
    function* rows(): Generator<CellValue[]> {
      for (let i = 0; i < total; i++) {
        produced += 1;
        // Random text, so that the zip cannot shrink the backlog to nothing.
        yield [`员工${i}`, randomBytes(9).toString('hex'), i, null];
      }
    }
    let isDone = false;
    const adding = sheet.addRows(rows()).then(() => {
      isDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing reads the stream: after a few hundred kilobytes the rows stop.
    expect(isDone).toBe(false);
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(20_000);
    const stalledAt = produced;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(produced).toBe(stalledAt);

    // A slow disk: a millisecond per chunk; rows flow again, still only as fast as it stores.
    let stored = 0;
    const samples: [produced: number, stored: number][] = [];
    const disk = new Writable({
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
    // The rows produced stay close to the rows stored (bytes stored over bytes per row).
    const bytesPerRow = stored / total;
    const maxAhead = Math.max(...samples.map(([rows, bytes]) => rows - bytes / bytesPerRow));
    expect(samples.length).toBeGreaterThan(10);
    expect(maxAhead).toBeLessThan(20_000);
  });

  it('stops adding rows with the store’s error', async () => {
    const writer = createXlsxWriter();
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

  it('writes a zip that reads back byte for byte by its directory and front to back', async () => {
    const text = '员工列表，第一行'.repeat(2000);
    const noise = () => randomBytes(3000).toString('base64');
    const bytes = await workbookOf(async (writer) => {
      await writer.addSheet('员工', [{ header: '文本' }]).addRows(Array.from({ length: 50 }, () => [text]));
      await writer.addSheet('噪声', [{ header: '随机' }]).addRows(Array.from({ length: 100 }, () => [noise()]));
      writer.addSheet('空表', []);
    });
    const entries = readByDirectory(bytes);
    expect(entries.map((e) => e.name)).toEqual([
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet3.xml',
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
    ]);
    // UTF-8 names; data descriptors only on the streamed sheets, whose sizes are not known up front.
    expect(entries.map((e) => e.flags)).toEqual([0x0800, 0x0808, 0x0808, 0x0808, 0x0800, 0x0800, 0x0800, 0x0800]);
    expect(entries[1]?.data.toString('utf8').split(text).length).toBe(51);
    expect(readSequentially(bytes)).toEqual(entries.map((e) => e.name));
    // Compressible text is compressed: 2.4 MB of it and 400 KB of random base64 take less than the latter.
    expect(bytes.length).toBeLessThan(400_000);
  });

  it('fails when its stream is destroyed before the workbook is finished', async () => {
    const writer = createXlsxWriter();
    const sheet = writer.addSheet('员工列表', COLUMNS);
    sheet.addRow(['张三', '1', 1, null]);
    writer.stream.destroy(new Error('aborted'));
    await expect(writer.ready()).rejects.toThrow('aborted');
    expect(() => sheet.addRow(Array.from({ length: 4 }, () => 'x'.repeat(40_000)))).toThrow('aborted');
    await expect(writer.commit()).rejects.toThrow('aborted');
  });

  it('refuses a workbook larger than allowed', async () => {
    const writer = createXlsxWriter({ maxBytes: 100_000 });
    const bytes = buffer(writer.stream).catch((err: unknown) => err);
    const sheet = writer.addSheet('员工列表', COLUMNS);
    const adding = sheet.addRows(
      Array.from({ length: 20_000 }, (_, i): CellValue[] => [`员工${i}`, randomBytes(9).toString('hex'), i, null]),
    );
    await expect(adding).rejects.toBeInstanceOf(ZipLimitError);
    expect(await bytes).toBeInstanceOf(ZipLimitError);
    await expect(writer.commit()).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('refuses misuse: an empty workbook, a sheet or a commit after the commit, rows of a finished sheet', async () => {
    await expect(createXlsxWriter().commit()).rejects.toThrow('at least one worksheet');
    const writer = createXlsxWriter();
    void buffer(writer.stream);
    const first = writer.addSheet('一', []);
    writer.addSheet('二', []);
    expect(() => first.addRow(['x'])).toThrow('already finished');
    await writer.commit();
    expect(() => writer.addSheet('三', [])).toThrow('already committed');
    await expect(writer.commit()).rejects.toThrow('already committed');
  });

  it('refuses sheet names Excel cannot open, and cuts long ones to 31 characters', async () => {
    const writer = createXlsxWriter();
    expect(() => writer.addSheet('a/b', [])).toThrow('invalid worksheet name');
    expect(() => writer.addSheet('', [])).toThrow('invalid worksheet name');
    writer.addSheet('数'.repeat(40), [{ header: 'x' }]);
    expect(() => writer.addSheet('数'.repeat(31), [])).toThrow('duplicate');
    const bytes = buffer(writer.stream);
    await writer.commit();
    const workbook = await loadWorkbook(await bytes);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['数'.repeat(31)]);
  });

  it('carries rows on to a new sheet with the header once one is full', async () => {
    const bytes = await workbookOf(async (writer) => {
      const sheets = writer.addSheets('员工列表', COLUMNS, 3);
      await sheets.addRows(Array.from({ length: 7 }, (_, i): CellValue[] => [`员工${i}`, String(i), i, null]));
    });
    const workbook = await loadWorkbook(bytes);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['员工列表', '员工列表 (2)', '员工列表 (3)']);
    const names = workbook.worksheets.map((ws) => {
      const values: unknown[] = [];
      ws.eachRow((row) => values.push(row.getCell(1).value));
      return values;
    });
    expect(names).toEqual([
      ['姓名', '员工0', '员工1', '员工2'],
      ['姓名', '员工3', '员工4', '员工5'],
      ['姓名', '员工6'],
    ]);
    // Every sheet keeps the frozen header and the text format of its columns.
    expect(workbook.worksheets[2]?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(workbook.worksheets[2]?.getRow(2).getCell(2).numFmt).toBe('@');
  });

  it('keeps the suffixed names of long sheet names within 31 characters', async () => {
    const bytes = await workbookOf(async (writer) => {
      await writer.addSheets('数'.repeat(40), [{ header: 'x' }], 1).addRows([['a'], ['b']]);
    });
    const workbook = await loadWorkbook(bytes);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['数'.repeat(31), `${'数'.repeat(27)} (2)`]);
  });

  it('refuses a row past the last row Excel opens, and rows per sheet it could not hold', async () => {
    const writer = createXlsxWriter();
    void buffer(writer.stream);
    expect(() => writer.addSheets('x', [], MAX_SHEET_ROWS)).toThrow('rows per sheet');
    expect(() => writer.addSheets('y', [], 0)).toThrow('rows per sheet');
    const sheet = writer.addSheet('员工列表', [{ header: '序号' }]);
    // The header is row 1.
    await sheet.addRows(
      (function* () {
        for (let i = 1; i < MAX_SHEET_ROWS; i++) yield [i];
      })(),
    );
    expect(() => sheet.addRow([0])).toThrow('is full');
    await writer.commit();
  }, 60_000);
});
