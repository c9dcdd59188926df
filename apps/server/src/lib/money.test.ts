import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOf, fenToYuan, splitFee, sumFen, yuanToFen } from './money.ts';

describe('fee rounding (round half up in fen)', () => {
  it('rounds half a fen up and less than half down', () => {
    // 650 bp of 1 fen is 0.065 fen -> 0; of 77 fen 5.005 -> 5; of 10 fen 0.65 -> 1.
    expect(feeOf(1, 650)).toBe(0);
    expect(feeOf(10, 650)).toBe(1);
    expect(feeOf(77, 650)).toBe(5);
    // exactly half: 50 bp of 100 fen = 0.5 fen -> 1; 50 bp of 300 fen = 1.5 -> 2
    expect(feeOf(100, 50)).toBe(1);
    expect(feeOf(300, 50)).toBe(2);
    expect(feeOf(299, 50)).toBe(1);
    expect(feeOf(1_000_000, 650)).toBe(65_000);
    expect(feeOf(0, 650)).toBe(0);
    expect(feeOf(123_456, 10_000)).toBe(123_456);
  });

  it('is exact past 2^53 products', () => {
    const big = Number.MAX_SAFE_INTEGER - 1;
    expect(feeOf(big, 10_000)).toBe(big);
    expect(feeOf(big, 5_000)).toBe(Number((BigInt(big) * 5000n + 5000n) / 10000n));
  });

  it('matches the exact rational rounding for any amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (a, r) => {
        const fee = feeOf(a, r);
        // fee is the integer nearest a*r/10000, halves up: |fee*10000 - a*r| <= 5000, and = 5000 only upwards.
        const diff = fee * 10_000 - a * r;
        expect(diff).toBeGreaterThan(-5_000);
        expect(diff).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('refuses fractions, negatives and rates out of range', () => {
    expect(() => feeOf(1.5, 650)).toThrow(RangeError);
    expect(() => feeOf(-1, 650)).toThrow(RangeError);
    expect(() => feeOf(100, 10_001)).toThrow(RangeError);
    expect(() => feeOf(100, 6.5)).toThrow(RangeError);
  });
});

describe('who bears the fee', () => {
  it('企业承担 adds the fee to the debit; the worker gets the amount', () => {
    expect(splitFee(100_000, 650, 'company')).toEqual({ debitFen: 106_500, netFen: 100_000, feeFen: 6_500 });
  });
  it('个人承担 deducts the fee from the net; the company pays the amount', () => {
    expect(splitFee(100_000, 650, 'worker')).toEqual({ debitFen: 100_000, netFen: 93_500, feeFen: 6_500 });
  });
  it('always balances: debit = net + fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('company' as const, 'worker' as const),
        (a, r, bearer) => {
          const s = splitFee(a, r, bearer);
          expect(s.debitFen).toBe(s.netFen + s.feeFen);
          expect(s.netFen).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('fen helpers', () => {
  it('reads yuan text exactly', () => {
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('100')).toBe(10_000);
    expect(yuanToFen('-0.05')).toBe(-5);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.234')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
  });
  it('writes fen as yuan', () => {
    expect(fenToYuan(123_456)).toBe('1234.56');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-105)).toBe('-1.05');
  });
  it('sums and refuses a total out of range', () => {
    expect(sumFen([1, 2, -3])).toBe(0);
    expect(() => sumFen([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});
