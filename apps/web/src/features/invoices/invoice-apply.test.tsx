import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ApplyPage } from './routes/apply-page.tsx';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() =>
  useSession.setState({ elements: { 'invoice:view': true, 'invoice:apply': true, 'invoice:edit': true } }),
);
afterEach(() => {
  api?.restore();
  api = undefined;
});

const INFO = {
  id: 3,
  title: '星河科技有限公司',
  taxNo: '91310000MA1K00001X',
  addressPhone: '',
  bankAccount: '',
  recipient: '王财务',
  recipientPhone: '13800000001',
  recipientAddress: '上海市',
  isDefault: true,
  updatedAt: '2026-11-01T00:00:00Z',
};
const BATCH = {
  batchId: 41,
  title: '2026-10 数据标注劳务费',
  period: '2026-10',
  status: 'completed',
  serviceCompanyId: 7,
  serviceCompanyName: '海南灵工服务有限公司',
  paidCount: 3,
  paidFen: 150_000,
  appliedFen: 50_000,
  invoiceableFen: 100_000,
  createdAt: '2026-10-20T02:00:00Z',
};

describe('申请开票', () => {
  it('picks a paid batch, confirms the default info, type and content, and submits', { timeout: 120_000 }, async () => {
    api = mockApi({
      'GET /api/invoice/invoiceable': () =>
        ok([
          {
            serviceCompanyId: 7,
            serviceCompanyName: '海南灵工服务有限公司',
            paidFen: 150_000,
            appliedFen: 50_000,
            invoiceableFen: 100_000,
            invoiceType: 'normal',
            contents: ['现代服务*服务费', '现代服务*技术服务费'],
          },
        ]),
      'GET /api/invoice/batches': () => ok({ total: 1, rows: [BATCH] }),
      'GET /api/companystaff/ecompanyReceipt/list': () => ok([INFO]),
      'POST /api/invoice/application': ({ body }) =>
        ok({ ...(body as object), id: 12, applicationNo: 'FP00000012', amountFen: 100_000 }),
    });
    renderScreen(ApplyPage, { path: '/invoiceCenter/apply' });
    await screen.findByText('2026-10 数据标注劳务费');
    expect(getButton('下一步')).toBeDisabled();
    // The row's checkbox (the first is the header's 全选).
    await user.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await user.click(getButton('下一步'));
    // The default info is chosen, the type is the service company's, the amount the invoiceable one.
    await screen.findByText(/星河科技有限公司（91310000MA1K00001X）/);
    expect(screen.getByLabelText('2026-10 数据标注劳务费的开票金额')).toHaveValue('1000.00');
    await user.click(getButton('提交申请'));
    await screen.findByText('开票申请已提交', { selector: '.ant-result-title' });
    const call = api.calls.find((c) => c.method === 'POST');
    expect(call?.body).toEqual({
      serviceCompanyId: 7,
      batches: [{ batchId: 41, amountFen: 100_000 }],
      infoId: 3,
      invoiceType: 'normal',
      content: '现代服务*服务费',
      remark: '',
    });
  });

  it(
    'keeps an amount above the invoiceable amount and says the limit under the field',
    { timeout: 120_000 },
    async () => {
      api = mockApi({
        'GET /api/invoice/invoiceable': () =>
          ok([
            {
              serviceCompanyId: 7,
              serviceCompanyName: '海南灵工服务有限公司',
              paidFen: 150_000,
              appliedFen: 50_000,
              invoiceableFen: 100_000,
              invoiceType: 'normal',
              contents: ['现代服务*服务费'],
            },
          ]),
        'GET /api/invoice/batches': () => ok({ total: 1, rows: [BATCH] }),
        'GET /api/companystaff/ecompanyReceipt/list': () => ok([INFO]),
      });
      renderScreen(ApplyPage, { path: '/invoiceCenter/apply' });
      await screen.findByText('2026-10 数据标注劳务费');
      await user.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
      await user.click(getButton('下一步'));
      await screen.findByText(/星河科技有限公司（91310000MA1K00001X）/);
      const amount = screen.getByLabelText('2026-10 数据标注劳务费的开票金额');
      await user.clear(amount);
      await user.type(amount, '1500');
      await user.tab();
      expect(await screen.findByText('本次最多可开 ¥1,000.00')).toBeInTheDocument();
      expect(amount).toHaveValue('1500.00');
      await user.click(getButton('提交申请'));
      await waitFor(() => expect(screen.getAllByText('本次最多可开 ¥1,000.00')).toHaveLength(1));
      expect(amount).toHaveValue('1500.00');
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    },
  );

  it('checks the tax number of a new invoice info before sending it', { timeout: 120_000 }, async () => {
    api = mockApi({
      'GET /api/invoice/invoiceable': () =>
        ok([
          {
            serviceCompanyId: 7,
            serviceCompanyName: '海南灵工服务有限公司',
            paidFen: 150_000,
            appliedFen: 0,
            invoiceableFen: 150_000,
            invoiceType: 'normal',
            contents: ['现代服务*服务费'],
          },
        ]),
      'GET /api/invoice/batches': () => ok({ total: 1, rows: [{ ...BATCH, appliedFen: 0, invoiceableFen: 150_000 }] }),
      'GET /api/companystaff/ecompanyReceipt/list': () => ok([]),
    });
    renderScreen(ApplyPage, { path: '/invoiceCenter/apply' });
    await screen.findByText('2026-10 数据标注劳务费');
    await user.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await user.click(getButton('下一步'));
    await user.click(await screen.findByRole('button', { name: /新增开票信息/ }));
    await user.type(await screen.findByLabelText('纳税人识别号'), '91310000MA1K000010');
    await user.click(getButton('保存'));
    expect(await screen.findByText('纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入')).toBeInTheDocument();
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'POST')).toBe(false));
  });
});
