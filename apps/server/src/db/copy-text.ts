/**
 * One row of COPY's text format (`COPY … FROM STDIN`, the default format): fields separated by a
 * tab, the row ended by a newline, NULL as `\N`, and a backslash, tab, newline or carriage return
 * inside a field escaped with a backslash. For rows written in batches off the request's path
 * (网关日志): a row is one short string, built once when the request ends, and a batch is their
 * concatenation, which PostgreSQL parses faster than arrays of parameters.
 */

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text field as COPY reads it. */
export function copyText(value: string): string {
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

/** A field of any of the types the log writes: NULL, a number, an instant or text. */
export function copyField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`copyField: ${value} is not a finite number`);
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return copyText(value);
}

/**
 * An instant (milliseconds since the epoch) as COPY reads a timestamptz,
 * `2026-11-29T08:00:00.123Z`: the text up to the second is made once a second, rather than a
 * Date and its ISO string for every row.
 */
let instantSecond = Number.NaN;
let instantPrefix = '';
export function copyInstant(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== instantSecond) {
    instantPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    instantSecond = second;
  }
  const milli = Math.floor(ms - second * 1000);
  return `${instantPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

/** A whole row: its fields in the order of the COPY's column list, ended by a newline. */
export function copyRow(fields: readonly (string | number | Date | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i ? '\t' : '') + copyField(fields[i]);
  return `${line}\n`;
}
