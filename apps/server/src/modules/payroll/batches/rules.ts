/**
 * The check of a payroll batch (核对, DOMAIN section 6), pure: each item against its worker, the
 * worker's payout account for the batch's channel, the cost rule's single minimum and maximum,
 * the worker's monthly total across the period's batches, and the other items of the batch.
 * Fees per item by the cost rule (round half up; 企业承担 adds to the debit, 个人承担 deducts).
 * With the link's 仅向已实名认证并已签约的员工发放 (issue 43), a worker not 已认证 or who has not
 * signed the service company's current agreement is refused, with why.
 */
import { PAYOUT_CHANNEL_LABELS, type TPayoutChannel } from '@flexpay/contract';
import { fenToYuan, splitFee, type FeeBearer } from '../../../lib/money.ts';

export interface CheckItemInput {
  id: number;
  rowNo: number;
  name: string;
  idNumberHash: string;
  amountFen: number;
}

/** What the worker module knows of the worker an ID number names. */
export interface Payee {
  workerId: number;
  name: string;
  /** active 在职 | left 离职 */
  status: string;
  /** The worker's payout account for the batch's channel (the default one first), or null. */
  account: { id: number; masked: string; bankCode: string | null; holderName: string } | null;
  /** unverified 未认证 | verifying 认证中 | verified 已认证 | failed 认证失败 */
  realNameStatus: string;
  /** The provider's reason when the verification failed (姓名与身份证号不一致 ...), else ''. */
  realNameReason?: string;
  /** The highest version of the batch's service company's agreement the worker signed, or null. */
  signedVersion: number | null;
}

/** The service company's agreement a worker must have signed: its title and the version required. */
export interface RequiredAgreement {
  title: string;
  version: number;
}

export interface CheckRule {
  channel: TPayoutChannel;
  feeRateBp: number;
  feeBearer: FeeBearer;
  singleMinFen: number;
  singleMaxFen: number;
  monthlyLimitFen: number;
  /** Pay only 已认证 workers who signed `agreement` (the link's setting, issue 43). */
  verifiedOnly: boolean;
  /** The agreement to have signed; null when the service company has none yet. */
  agreement: RequiredAgreement | null;
}

export interface CheckedItem {
  id: number;
  workerId: number | null;
  account: Payee['account'];
  ok: boolean;
  reasons: string[];
  feeFen: number;
  netFen: number;
  debitFen: number;
}

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/**
 * Checks the items of a batch in row order. `payees` maps an ID number's hash to its worker;
 * `committedFen` maps a worker to what the period's other reserving batches already pay them.
 * Items that pass count toward the worker's monthly total in row order, so of two items that
 * together exceed the limit the later one fails.
 */
export function checkItems(
  items: readonly CheckItemInput[],
  payees: ReadonlyMap<string, Payee>,
  committedFen: ReadonlyMap<number, number>,
  rule: CheckRule,
): CheckedItem[] {
  const ordered = [...items].sort((a, b) => a.rowNo - b.rowNo || a.id - b.id);
  const firstRowOf = new Map<string, number>();
  const monthFen = new Map<number, number>(committedFen);
  const channel = PAYOUT_CHANNEL_LABELS[rule.channel];
  return ordered.map((item) => {
    const reasons: string[] = [];
    const payee = payees.get(item.idNumberHash);
    const first = firstRowOf.get(item.idNumberHash);
    if (first === undefined) firstRowOf.set(item.idNumberHash, item.rowNo);
    else reasons.push(`同一批次中重复：与序号 ${first} 为同一员工`);

    if (!payee) reasons.push('员工不存在：该身份证号未登记为本公司员工');
    else {
      if (payee.status !== 'active') reasons.push('员工已离职');
      if (payee.name !== item.name) reasons.push(`姓名与身份证号不符（登记姓名为${payee.name}）`);
      if (!payee.account) reasons.push(`员工没有${channel}收款账户`);
      else if (payee.account.holderName !== payee.name) reasons.push(`${channel}收款账户户名与员工姓名不符`);
      if (rule.verifiedOnly) reasons.push(...eligibilityReasons(payee, rule.agreement));
    }
    if (item.amountFen < rule.singleMinFen) reasons.push(`金额低于单笔最低 ${yuan(rule.singleMinFen)}`);
    if (item.amountFen > rule.singleMaxFen) reasons.push(`金额超过单笔最高 ${yuan(rule.singleMaxFen)}`);
    if (payee && !reasons.length) {
      const before = monthFen.get(payee.workerId) ?? 0;
      if (before + item.amountFen > rule.monthlyLimitFen) {
        reasons.push(
          `超出每月限额 ${yuan(rule.monthlyLimitFen)}：本月已发放 ${yuan(before)}，本笔 ${yuan(item.amountFen)}`,
        );
      } else monthFen.set(payee.workerId, before + item.amountFen);
    }
    const split = splitFee(item.amountFen, rule.feeRateBp, rule.feeBearer);
    return {
      id: item.id,
      workerId: payee?.workerId ?? null,
      account: payee?.account ?? null,
      ok: reasons.length === 0,
      reasons,
      ...split,
    };
  });
}

/** Why a worker may not be paid under 仅向已实名认证并已签约的员工发放: none when they may. */
export function eligibilityReasons(
  payee: Pick<Payee, 'realNameStatus' | 'realNameReason' | 'signedVersion'>,
  agreement: RequiredAgreement | null,
): string[] {
  const reasons: string[] = [];
  if (payee.realNameStatus === 'unverified') reasons.push('未实名认证');
  else if (payee.realNameStatus === 'verifying') reasons.push('实名认证中：认证结果返回后请重新核对');
  else if (payee.realNameStatus === 'failed')
    reasons.push(payee.realNameReason ? `实名认证失败：${payee.realNameReason}` : '实名认证失败');
  else if (payee.realNameStatus !== 'verified') reasons.push('未实名认证');
  if (agreement && (payee.signedVersion ?? 0) < agreement.version) {
    reasons.push(
      payee.signedVersion
        ? `未签署《${agreement.title}》第 ${agreement.version} 版（已签署第 ${payee.signedVersion} 版）`
        : `未签署《${agreement.title}》`,
    );
  }
  return reasons;
}
