import { describe, expect, it } from 'vitest';
import { formatMoney, formatRelativeTime, formatThousands, formatUnit, maskMiddle } from './format.ts';

describe('formatThousands', () => {
  it('groups the integer part by thousands', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(1234567)).toBe('1,234,567');
  });

  it('keeps the decimals as they are', () => {
    expect(formatThousands(1234567.891)).toBe('1,234,567.891');
    expect(formatThousands(1234.5)).toBe('1,234.5');
    expect(formatThousands('1234567.0001')).toBe('1,234,567.0001');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatThousands(-1234567.5)).toBe('-1,234,567.5');
    expect(formatThousands('-1000')).toBe('-1,000');
  });

  it('accepts numeric strings and returns other text unchanged', () => {
    expect(formatThousands(' 98765 ')).toBe('98,765');
    expect(formatThousands('abc')).toBe('abc');
    expect(formatThousands('')).toBe('');
    expect(formatThousands(Number.NaN)).toBe('NaN');
    expect(formatThousands(1e21)).toBe('1e+21');
  });
});

describe('formatUnit', () => {
  it('uses 1000-based suffixes k/M/G/T/P/E', () => {
    expect(formatUnit(1500)).toBe('1.5k');
    expect(formatUnit(2_000_000)).toBe('2M');
    expect(formatUnit(3.25e9, 2)).toBe('3.25G');
    expect(formatUnit(4e12)).toBe('4T');
    expect(formatUnit(5e15)).toBe('5P');
    expect(formatUnit(6e18)).toBe('6E');
    expect(formatUnit(7e21)).toBe('7000E');
  });

  it('leaves numbers under 1000 without a suffix', () => {
    expect(formatUnit(0)).toBe('0');
    expect(formatUnit(999)).toBe('999');
    expect(formatUnit(12.345, 2)).toBe('12.35');
  });

  it('rounds to the given digits and drops trailing zeros', () => {
    expect(formatUnit(1234, 0)).toBe('1k');
    expect(formatUnit(1234, 2)).toBe('1.23k');
    expect(formatUnit(1000, 3)).toBe('1k');
    expect(formatUnit(10_500, 2)).toBe('10.5k');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatUnit(999_950)).toBe('1M');
    expect(formatUnit(999.96)).toBe('1k');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatUnit(-1500)).toBe('-1.5k');
    expect(formatUnit(-0.01)).toBe('0');
  });

  it('rejects invalid digits and passes non-finite numbers through', () => {
    expect(() => formatUnit(1, -1)).toThrow(RangeError);
    expect(() => formatUnit(1, 1.5)).toThrow(RangeError);
    expect(formatUnit(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('formatRelativeTime', () => {
  // 2024-05-06 12:00:00 in Asia/Shanghai.
  const now = Date.parse('2024-05-06T12:00:00+08:00');
  const ago = (seconds: number) => now - seconds * 1000;

  it('says 刚刚 under 30 seconds', () => {
    expect(formatRelativeTime(now, now)).toBe('刚刚');
    expect(formatRelativeTime(ago(29), now)).toBe('刚刚');
    expect(formatRelativeTime(now + 10_000, now)).toBe('刚刚');
  });

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(ago(30), now)).toBe('1分钟前');
    expect(formatRelativeTime(ago(5 * 60 + 10), now)).toBe('5分钟前');
    expect(formatRelativeTime(ago(3599), now)).toBe('59分钟前');
  });

  it('counts hours under a day', () => {
    expect(formatRelativeTime(ago(3600), now)).toBe('1小时前');
    expect(formatRelativeTime(ago(23 * 3600 + 3599), now)).toBe('23小时前');
  });

  it('says 1天前 under two days', () => {
    expect(formatRelativeTime(ago(86400), now)).toBe('1天前');
    expect(formatRelativeTime(ago(2 * 86400 - 1), now)).toBe('1天前');
  });

  it('shows M月D日 HH:mm in Asia/Shanghai from two days on', () => {
    expect(formatRelativeTime(ago(2 * 86400), now)).toBe('5月4日 12:00');
    expect(formatRelativeTime('2024-01-02T01:05:00Z', now)).toBe('1月2日 09:05');
    expect(formatRelativeTime(new Date('2023-12-31T16:00:00Z'), now)).toBe('1月1日 00:00');
  });

  it('shows the date for times well in the future', () => {
    expect(formatRelativeTime(now + 3600_000, now)).toBe('5月6日 13:00');
  });

  it('accepts Date, epoch milliseconds and ISO strings, and a Date as now', () => {
    const then = '2024-05-06T11:50:00+08:00';
    expect(formatRelativeTime(then, new Date(now))).toBe('10分钟前');
    expect(formatRelativeTime(new Date(then), now)).toBe('10分钟前');
    expect(formatRelativeTime(Date.parse(then), now)).toBe('10分钟前');
  });

  it('returns an empty string for an invalid time', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime('', now)).toBe('');
    expect(formatRelativeTime(Number.NaN, now)).toBe('');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(Date.now() - 5000)).toBe('刚刚');
  });
});

describe('formatMoney', () => {
  it('turns integer fen into yuan with two decimals and thousands separators', () => {
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(123456789012)).toBe('¥1,234,567,890.12');
  });

  it('puts a leading minus before negative amounts', () => {
    expect(formatMoney(-123450)).toBe('-¥1,234.50');
    expect(formatMoney(-5)).toBe('-¥0.05');
    expect(formatMoney(-0)).toBe('¥0.00');
  });

  it('is exact up to the largest safe integer', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('¥90,071,992,547,409.91');
  });

  it('throws for anything that is not an integer number of fen', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53)).toThrow(RangeError);
  });
});

describe('maskMiddle', () => {
  it('masks everything between the kept start and end', () => {
    expect(maskMiddle('13812345678', 3, 4)).toBe('138****5678');
    expect(maskMiddle('6222020200112233445', 4, 4)).toBe('6222***********3445');
    expect(maskMiddle('abcdef', 0, 2)).toBe('****ef');
    expect(maskMiddle('abcdef', 2, 0)).toBe('ab****');
  });

  it('counts Unicode characters, not UTF-16 units', () => {
    expect(maskMiddle('欧阳娜娜', 1, 1)).toBe('欧**娜');
    expect(maskMiddle('a😀😀b', 1, 1)).toBe('a**b');
  });

  it('returns text with nothing between the kept ends unchanged', () => {
    expect(maskMiddle('张三', 1, 1)).toBe('张三');
    expect(maskMiddle('abc', 2, 2)).toBe('abc');
    expect(maskMiddle('', 1, 1)).toBe('');
  });

  it('turns null and undefined into an empty string', () => {
    expect(maskMiddle(null, 1, 1)).toBe('');
    expect(maskMiddle(undefined, 1, 1)).toBe('');
  });

  it('uses a custom mask character', () => {
    expect(maskMiddle('13812345678', 3, 4, '#')).toBe('138####5678');
  });

  it('rejects negative or fractional lengths', () => {
    expect(() => maskMiddle('abc', -1, 1)).toThrow(RangeError);
    expect(() => maskMiddle('abc', 1, 0.5)).toThrow(RangeError);
  });
});
