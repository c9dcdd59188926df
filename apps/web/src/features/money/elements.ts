import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the money screens check (permissions.ts). */
export const MONEY_ELEMENTS = {
  /** Balances, 资金明细 and its export, 充值记录, the payment account list. */
  view: 'money:view',
  topup: 'money:topup',
  /** Adding, editing, deleting payment accounts and choosing the default. */
  account: 'money:account',
  log: 'money:log',
} as const satisfies Record<string, TElementCode>;
