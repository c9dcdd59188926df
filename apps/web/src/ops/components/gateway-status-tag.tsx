import { Tag } from 'antd';

/** An answer's HTTP status and business code: green 2xx, orange 4xx, red 5xx. */
export function StatusTag({ status, code }: { status: number; code: number | null }) {
  const color = status >= 500 ? 'error' : status >= 400 ? 'warning' : status >= 300 ? 'processing' : 'success';
  return (
    <Tag color={color}>
      {status}
      {code !== null && code !== status ? ` · ${code}` : ''}
    </Tag>
  );
}
