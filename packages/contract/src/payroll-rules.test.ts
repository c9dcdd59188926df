import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatReceiptCode,
  normalizeReceiptCode,
  payrollPeriodError,
  payrollPeriodRange,
} from './payroll-rules.ts';

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

describe('receipt verification codes (回单验真)', () => {
  it('reads a code as typed: any case, groups, spaces, and the letters Crockford reads as digits', () => {
    expect(normalizeReceiptCode('abcd-0123-efgh-4567-jkmn')).toBe('ABCD0123EFGH4567JKMN');
    expect(normalizeReceiptCode(' ABCD 0I23 EFGH 4567 JKMN ')).toBe('ABCD0123EFGH4567JKMN');
    expect(normalizeReceiptCode('ABCDO123EFGH4567JKMN')).toBe('ABCD0123EFGH4567JKMN');
    expect(normalizeReceiptCode('ABCDL123EFGH4567JKMN')).toBe('ABCD1123EFGH4567JKMN');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of ['', 'ABCD', 'ABCD0123EFGH4567JKMNP', 'ABCD0123EFGH4567JKMU', "' or 1=1 --"]) {
      expect(normalizeReceiptCode(typed)).toBeUndefined();
    }
  });

  it('prints a code in groups of four', () => {
    expect(formatReceiptCode('ABCD0123EFGH4567JKMN')).toBe('ABCD-0123-EFGH-4567-JKMN');
  });
});
