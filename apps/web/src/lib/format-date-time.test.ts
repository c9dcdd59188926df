import { describe, expect, it, vi } from 'vitest';
import { chinaHour, chinaToday, formatDate, formatDateTime } from './format-date-time.ts';

describe('times in China time, whatever the browser’s zone', () => {
  it('shows an instant on China’s clock and calendar', () => {
    // 16:30 UTC is 00:30 the next day in China.
    expect(formatDateTime('2026-11-24T16:30:00.000Z')).toBe('2026-11-25 00:30:00');
    expect(formatDateTime('2026-11-25T08:15:30+08:00')).toBe('2026-11-25 08:15:30');
    expect(formatDate('2026-11-24T16:30:00.000Z')).toBe('2026-11-25');
  });

  it('keeps a plain date as it is, and answers - for nothing or nonsense', () => {
    expect(formatDate('2026-02-28')).toBe('2026-02-28');
    expect(formatDate(null)).toBe('-');
    expect(formatDateTime('not a time')).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
  });

  it('answers today and the hour in China', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T17:05:00.000Z'));
    try {
      expect(chinaToday().format('YYYY-MM-DD')).toBe('2026-11-25');
      expect(chinaHour()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
