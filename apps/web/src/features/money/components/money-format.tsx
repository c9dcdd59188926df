import { Tag, Typography } from 'antd';
import { TOPUP_STATUS_LABELS, type TTopupStatus } from '@flexpay/contract/web';
import { formatMoney } from '../../../lib/format.ts';

/** A bank account number with all but its last 4 digits hidden: `**** **** 1234`. */
export function maskAccountNo(accountNo: string): string {
  const last = accountNo.slice(-4);
  return accountNo.length <= 4 ? accountNo : `**** **** ${last}`;
}

/** A signed amount: green with + when money comes in, red with − when it goes out. */
export function SignedAmount({ fen }: { fen: number }) {
  if (fen === 0) return <span>{formatMoney(0)}</span>;
  const text = formatMoney(Math.abs(fen));
  return fen > 0 ? (
    <Typography.Text type="success">+{text}</Typography.Text>
  ) : (
    <Typography.Text type="danger">−{text}</Typography.Text>
  );
}

const TOPUP_STATUS_COLORS: Record<TTopupStatus, string> = {
  approving: 'warning',
  pending: 'processing',
  confirmed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function TopupStatusTag({ status }: { status: TTopupStatus }) {
  return <Tag color={TOPUP_STATUS_COLORS[status]}>{TOPUP_STATUS_LABELS[status]}</Tag>;
}
