import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('uses bytes below 1 KB and 1024-based units above, with one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(5.25 * 1024 * 1024 * 1024)).toBe('5.3 GB');
  });

  it('moves to the next unit instead of showing 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('-');
    expect(formatBytes(Number.NaN)).toBe('-');
  });
});
