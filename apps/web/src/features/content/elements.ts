import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the content screens check (permissions.ts). */
export const CONTENT_ELEMENTS = {
  view: 'content:view',
  edit: 'content:edit',
} as const satisfies Record<string, TElementCode>;
