import { describe, expect, it } from 'vitest';
import { createBatchWriter } from './batch-writer.ts';

describe('createBatchWriter', () => {
  it('writes a batch once enough rows wait, and the rest on flush, in order', async () => {
    const written: number[][] = [];
    const writer = createBatchWriter<number>(async (rows) => void written.push(rows), {
      batchRows: 3,
      everyMs: 60_000,
    });
    for (let i = 1; i <= 7; i++) writer.push(i);
    await writer.flush();
    expect(written).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(writer.waiting()).toBe(0);
    await writer.close();
  });

  it('keeps the rows of a failed write for the next try, and drops the oldest past the bound', async () => {
    let failing = true;
    const written: number[] = [];
    const errors: unknown[] = [];
    const writer = createBatchWriter<number>(
      async (rows) => {
        if (failing) throw new Error('database away');
        written.push(...rows);
      },
      { batchRows: 100, everyMs: 60_000, maxWaiting: 5, onError: (e) => errors.push(e) },
    );
    for (let i = 1; i <= 4; i++) writer.push(i);
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(writer.waiting()).toBe(4);
    for (let i = 5; i <= 8; i++) writer.push(i);
    expect(writer.waiting()).toBe(5);
    expect(writer.dropped()).toBe(3);
    failing = false;
    await writer.flush();
    expect(written).toEqual([4, 5, 6, 7, 8]);
    await writer.close();
  });

  it('writes on its timer without a flush, and takes nothing after close', async () => {
    const written: number[] = [];
    const writer = createBatchWriter<number>(async (rows) => void written.push(...rows), { everyMs: 20 });
    writer.push(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(written).toEqual([1]);
    await writer.close();
    writer.push(2);
    await writer.flush();
    expect(written).toEqual([1]);
  });
});
