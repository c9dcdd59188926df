import { describe, expect, it } from 'vitest';
import { bpToPercent, fenToYuan, formatRate, percentToBp, yuanToFen } from './money-input.ts';

describe('yuan and fen', () => {
  it('parses the typed text without float drift', () => {
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1,234.5')).toBe(123450);
    expect(yuanToFen(' 98000 ')).toBe(9_800_000);
    expect(yuanToFen('1.005')).toBeUndefined();
    expect(yuanToFen('-1')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen('99999999999999999')).toBeUndefined();
  });
  it('writes fen as an input text', () => {
    expect(fenToYuan(29)).toBe('0.29');
    expect(fenToYuan(9_800_000)).toBe('98000.00');
  });
});

describe('percent and basis points', () => {
  it('parses rates with 2 decimals', () => {
    expect(percentToBp('6.55')).toBe(655);
    expect(percentToBp('6.5')).toBe(650);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeUndefined();
    expect(percentToBp('6.555')).toBeUndefined();
    expect(percentToBp('')).toBeUndefined();
  });
  it('writes basis points as a percent', () => {
    expect(bpToPercent(655)).toBe('6.55');
    expect(bpToPercent(5)).toBe('0.05');
    expect(formatRate(650)).toBe('6.50%');
  });
});
