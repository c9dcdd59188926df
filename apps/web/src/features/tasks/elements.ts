import type { TElementCode } from '@flexpay/contract/web';

/** The element codes the task screens check (permissions.ts). */
export const TASK_ELEMENTS = {
  view: 'task:view',
  publish: 'task:publish',
  edit: 'task:edit',
  assign: 'task:assign',
  answer: 'task:answer',
  deliver: 'task:deliver',
  review: 'task:review',
  confirm: 'task:confirm',
} as const satisfies Record<string, TElementCode>;
