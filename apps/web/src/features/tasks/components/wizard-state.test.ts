import { SELECT_EMPLOYEES_STORAGE_KEY } from '@flexpay/contract/web';
import { describe, expect, it } from 'vitest';
import { emptyWizard, pickFilterOf, readWizard, sameFilter, selectedCount, writeWizard } from './wizard-state.ts';

describe('选择人员 wizard state', () => {
  it('round-trips through session storage with the spec fields', () => {
    const state = { ...emptyWizard(8, 1), byEmployeeIds: [3, 5, 9], flashWorkerPage: true };
    writeWizard(state, sessionStorage);
    expect(JSON.parse(sessionStorage.getItem(SELECT_EMPLOYEES_STORAGE_KEY) ?? '{}')).toMatchObject({
      whom: 8,
      step: 1,
      stepName: 'workers',
      flashTaskPage: false,
      flashWorkerPage: true,
      byEmployeeIds: [3, 5, 9],
    });
    expect(readWizard(sessionStorage)).toEqual(state);
  });

  it('drops malformed stored state instead of guessing', () => {
    sessionStorage.setItem(SELECT_EMPLOYEES_STORAGE_KEY, '{"whom":8,"step":7,"byEmployeeIds":[],"excludeIds":[]}');
    expect(readWizard(sessionStorage)).toBeNull();
    sessionStorage.setItem(SELECT_EMPLOYEES_STORAGE_KEY, 'not json');
    expect(readWizard(sessionStorage)).toBeNull();
    sessionStorage.setItem(SELECT_EMPLOYEES_STORAGE_KEY, '{"whom":8,"step":1,"byEmployeeIds":["x"],"excludeIds":[]}');
    expect(readWizard(sessionStorage)).toBeNull();
  });

  it('counts all matching minus the unticked, and compares filters by value', () => {
    const all = { ...emptyWizard(8, 1), allMatching: { name: '王' }, excludeIds: [1, 2] };
    expect(selectedCount(all, 1200)).toBe(1198);
    expect(selectedCount(all, undefined)).toBeUndefined();
    expect(selectedCount({ ...emptyWizard(8, 1), byEmployeeIds: [4] }, 1200)).toBe(1);
    expect(sameFilter({ name: '王', jobTypeId: 2 }, { jobTypeId: 2, name: '王' })).toBe(true);
    expect(sameFilter({ name: '王' }, {})).toBe(false);
    expect(pickFilterOf({ name: '王', mobile: '', jobTypeId: 2, page: 3, status: 'active' })).toEqual({
      name: '王',
      jobTypeId: 2,
    });
  });
});
