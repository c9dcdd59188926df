import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the worker screens check (permissions.ts). */
export const WORKER_ELEMENTS = {
  add: 'employee:add',
  /** Editing, leaving and rejoining, and the payout accounts. */
  edit: 'employee:edit',
  delete: 'employee:delete',
  import: 'employee:import',
  export: 'employee:export',
  jobType: 'employee:jobType',
  /** 重新认证 (实名认证). */
  verify: 'employee:verify',
  /** 发起签约. */
  sign: 'employee:sign',
} as const satisfies Record<string, TElementCode>;
