import { API, type TInvoiceApplicationDetail } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

// The tiers share two cores: a validation message can take more than the default second to show.
const SLOW = { timeout: 10_000 };

const PENDING: TInvoiceApplicationDetail = {
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
  taxNo: '91310000MA1K00001X',
  invoiceNo: null,
  invoiceDate: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  infoId: 3,
  addressPhone: '',
  bankAccount: '',
  recipient: '王财务',
  recipientPhone: '13800000001',
  recipientAddress: '上海市',
  remark: '',
  batches: [{ batchId: 41, title: '2026-10 数据标注劳务费', period: '2026-10', paidFen: 150_000, amountFen: 100_000 }],
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
  actions: ['issue', 'reject'],
};

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;

describe('开票处理 (/ops)', () => {
  let restore: () => void = () => {};
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:chosen-invoice';
    URL.revokeObjectURL = () => {};
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it(
    'says a missing PDF and a bad 发票号码 on their fields, and opens the chosen PDF before issuing',
    { timeout: 120_000 },
    async () => {
      const api = mockOpsApi({
        [`GET ${API.ops.info}`]: () => ok(OPERATOR),
        [`GET ${API.ops.invoicePage}`]: () => ok({ total: 1, rows: [PENDING] }),
        [`GET /api/ops/invoice/:id`]: () => ok(PENDING),
        [`POST /api/ops/invoice/:id/upload`]: () =>
          ok({ id: '00000000-0000-4000-8000-000000000001', name: '发票.pdf', size: 4, contentType: 'application/pdf' }),
        [`POST /api/ops/invoice/:id/issue`]: () => ok({ ...PENDING, status: 'issued', actions: ['mail', 'void'] }),
      });
      restore = api.restore;
      const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
      const user = setupUser();
      renderOps('/ops/invoices');
      const row = (await screen.findByText('FP00000012', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: buttonName('处理') }));
      const drawer = (await screen.findByText('开票申请 FP00000012', {}, SLOW)).closest('.ant-drawer') as HTMLElement;
      await user.click(await within(drawer).findByRole('button', { name: buttonName('开票') }, SLOW));

      // Nothing chosen, a number with a letter: both said under their fields, nothing sent.
      await user.type(within(drawer).getByLabelText('发票号码'), 'E2E20261125');
      await user.click(within(drawer).getByRole('button', { name: buttonName('确定开票') }));
      expect(await within(drawer).findByText('请选择发票 PDF 文件', {}, SLOW)).toBeInTheDocument();
      expect(within(drawer).getByText('发票号码应为 8 位或 20 位数字')).toBeInTheDocument();
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

      // The chosen PDF opens before anything is uploaded.
      const pdf = new File(['%PDF'], '发票.pdf', { type: 'application/pdf' });
      await user.upload(within(drawer).getByLabelText('发票文件'), pdf);
      await waitFor(() => expect(within(drawer).queryByText('请选择发票 PDF 文件')).toBeNull(), SLOW);
      await user.click(within(drawer).getByRole('button', { name: '查看所选文件 发票.pdf' }));
      expect(opened).toHaveBeenCalledWith('blob:chosen-invoice', '_blank', 'noopener');
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

      // 9 digits: still refused; 8 digits pass.
      const invoiceNo = within(drawer).getByLabelText('发票号码');
      await user.clear(invoiceNo);
      // Pasted, one change: typed key by key, the message of a shorter prefix could be found
      // just before 8 digits removed it (it failed so once in CI).
      await user.click(invoiceNo);
      await user.paste('123456789');
      await waitFor(() => expect(within(drawer).getByText('发票号码应为 8 位或 20 位数字')).toBeInTheDocument(), SLOW);
      await user.clear(invoiceNo);
      await user.click(invoiceNo);
      await user.paste('04400123');
      await waitFor(() => expect(within(drawer).queryByText('发票号码应为 8 位或 20 位数字')).toBeNull(), SLOW);
    },
  );
});
