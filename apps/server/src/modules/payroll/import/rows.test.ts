import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../../lib/crypto.ts';
import { idCardCheckChar } from '../../../lib/id-card.ts';
import { amountOf, checkPayrollRow } from './rows.ts';

const cipher = createFieldCipher(Buffer.alloc(32, 7).toString('base64'));
const columns = { name: 0, idNumber: 1, amount: 2, remark: 3 };
const id = `11010519900307002${idCardCheckChar('11010519900307002')}`;

describe('payroll sheet rows', () => {
  it('reads amounts in yuan exactly, refusing what is not one', () => {
    expect(amountOf(1234.5)).toEqual({ fen: 123_450 });
    expect(amountOf(0.1 + 0.2)).toEqual({ fen: 30 });
    expect(amountOf('1,234.56')).toEqual({ fen: 123_456 });
    expect(amountOf('12.345')).toEqual({ problem: '金额应为数字，最多两位小数' });
    expect(amountOf(0)).toEqual({ problem: '金额必须大于 0' });
    expect(amountOf('')).toEqual({ problem: '请填写金额' });
    expect(amountOf(100_000_001)).toEqual({ problem: '金额不能超过 1 亿元' });
  });

  it('stages a good row with the ID number hashed and masked only', () => {
    const out = checkPayrollRow(cipher, new Date('2026-11-24'), 2, ['张三', id, 3000, '备注'], columns);
    expect(out.errors).toEqual([]);
    expect(out.staged).toMatchObject({ row: 2, name: '张三', amountFen: 300_000, remark: '备注' });
    expect(out.staged?.idNumberHash).toBe(cipher.hash(id));
    expect(out.staged?.idNumberMasked).not.toContain('19900307');
    expect(JSON.stringify(out.staged)).not.toContain(id);
  });

  it('names each bad field', () => {
    const out = checkPayrollRow(cipher, new Date('2026-11-24'), 3, ['', '123', 'abc', 'x'.repeat(201)], columns);
    expect(out.errors.map((e) => e.field)).toEqual(['姓名', '身份证号', '金额', '备注']);
    expect(out.staged).toBeUndefined();
  });
});
