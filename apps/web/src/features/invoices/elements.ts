import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the invoice screens check (permissions.ts). */
export const INVOICE_ELEMENTS = {
  view: 'invoice:view',
  apply: 'invoice:apply',
  edit: 'invoice:edit',
} as const satisfies Record<string, TElementCode>;
