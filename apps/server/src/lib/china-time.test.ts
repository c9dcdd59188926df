import { describe, expect, it } from 'vitest';
import { chinaDateOf, chinaDateTime, chinaDateTimeMs, chinaDay, chinaMonthOf } from './china-time.ts';

describe('China time', () => {
  it('reads an instant in UTC+8', () => {
    expect(chinaDateOf(new Date('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
    expect(chinaDateTime(new Date('2026-12-31T16:30:05.900Z'))).toBe('2027-01-01 00:30:05');
    expect(chinaDateTimeMs(new Date('2026-12-31T16:30:05.009Z'))).toBe('2027-01-01 00:30:05.009');
  });

  it('gives a Chinese day as the instants it spans', () => {
    expect(chinaDay('2026-11-24')).toEqual({
      start: new Date('2026-11-23T16:00:00.000Z'),
      end: new Date('2026-11-24T16:00:00.000Z'),
    });
  });

  it('gives the Chinese month an instant falls in, across the year end', () => {
    // 2026-12-31 16:30 UTC is already 2027-01-01 in China.
    expect(chinaMonthOf(new Date('2026-12-31T16:30:00.000Z'))).toEqual({
      month: '2027-01',
      start: new Date('2026-12-31T16:00:00.000Z'),
      end: new Date('2027-01-31T16:00:00.000Z'),
    });
    expect(chinaMonthOf(new Date('2026-11-30T15:59:59.999Z')).month).toBe('2026-11');
  });
});
