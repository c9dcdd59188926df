import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffFileKind } from './file-type.ts';
import { encodePng } from './png.ts';

describe('encodePng', () => {
  it('writes a PNG the file store takes for one, with the pixels given', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 7]);
    expect(sniffFileKind(png)).toBe('png');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([0, 0, 0, 7, 10, 0, 7, 20, 0, 7, 0, 0, 20, 7, 10, 20, 7, 20, 20, 7]);
    expect(png.subarray(-12, -4).toString('latin1')).toBe('\0\0\0\0IEND');
  });
});
