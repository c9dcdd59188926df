import {
  LEDGER_ACCOUNT_KIND_LABELS,
  LEDGER_ENTRY_TYPE_LABELS,
  type TLedgerEntry,
  type TLedgerEntryType,
} from '@flexpay/contract/web';
import type { TableColumnsType } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { SignedAmount } from './money-format.tsx';

/** What a ledger entry's reference kind is called. */
const REFERENCE_KIND_LABELS: Record<string, string> = {
  topup: '充值单',
  payroll: '发放批次',
  payroll_batch: '发放批次',
  payout: '发放流水',
  refund: '退款单',
  adjustment: '调账单',
};

export const referenceText = ({ kind, id }: TLedgerEntry['reference']) =>
  `${REFERENCE_KIND_LABELS[kind] ?? kind} #${id}`;

/** The columns of a ledger entry (资金明细 and 最近明细). */
export function entryColumns(): TableColumnsType<TLedgerEntry> {
  return [
    { title: '时间', dataIndex: 'createdAt', width: 165, render: (time: string) => formatDateTime(time) },
    // Issue 38: neither a service company's name nor a type wraps at 1366 px. A name longer than
    // the column ends in an ellipsis with its full text on hover; every type label fits.
    { title: '服务商', dataIndex: 'serviceCompanyName', width: 170, ellipsis: { showTitle: true } },
    {
      title: '类型',
      dataIndex: 'type',
      width: 140,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (type: TLedgerEntryType, entry) =>
        entry.account === 'frozen'
          ? `${LEDGER_ENTRY_TYPE_LABELS[type]}（${LEDGER_ACCOUNT_KIND_LABELS.frozen}）`
          : LEDGER_ENTRY_TYPE_LABELS[type],
    },
    {
      title: '金额',
      dataIndex: 'amountFen',
      width: 125,
      align: 'right',
      render: (fen: number) => <SignedAmount fen={fen} />,
    },
    // Each account's running balance in its own column: an entry moves one account, so the
    // available and the frozen balance never share a column (the other shows —).
    {
      title: '可用余额',
      key: 'availableAfter',
      width: 125,
      align: 'right',
      render: (_: unknown, entry) => (entry.account === 'available' ? formatMoney(entry.balanceAfterFen) : '—'),
    },
    {
      title: '冻结余额',
      key: 'frozenAfter',
      width: 120,
      align: 'right',
      render: (_: unknown, entry) => (entry.account === 'frozen' ? formatMoney(entry.balanceAfterFen) : '—'),
    },
    {
      title: '关联',
      dataIndex: 'reference',
      width: 110,
      render: (reference: TLedgerEntry['reference']) => referenceText(reference),
    },
    // The rest of the width: a long memo ends in an ellipsis (its full text on hover).
    { title: '备注', dataIndex: 'memo', ellipsis: { showTitle: true }, render: (memo: string) => memo || '-' },
  ];
}
