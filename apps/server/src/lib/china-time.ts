/**
 * Dates and times in China, as the console shows them. China keeps UTC+8 all year, so an offset
 * does it: `toLocaleDateString` with a time zone builds a formatter per call, 50 µs each, which an
 * export of a million workers paid 55 s for.
 */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** An instant's calendar date in China (YYYY-MM-DD). */
export const chinaDateOf = (instant: Date) => new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** An instant in China to the second: 2026-11-24 09:30:00. */
export const chinaDateTime = (instant: Date) =>
  new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** An instant in China to the millisecond, for logs: 2026-11-24 09:30:00.123. */
export const chinaDateTimeMs = (instant: Date) =>
  new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 23).replace('T', ' ');

/** The instants a Chinese calendar day (YYYY-MM-DD) starts and ends at (the end excluded). */
export function chinaDay(day: string): { start: Date; end: Date } {
  const start = Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The instants the Chinese calendar month holding `instant` starts and ends at (the end excluded). */
export function chinaMonthOf(instant: Date): { month: string; start: Date; end: Date } {
  const month = chinaDateOf(instant).slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    month,
    start: new Date(Date.UTC(y, m - 1, 1) - OFFSET_MS),
    end: new Date(Date.UTC(y, m, 1) - OFFSET_MS),
  };
}
