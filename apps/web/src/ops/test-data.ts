import type { TOperatorInfo, TOpsCompany, TTopup } from '@flexpay/contract/web';

export const OPERATOR: TOperatorInfo = { id: 1, username: 'ops', name: '平台运营' };

export const PENDING_TOPUP: TTopup = {
  id: 2,
  companyId: 1,
  companyName: '星河科技有限公司',
  serviceCompanyId: 2,
  serviceCompanyName: '江苏灵工服务有限公司',
  amountFen: 20_000_000,
  payer: { bank: '招商银行', accountName: '星河科技有限公司', accountNo: '121908765410201' },
  voucherFileId: '00000000-0000-4000-8000-000000000002',
  remark: '江苏项目备付金',
  status: 'pending',
  rejectReason: null,
  createdAt: '2025-11-20T02:00:00.000Z',
  decidedAt: null,
  transferId: null,
  voucherReuses: [],
};

export const COMPANY: TOpsCompany = {
  id: 1,
  name: '星河科技有限公司',
  creditCode: '91310000MA1FL0XX1X',
  status: 'normal',
  frozenReason: null,
  frozenAt: null,
  serviceCompanies: [
    {
      serviceCompanyId: 1,
      serviceCompanyName: '上海灵工服务有限公司',
      feeRateBp: 650,
      feeBearer: 'company',
      monthlyLimitFen: 9_800_000,
      singleMinFen: 100,
      singleMaxFen: 5_000_000,
      invoiceType: 'special',
      invoiceContents: ['现代服务*服务费', '人力资源服务'],
      enabled: true,
      payVerifiedOnly: true,
      receivingBank: { bankName: '招商银行', accountName: '上海灵工服务有限公司', accountNo: '6225880000000001' },
    },
  ],
};
