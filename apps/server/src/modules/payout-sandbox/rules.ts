/** What the sandbox provider decides for a payout (DOMAIN section 6). Pure. */
import type { PayoutOrder } from '../../lib/payout-provider.ts';

/**
 * Fails, with the provider's reason, cards whose last digit is 4 (卡号无效), Alipay accounts
 * starting with `fail` (账户异常) and holders whose name contains 测试失败 (户名不符); pays the rest.
 */
export function sandboxOutcome(order: Pick<PayoutOrder, 'channel' | 'accountNo' | 'holderName'>): {
  status: 'succeeded' | 'failed';
  reason: string;
} {
  if (order.holderName.includes('测试失败')) return { status: 'failed', reason: '户名不符' };
  if (order.channel === 'bank' && order.accountNo.endsWith('4')) return { status: 'failed', reason: '卡号无效' };
  if (order.channel === 'alipay' && order.accountNo.toLowerCase().startsWith('fail'))
    return { status: 'failed', reason: '账户异常' };
  return { status: 'succeeded', reason: '' };
}
