/** Display formatting of spec section 9: numbers, units, relative times, money, masking. */

/** Times are shown as Asia/Shanghai (ARCHITECTURE.md section 3): UTC+8, no daylight saving since 1991. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const PLAIN_DECIMAL = /^(-?)(\d+)(\.\d+)?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Thousands separators on the integer part, decimals kept as they are: 1234567.891 -> '1,234,567.891'.
 * Strings must be plain decimals; anything else (and numbers JavaScript writes in exponent
 * form, NaN, Infinity) comes back unchanged as text.
 */
export function formatThousands(n: number | string): string {
  const text = typeof n === 'number' ? String(n) : n.trim();
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return typeof n === 'number' ? text : n;
  const [, sign = '', integer = '', fraction = ''] = match;
  return `${sign}${groupThousands(integer)}${fraction}`;
}

const UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * A short number with a 1000-based unit suffix k/M/G/T/P/E, rounded to at most `digits`
 * decimals with trailing zeros dropped: 1500 -> '1.5k', 2000000 -> '2M', 999 -> '999'.
 */
export function formatUnit(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer from 0 to 20, got ${String(digits)}`);
  }
  const abs = Math.abs(n);
  let index = 0;
  while (index < UNITS.length - 1 && abs >= 1000 ** (index + 1)) index++;
  let fixed = (abs / 1000 ** index).toFixed(digits);
  // 999950 rounds to 1000.0k: move up to the next unit instead.
  if (Number(fixed) >= 1000 && index < UNITS.length - 1) {
    index++;
    fixed = (abs / 1000 ** index).toFixed(digits);
  }
  const text = trimZeros(fixed);
  const sign = n < 0 && text !== '0' ? '-' : '';
  return `${sign}${text}${UNITS[index]}`;
}

function toMillis(time: Date | number | string): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return time;
  return time.trim() === '' ? Number.NaN : Date.parse(time);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'M月D日 HH:mm' in Asia/Shanghai. */
function formatMonthDayTime(millis: number): string {
  const d = new Date(millis + SHANGHAI_OFFSET_MS);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/**
 * How long ago `time` (a Date, epoch milliseconds or an ISO string) was, in Chinese: under 30 s
 * '刚刚', under an hour 'N分钟前', under a day 'N小时前', under two days '1天前', otherwise
 * 'M月D日 HH:mm' (Asia/Shanghai). Times in the future beyond 30 s also show the date.
 * Returns '' for an invalid time.
 */
export function formatRelativeTime(time: Date | number | string, now: Date | number = Date.now()): string {
  const millis = toMillis(time);
  const nowMillis = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(millis) || !Number.isFinite(nowMillis)) return '';
  const seconds = (nowMillis - millis) / 1000;
  if (seconds < -30) return formatMonthDayTime(millis);
  if (seconds < 30) return '刚刚';
  if (seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))}分钟前`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}小时前`;
  if (seconds < 2 * 86400) return '1天前';
  return formatMonthDayTime(millis);
}

/**
 * Integer fen as yuan: 123450 -> '¥1,234.50', -5 -> '-¥0.05'. Throws a RangeError for anything
 * that is not a safe integer, since money is never a float (ARCHITECTURE.md section 3).
 */
export function formatMoney(fen: number): string {
  if (!Number.isSafeInteger(fen)) {
    throw new RangeError(`money must be an integer number of fen, got ${String(fen)}`);
  }
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${fen < 0 ? '-' : ''}¥${groupThousands(String(yuan))}.${pad2(cents)}`;
}

/**
 * Keeps the first `keepStart` and last `keepEnd` characters and masks the rest:
 * maskMiddle('13812345678', 3, 4) -> '138****5678'. Counts Unicode characters, not UTF-16
 * units. A text with nothing between the kept ends comes back unchanged; null or undefined
 * becomes ''.
 */
export function maskMiddle(s: string | null | undefined, keepStart: number, keepEnd: number, maskChar = '*'): string {
  if (!Number.isInteger(keepStart) || keepStart < 0 || !Number.isInteger(keepEnd) || keepEnd < 0) {
    throw new RangeError(`keepStart and keepEnd must be non-negative integers, got ${keepStart}, ${keepEnd}`);
  }
  if (s === null || s === undefined) return '';
  const chars = Array.from(s);
  const hidden = chars.length - keepStart - keepEnd;
  if (hidden <= 0) return s;
  return chars.slice(0, keepStart).join('') + maskChar.repeat(hidden) + chars.slice(chars.length - keepEnd).join('');
}
