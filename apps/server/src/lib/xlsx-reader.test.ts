import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { readSheetRows, SheetFormatError, type SheetRow } from './sheet-reader.ts';
import { isDateFormatCode, MAX_ENTRIES, MAX_PART_BYTES, MAX_SHEET_BYTES, MAX_TOKEN_BYTES } from './xlsx-reader.ts';

// ── A zip builder of the tests' own: every layout a reader may meet ──────────────────────────

interface ZipPart {
  name: string;
  data: string | Buffer;
  /** deflate (default) or stored. */
  store?: boolean;
  /** CRC and sizes after the data: with the optional signature (default) or without it. */
  descriptor?: 'signed' | 'unsigned';
  /** The uncompressed size the headers declare, when it is to lie. */
  declaredSize?: number;
  /** Flagged as encrypted (general purpose bit 0). */
  encrypted?: boolean;
}

function zip(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const body = part.store ? data : deflateRawSync(data);
    const crc = crc32(data);
    const name = Buffer.from(part.name, 'utf8');
    const flags = (part.descriptor ? 0x0008 : 0) | 0x0800 | (part.encrypted ? 0x0001 : 0);
    const size = part.declaredSize ?? data.length;
    const at = offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(part.store ? 0 : 8, 8);
    header.writeUInt32LE(part.descriptor ? 0 : crc, 14);
    header.writeUInt32LE(part.descriptor ? 0 : body.length, 18);
    header.writeUInt32LE(part.descriptor ? 0 : size, 22);
    header.writeUInt16LE(name.length, 26);
    push(header);
    push(name);
    push(body);
    if (part.descriptor) {
      const descriptor = Buffer.alloc(12);
      descriptor.writeUInt32LE(crc, 0);
      descriptor.writeUInt32LE(body.length, 4);
      descriptor.writeUInt32LE(size, 8);
      if (part.descriptor === 'signed') push(Buffer.from([0x50, 0x4b, 0x07, 0x08]));
      push(descriptor);
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(part.store ? 0 : 8, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(at, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function workbook(sheets: { name: string; rid: string }[], date1904 = false) {
  const list = sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="${s.rid}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><workbookPr${date1904 ? ' date1904="1"' : ''}/><sheets>${list}</sheets></workbook>`;
}

function rels(targets: { rid: string; type: string; target: string }[]) {
  const list = targets
    .map((t) => `<Relationship Id="${t.rid}" Type="${REL}/${t.type}" Target="${t.target}"/>`)
    .join('');
  return `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list}</Relationships>`;
}

const sheetXml = (rows: string) => `<?xml version="1.0"?><worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

/** Cell formats: 0 General, 1 a built-in date (14), 2 a custom date format, 3 a custom number format. */
const STYLES = `<?xml version="1.0"?><styleSheet ${NS}><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="0.00_);[Red]\\(0.00\\)"/></numFmts><cellStyleXfs count="1"><xf numFmtId="22"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;

const SHARED = `<?xml version="1.0"?><sst ${NS} count="4" uniqueCount="4"><si><t>姓名</t></si><si><t xml:space="preserve"> 张三 </t></si><si><r><rPr><b/></rPr><t>中国</t></r><r><t>工商银行</t></r><rPh><t>ignored</t></rPh></si><si><t/></si></sst>`;

/** A sheet exercising every kind of cell the reader knows. */
const RICH_SHEET = sheetXml(
  [
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>身份证号</t></is></c></row>',
    // Row 2 is not in the file at all; row 3 has gaps (A, C and E empty).
    '<row r="3" spans="1:6"><c r="B3" t="s"><v>1</v></c><c r="D3" t="s"><v>2</v></c><c r="F3" s="0"/></row>',
    '<row r="4"><c r="A4"><v>13800138000</v></c><c r="B4" s="1"><v>45720</v></c><c r="C4" s="2"><v>45721.5</v></c><c r="D4" s="3"><v>1.5</v></c><c r="E4" t="b"><v>1</v></c><c r="F4" t="b"><v>0</v></c></row>',
    '<row r="5"><c r="A5" t="e"><v>#N/A</v></c><c r="B5" t="str"><f>A1&amp;"x"</f><v>A&amp;B &lt;c&gt; &#20013;&#x6587;</v></c><c r="C5" t="d"><v>2025-03-04T00:00:00Z</v></c><c r="D5" t="inlineStr"><is><r><t>富</t></r><r><t>文本</t></r></is></c><c r="E5" t="s"><v>3</v></c></row>',
    '<row r="6"><c t="inlineStr"><is><t><![CDATA[<raw> & ]]></t></is></c><c t="n"><v>42</v></c></row>',
    '<row r="7"/>',
  ].join(''),
);

const RICH_EXPECTED: SheetRow[] = [
  { row: 1, values: ['姓名', '身份证号'] },
  { row: 3, values: [null, ' 张三 ', null, '中国工商银行'] },
  {
    row: 4,
    values: [13800138000, new Date(Date.UTC(2025, 2, 4)), new Date(Date.UTC(2025, 2, 5, 12)), 1.5, true, false],
  },
  { row: 5, values: [null, 'A&B <c> 中文', new Date(Date.UTC(2025, 2, 4)), '富文本', ''] },
  { row: 6, values: ['<raw> & ', 42] },
  { row: 7, values: [] },
];

/** A workbook whose parts come in `order`, the first sheet's data `sheet`. */
function richWorkbook(order: 'workbook-first' | 'sheet-first', descriptor?: ZipPart['descriptor']) {
  const meta: ZipPart[] = [
    { name: 'xl/workbook.xml', data: workbook([{ name: '员工', rid: 'rId1' }]) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels([
        { rid: 'rId1', type: 'worksheet', target: 'worksheets/sheet1.xml' },
        { rid: 'rId2', type: 'styles', target: 'styles.xml' },
        { rid: 'rId3', type: 'sharedStrings', target: 'sharedStrings.xml' },
      ]),
    },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/sharedStrings.xml', data: SHARED },
  ];
  const sheet: ZipPart = { name: 'xl/worksheets/sheet1.xml', data: RICH_SHEET, ...(descriptor ? { descriptor } : {}) };
  const parts = order === 'workbook-first' ? [...meta, sheet] : [sheet, ...meta.reverse()];
  return zip([{ name: '[Content_Types].xml', data: '<Types/>' }, ...parts.map((p) => ({ descriptor, ...p }))]);
}

/** The bytes as a stream of chunks of `size` bytes. */
const chunked = (bytes: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );

const collect = async (rows: AsyncIterable<SheetRow>) => {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

const readXlsx = (bytes: Buffer, chunkSize = 64 * 1024) => collect(readSheetRows(chunked(bytes, chunkSize), 'xlsx'));

describe('xlsx reader', () => {
  it('reads shared and inline strings, numbers, dates of date-formatted cells, booleans, formulas and gaps', async () => {
    expect(await readXlsx(richWorkbook('workbook-first'))).toEqual(RICH_EXPECTED);
  });

  it('reads a worksheet that comes before the workbook, styles and shared strings it needs (copied aside)', async () => {
    expect(await readXlsx(richWorkbook('sheet-first'))).toEqual(RICH_EXPECTED);
    // As streaming writers make them: sizes after the data, with or without the signature.
    expect(await readXlsx(richWorkbook('sheet-first', 'signed'))).toEqual(RICH_EXPECTED);
    expect(await readXlsx(richWorkbook('sheet-first', 'unsigned'))).toEqual(RICH_EXPECTED);
    expect(await readXlsx(richWorkbook('workbook-first', 'signed'))).toEqual(RICH_EXPECTED);
  });

  it('keeps Chinese characters whole wherever the chunks of the file are cut', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `员工${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${i}号·测试`);
    const rows = names.map((n, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${n}</t></is></c></row>`).join('');
    const book = (sheet: ZipPart, sheetFirst: boolean) => {
      const meta: ZipPart[] = [
        { name: 'xl/workbook.xml', data: workbook([{ name: 's', rid: 'r1' }]) },
        {
          name: 'xl/_rels/workbook.xml.rels',
          data: rels([{ rid: 'r1', type: 'worksheet', target: 'worksheets/sheet1.xml' }]),
        },
      ];
      return zip(sheetFirst ? [sheet, ...meta] : [...meta, sheet]);
    };
    const stored: ZipPart = { name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows), store: true };
    // Stored and read as it streams: the tokenizer gets the stream's chunks, cut at every offset.
    for (const size of [1, 2, 3, 7, 1000]) {
      const read = await readXlsx(book(stored, false), size);
      expect(read.map((r) => r.values[0])).toEqual(names);
    }
    // Deflated: cut where the inflater's chunks end; copied aside first: where the file's do.
    const deflated: ZipPart = { name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows) };
    for (const sheetFirst of [false, true]) {
      const read = await readXlsx(book(deflated, sheetFirst), 5);
      expect(read.map((r) => r.values[0])).toEqual(names);
    }
  });

  it('reads the first sheet of the workbook, whatever the order of the entries and the file names', async () => {
    const bytes = zip([
      {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml('<row r="1"><c t="inlineStr"><is><t>说明</t></is></c></row>'),
      },
      {
        name: 'xl/worksheets/sheet2.xml',
        data: sheetXml('<row r="1"><c t="inlineStr"><is><t>数据</t></is></c></row>'),
      },
      {
        name: 'xl/workbook.xml',
        data: workbook([
          { name: '员工', rid: 'rId7' },
          { name: '说明', rid: 'rId1' },
        ]),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: rels([
          { rid: 'rId1', type: 'worksheet', target: 'worksheets/sheet1.xml' },
          { rid: 'rId7', type: 'worksheet', target: '/xl/worksheets/sheet2.xml' },
        ]),
      },
    ]);
    expect(await readXlsx(bytes)).toEqual([{ row: 1, values: ['数据'] }]);
  });

  it('reads the 1904 date system and prefixed element names', async () => {
    const bytes = zip([
      { name: 'xl/workbook.xml', data: workbook([{ name: 's', rid: 'r1' }], true) },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: rels([
          { rid: 'r1', type: 'worksheet', target: 'worksheets/sheet1.xml' },
          { rid: 'r2', type: 'styles', target: 'styles.xml' },
        ]),
      },
      { name: 'xl/styles.xml', data: STYLES },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="2"><x:c r="A2" s="1"><x:v>44258</x:v></x:c><x:c r="B2" t="inlineStr"><x:is><x:t>前缀</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      },
    ]);
    expect(await readXlsx(bytes)).toEqual([{ row: 2, values: [new Date(Date.UTC(2025, 2, 4)), '前缀'] }]);
  });

  it('reads a workbook as ExcelJS writes it (shared strings, styles, a date)', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('员工');
    ws.addRow(['姓名', '入职日期', '数量', '在职']);
    ws.addRow(['李雷', new Date(Date.UTC(2025, 0, 2)), 3, true]);
    book.addWorksheet('说明').addRow(['只读第一个工作表']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readXlsx(bytes)).toEqual([
      { row: 1, values: ['姓名', '入职日期', '数量', '在职'] },
      { row: 2, values: ['李雷', new Date(Date.UTC(2025, 0, 2)), 3, true] },
    ]);
  });

  it('tells the progress of the sheet read, up to the whole of it', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 1}"><c><v>${i}</v></c></row>`).join('');
    const bytes = zip([
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows), descriptor: 'signed' },
      { name: 'xl/workbook.xml', data: workbook([{ name: 's', rid: 'r1' }]) },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: rels([{ rid: 'r1', type: 'worksheet', target: 'worksheets/sheet1.xml' }]),
      },
    ]);
    const seen: number[] = [];
    const read = await collect(
      readSheetRows(chunked(bytes, 512), 'xlsx', { size: bytes.length, onProgress: (f) => seen.push(f) }),
    );
    expect(read).toHaveLength(2000);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= (seen[i - 1] ?? 0)))).toBe(true);
  });

  it('fails with SheetFormatError on files that are not a readable workbook', async () => {
    const good = richWorkbook('sheet-first', 'signed');
    const corruptCases: [string, Buffer][] = [
      ['not a zip', Buffer.from('hello, not a spreadsheet')],
      ['a zip header and garbage', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)])],
      ['cut in half', good.subarray(0, Math.floor(good.length / 2))],
      // The sheet is copied aside whole, but the shared strings after it are cut.
      ['cut in the last part', good.subarray(0, good.readUInt32LE(good.length - 6) - 40)],
    ];
    // A byte of the stored sheet changed: the CRC no longer matches.
    const stored = zip([
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml('<row r="1"><c><v>1</v></c></row>'), store: true },
    ]);
    const flipped = Buffer.from(stored);
    const at = flipped.indexOf('<v>1') + 3;
    flipped[at] = 0x32;
    corruptCases.push(['a CRC mismatch', flipped]);
    // Deflate data that does not inflate.
    const broken = Buffer.from(good);
    broken.fill(0xff, 80, 120);
    corruptCases.push(['broken deflate data', broken]);
    for (const [what, bytes] of corruptCases) {
      const failure = await readXlsx(bytes).catch((err: unknown) => err);
      expect(failure, what).toBeInstanceOf(SheetFormatError);
      expect((failure as Error).message, what).toBe('xlsx 文件无法解析');
    }
    const noSheet = zip([{ name: 'xl/workbook.xml', data: workbook([]) }]);
    await expect(readXlsx(noSheet)).rejects.toThrow(new SheetFormatError('xlsx 文件中没有工作表'));
  });
});

