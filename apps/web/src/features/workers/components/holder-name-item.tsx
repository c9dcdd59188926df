import { Form, Typography } from 'antd';

/** The payout account's holder: always the worker, so it shows the name being entered. */
export function HolderNameItem({ label, name }: { label: string; name: string | undefined }) {
  const trimmed = name?.trim() ?? '';
  return (
    <Form.Item label={label} extra="收款账户须为员工本人的账户，户名即员工姓名，不能修改">
      <Typography.Text type={trimmed ? undefined : 'secondary'}>{trimmed || '与员工姓名一致'}</Typography.Text>
    </Form.Item>
  );
}
