import {
  PAYOUT_CHANNEL_LABELS,
  PAYROLL_CHECK_RESULT_LABELS,
  PAYROLL_STATUS_LABELS,
  screenPath,
  type TPayrollCheckResult,
  type TPayrollStatus,
} from '@flexpay/contract/web';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { formatMoney } from '../../../lib/format.ts';

const STATUS_COLORS: Record<TPayrollStatus, string> = {
  draft: 'default',
  checking: 'warning',
  confirming: 'processing',
  approving: 'purple',
  to_pay: 'cyan',
  paying: 'blue',
  completed: 'success',
  partial: 'orange',
  cancelled: 'default',
};

export function BatchStatusTag({ status }: { status: TPayrollStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{PAYROLL_STATUS_LABELS[status]}</Tag>;
}

const RESULT_COLORS: Record<TPayrollCheckResult, string> = { unchecked: 'default', ok: 'success', failed: 'error' };

export function CheckResultTag({ result }: { result: TPayrollCheckResult }) {
  return <Tag color={RESULT_COLORS[result]}>{PAYROLL_CHECK_RESULT_LABELS[result]}</Tag>;
}

/**
 * A payee's name, a link to the worker's 员工详情 when the item still names its worker and the
 * admin may open that screen (its menu and its parent's), else the name alone.
 */
export function WorkerName({ name, workerId }: { name: string; workerId: number | null }) {
  const canOpen = useSession((s) => !!s.menus.EmployeeManagement && !!s.menus.detailEmployee);
  if (workerId === null || !canOpen) return <>{name}</>;
  return <Link to={screenPath('detailEmployee', { id: workerId })}>{name}</Link>;
}

/** What stands for fees and totals that depend on them before the check has computed them. */
export const NOT_COMPUTED = '核对后计算';

/**
 * Fees are computed by the check (DOMAIN section 6): a 草稿 batch, and an item not yet checked,
 * has none yet, so its 服务费, 实发 and 扣款 say so rather than ¥0.00.
 */
export const feesComputed = (of: { status: TPayrollStatus } | { checkResult: TPayrollCheckResult }) =>
  'status' in of ? of.status !== 'draft' : of.checkResult !== 'unchecked';

/** An amount that depends on the fees: the figure once computed, else 核对后计算. */
export function FeeMoney({ fen, computed }: { fen: number; computed: boolean }) {
  return computed ? <>{formatMoney(fen)}</> : <Typography.Text type="secondary">{NOT_COMPUTED}</Typography.Text>;
}

/** 6.50% from 650 basis points. */
export const formatRate = (bp: number | null) => (bp === null ? '-' : `${(bp / 100).toFixed(2)}%`);

export const channelLabel = (channel: keyof typeof PAYOUT_CHANNEL_LABELS) => PAYOUT_CHANNEL_LABELS[channel];

/** Yuan text typed in a form to fen, exactly; undefined when it is not an amount with at most two decimals. */
export function yuanToFen(text: string | number | null | undefined): number | undefined {
  if (typeof text === 'number') {
    const fen = Math.round(text * 100);
    return Math.abs(text * 100 - fen) < 1e-6 && fen >= 0 ? fen : undefined;
  }
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(text ?? '').trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A month typed in a filter as YYYY-MM (2026-11, 202611, 2026/11, 2026-1 all read as 2026-11); '' when it is not one. */
export function normalizePeriod(text: string): string {
  const m = /^(\d{4})\D?(\d{1,2})$/.exec(text.trim());
  if (!m) return '';
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? `${m[1]}-${String(month).padStart(2, '0')}` : '';
}
