import { z } from 'zod';

/**
 * Shared building blocks of input schemas. Text the database cannot store (a NUL character,
 * half of a UTF-16 surrogate pair) is refused for every field by the server's validator, which
 * calls `findUnsafeText` on each request's params, query and body before the route's schema.
 */

/** The message of a field holding a NUL character or a lone surrogate. */
export const UNSAFE_TEXT_MESSAGE = '含有无法识别的字符，请删除后重试';

// A NUL (matching it is the point), a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a NUL character or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/**
 * The path (`a.b.0`) of the first string or object key holding unsafe text anywhere in a
 * parsed request part, or undefined when there is none. Walks at most `maxDepth` levels.
 */
export function findUnsafeText(value: unknown, maxDepth = 32): string | undefined {
  const walk = (v: unknown, path: string[], depth: number): string[] | undefined => {
    if (typeof v === 'string') return isUnsafeText(v) ? path : undefined;
    if (v === null || typeof v !== 'object' || depth > maxDepth) return undefined;
    for (const [key, child] of Object.entries(v)) {
      if (isUnsafeText(key)) return [...path, key.replace(UNSAFE_TEXT, '?')];
      const found = walk(child, [...path, key], depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, [], 0)?.join('.');
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a day of the calendar (no 2023-02-30, no month 13). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no time zone shifts it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar date `YYYY-MM-DD`; `label` names the field in the Chinese messages. */
export const ZDate = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DATE_PATTERN, `${label}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDate, `${label}不是有效的日期`);
