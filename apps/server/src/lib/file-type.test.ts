import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createFileInspector, FileCheckError, hasExtensionOf, sniffFileKind } from './file-type.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const messages = { empty: '空', tooLarge: '太大', unsupported: '不支持' };

describe('sniffFileKind', () => {
  it('tells PNG, JPEG, PDF, zip, xlsx and text apart by their first bytes', () => {
    expect(sniffFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffFileKind(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('jpeg');
    expect(sniffFileKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileKind(Buffer.from('PK\x03\x04\x14\x00readme.txt', 'latin1'))).toBe('zip');
    expect(sniffFileKind(Buffer.from('PK\x03\x04\x14\x00[Content_Types].xml', 'latin1'))).toBe('xlsx');
    expect(sniffFileKind(Buffer.from('PK\x03\x04\x14\x00docProps/app.xml', 'latin1'), '名单.XLSX')).toBe('xlsx');
    expect(sniffFileKind(Buffer.from('姓名,手机号\r\n张三,13800000000\r\n'))).toBe('csv');
  });

  it('refuses markup, which is text but not a table: SVG, HTML, XML', () => {
    expect(sniffFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniffFileKind(Buffer.from('\ufeff \n<!DOCTYPE html><p>x</p>'))).toBeUndefined();
    expect(sniffFileKind(Buffer.from('<?xml version="1.0"?><a/>'))).toBeUndefined();
    expect(sniffFileKind(Buffer.from('a,b\n<script>alert(1)</script>,c'))).toBeUndefined();
    // A table whose cells hold a less-than sign is still a table.
    expect(sniffFileKind(Buffer.from('人数,条件\n3,<5 人\n'))).toBe('csv');
  });

  it('refuses binary that is none of them, and nothing', () => {
    expect(sniffFileKind(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBeUndefined();
    expect(sniffFileKind(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeUndefined();
    expect(sniffFileKind(bytes())).toBeUndefined();
  });
});

describe('hasExtensionOf', () => {
  it('knows each kind by its extensions, in any case', () => {
    expect(hasExtensionOf('a.jpg', 'jpeg')).toBe(true);
    expect(hasExtensionOf('a.JPEG', 'jpeg')).toBe(true);
    expect(hasExtensionOf('a.svg', 'png')).toBe(false);
    expect(hasExtensionOf('名单.csv', 'csv')).toBe(true);
    expect(hasExtensionOf('csv', 'csv')).toBe(false);
  });
});

describe('createFileInspector', () => {
  const run = (chunks: Buffer[], maxBytes = 100, allowed = ['png', 'csv'] as const) => {
    const inspector = createFileInspector({ allowed, maxBytes, messages });
    return { inspector, result: buffer(Readable.from(chunks).pipe(inspector)) };
  };

  it('passes the bytes through unchanged and reports kind and size', async () => {
    const { inspector, result } = run([Buffer.from('a,b\n'), Buffer.from('1,2\n')]);
    expect((await result).toString()).toBe('a,b\n1,2\n');
    expect(inspector.result()).toEqual({ kind: 'csv', size: 8 });
  });

  it('fails with the reason: empty, too large, unsupported', async () => {
    const reasons = async (chunks: Buffer[], max?: number) => {
      const { inspector, result } = run(chunks, max);
      const errors: unknown[] = [];
      inspector.on('error', (e) => errors.push(e));
      await result.catch((e: unknown) => errors.push(e));
      const [first] = errors;
      return first instanceof FileCheckError ? first.reason : first;
    };
    expect(await reasons([])).toBe('empty');
    expect(await reasons([Buffer.alloc(60, 0x41), Buffer.alloc(60, 0x41)])).toBe('too-large');
    expect(await reasons([Buffer.from('%PDF-1.4')])).toBe('unsupported');
  });
});
