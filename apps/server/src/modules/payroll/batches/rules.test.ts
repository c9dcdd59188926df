import { describe, expect, it } from 'vitest';
import { checkItems, type CheckRule, type Payee } from './rules.ts';

const rule: CheckRule = {
  channel: 'bank',
  feeRateBp: 650,
  feeBearer: 'company',
  singleMinFen: 100,
  singleMaxFen: 5_000_000,
  monthlyLimitFen: 9_800_000,
  verifiedOnly: true,
  agreement: { title: '共享经济合作伙伴协议', version: 2 },
};
const payee = (workerId: number, extra: Partial<Payee> = {}): Payee => ({
  workerId,
  name: `员工${workerId}`,
  status: 'active',
  account: { id: workerId, masked: '6222****1234', bankCode: 'ICBC', holderName: `员工${workerId}` },
  realNameStatus: 'verified',
  signedVersion: 2,
  ...extra,
});
const item = (id: number, hash: string, amountFen: number, name = `员工${hash}`) => ({
  id,
  rowNo: id,
  name,
  idNumberHash: hash,
  amountFen,
});

describe('checkItems', () => {
  const payees = new Map([
    ['1', payee(1)],
    ['2', payee(2)],
  ]);

  it('passes valid items with fees rounded half up; 企业承担 adds the fee to the debit', () => {
    const [a] = checkItems([item(1, '1', 100_010)], payees, new Map(), rule);
    // 100,010 × 6.5% = 6,500.65 → 6,501.
    expect(a).toMatchObject({ ok: true, reasons: [], feeFen: 6_501, netFen: 100_010, debitFen: 106_511 });
    const [half] = checkItems([item(1, '1', 100)], payees, new Map(), { ...rule, feeRateBp: 50 });
    // 100 × 0.5% = 0.5 → 1 (half up).
    expect(half?.feeFen).toBe(1);
  });

  it('个人承担 deducts the fee from the net and debits the amount', () => {
    const [a] = checkItems([item(1, '1', 12_345)], payees, new Map(), { ...rule, feeRateBp: 800, feeBearer: 'worker' });
    expect(a).toMatchObject({ feeFen: 988, netFen: 11_357, debitFen: 12_345 });
  });

  it('counts the monthly total across batches and, within the batch, in row order', () => {
    const committed = new Map([[1, 9_000_000]]);
    const out = checkItems([item(1, '1', 700_000), item(2, '1', 200_000)], payees, committed, rule);
    expect(out[0]?.ok).toBe(true);
    // The second is a duplicate; the limit is judged only on items with no other problem.
    expect(out[1]?.reasons).toEqual(['同一批次中重复：与序号 1 为同一员工']);
    const over = checkItems([item(1, '1', 800_001)], payees, committed, rule);
    expect(over[0]?.reasons).toEqual(['超出每月限额 ¥98000.00：本月已发放 ¥90000.00，本笔 ¥8000.01']);
    const exact = checkItems([item(1, '1', 800_000)], payees, committed, rule);
    expect(exact[0]?.ok).toBe(true);
  });

  it('names every other problem', () => {
    const odd = new Map<string, Payee>([
      ['1', payee(1, { status: 'left' })],
      ['2', payee(2, { account: null })],
      ['3', payee(3, { account: { id: 3, masked: 'x', bankCode: null, holderName: '别人' } })],
    ]);
    const out = checkItems(
      [item(1, '1', 100), item(2, '2', 100), item(3, '3', 99), item(4, '9', 100), item(5, '3', 5_000_001, '李四')],
      odd,
      new Map(),
      rule,
    );
    expect(out.map((o) => o.reasons)).toEqual([
      ['员工已离职'],
      ['员工没有银行卡收款账户'],
      ['银行卡收款账户户名与员工姓名不符', '金额低于单笔最低 ¥1.00'],
      ['员工不存在：该身份证号未登记为本公司员工'],
      [
        '同一批次中重复：与序号 3 为同一员工',
        '姓名与身份证号不符（登记姓名为员工3）',
        '银行卡收款账户户名与员工姓名不符',
        '金额超过单笔最高 ¥50000.00',
      ],
    ]);
    expect(checkItems([item(1, '2', 100)], odd, new Map(), { ...rule, channel: 'alipay' })[0]?.reasons).toEqual([
      '员工没有支付宝收款账户',
    ]);
  });
});

describe('checkItems: 仅向已实名认证并已签约的员工发放 (issue 43)', () => {
  const payees = new Map([
    ['1', payee(1, { realNameStatus: 'unverified' })],
    ['2', payee(2, { realNameStatus: 'failed' })],
    ['3', payee(3, { realNameStatus: 'verifying' })],
    ['4', payee(4, { signedVersion: null })],
    ['5', payee(5, { signedVersion: 1 })],
    ['6', payee(6)],
    ['7', payee(7, { realNameStatus: 'failed', realNameReason: '姓名与身份证号不一致', signedVersion: null })],
  ]);
  const items = [1, 2, 3, 4, 5, 6, 7].map((n) => item(n, String(n), 10_000));

  it('refuses the unverified, the failed, the verifying and the unsigned, each with its reason; pays the rest', () => {
    const out = checkItems(items, payees, new Map(), rule);
    expect(out.map((c) => c.reasons)).toEqual([
      ['未实名认证'],
      ['实名认证失败'],
      ['实名认证中：认证结果返回后请重新核对'],
      ['未签署《共享经济合作伙伴协议》'],
      ['未签署《共享经济合作伙伴协议》第 2 版（已签署第 1 版）'],
      [],
      ['实名认证失败：姓名与身份证号不一致', '未签署《共享经济合作伙伴协议》'],
    ]);
    expect(out.map((c) => c.ok)).toEqual([false, false, false, false, false, true, false]);
  });

  it('asks no signature of a service company without an agreement, and nothing when the setting is off', () => {
    const noAgreement = checkItems(items, payees, new Map(), { ...rule, agreement: null });
    expect(noAgreement.map((c) => c.ok)).toEqual([false, false, false, true, true, true, false]);
    const off = checkItems(items, payees, new Map(), { ...rule, verifiedOnly: false });
    expect(off.every((c) => c.ok)).toBe(true);
  });
});
