/** Rows the money screens' tests answer with (only tests import this file). */
import type { TBalance, TCompanyLogRow, TCostRule, TLedgerEntry, TPaymentAccount, TTopup } from '@flexpay/contract/web';

export const COMPANY_NAME = '星河科技有限公司';

export const BALANCES: TBalance[] = [
  { serviceCompanyId: 1, serviceCompanyName: '海南灵工服务有限公司', availableFen: 50_000_000, frozenFen: 12_345 },
  { serviceCompanyId: 2, serviceCompanyName: '江苏智薪人力资源有限公司', availableFen: 0, frozenFen: 0 },
];

export function entry(overrides: Partial<TLedgerEntry> = {}): TLedgerEntry {
  return {
    id: 1,
    transferId: 1,
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    account: 'available',
    type: 'topup',
    amountFen: 50_000_000,
    balanceAfterFen: 50_000_000,
    reference: { kind: 'topup', id: '1' },
    memo: '充值 #1',
    createdAt: '2024-11-01T02:00:00.000Z',
    ...overrides,
  };
}

export function topup(overrides: Partial<TTopup> = {}): TTopup {
  return {
    id: 1,
    companyId: 1,
    companyName: COMPANY_NAME,
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    amountFen: 50_000_000,
    payer: { bank: '招商银行', accountName: COMPANY_NAME, accountNo: '121908765410201' },
    voucherFileId: '7b0c1c1e-6f43-4a57-9a4b-2d3c1b0a9e11',
    remark: '11 月发薪备付金',
    status: 'confirmed',
    rejectReason: null,
    createdAt: '2024-11-01T02:00:00.000Z',
    decidedAt: '2024-11-01T03:00:00.000Z',
    transferId: 1,
    voucherReuses: [],
    ...overrides,
  };
}

export function logRow(overrides: Partial<TCompanyLogRow> = {}): TCompanyLogRow {
  return {
    id: 1,
    adminId: 1,
    adminName: '林晓',
    action: 'money.topup.create',
    actionLabel: '提交充值',
    target: 'topup:2',
    result: 'success',
    status: 200,
    message: '',
    ip: '10.0.0.8',
    createdAt: '2024-11-02T02:00:00.000Z',
    ...overrides,
  };
}

export function paymentAccount(overrides: Partial<TPaymentAccount> = {}): TPaymentAccount {
  return {
    id: 1,
    bank: '招商银行',
    accountName: COMPANY_NAME,
    accountNo: '121908765410201',
    branch: '上海张江支行',
    isDefault: true,
    createdAt: '2024-10-01T02:00:00.000Z',
    ...overrides,
  };
}

export function costRule(overrides: Partial<TCostRule> = {}): TCostRule {
  return {
    serviceCompanyId: 1,
    serviceCompanyName: '海南灵工服务有限公司',
    feeRateBp: 650,
    feeBearer: 'company',
    monthlyLimitFen: 9_800_000,
    singleMinFen: 100,
    singleMaxFen: 5_000_000,
    invoiceType: 'normal',
    invoiceContents: ['服务费'],
    enabled: true,
    payVerifiedOnly: true,
    receivingBank: { bankName: '中国银行海口分行', accountName: '海南灵工服务有限公司', accountNo: '266273849562' },
    ...overrides,
  };
}
