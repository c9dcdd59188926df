import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the organisation screen checks (permissions.ts). */
export const ORG_ELEMENTS = {
  view: 'org:view',
  /** Adding, renaming, moving and deleting departments, their leaders, moving workers. */
  edit: 'org:edit',
} as const satisfies Record<string, TElementCode>;
