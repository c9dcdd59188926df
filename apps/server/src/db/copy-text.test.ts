import { describe, expect, it } from 'vitest';
import { copyField, copyInstant, copyRow, copyText } from './copy-text.ts';

describe('COPY text rows', () => {
  it('escapes a backslash, tab, newline and carriage return, and leaves other text as it is', () => {
    expect(copyText('/api/员工/page')).toBe('/api/员工/page');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('\\N')).toBe('\\\\N');
  });

  it('writes NULL as \\N, numbers as digits, instants in ISO 8601 with their zone', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(3.25)).toBe('3.25');
    expect(copyField(new Date(Date.UTC(2026, 10, 29, 8, 0, 0, 5)))).toBe('2026-11-29T08:00:00.005Z');
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
  });

  it('writes an instant as its ISO 8601 text, whatever the millisecond and across seconds', () => {
    for (const ms of [
      0, 5, 99, 999, 1000, 1_795_939_200_007, 1_795_939_200_070, 1_795_939_200_700, 1_795_939_201_000,
    ]) {
      expect(copyInstant(ms)).toBe(new Date(ms).toISOString());
    }
    // Back in time too (another process's clock is not this one's).
    expect(copyInstant(1_795_939_199_999)).toBe(new Date(1_795_939_199_999).toISOString());
  });

  it('separates fields with tabs and ends the row with a newline', () => {
    expect(copyRow(['a', null, 1, 'b\tc'])).toBe('a\t\\N\t1\tb\\tc\n');
  });
});
