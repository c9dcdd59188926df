import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../../lib/crypto.ts';
import { idCardCheckChar } from '../../../lib/id-card.ts';
import { checkRow, jobTypesByCode, mapHeader } from './rows.ts';

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
});
