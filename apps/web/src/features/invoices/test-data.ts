/** Invoice applications and infos as the API answers them, for the invoice screens' tests. Only tests import this file. */
import type { TInvoiceApplicationDetail, TInvoiceInfo } from '@flexpay/contract/web';

export const INFO: TInvoiceInfo = {
  id: 3,
  title: '星河科技有限公司',
  taxNo: '91310000MA1K000019',
  addressPhone: '',
  bankAccount: '',
  recipient: '王财务',
  recipientPhone: '13800000001',
  recipientAddress: '上海市浦东新区',
  isDefault: true,
  updatedAt: '2026-11-01T00:00:00Z',
};

export function application(overrides: Partial<TInvoiceApplicationDetail> = {}): TInvoiceApplicationDetail {
  return {
    id: 12,
    applicationNo: 'FP00000012',
    companyId: 1,
    companyName: '星河科技有限公司',
    serviceCompanyId: 7,
    serviceCompanyName: '海南灵工服务有限公司',
    status: 'pending',
    invoiceType: 'normal',
    content: '现代服务*服务费',
    amountFen: 100_000,
    batchCount: 1,
    title: '星河科技有限公司',
    taxNo: '91310000MA1K000019',
    invoiceNo: null,
    invoiceDate: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    infoId: 3,
    addressPhone: '',
    bankAccount: '',
    recipient: '王财务',
    recipientPhone: '13800000001',
    recipientAddress: '上海市浦东新区',
    remark: '',
    batches: [
      { batchId: 41, title: '2026-10 数据标注劳务费', period: '2026-10', paidFen: 150_000, amountFen: 100_000 },
    ],
    creator: { id: 1, name: '张经理' },
    rejectReason: null,
    rejectedAt: null,
    issuedAt: null,
    invoiceFile: null,
    courier: null,
    trackingNo: null,
    mailedAt: null,
    voidReason: null,
    voidedAt: null,
    actions: [],
    ...overrides,
  };
}
