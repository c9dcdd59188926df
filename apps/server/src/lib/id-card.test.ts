import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBankCard, luhnCheckDigit, luhnValid, maskBankCard } from './bank-card.ts';
import { ageOn, ageOnDay, chinaDateOf, idCardCheckChar, maskIdCard, parseIdCard, PROVINCES } from './id-card.ts';

describe('ID card numbers (GB 11643)', () => {
  it('accepts the standard example and derives birth date, gender and province', () => {
    // The example number of GB 11643-1999.
    const r = parseIdCard('11010519491231002X');
    expect(r).toEqual({
      ok: true,
      info: {
        number: '11010519491231002X',
        birthDate: '1949-12-31',
        gender: 'female',
        province: '北京市',
        regionCode: '110105',
      },
    });
    expect(parseIdCard('11010519491231002x').ok).toBe(true);
  });

  it('names what is wrong', () => {
    expect(parseIdCard('1101051949123100')).toEqual({ ok: false, error: '格式不正确' });
    expect(parseIdCard('99010519491231002X')).toEqual({ ok: false, error: '地区码不正确' });
    expect(parseIdCard('110105194902300021')).toEqual({ ok: false, error: '出生日期不正确' });
    expect(parseIdCard('110105199001011239', new Date('1980-01-01'))).toEqual({ ok: false, error: '出生日期不正确' });
    expect(parseIdCard('110105194912310021')).toEqual({ ok: false, error: '校验位不正确' });
  });

  it('accepts every number built with its own check character, and rejects any other last character', () => {
    const provinces = Object.keys(PROVINCES);
    fc.assert(
      fc.property(
        fc.constantFrom(...provinces),
        fc.integer({ min: 1000, max: 9999 }),
        fc.date({ min: new Date('1930-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        (p, area, birth, seq) => {
          const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
          const first17 = `${p}${area}${ymd}${String(seq).padStart(3, '0')}`;
          const check = idCardCheckChar(first17);
          expect(parseIdCard(first17 + check).ok).toBe(true);
          const wrong = '0123456789X'.replace(check, '')[seq % 10] ?? '0';
          expect(parseIdCard(first17 + wrong).ok).toBe(false);
        },
      ),
    );
  });

  it('masks the birth date and sequence', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
  });
});

describe('bank cards', () => {
  it('checks length and Luhn', () => {
    const card = '622202123456789012' + luhnCheckDigit('622202123456789012');
    const wrong = card.slice(0, -1) + String((Number(card.slice(-1)) + 1) % 10);
    expect(checkBankCard(wrong)).toEqual({ ok: false, error: '卡号校验失败，请核对' });
    expect(checkBankCard('123456789012345')).toEqual({ ok: false, error: '卡号应为 16-19 位数字' });
    expect(checkBankCard(`${card.slice(0, 4)} ${card.slice(4)}`)).toEqual({ ok: true, number: card });
    expect(checkBankCard(card)).toEqual({ ok: true, number: card });
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(maskBankCard(card)).toBe(`6222 **** **** ${card.slice(-4)}`);
  });

  it('tells the age in whole years on the day in China', () => {
    // 2026-03-07 16:30 UTC is already 2026-03-08 in China.
    expect(ageOn('1990-03-08', new Date('2026-03-07T15:59:00Z'))).toBe(35);
    expect(ageOn('1990-03-08', new Date('2026-03-07T16:30:00Z'))).toBe(36);
    expect(ageOn('2000-02-29', new Date('2026-02-28T12:00:00+08:00'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T12:00:00+08:00'))).toBe(26);
    expect(ageOn('2000-02-29', new Date('2024-02-29T12:00:00+08:00'))).toBe(24);
    // The same on a China date worked out once (an export's batch).
    expect(ageOnDay('1990-03-08', '2026-03-07')).toBe(35);
    expect(ageOnDay('1990-03-08', '2026-03-08')).toBe(36);
    expect(ageOnDay('2000-02-29', '2026-02-28')).toBe(25);
  });
});

describe('dates in China', () => {
  it('takes the calendar date at UTC+8, around midnight and the new year', () => {
    expect(chinaDateOf(new Date('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(chinaDateOf(new Date('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
    expect(chinaDateOf(new Date('2026-12-31T16:30:00.000Z'))).toBe('2027-01-01');
  });

  it('counts whole years to the birthday in China', () => {
    // 2026-03-15 00:30 in China is still 2026-03-14 in UTC.
    expect(ageOn('1992-03-15', new Date('2026-03-14T16:30:00Z'))).toBe(34);
    expect(ageOn('1992-03-15', new Date('2026-03-14T15:30:00Z'))).toBe(33);
  });
});
