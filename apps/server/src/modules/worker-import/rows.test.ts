import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../lib/bank-card.ts';
import { createFieldCipher } from '../../lib/crypto.ts';
import { idCardCheckChar } from '../../lib/id-card.ts';
import { checkRow, jobTypesByCode, mapHeader, sealStagedRow } from './rows.ts';

describe('import rows', () => {
  it('maps headers with stars, spaces and bracketed notes, in any order, and names the missing required ones', () => {
    const { columns, missing } = mapHeader([' 手机号 ', '姓名＊', '备注', '入职日期*(YYYY-MM-DD)', '其他列']);
    expect(columns).toEqual({ mobile: 0, name: 1, remark: 2, joinedAt: 3 });
    expect(missing).toEqual(['身份证号']);
    expect(mapHeader(['入职日期（YYYY-MM-DD）', '姓名', '身份证号', '手机号']).missing).toEqual([]);
  });

  it('builds a worker and its account from a good row, reading dates in the usual spellings', () => {
    const cipher = createFieldCipher('MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY');
    const ctx = {
      cipher,
      companyId: 1,
      today: new Date('2026-01-01T00:00:00Z'),
      jobTypes: jobTypesByCode([{ id: 9, code: 'QA', enabled: true }]),
    };
    const idNumber = `31011519880214002${idCardCheckChar('31011519880214002')}`;
    const wrongCheck = `31011519880214002${idNumber.endsWith('1') ? '2' : '1'}`;
    const columns = mapHeader(['姓名', '身份证号', '手机号', '工种编码', '入职日期', '支付宝账号']).columns;
    for (const joined of ['2025/3/4', '2025年3月4日', 45720, new Date(Date.UTC(2025, 2, 4))]) {
      const checked = checkRow(ctx, 2, ['张三', wrongCheck, '13800000000', 'qa', joined, 'A@Example.com'], columns);
      // A wrong check character: the error names it, nothing is built.
      expect(checked.errors.map((e) => e.message)).toEqual(['身份证号校验位不正确']);
      const good = checkRow(ctx, 2, ['张三', idNumber, '13800000000', 'qa', joined, 'A@Example.com'], columns);
      expect(good.errors).toEqual([]);
      expect(good.worker).toMatchObject({
        joinedAt: '2025-03-04',
        jobTypeId: 9,
        idNumberMasked: `310115********${idNumber.slice(14)}`,
      });
      expect(good.account).toMatchObject({ channel: 'alipay', values: { accountMasked: 'a***@example.com' } });
    }
  });

  it('stages a good row with its numbers in the clear and seals them for storage, nothing else changed', () => {
    const cipher = createFieldCipher('MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY');
    const ctx = { cipher, companyId: 1, today: new Date('2026-01-01T00:00:00Z'), jobTypes: jobTypesByCode([]) };
    const idNumber = `31011519880214002${idCardCheckChar('31011519880214002')}`;
    const card = `622202020011223344${luhnCheckDigit('622202020011223344')}`;
    const header = mapHeader([
      '姓名',
      '身份证号',
      '手机号',
      '入职日期',
      '开户银行',
      '银行卡号',
      '开户支行',
      '支付宝账号',
    ]);
    const bankRow = ['张三', idNumber, '13800000000', '2025-03-04', '中国工商银行', card, '西湖支行', ''];
    const checked = checkRow(ctx, 2, bankRow, header.columns);
    expect(checked.errors).toEqual([]);
    const { worker, account } = checked;
    if (!worker || account?.channel !== 'bank') throw new Error('a good row with a bank card');
    expect(worker).toMatchObject({ idNumber, idNumberHash: cipher.hash(idNumber) });
    expect(account.values).toMatchObject({ cardNumber: card, cardNumberHash: cipher.hash(card) });

    const sealed = sealStagedRow(cipher, { row: 2, worker, account });
    const { idNumber: _id, ...workerRest } = worker;
    expect(sealed.worker).toEqual({ ...workerRest, idNumberEnc: expect.any(String) });
    expect(cipher.decrypt(sealed.worker.idNumberEnc)).toBe(idNumber);
    expect(sealed.account?.channel).toBe('bank');
    const bank = sealed.account?.channel === 'bank' ? sealed.account.values : undefined;
    const { cardNumber: _card, ...cardRest } = account.values;
    expect(bank).toEqual({ ...cardRest, cardNumberEnc: expect.any(String) });
    expect(cipher.decrypt(bank?.cardNumberEnc ?? '')).toBe(card);
    expect(JSON.stringify(sealed)).not.toContain(idNumber);
    expect(JSON.stringify(sealed)).not.toContain(card);

    const alipayRow = ['李四', idNumber, '13800000000', '2025-03-04', '', '', '', 'Pay@Example.com'];
    const withAlipay = checkRow(ctx, 3, alipayRow, header.columns);
    if (!withAlipay.worker || !withAlipay.account) throw new Error('a good row with an Alipay account');
    const sealedAlipay = sealStagedRow(cipher, { row: 3, worker: withAlipay.worker, account: withAlipay.account });
    expect(sealedAlipay.account).toEqual({
      channel: 'alipay',
      values: {
        accountHash: cipher.hash('pay@example.com'),
        accountMasked: 'p***@example.com',
        accountEnc: expect.any(String),
      },
    });
    const alipay = sealedAlipay.account?.channel === 'alipay' ? sealedAlipay.account.values : undefined;
    expect(cipher.decrypt(alipay?.accountEnc ?? '')).toBe('pay@example.com');
  });
});
