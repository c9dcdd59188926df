import { API, type TCompanyContractDetail } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

const SIGNED_ONLINE: TCompanyContractDetail = {
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
  state: 'signed',
  signedAt: '2026-11-28T12:00:00.000Z',
  createdAt: '2026-11-20T02:00:00.000Z',
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
  actions: ['terminate'],
  signature: {
    method: 'online',
    signedAt: '2026-11-28T12:00:00.000Z',
    signerName: '林晓',
    originalSha256: 'a'.repeat(64),
    signedSha256: 'b'.repeat(64),
  },
};

describe('合同管理 (/ops)', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it(
    'shows how a contract was signed: 在线签署 by whom, and the signed PDF’s SHA-256',
    { timeout: 60_000 },
    async () => {
      const api = mockOpsApi({
        [`GET ${API.ops.info}`]: () => ok(OPERATOR),
        [`GET ${API.ops.contractPage}`]: () => ok({ total: 1, rows: [SIGNED_ONLINE] }),
        [`GET /api/ops/contract/:id`]: () => ok(SIGNED_ONLINE),
      });
      restore = api.restore;
      const user = setupUser();
      renderOps('/ops/contracts');
      const row = (await screen.findByText('HT-2026-005', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: buttonName('处理') }));
      const drawer = (await screen.findByText('在线签署（林晓）')).closest('.ant-drawer') as HTMLElement;
      expect(within(drawer).getByText('b'.repeat(64))).toBeInTheDocument();
    },
  );
});
