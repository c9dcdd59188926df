import { API } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ContractListPage } from './routes/contract-list-page.tsx';
import { Component as EnterprisePage } from './routes/enterprise-page.tsx';
import { CONTRACT, SERVICES } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'contract:view': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const ENTERPRISE = '/contract/enterprise';
const LIST = '/contract/enterpriseContreactList/:id';
const DETAIL = '/contract/enterpriseContreactDetail/:id';

/** The table row that shows `text`. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('企业合同', () => {
  it("lists the service companies with their agreement's state and counts, each linking to its contracts", async () => {
    api = mockApi({ [`GET ${API.contract.serviceCompanies}`]: () => ok(SERVICES) });
    renderScreen(EnterprisePage, { path: ENTERPRISE, otherPaths: [LIST] });
    await screen.findByText('海南灵工服务有限公司');
    const signed = rowOf('海南灵工服务有限公司');
    expect(within(signed).getByText('已签署')).toBeInTheDocument();
    expect(within(signed).getByText('至 2099-12-31')).toBeInTheDocument();
    expect(
      within(signed)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['海南灵工服务有限公司', '已签署至 2099-12-31', '3', '0', '2', '1', '0', '查看合同']);
    expect(within(rowOf('江苏众包服务有限公司')).getByText('待签署')).toBeInTheDocument();
    expect(within(rowOf('四川优聘服务有限公司')).getByText('无生效协议')).toBeInTheDocument();
    await user.click(within(rowOf('江苏众包服务有限公司')).getByRole('link', { name: '查看合同' }));
    expect(await screen.findByText('当前页面：/contract/enterpriseContreactList/8')).toBeInTheDocument();
  });

  it('says so when the company works with no service company', async () => {
    api = mockApi({ [`GET ${API.contract.serviceCompanies}`]: () => ok([]) });
    renderScreen(EnterprisePage, { path: ENTERPRISE });
    expect(await screen.findByText('暂无合作的服务商')).toBeInTheDocument();
  });

  it('shows a status while loading, then why loading failed, and loads again on 重新加载', async () => {
    let answers = 0;
    api = mockApi({
      [`GET ${API.contract.serviceCompanies}`]: async () => {
        answers += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return answers === 1 ? fail(500, 50000, '服务器开小差了') : ok(SERVICES);
      },
    });
    renderScreen(EnterprisePage, { path: ENTERPRISE });
    expect(screen.getByRole('status')).toHaveTextContent('正在加载…');
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('加载失败：服务器开小差了')).toBeInTheDocument();
    await user.click(getButton('重新加载'));
    expect(await screen.findByText('海南灵工服务有限公司')).toBeInTheDocument();
    expect(answers).toBe(2);
  });
});

describe('合同列表', () => {
  const contractsApi = (page: () => ReturnType<typeof ok>) => ({
    [`GET ${API.contract.serviceCompanies}`]: () => ok(SERVICES),
    [`GET ${API.contract.page}`]: page,
  });

  it("shows the service company's contracts, asked for by its id, with links to the detail and the PDF", async () => {
    api = mockApi(
      contractsApi(() =>
        ok({
          total: 2,
          rows: [
            CONTRACT,
            {
              ...CONTRACT,
              id: 6,
              contractNo: 'HT-2025-001',
              title: '数据标注补充条款',
              type: 'supplement',
              state: 'signed',
              signedAt: '2025-01-02T00:00:00Z',
            },
          ],
        }),
      ),
    );
    renderScreen(ContractListPage, {
      path: LIST,
      initialEntry: '/contract/enterpriseContreactList/7',
      otherPaths: [DETAIL, '/pdfPreview'],
    });
    expect(await screen.findByText('合同列表：海南灵工服务有限公司')).toBeInTheDocument();
    await screen.findByText('灵活用工综合服务协议');
    const call = api.calls.find((c) => c.url === API.contract.page);
    expect(call?.params).toMatchObject({ serviceCompanyId: 7, page: 1 });
    const first = rowOf('灵活用工综合服务协议');
    expect(within(first).getByText('待签署')).toBeInTheDocument();
    expect(within(first).getByText('服务协议')).toBeInTheDocument();
    const second = rowOf('数据标注补充条款');
    expect(within(second).getByText('已签署')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '预览' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pdfPreview\?url=%2Fapi%2Fcontract%2F5%2Fpdf/),
    );
    await user.click(within(first).getByRole('link', { name: 'HT-2026-005' }));
    expect(await screen.findByText('当前页面：/contract/enterpriseContreactDetail/5')).toBeInTheDocument();
  });

  it('sends the keyword and says 没有符合条件的合同 when nothing matches', async () => {
    api = mockApi(contractsApi(() => ok({ total: 0, rows: [] })));
    renderScreen(ContractListPage, {
      path: LIST,
      initialEntry: '/contract/enterpriseContreactList/7?keyword=%E8%A1%A5%E5%85%85',
    });
    expect(await screen.findByText('没有符合条件的合同')).toBeInTheDocument();
    const call = api.calls.find((c) => c.url === API.contract.page);
    expect(call?.params).toMatchObject({ serviceCompanyId: 7, keyword: '补充' });
    expect(screen.getByLabelText('合同编号/名称')).toHaveValue('补充');
  });

  it('searches by what is typed in 合同编号/名称', async () => {
    api = mockApi(contractsApi(() => ok({ total: 1, rows: [CONTRACT] })));
    renderScreen(ContractListPage, { path: LIST, initialEntry: '/contract/enterpriseContreactList/7' });
    await screen.findByText('灵活用工综合服务协议');
    await user.click(screen.getByLabelText('合同编号/名称'));
    await user.paste('HT-2026');
    await user.click(getButton('查询'));
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url === API.contract.page).at(-1)?.params).toMatchObject({
        keyword: 'HT-2026',
        serviceCompanyId: 7,
      }),
    );
  });

  it('says where contracts come from when there are none', async () => {
    api = mockApi(contractsApi(() => ok({ total: 0, rows: [] })));
    renderScreen(ContractListPage, { path: LIST, initialEntry: '/contract/enterpriseContreactList/7' });
    expect(await screen.findByText('暂无合同，合同由平台运营上传')).toBeInTheDocument();
  });

  it('says why the list failed to load, and goes back to 企业合同', async () => {
    api = mockApi(contractsApi(() => fail(500, 50000, '数据库不可用')));
    renderScreen(ContractListPage, {
      path: LIST,
      initialEntry: '/contract/enterpriseContreactList/7',
      otherPaths: [ENTERPRISE],
    });
    expect(await screen.findByText('加载失败：数据库不可用')).toBeInTheDocument();
    expect(getButton('重新加载')).toBeEnabled();
    await user.click(getButton('返回企业合同'));
    expect(await screen.findByText('当前页面：/contract/enterprise')).toBeInTheDocument();
  });
});
