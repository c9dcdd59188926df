import { describe, expect, it } from 'vitest';
import { chinaDateOf, chinaDateTime, chinaDay } from './china-time.ts';

describe('China time', () => {
  it('reads an instant in UTC+8', () => {
    expect(chinaDateOf(new Date('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
    expect(chinaDateTime(new Date('2026-12-31T16:30:05.900Z'))).toBe('2027-01-01 00:30:05');
  });

  it('gives a Chinese day as the instants it spans', () => {
    expect(chinaDay('2026-11-24')).toEqual({
      start: new Date('2026-11-23T16:00:00.000Z'),
      end: new Date('2026-11-24T16:00:00.000Z'),
    });
  });
});
