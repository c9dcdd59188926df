import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.ts';

describe('unified social credit code', () => {
  it('accepts published valid codes', () => {
    // Codes printed on public business licences.
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91110000802100433B')).toBe(true);
  });

  it('rejects a wrong check character, a wrong length and forbidden letters', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100I43')).toBe(false);
  });

  it('validates every code built with its own check character', () => {
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { minLength: 17, maxLength: 17 }), (chars) => {
        const first17 = chars.join('');
        expect(isValidCreditCode(first17 + creditCodeCheckChar(first17))).toBe(true);
      }),
    );
  });
});
