import { describe, expect, it } from 'vitest';
import { findUnsafeText, isCalendarDate, isUnsafeText, ZDate } from './primitives.ts';

describe('unsafe text', () => {
  it('finds a NUL character and lone surrogates, and lets pairs and ordinary text through', () => {
    expect(isUnsafeText('张三\u0000')).toBe(true);
    expect(isUnsafeText('a\uD800b')).toBe(true);
    expect(isUnsafeText('a\uDC00')).toBe(true);
    expect(isUnsafeText('\uD800')).toBe(true);
    expect(isUnsafeText('😀 张三 \t\n')).toBe(false);
    expect(isUnsafeText('')).toBe(false);
  });

  it('names the first field holding it, keys and nested arrays included', () => {
    expect(findUnsafeText({ name: 'ok', filters: { list: ['x', 'y\u0000'] } })).toBe('filters.list.1');
    expect(findUnsafeText({ ['k\uDBFF']: 1 })).toBe('k?');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ a: 1, b: null, c: [true, '好'] })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });
});

describe('calendar dates', () => {
  it('accepts days of the calendar and refuses impossible ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-12-31')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-30')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
    expect(isCalendarDate('2023-00-10')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('2023-1-1')).toBe(false);
  });

  it('ZDate answers a Chinese message naming the field', () => {
    const r = ZDate('入职日期').safeParse('2023-02-30');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('入职日期不是有效的日期');
    expect(ZDate('入职日期').safeParse('2023-02-28').success).toBe(true);
  });
});
