import { Typography } from 'antd';
import { formatDateTime } from '../lib/format-date-time.ts';

/**
 * A time in two lines, the date above the time of day (China time), so a narrow column shows it
 * whole (issue 24, point 9: the payroll lists, 下载中心); '-' when absent.
 */
export function DateTimeStack({ at }: { at: string | null | undefined }) {
  const text = formatDateTime(at);
  if (text === '-') return <>-</>;
  const [day, time] = text.split(' ');
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{day}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </span>
  );
}
