import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the contract screens check (permissions.ts). */
export const CONTRACT_ELEMENTS = {
  view: 'contract:view',
  sign: 'contract:sign',
} as const satisfies Record<string, TElementCode>;
