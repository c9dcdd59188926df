import { describe, expect, it } from 'vitest';
import { describeIdNumber, idNumberSummary, shownIdNumber } from './id-number.ts';

describe('describeIdNumber', () => {
  it('reads the birth date and the gender (odd 17th digit: male)', () => {
    expect(describeIdNumber('11010519900307123X')).toEqual({ gender: 'male', birthDate: '1990-03-07' });
    expect(describeIdNumber('110105199003071248')).toEqual({ gender: 'female', birthDate: '1990-03-07' });
    expect(idNumberSummary('110105199003071248')).toBe('性别：女，出生日期：1990-03-07');
  });

  it('says nothing of an incomplete number or an impossible date', () => {
    expect(describeIdNumber('1101051990')).toBeUndefined();
    expect(describeIdNumber('110105199002301234')).toBeUndefined();
    expect(describeIdNumber(undefined)).toBeUndefined();
  });
});

describe('shownIdNumber', () => {
  it('shows the full number only with sensitiveVisible', () => {
    expect(shownIdNumber({ idNumber: '110105199001011234', sensitiveVisible: true })).toBe('110105199001011234');
    expect(shownIdNumber({ idNumber: '110105199001011234', sensitiveVisible: false })).toBe('110105********1234');
    expect(shownIdNumber({ idNumber: '110105********1234', sensitiveVisible: false })).toBe('110105********1234');
  });
});
