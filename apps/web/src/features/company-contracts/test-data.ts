/** Contracts as the API answers them, for the contract screens' tests. Only tests import this file. */
import type { TCompanyContract, TCompanyContractDetail, TContractServiceCompany } from '@flexpay/contract/web';

export const SERVICES: TContractServiceCompany[] = [
  {
    serviceCompanyId: 7,
    serviceCompanyName: '海南灵工服务有限公司',
    total: 3,
    pending: 0,
    signed: 2,
    expired: 1,
    terminated: 0,
    signedUntil: '2099-12-31',
  },
  {
    serviceCompanyId: 8,
    serviceCompanyName: '江苏众包服务有限公司',
    total: 1,
    pending: 1,
    signed: 0,
    expired: 0,
    terminated: 0,
    signedUntil: null,
  },
  {
    serviceCompanyId: 9,
    serviceCompanyName: '四川优聘服务有限公司',
    total: 1,
    pending: 0,
    signed: 0,
    expired: 0,
    terminated: 1,
    signedUntil: null,
  },
];

export const CONTRACT: TCompanyContract = {
  id: 5,
  companyId: 1,
  companyName: '星河科技有限公司',
  serviceCompanyId: 7,
  serviceCompanyName: '海南灵工服务有限公司',
  contractNo: 'HT-2026-005',
  title: '灵活用工综合服务协议',
  type: 'service',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  state: 'pending',
  signedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
};

export const PENDING: TCompanyContractDetail = {
  ...CONTRACT,
  remark: '',
  terminatedAt: null,
  terminateReason: null,
  file: {
    id: '00000000-0000-4000-8000-000000000005',
    name: '合同.pdf',
    size: 2048,
    contentType: 'application/pdf',
    url: '/api/admin/file/00000000-0000-4000-8000-000000000005',
  },
  actions: ['sign'],
  signature: null,
};
