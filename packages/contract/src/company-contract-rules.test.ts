import { describe, expect, it } from 'vitest';
import { beijingDay, contractActionsFrom, contractStateOn } from './company-contract-rules.ts';

describe('contract states', () => {
  it('reads 已到期 from the day after the end date, unless terminated', () => {
    expect(contractStateOn('signed', '2026-11-26', '2026-11-26')).toBe('signed');
    expect(contractStateOn('signed', '2026-11-25', '2026-11-26')).toBe('expired');
    expect(contractStateOn('pending', '2026-11-25', '2026-11-26')).toBe('expired');
    expect(contractStateOn('terminated', '2026-11-25', '2026-11-26')).toBe('terminated');
  });

  it('counts the day in Beijing time', () => {
    expect(beijingDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(beijingDay(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
  });

  it('allows signing a pending contract and terminating one in force only', () => {
    expect(contractActionsFrom('pending')).toEqual(['sign', 'terminate']);
    expect(contractActionsFrom('signed')).toEqual(['terminate']);
    expect(contractActionsFrom('expired')).toEqual([]);
    expect(contractActionsFrom('terminated')).toEqual([]);
  });
});
