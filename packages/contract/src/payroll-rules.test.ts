import { describe, expect, it } from 'vitest';
import { addMonths, payrollPeriodError, payrollPeriodRange } from './payroll-rules.ts';

describe('the 发放月份 label', () => {
  it('counts months across years', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', -12)).toBe('2025-11');
    expect(addMonths('2026-11', -23)).toBe('2024-12');
  });

  it('runs from a year back to next month', () => {
    expect(payrollPeriodRange('2026-11-25')).toEqual({ min: '2025-11', max: '2026-12' });
    expect(payrollPeriodRange('2026-12-31')).toEqual({ min: '2025-12', max: '2027-01' });
  });

  it('refuses a label outside it in Chinese', () => {
    expect(payrollPeriodError('2026-11', '2026-11-25')).toBeNull();
    expect(payrollPeriodError('2025-11', '2026-11-25')).toBeNull();
    expect(payrollPeriodError('2026-12', '2026-11-25')).toBeNull();
    expect(payrollPeriodError('2031-06', '2026-11-25')).toBe('发放月份须在 2025-11 至 2026-12 之间');
    expect(payrollPeriodError('2025-10', '2026-11-25')).toBe('发放月份须在 2025-11 至 2026-12 之间');
  });
});
