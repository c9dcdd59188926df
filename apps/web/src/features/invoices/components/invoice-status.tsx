import { INVOICE_STATUS_LABELS, type TInvoiceStatus } from '@flexpay/contract/web';
import { Tag } from 'antd';

const COLORS: Record<TInvoiceStatus, string> = {
  approving: 'warning',
  pending: 'processing',
  issued: 'success',
  mailed: 'success',
  rejected: 'error',
  voided: 'default',
};

/** An application's status as a tag: 审批中, 待审核, 已开票, 已邮寄, 已驳回, 已作废. */
export function InvoiceStatusTag({ status }: { status: TInvoiceStatus }) {
  return <Tag color={COLORS[status]}>{INVOICE_STATUS_LABELS[status]}</Tag>;
}