/** A one-sheet workbook around `sheet` (the worksheet part), with `extra` parts after it. */
function bookWith(sheet: Partial<ZipPart> & { data: string | Buffer }, extra: ZipPart[] = []): Buffer {
  return zip([
    { name: 'xl/workbook.xml', data: workbook([{ name: 's', rid: 'r1' }]) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels([{ rid: 'r1', type: 'worksheet', target: 'worksheets/sheet1.xml' }]),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...extra,
  ]);
}

/** What a hostile file fails with: the reader's error, and what caused it (the guard that fired). */
async function refusal(bytes: Buffer): Promise<{ message: string; cause: string }> {
  const failure = await readXlsx(bytes).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(SheetFormatError);
  const error = failure as Error;
  return { message: error.message, cause: error.cause instanceof Error ? error.cause.message : '' };
}

describe('xlsx reader on hostile files', () => {
  const oneCell = sheetXml('<row r="1"><c t="inlineStr"><is><t>一</t></is></c></row>');

  it('reads ZIP64 archives', async () => {
    const archive = new ZipFile();
    const bytes = buffer(archive.outputStream);
    const parts: [string, string][] = [
      ['xl/workbook.xml', workbook([{ name: 's', rid: 'r1' }])],
      ['xl/_rels/workbook.xml.rels', rels([{ rid: 'r1', type: 'worksheet', target: 'worksheets/sheet1.xml' }])],
      ['xl/worksheets/sheet1.xml', oneCell],
    ];
    for (const [name, data] of parts) archive.addBuffer(Buffer.from(data), name, { forceZip64Format: true });
    archive.end({ forceZip64Format: true, comment: '' });
    const zip64 = await bytes;
    expect(zip64.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(await readXlsx(zip64)).toEqual([{ row: 1, values: ['一'] }]);
  });

  it('refuses entry names that are absolute or climb out of the archive', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', 'xl/../../evil.xml']) {
      const { message, cause } = await refusal(bookWith({ data: oneCell }, [{ name, data: 'x' }]));
      expect(message, name).toBe('xlsx 文件无法解析');
      expect(cause, name).toMatch(/path/);
    }
  });

  it('refuses zip bombs: a part that inflates past its declared size, or declares too much', async () => {
    const rows = '<row><c t="inlineStr"><is><t>炸弹</t></is></c></row>'.repeat(100_000);
    // Some 5 MB inflated from a few kilobytes, declared as 1,000 bytes.
    const lying = await refusal(bookWith({ data: sheetXml(rows), declaredSize: 1000 }));
    expect(lying.cause).toMatch(/too many bytes/);
    const lyingLater = await refusal(bookWith({ data: sheetXml(rows), declaredSize: 1000, descriptor: 'signed' }));
    expect(lyingLater.cause).toMatch(/too many bytes/);
    // Declared honestly, above the cap: refused before anything is inflated.
    const huge = await refusal(bookWith({ data: oneCell, declaredSize: MAX_SHEET_BYTES + 1 }));
    expect(huge.cause).toBe('zip 条目过大');
    // A part read whole (here the workbook part) has a smaller cap.
    const hugePart = await refusal(
      zip([{ name: 'xl/workbook.xml', data: workbook([{ name: 's', rid: 'r1' }]), declaredSize: MAX_PART_BYTES + 1 }]),
    );
    expect(hugePart.cause).toBe('zip 条目过大');
  });

  it('refuses a central directory of more entries than a workbook has', async () => {
    const filler = Array.from({ length: MAX_ENTRIES }, (_, i): ZipPart => ({ name: `f/${i}`, data: '', store: true }));
    expect((await refusal(bookWith({ data: oneCell }, filler))).cause).toBe('zip 条目过多');
  });

  it('refuses encrypted entries and CRC mismatches', async () => {
    expect((await refusal(bookWith({ data: oneCell, encrypted: true }))).cause).toMatch(/encrypt/);
    const stored = bookWith({ data: sheetXml('<row r="1"><c><v>1</v></c></row>'), store: true });
    stored[stored.indexOf('<v>1') + 3] = 0x32; // a byte of the stored sheet changed
    expect((await refusal(stored)).cause).toBe('zip 数据校验失败');
  });

  it('expands no entity: an internal DTD subset or an undefined entity is refused', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      `<worksheet ${NS}><sheetData><row r="1"><c t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>`;
    expect((await refusal(bookWith({ data: laughs }))).cause).toBe('xlsx 含不支持的 DTD');
    const external = sheetXml('<row r="1"><c t="inlineStr"><is><t>&xxe;</t></is></c></row>');
    expect((await refusal(bookWith({ data: external }))).cause).toBe('xlsx 的 XML 不正确');
  });

  it('bounds what is held: a token without markup, columns past XFD, unclosed XML', async () => {
    const long = sheetXml(
      `<row r="1"><c t="inlineStr"><is><t>${'长'.repeat(MAX_TOKEN_BYTES / 3 + 10)}</t></is></c></row>`,
    );
    expect((await refusal(bookWith({ data: long }))).cause).toBe('xlsx 内容过长');
    const wide = sheetXml('<row r="1"><c r="XFE1"><v>1</v></c></row>');
    expect((await refusal(bookWith({ data: wide }))).cause).toBe('xlsx 列数超出范围');
    const cut = sheetXml('<row r="1"><c><v>1</v></c></row>').replace('</worksheet>', '');
    expect((await refusal(bookWith({ data: cut }))).cause).toBe('xlsx 的 XML 不正确');
  });
});

describe('xml text', () => {
  it('tells date and time number formats from the others', () => {
    for (const code of ['yyyy-mm-dd', 'm/d/yy h:mm', '[$-804]yyyy"年"m"月"d"日"', 'hh:mm:ss', 'mmm-yy']) {
      expect(isDateFormatCode(code), code).toBe(true);
    }
    for (const code of ['General', '0.00', '#,##0_);[Red](#,##0)', '"days"0', '@', '0.00E+00']) {
      expect(isDateFormatCode(code), code).toBe(false);
    }
  });
});
