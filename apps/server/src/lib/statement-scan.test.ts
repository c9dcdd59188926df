import { describe, expect, it } from 'vitest';
import { StatementScan } from './statement-scan.ts';

const scan = (chunks: string[]) => {
  const s = new StatementScan();
  for (const c of chunks) s.update(Buffer.from(c));
  s.end();
  return s;
};

describe('a statement read as it streams', () => {
  it('finds the header and the order ids on more than one line, across chunk boundaries', () => {
    const file =
      'provider_ref,order_ref,amount\nSB1,PO1-1,1.00\nSB2,PO2-1,2.00\nSB2,PO2-1,2.00\nSB3,PO3-1,3.00\nSB4,PO1-1,1.00';
    for (const size of [1, 3, 7, 1000]) {
      const chunks: string[] = [];
      for (let i = 0; i < file.length; i += size) chunks.push(file.slice(i, i + size));
      const s = scan(chunks);
      expect(s.header).toBe('provider_ref,order_ref,amount');
      expect(s.duplicates().sort()).toEqual(['PO1-1', 'PO2-1']);
      expect(s.quoted).toBe(false);
    }
  });

  it('keeps a million ids apart, growing its table, and finds the one repeated', () => {
    const s = new StatementScan();
    s.update(Buffer.from('h\n'));
    for (let part = 0; part < 10; part++) {
      const lines: string[] = [];
      for (let i = part * 100_000; i < (part + 1) * 100_000; i++) lines.push(`SB${i},PO${i}-1,1.00\n`);
      s.update(Buffer.from(lines.join('')));
    }
    s.update(Buffer.from('SBX,PO4242-1,1.00\n'));
    s.end();
    expect(s.duplicates()).toEqual(['PO4242-1']);
  });

  it('sums the amounts and counts the lines outside the day or with no valid amount or status', () => {
    const s = new StatementScan('2026-11-28');
    s.update(
      Buffer.from(
        'h\n' +
          'SB1,PO1-1,1000.00,succeeded,2026-11-28T10:00:00.000+08:00\n' +
          'SB2,PO2-1,0.50,failed,2026-11-28T23:59:59.999+08:00\n' +
          'SB3,PO3-1,2.00,paid,2026-11-28T10:00:00.000+08:00\n' +
          'SB4,PO4-1,3.00,succeeded,2026-11-29T00:00:00.000+08:00\n',
      ),
    );
    s.end();
    expect({ lines: s.lines, fen: s.fen, bad: s.bad, plain: s.plain }).toEqual({
      lines: 4,
      fen: 100_550,
      bad: 2,
      plain: true,
    });
    const odd = new StatementScan('2026-11-28');
    odd.update(Buffer.from('h\nSB1,PO1-1,1e3,succeeded,2026-11-28T10:00:00.000+08:00\n'));
    expect(odd.plain).toBe(false);
  });

  it('leaves a quoted statement to SQL', () => {
    const s = scan(['h\n"SB,1",PO1-1,1\n', 'SB2,PO1-1,1\n']);
    expect(s.quoted).toBe(true);
    expect(s.duplicates()).toEqual([]);
  });
});

describe('the ids a statement did not name (our payouts it lacks, ADR 0030)', () => {
  async function* chunked(text: string, size: number) {
    for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
  }

  it('counts the ids read and answers those no line named, across chunk boundaries', async () => {
    const s = scan(['provider_ref,order_ref,amount\nSB1,PO1-1,1.00\nSB2,PO2-1,2.00\nSB3,PO3-1,3.00\n']);
    expect(s.named).toBe(true);
    const ours = 'PO1-1\nPO9-1\nPO2-1\nPO3-1\nPO7-2\n';
    for (const size of [1, 4, 1000]) {
      expect(await s.unnamed(chunked(ours, size), 10)).toEqual({ count: 5, refs: ['PO9-1', 'PO7-2'] });
    }
    // The last line without its newline is read too.
    expect(await s.unnamed(chunked('PO1-1\nPO8-1', 3), 10)).toEqual({ count: 2, refs: ['PO8-1'] });
    expect(await s.unnamed(chunked('', 3), 10)).toEqual({ count: 0, refs: [] });
  });

  it('stops collecting past the limit (one more than it, so the caller sees there were more)', async () => {
    const s = scan(['h\nSB1,PO1-1,1.00\n']);
    const { count, refs } = await s.unnamed(chunked('PA\nPB\nPC\nPD\nPO1-1\n', 2), 2);
    expect(count).toBe(5);
    expect(refs).toEqual(['PA', 'PB', 'PC']);
  });

  it('finds the one missing of a million', async () => {
    const s = new StatementScan();
    s.update(Buffer.from('h\n'));
    const lines: string[] = [];
    for (let i = 0; i < 1_000_000; i++) if (i !== 777_777) lines.push(`SB${i},PO${i}-1,1.00\n`);
    s.update(Buffer.from(lines.join('')));
    s.end();
    const ours = Array.from({ length: 1_000_000 }, (_, i) => `PO${i}-1\n`).join('');
    expect(await s.unnamed(chunked(ours, 65_536), 10)).toEqual({ count: 1_000_000, refs: ['PO777777-1'] });
  });

  it('cannot answer for a statement with quotes (its ids were left to SQL)', () => {
    expect(scan(['h\n"SB1",PO1-1,1.00\n']).named).toBe(false);
    expect(new StatementScan().named).toBe(false);
  });
});
