import { describe, expect, it } from 'vitest';
import { parseYuan, topupAmountError } from './yuan.ts';

describe('parseYuan', () => {
  it('turns yuan text into integer fen without float drift', () => {
    expect(parseYuan('1234.5')).toBe(123450);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan('1,000.10')).toBe(100010);
    expect(parseYuan(' 100 ')).toBe(10000);
    expect(parseYuan('100000000.00')).toBe(10_000_000_000);
    expect(parseYuan('0')).toBe(0);
  });

  it('refuses what is not an amount with at most 2 decimals', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '.5', '1.', undefined, null, '9'.repeat(20)]) {
      expect(parseYuan(text)).toBeUndefined();
    }
  });
});

describe('topupAmountError', () => {
  it('says why an amount is refused', () => {
    expect(topupAmountError('')).toBe('请输入充值金额');
    expect(topupAmountError('十元')).toBe('请输入正确的金额，如 10000 或 10000.50');
    expect(topupAmountError('1.234')).toBe('金额最多保留 2 位小数');
    expect(topupAmountError('0.00')).toBe('充值金额必须大于 0');
    expect(topupAmountError('100000000.01')).toBe('单笔充值金额不能超过 1 亿元');
    expect(topupAmountError('100000000')).toBeUndefined();
    expect(topupAmountError('0.01')).toBeUndefined();
  });
});
