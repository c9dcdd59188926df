import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cellText, createXlsxWriter, readSheetRows, SheetFormatError, type SheetRow } from './spreadsheet.ts';

const collect = async (rows: AsyncIterable<SheetRow>) => {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

describe('spreadsheet adapter', () => {
  it('writes sheets as a stream and reads the first one back row by row', async () => {
    const writer = createXlsxWriter();
    const bytes = buffer(writer.stream);
    const sheet = writer.addSheet('数据', [{ header: '姓名' }, { header: '身份证号', text: true }, { header: '数量' }]);
    for (let i = 0; i < 3000; i++) sheet.addRow([`员工${i}`, '110105199003071239', i]);
    writer.addSheet('说明', [{ header: '列' }]).addRow(['只读第一个工作表']);
    await writer.commit();
    const rows = await collect(readSheetRows(Readable.from([await bytes]), 'xlsx'));
    expect(rows).toHaveLength(3001);
    expect(rows[0]).toEqual({ row: 1, values: ['姓名', '身份证号', '数量'] });
    expect(rows[3000]).toEqual({ row: 3001, values: ['员工2999', '110105199003071239', 2999] });
  });

  it('reads CSV in UTF-8 (with BOM) and in GB18030, with quoted fields and row numbers', async () => {
    const utf8 = await collect(
      readSheetRows(Readable.from([Buffer.from('\ufeff姓名,备注\r\n张三,"甲,乙"\r\n\r\n李四,\r\n')]), 'csv'),
    );
    expect(utf8.map((r) => [r.row, r.values])).toEqual([
      [1, ['姓名', '备注']],
      [2, ['张三', '甲,乙']],
      [3, ['']],
      [4, ['李四', '']],
    ]);
    // 姓名\r\n张三\r\n as Excel on Chinese Windows saves it.
    const gbk = Buffer.from('d0d5c3fb0d0ad5c5c8fd0d0a', 'hex');
    const rows = await collect(readSheetRows(Readable.from([gbk]), 'csv'));
    expect(rows.map((r) => r.values)).toEqual([['姓名'], ['张三']]);
  });

  it('fails with SheetFormatError on a file that is not an xlsx', async () => {
    await expect(
      collect(readSheetRows(Readable.from([Buffer.from('PK\x03\x04 broken', 'latin1')]), 'xlsx')),
    ).rejects.toBeInstanceOf(SheetFormatError);
  });

  it('reads cells as text: dates as days, whole numbers without exponent', () => {
    expect(cellText(new Date(Date.UTC(2025, 0, 3)))).toBe('2025-01-03');
    expect(cellText(13800000000)).toBe('13800000000');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText('  x ')).toBe('x');
    expect(cellText(null)).toBe('');
  });
});

describe('reading Chinese text from large xlsx files', () => {
  it('keeps every character intact across the reader’s chunk boundaries', async () => {
    const { createReadStream, createWriteStream, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pipeline } = await import('node:stream/promises');
    const dir = mkdtempSync(join(tmpdir(), 'fp-xlsx-'));
    const file = join(dir, 'large.xlsx');
    try {
      const writer = createXlsxWriter();
      const written = pipeline(writer.stream, createWriteStream(file));
      const headers = [
        '姓名',
        '身份证号',
        '手机号',
        '工种编码',
        '入职日期',
        '备注',
        '开户银行',
        '银行卡号',
        '开户支行',
        '支付宝账号',
      ];
      const sheet = writer.addSheet(
        '员工',
        headers.map((header) => ({ header })),
      );
      const row = [
        '批量员工',
        '330102198001010001',
        '13900000000',
        'QA',
        '2025-06-01',
        '',
        '中国工商银行',
        '6222020000000000001',
        '',
        '',
      ];
      for (let i = 0; i < 3000; i++) sheet.addRow(row);
      await writer.commit();
      await written;
      let read = 0;
      for await (const r of readSheetRows(createReadStream(file), 'xlsx')) {
        if (r.row === 1) continue;
        read++;
        // ExcelJS's reader, which the import once used, split a few of these into "批量���工".
        expect([r.values[0], r.values[6]]).toEqual(['批量员工', '中国工商银行']);
      }
      expect(read).toBe(3000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
