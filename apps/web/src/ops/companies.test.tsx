import { API } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { costRuleToForm, formToCostRuleBody } from './components/cost-rule-modal.tsx';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { COMPANY, OPERATOR } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

const RULE = COMPANY.serviceCompanies[0]!;

describe('cost rule conversions', () => {
  it('shows basis points as percent and fen as yuan, and converts them back exactly', () => {
    const form = costRuleToForm(RULE);
    expect(form).toMatchObject({ feeRate: '6.50', monthlyLimit: '98000.00', singleMin: '1.00', singleMax: '50000.00' });
    expect(
      formToCostRuleBody({ ...form, feeRate: '6.55', singleMin: '0.29', invoiceContents: [' 服务费 ', ''] }),
    ).toEqual({
      feeRateBp: 655,
      feeBearer: 'company',
      monthlyLimitFen: 9_800_000,
      singleMinFen: 29,
      singleMaxFen: 5_000_000,
      invoiceType: 'special',
      invoiceContents: ['服务费'],
      enabled: true,
      payVerifiedOnly: true,
    });
  });
});

describe('企业管理', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  async function openEditor() {
    const user = setupUser();
    await user.click(await screen.findByText('星河科技有限公司', {}, { timeout: 15_000 }));
    expect(await screen.findByText('6.50%')).toBeInTheDocument();
    expect(screen.getByText('¥98,000.00')).toBeInTheDocument();
    expect(screen.getByText('¥1.00 ~ ¥50,000.00')).toBeInTheDocument();
    expect(screen.getByText('增值税专用发票')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: buttonName('编辑费用规则') }));
    const dialog = (await screen.findByText('编辑费用规则', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    return { user, dialog };
  }

  it('edits a cost rule: percent and yuan go out as basis points and fen', async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.companyPage}`]: () => ok({ total: 1, rows: [COMPANY] }),
      [`PUT ${API.ops.costRule}`]: () => ok(RULE, '费用规则已保存'),
    });
    restore = api.restore;
    renderOps('/ops/companies');
    const { user, dialog } = await openEditor();
    const rate = within(dialog).getByLabelText('服务费率');
    expect(rate).toHaveValue('6.50');
    await user.clear(rate);
    await user.type(rate, '6.555');
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('服务费率应在 0 到 100 之间，最多 2 位小数')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '7.25');
    const max = within(dialog).getByLabelText('单笔最高');
    await user.clear(max);
    await user.type(max, '0.5');
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('单笔最高金额不能小于单笔最低金额')).toBeInTheDocument();
    await user.clear(max);
    await user.type(max, '20000.1');
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/ops/company/1/serviceCompany/1');
    expect(put?.body).toMatchObject({
      feeRateBp: 725,
      singleMaxFen: 2_000_010,
      singleMinFen: 100,
      monthlyLimitFen: 9_800_000,
    });
    expect(await screen.findByText('费用规则已保存')).toBeInTheDocument();
  });

  it('puts the server field errors under the fields', async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.companyPage}`]: () => ok({ total: 1, rows: [COMPANY] }),
      [`PUT ${API.ops.costRule}`]: () =>
        fail(400, 40000, '请求参数有误', {
          errors: [
            { path: 'monthlyLimitFen', message: '每月限额必须大于 0' },
            { path: 'invoiceContents.1', message: '开票内容最多 50 个字' },
          ],
        }),
    });
    restore = api.restore;
    renderOps('/ops/companies');
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('每月限额必须大于 0')).toBeInTheDocument();
    expect(within(dialog).getByText('开票内容最多 50 个字')).toBeInTheDocument();
  });

  it('冻结 asks for a reason in a confirmation dialog, then shows 已冻结 with it; 解冻 restores', async () => {
    let company = COMPANY;
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.companyPage}`]: () => ok({ total: 1, rows: [company] }),
      [`POST ${API.ops.companyFreeze}`]: (call) => {
        company = {
          ...COMPANY,
          status: 'frozen',
          frozenReason: (call.body as { reason: string }).reason,
          frozenAt: '2025-11-20T02:00:00.000Z',
        };
        return ok(company, '已冻结');
      },
      [`POST ${API.ops.companyUnfreeze}`]: () => {
        company = COMPANY;
        return ok(company, '已解冻');
      },
    });
    restore = api.restore;
    const user = setupUser();
    renderOps('/ops/companies');
    await user.click(await screen.findByLabelText('冻结 星河科技有限公司', {}, { timeout: 15_000 }));
    const dialog = (await screen.findByText('冻结企业', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText(/冻结后该企业仍可登录和查看，但不能支付/)).toBeInTheDocument();
    // No reason: refused in the form, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定冻结') }));
    expect(await within(dialog).findByText('请填写冻结原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('冻结原因'), '  对公账户核查中  ');
    await user.click(within(dialog).getByRole('button', { name: buttonName('确定冻结') }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/ops/company/1/freeze')).toBe(true));
    expect(api.calls.find((c) => c.url === '/api/ops/company/1/freeze')?.body).toEqual({ reason: '对公账户核查中' });
    expect(await screen.findByText('原因：对公账户核查中')).toBeInTheDocument();
    expect(screen.getByText('已冻结')).toBeInTheDocument();

    await user.click(await screen.findByLabelText('解冻 星河科技有限公司'));
    const thaw = (await screen.findByText('解冻企业', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(thaw).getByText(/冻结原因：对公账户核查中/)).toBeInTheDocument();
    await user.click(within(thaw).getByRole('button', { name: buttonName('确定解冻') }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/ops/company/1/unfreeze')).toBe(true));
    expect(await screen.findByLabelText('冻结 星河科技有限公司')).toBeInTheDocument();
    expect(screen.queryByText('原因：对公账户核查中')).toBeNull();
  }, 90_000);
});
