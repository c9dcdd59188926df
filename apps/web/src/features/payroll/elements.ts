import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the payroll screens check (permissions.ts). */
export const PAYROLL_ELEMENTS = {
  view: 'payroll:view',
  create: 'payroll:create',
  /** Checking, editing and removing items, submitting and cancelling a batch. */
  check: 'payroll:check',
  approve: 'payroll:approve',
  pay: 'payroll:pay',
  refund: 'payroll:refund',
  /** 导出发放记录. */
  export: 'payroll:export',
} as const satisfies Record<string, TElementCode>;
