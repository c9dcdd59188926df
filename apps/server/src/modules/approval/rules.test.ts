import { describe, expect, it } from 'vitest';
import { approversOf, needsApproval, stepPassed } from './rules.ts';

describe('approval rules', () => {
  it('needs approval only under an enabled flow, from the threshold up', () => {
    expect(needsApproval(undefined, 10_000_000)).toBe(false);
    expect(needsApproval({ enabled: false, thresholdFen: 0 }, 1)).toBe(false);
    expect(needsApproval({ enabled: true, thresholdFen: 5_000_000 }, 4_999_999)).toBe(false);
    expect(needsApproval({ enabled: true, thresholdFen: 5_000_000 }, 5_000_000)).toBe(true);
    expect(needsApproval({ enabled: true, thresholdFen: 0 }, 0)).toBe(true);
  });

  it('passes an any-of step on one approval and an all-of step on every approver', () => {
    expect(stepPassed({ mode: 'any', approvers: [1, 2, 3] }, [])).toBe(false);
    expect(stepPassed({ mode: 'any', approvers: [1, 2, 3] }, [2])).toBe(true);
    expect(stepPassed({ mode: 'all', approvers: [1, 2, 3] }, [1, 3])).toBe(false);
    expect(stepPassed({ mode: 'all', approvers: [1, 2, 3] }, [3, 1, 2])).toBe(true);
    // Someone who is not an approver of the step does not count.
    expect(stepPassed({ mode: 'any', approvers: [1] }, [9])).toBe(false);
  });

  it('takes the role members or the named admins, enabled, never the starter', () => {
    const admins = [
      { id: 1, enabled: true, roleIds: [10] },
      { id: 2, enabled: true, roleIds: [10, 11] },
      { id: 3, enabled: false, roleIds: [10] },
      { id: 4, enabled: true, roleIds: [] },
    ];
    expect(approversOf({ roleId: 10, adminIds: [] }, admins, 99)).toEqual([1, 2]);
    expect(approversOf({ roleId: 10, adminIds: [] }, admins, 1)).toEqual([2]);
    expect(approversOf({ roleId: null, adminIds: [4, 3, 1] }, admins, 99)).toEqual([1, 4]);
    expect(approversOf({ roleId: null, adminIds: [4] }, admins, 4)).toEqual([]);
  });
});
