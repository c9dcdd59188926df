import { describe, expect, it } from 'vitest';
import { ELEMENT_CODES } from './permissions.ts';
import {
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TRANSITIONS,
  assignmentActionsFrom,
  budgetError,
  settlementAmountFen,
  type TTaskStatus,
  TASK_TRANSITIONS,
  taskActionsFrom,
  taskAmountError,
} from './task-rules.ts';

describe('the task order state machine', () => {
  it('allows each action only from its states', () => {
    expect(taskActionsFrom('draft')).toEqual(['publish', 'cancel']);
    expect(taskActionsFrom('published')).toEqual(['start', 'cancel']);
    expect(taskActionsFrom('in_progress')).toEqual(['finish', 'cancel']);
    expect(taskActionsFrom('accepting')).toEqual(['complete']);
    expect(taskActionsFrom('completed')).toEqual([]);
    expect(taskActionsFrom('cancelled')).toEqual([]);
  });

  it('runs 草稿 → 已发布 → 进行中 → 待验收 → 已完成 and nowhere back', () => {
    let status: TTaskStatus = 'draft';
    for (const action of ['publish', 'start', 'finish', 'complete'] as const) {
      expect(TASK_TRANSITIONS[action].from).toContain(status);
      status = TASK_TRANSITIONS[action].to ?? status;
    }
    expect(status).toBe('completed');
    // No transition leads back to 草稿, and the ends have none.
    expect(Object.values(TASK_TRANSITIONS).some((t) => t.to === 'draft')).toBe(false);
  });

  it('names a real element, an audit action and a Chinese refusal for each transition', () => {
    for (const t of [...Object.values(TASK_TRANSITIONS), ...Object.values(ASSIGNMENT_TRANSITIONS)]) {
      expect(ELEMENT_CODES).toContain(t.element);
      expect(t.audit).toMatch(/^task\./);
      expect(t.refusal).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(TASK_TRANSITIONS.publish.element).toBe('task:publish');
  });
});

describe('the assignment state machine', () => {
  it('runs 待接单 → 已接单 → 已提交 → 已通过 | 已驳回 → 已提交', () => {
    expect(assignmentActionsFrom('pending')).toEqual(['accept', 'decline', 'remove']);
    expect(assignmentActionsFrom('accepted')).toEqual(['submit']);
    expect(assignmentActionsFrom('submitted')).toEqual(['pass', 'reject']);
    expect(assignmentActionsFrom('rejected')).toEqual(['resubmit']);
    expect(assignmentActionsFrom('passed')).toEqual([]);
    expect(ASSIGNMENT_TRANSITIONS.resubmit.to).toBe('submitted');
    expect(ASSIGNMENT_TRANSITIONS.decline.to).toBeNull();
  });

  it('reaches every status', () => {
    const reached = new Set(['pending', ...Object.values(ASSIGNMENT_TRANSITIONS).map((t) => t.to)]);
    for (const s of ASSIGNMENT_STATUSES) expect(reached.has(s)).toBe(true);
  });
});

describe('amount rules', () => {
  it('prices 按件 and 按时 by quantity, rounded half up to the fen, and 固定金额 as is', () => {
    expect(settlementAmountFen('piece', 150, 1000)).toBe(1500); // ¥1.50 × 10 件
    expect(settlementAmountFen('hour', 3333, 250)).toBe(8333); // ¥33.33 × 2.5 h = 83.325 → 83.33
    expect(settlementAmountFen('hour', 3, 50)).toBe(2); // 1.5 fen → 2
    expect(settlementAmountFen('hour', 1, 49)).toBe(0);
    expect(settlementAmountFen('fixed', 50_000, 700)).toBe(50_000);
  });

  it('keeps amounts within a payroll item', () => {
    expect(taskAmountError(1)).toBeNull();
    expect(taskAmountError(0)).toBe('金额必须大于 0');
    expect(taskAmountError(10_000_000_001, '单价')).toBe('单价不能超过 1 亿元');
    expect(taskAmountError(1.5)).toBe('金额最多两位小数');
  });

  it('caps the agreed total at the budget, when there is one', () => {
    expect(budgetError(null, 10 ** 12)).toBeNull();
    expect(budgetError(1000, 1000)).toBeNull();
    expect(budgetError(1000, 1001)).toBe('约定金额合计超出任务预算');
  });
});
