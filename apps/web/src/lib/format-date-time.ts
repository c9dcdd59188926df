/**
 * Times as the console shows them: always China time (Asia/Shanghai, UTC+8, no daylight saving),
 * whatever the browser's zone, as the server counts days and months.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Minutes east of UTC of China time. */
const CHINA_OFFSET_MINUTES = 8 * 60;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment in China time (formatting it gives China's calendar and clock). */
export const inChinaTime = (value?: string | number | Date): Dayjs => dayjs(value).utcOffset(CHINA_OFFSET_MINUTES);

/** Today's date in China, as a date picker's value (a local day carrying China's calendar date). */
export const chinaToday = (): Dayjs => dayjs(inChinaTime().format('YYYY-MM-DD'));

/** The hour (0–23) in China now. */
export const chinaHour = (): number => inChinaTime().hour();

/** An ISO time as `YYYY-MM-DD HH:mm:ss` in China time; '-' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const time = dayjs(iso);
  return time.isValid() ? time.utcOffset(CHINA_OFFSET_MINUTES).format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** A date (`YYYY-MM-DD` as it is, or an ISO time's day in China) as `YYYY-MM-DD`; '-' when absent or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const time = dayjs(value);
  if (!time.isValid()) return '-';
  return DATE_ONLY.test(value) ? value : time.utcOffset(CHINA_OFFSET_MINUTES).format('YYYY-MM-DD');
}
