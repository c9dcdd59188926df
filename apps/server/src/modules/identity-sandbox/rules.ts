/**
 * What the sandbox verification provider answers (issue 43, ADR 0031). Pure and deterministic, so
 * tests and the demo reach every outcome by the name they type:
 *
 * - a name containing 认证失败 fails 二要素 and 三要素 alike: 姓名与身份证号不一致;
 * - an ID number whose sequence (the 15th–17th digits) is 999 fails: 身份证号不存在;
 * - with a bank card (三要素), a name containing 卡不符, or a card whose last four digits are
 *   0000, fails: 银行卡与身份信息不符;
 * - a name containing 认证超时 is unavailable (the issuer's source is away for this one);
 * - everything else is verified.
 */
import { createHash } from 'node:crypto';
import type { IdentityAnswer, IdentityCheck } from '../../lib/identity-provider.ts';

export function sandboxIdentityAnswer(check: IdentityCheck): IdentityAnswer {
  const providerRef = sandboxProviderRef(check.ref);
  if (check.name.includes('认证超时')) return { ref: check.ref, outcome: 'unavailable' };
  if (check.name.includes('认证失败')) {
    return { ref: check.ref, outcome: 'failed', providerRef, reason: '姓名与身份证号不一致' };
  }
  if (check.idNumber.slice(14, 17) === '999') {
    return { ref: check.ref, outcome: 'failed', providerRef, reason: '身份证号不存在' };
  }
  if (check.bankCardNo !== undefined && (check.name.includes('卡不符') || check.bankCardNo.endsWith('0000'))) {
    return { ref: check.ref, outcome: 'failed', providerRef, reason: '银行卡与身份信息不符' };
  }
  return { ref: check.ref, outcome: 'verified', providerRef };
}

/** The sandbox's serial of a check: the same ref gets the same serial (the provider dedupes). */
export function sandboxProviderRef(ref: string): string {
  return `SV${createHash('sha256').update(ref).digest('hex').slice(0, 20).toUpperCase()}`;
}
