import dayjs from 'dayjs';

/** An ISO time as `YYYY-MM-DD HH:mm:ss`; '-' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** A date (`YYYY-MM-DD`, or an ISO time) as `YYYY-MM-DD`; '-' when absent or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD') : '-';
}
