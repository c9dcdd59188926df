import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as HomePage } from './routes/home-page.tsx';

const FULL = {
  balances: [
    { serviceCompanyId: 1, serviceCompanyName: '海南灵工服务有限公司', availableFen: 50_000_000 },
    { serviceCompanyId: 2, serviceCompanyName: '江苏智薪人力资源有限公司', availableFen: 0 },
  ],
  paidThisMonth: { amountFen: 1_234_550, count: 12 },
  approvals: { count: 2 },
  toPay: { count: 3, amountFen: 300_000 },
  reviews: { count: 5 },
  invoiceable: { amountFen: 880_000 },
  modules: [
    { id: 1, title: '薪酬发放', icon: 'WalletOutlined', link: '/EmolumentManagement/emolumentGrant' },
    { id: 2, title: '政策解读', icon: 'NotificationOutlined', link: 'https://www.chinatax.gov.cn' },
  ],
  adverts: [
    {
      id: 3,
      title: '本月薪酬发放安排',
      imageFileId: '11111111-1111-4111-8111-111111111111',
      link: '/invoiceCenter/apply',
      position: 'homeBanner',
    },
    {
      id: 4,
      title: '电子发票上线',
      imageFileId: '22222222-2222-4222-8222-222222222222',
      link: '',
      position: 'homeSide',
    },
  ],
  articles: [
    { id: 12, title: '年终奖发放说明', summary: '年终奖于 1 月发放。', publishedAt: '2026-11-25T03:00:00.000Z' },
    { id: 11, title: '个税说明', summary: '', publishedAt: '2026-11-20T03:00:00.000Z' },
  ],
  activity: [
    { id: 9, actionLabel: '确认支付', adminName: '林晓', result: 'success', createdAt: '2026-11-25T02:00:00.000Z' },
    { id: 8, actionLabel: '登录', adminName: '王敏', result: 'failure', createdAt: '2026-11-25T01:00:00.000Z' },
  ],
};
const NONE = {
  balances: null,
  paidThisMonth: null,
  approvals: null,
  toPay: null,
  reviews: null,
  activity: null,
  invoiceable: null,
  articles: null,
  modules: [],
  adverts: [],
};

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => useSession.setState({ name: '林晓', companyName: '星河科技有限公司', permissionRoutes: [] }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

function figure(title: string): HTMLElement {
  const card = screen.getByText(title).closest('[data-testid="home-figure"]');
  if (!(card instanceof HTMLElement)) throw new Error(`no figure ${title}`);
  return card;
}

describe('首页', () => {
  it('shows each figure the server gives, each a link to its screen', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok(FULL) });
    renderScreen(HomePage, { path: '/dashboard' });

    expect(await screen.findByText('可用余额 · 海南灵工服务有限公司')).toBeInTheDocument();
    expect(within(figure('可用余额 · 海南灵工服务有限公司')).getByText('¥500,000.00')).toBeInTheDocument();
    expect(within(figure('本月已发放（含服务费）')).getByText('¥12,345.50')).toBeInTheDocument();
    expect(within(figure('本月已发放（含服务费）')).getByText('12 笔')).toBeInTheDocument();
    expect(within(figure('待支付的发放')).getByText('共 ¥3,000.00')).toBeInTheDocument();
    const href = (title: string) => figure(title).closest('a')?.getAttribute('href');
    expect(href('可用余额 · 海南灵工服务有限公司')).toBe('/moneyManagement/listMoney');
    expect(href('本月已发放（含服务费）')).toBe('/EmolumentManagement/emolumentGrant');
    expect(href('待我审批的发放')).toBe('/EmolumentManagement/emolumentGrant');
    expect(href('待支付的发放')).toBe('/EmolumentManagement/payRoll');
    expect(href('待验收的成果')).toMatch(/\/taskCenterIndex$/);
    expect(within(figure('可开票金额')).getByText('¥8,800.00')).toBeInTheDocument();
    expect(href('可开票金额')).toBe('/invoiceCenter/apply');
    expect(screen.getByText('林晓 · 确认支付')).toBeInTheDocument();
    expect(screen.getByText('失败')).toBeInTheDocument();
  });

  it('shows no figure the server leaves out', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok({ ...NONE, paidThisMonth: { amountFen: 0, count: 0 } }) });
    renderScreen(HomePage, { path: '/dashboard' });
    expect(await screen.findByText('本月已发放（含服务费）')).toBeInTheDocument();
    expect(screen.getAllByTestId('home-figure')).toHaveLength(1);
    expect(screen.queryByText('最近动态')).not.toBeInTheDocument();
    expect(screen.queryByText(/可用余额/)).not.toBeInTheDocument();
  });

  it('shows no 工作台 at all when no figure is granted', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok(NONE) });
    renderScreen(HomePage, { path: '/dashboard' });
    expect(await screen.findByText('账号信息')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.queryByText('工作台')).not.toBeInTheDocument();
  });

  it('shows the company’s home modules and today’s adverts below the figures, each a link', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    api = mockApi({
      'GET /api/admin/home/summary': () => ok(FULL),
      'GET /api/admin/file/:id': () => ({ body: png.buffer }),
    });
    renderScreen(HomePage, { path: '/dashboard' });
    const modules = await screen.findAllByTestId('home-module');
    expect(modules.map((m) => m.textContent)).toEqual(['薪酬发放', '政策解读']);
    expect(modules[0]?.closest('a')?.getAttribute('href')).toBe('/EmolumentManagement/emolumentGrant');
    const external = modules[1]?.closest('a');
    expect(external?.getAttribute('href')).toBe('https://www.chinatax.gov.cn');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    const adverts = screen.getAllByTestId('home-advert');
    expect(adverts).toHaveLength(2);
    expect(screen.getByRole('link', { name: '本月薪酬发放安排' }).getAttribute('href')).toBe('/invoiceCenter/apply');
    // An advert without a link is no link.
    expect(
      within(adverts[1] as HTMLElement)
        .getByText('电子发票上线')
        .closest('a'),
    ).toBeNull();
    // The images are read with the session (an <img> cannot send the token).
    await waitFor(() => expect(api?.calls.filter((c) => c.url.startsWith('/api/admin/file/'))).toHaveLength(2));
  });

  it('shows no content section when the company has none', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok(NONE) });
    renderScreen(HomePage, { path: '/dashboard' });
    await waitFor(() => expect(api?.calls).toHaveLength(1));
    expect(screen.queryByTestId('home-module')).toBeNull();
    expect(screen.queryByTestId('home-advert')).toBeNull();
  });

  it('lists the latest published articles, each opening the reader page', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok(FULL) });
    renderScreen(HomePage, { path: '/dashboard' });
    const link = await screen.findByRole('link', { name: '年终奖发放说明' });
    expect(link).toHaveAttribute('href', '/content/readArticle?id=12');
    expect(screen.getByRole('link', { name: '个税说明' })).toHaveAttribute('href', '/content/readArticle?id=11');
    expect(screen.getByText('年终奖发放说明').closest('[data-testid="home-article"]')).toHaveTextContent(
      '年终奖于 1 月发放。',
    );
    expect(screen.getAllByTestId('home-article')).toHaveLength(2);
  });

  it('shows no 最新文章 when the server leaves them out or there are none', async () => {
    api = mockApi({ 'GET /api/admin/home/summary': () => ok({ ...FULL, articles: null }) });
    const { unmount } = renderScreen(HomePage, { path: '/dashboard' });
    expect(await screen.findByText('工作台')).toBeInTheDocument();
    expect(screen.queryByText('最新文章')).not.toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi({ 'GET /api/admin/home/summary': () => ok({ ...FULL, articles: [] }) });
    renderScreen(HomePage, { path: '/dashboard' });
    expect(await screen.findByText('工作台')).toBeInTheDocument();
    expect(screen.queryByText('最新文章')).not.toBeInTheDocument();
  });
});
