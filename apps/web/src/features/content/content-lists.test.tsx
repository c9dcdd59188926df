import { API } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buttonName,
  fail,
  getButton,
  mockApi,
  ok,
  renderScreen,
  setupUser,
  type TApiHandler,
} from '../../components/test-utils.tsx';
import { configureRequest } from '../../lib/request.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as AdvertisingPage } from './routes/advertising-page.tsx';
import { Component as ArticlePage } from './routes/article-page.tsx';
import { Component as HomeModulePage } from './routes/home-module-page.tsx';
import { ADVERT, ARTICLE, DRAFT, MODULE } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'content:view': true, 'content:edit': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

/** The table row that shows `text`. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** Confirms the row's 删除 in its popconfirm. */
async function confirmDelete(row: HTMLElement, question: string) {
  await user.click(within(row).getByRole('button', { name: buttonName('删除') }));
  const popconfirm = (await screen.findByText(question)).closest('.ant-popover') as HTMLElement;
  await user.click(within(popconfirm).getByRole('button', { name: buttonName('删除') }));
}

// The page paths come first: `:id` would take them.
const files: Record<string, TApiHandler> = { [`GET ${API.file.one}`]: () => ({ body: 'image-bytes' }) };

describe('文章管理', () => {
  it('lists the articles with status and publish time, and links to read and edit each', async () => {
    api = mockApi({ [`GET ${API.content.articlePage}`]: () => ok({ total: 2, rows: [ARTICLE, DRAFT] }) });
    renderScreen(ArticlePage, {
      path: '/content/article',
      otherPaths: ['/content/readArticle', '/content/updateArticle', '/content/addArticle'],
    });
    await screen.findByText('本月薪酬发放安排');
    const published = rowOf('本月薪酬发放安排');
    expect(within(published).getByText('已发布')).toBeInTheDocument();
    expect(within(published).getByText('2026-11-25 10:00:00')).toBeInTheDocument();
    expect(within(published).getByText('本月工资于 25 日发放。')).toBeInTheDocument();
    expect(within(published).getByText('无')).toBeInTheDocument();
    const draft = rowOf('年终福利说明');
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    expect(within(draft).getByText('-')).toBeInTheDocument();
    expect(within(published).getByRole('link', { name: '阅读“本月薪酬发放安排”' })).toHaveAttribute(
      'href',
      '/content/readArticle?id=5',
    );
    await user.click(within(draft).getByRole('link', { name: '编辑' }));
    expect(await screen.findByText('当前页面：/content/updateArticle?id=6')).toBeInTheDocument();
  });

  it('asks for the chosen status and says 没有符合条件的文章 when none match', async () => {
    api = mockApi({ [`GET ${API.content.articlePage}`]: () => ok({ total: 0, rows: [] }) });
    renderScreen(ArticlePage, { path: '/content/article', initialEntry: '/content/article?status=draft' });
    expect(await screen.findByText('没有符合条件的文章')).toBeInTheDocument();
    expect(api.calls[0]?.params).toMatchObject({ status: 'draft', page: 1 });
  });

  it('says 暂无文章 when there are none, and opens 添加文章', async () => {
    api = mockApi({ [`GET ${API.content.articlePage}`]: () => ok({ total: 0, rows: [] }) });
    renderScreen(ArticlePage, { path: '/content/article', otherPaths: ['/content/addArticle'] });
    expect(await screen.findByText('暂无文章')).toBeInTheDocument();
    await user.click(getButton('添加文章'));
    expect(await screen.findByText('当前页面：/content/addArticle')).toBeInTheDocument();
  });

  it('says why the list failed to load', async () => {
    api = mockApi({ [`GET ${API.content.articlePage}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(ArticlePage, { path: '/content/article' });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(getButton('重新加载')).toBeEnabled();
  });

  it('deletes an article after asking, and reloads the list', async () => {
    let deleted = false;
    api = mockApi({
      [`GET ${API.content.articlePage}`]: () =>
        ok(deleted ? { total: 1, rows: [DRAFT] } : { total: 2, rows: [ARTICLE, DRAFT] }),
      [`DELETE ${API.content.article}`]: () => {
        deleted = true;
        return ok(null);
      },
    });
    renderScreen(ArticlePage, { path: '/content/article' });
    await screen.findByText('本月薪酬发放安排');
    await confirmDelete(rowOf('本月薪酬发放安排'), '删除文章“本月薪酬发放安排”？');
    expect(await screen.findByText('文章已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('本月薪酬发放安排')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/content/article/5']);
  });

  it('offers only 阅读 without content:edit', async () => {
    useSession.setState({ elements: { 'content:view': true } });
    api = mockApi({ [`GET ${API.content.articlePage}`]: () => ok({ total: 1, rows: [ARTICLE] }) });
    renderScreen(ArticlePage, { path: '/content/article' });
    const row = (await screen.findByText('本月薪酬发放安排')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: /阅读/ })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: buttonName('删除') })).toBeNull();
    expect(screen.queryByRole('button', { name: buttonName('添加文章') })).toBeNull();
  });
});

describe('首页模块', () => {
  it('shows each module’s page by its menu name, an outside address as such, and its state', async () => {
    api = mockApi({
      [`GET ${API.content.modulePage}`]: () =>
        ok({
          total: 2,
          rows: [
            MODULE,
            {
              ...MODULE,
              id: 8,
              title: '税务局',
              icon: 'GlobalOutlined',
              link: 'https://www.chinatax.gov.cn',
              enabled: false,
            },
          ],
        }),
    });
    renderScreen(HomeModulePage, { path: '/content/homeModule', otherPaths: ['/content/editHomeModule'] });
    await screen.findByText('薪酬发放', { selector: 'td *' });
    const grant = rowOf('薪酬管理 / 薪酬发放');
    expect(within(grant).getByText('启用')).toBeInTheDocument();
    const tax = rowOf('https://www.chinatax.gov.cn');
    expect(within(tax).getByText('外部网址')).toBeInTheDocument();
    expect(within(tax).getByText('停用')).toBeInTheDocument();
    await user.click(within(tax).getByRole('link', { name: '编辑' }));
    expect(await screen.findByText('当前页面：/content/editHomeModule?id=8')).toBeInTheDocument();
  });

  it('says 暂无首页模块 when there are none, and why a failed list failed', async () => {
    api = mockApi({ [`GET ${API.content.modulePage}`]: () => ok({ total: 0, rows: [] }) });
    const { unmount } = renderScreen(HomeModulePage, { path: '/content/homeModule' });
    expect(await screen.findByText('暂无首页模块')).toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi({ [`GET ${API.content.modulePage}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(HomeModulePage, { path: '/content/homeModule' });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });

  it('deletes a module after asking', async () => {
    api = mockApi({
      [`GET ${API.content.modulePage}`]: () => ok({ total: 1, rows: [MODULE] }),
      [`DELETE ${API.content.module}`]: () => ok(null),
    });
    renderScreen(HomeModulePage, { path: '/content/homeModule' });
    await screen.findByText('薪酬管理 / 薪酬发放');
    await confirmDelete(rowOf('薪酬管理 / 薪酬发放'), '删除模块“薪酬发放”？');
    expect(await screen.findByText('首页模块已删除')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/content/homeModule/7');
  });
});

describe('广告管理', () => {
  it('shows each advert’s place, days and whether it shows today', async () => {
    api = mockApi({
      [`GET ${API.content.advertPage}`]: () =>
        ok({
          total: 4,
          rows: [
            ADVERT,
            { ...ADVERT, id: 10, title: '明年活动', position: 'homeSide', startDate: '2098-01-01' },
            { ...ADVERT, id: 11, title: '去年活动', startDate: '2020-01-01', endDate: '2020-12-31' },
            { ...ADVERT, id: 12, title: '暂停活动', enabled: false },
          ],
        }),
      ...files,
    });
    renderScreen(AdvertisingPage, { path: '/content/advertising' });
    await screen.findByText('年终福利', { selector: 'td' });
    const running = rowOf('年终福利');
    expect(within(running).getByText('投放中')).toBeInTheDocument();
    expect(within(running).getByText('首页横幅')).toBeInTheDocument();
    expect(within(running).getByText('2026-01-01 至 2099-12-31')).toBeInTheDocument();
    expect(within(rowOf('明年活动')).getByText('未开始')).toBeInTheDocument();
    expect(within(rowOf('明年活动')).getByText('首页侧栏')).toBeInTheDocument();
    expect(within(rowOf('去年活动')).getByText('已结束')).toBeInTheDocument();
    expect(within(rowOf('暂停活动')).getByText('已停用')).toBeInTheDocument();
  });

  it('says 暂无广告 when there are none', async () => {
    api = mockApi({ [`GET ${API.content.advertPage}`]: () => ok({ total: 0, rows: [] }) });
    renderScreen(AdvertisingPage, { path: '/content/advertising' });
    expect(await screen.findByText('暂无广告')).toBeInTheDocument();
  });

  it('deletes an advert after asking', async () => {
    api = mockApi({
      [`GET ${API.content.advertPage}`]: () => ok({ total: 1, rows: [ADVERT] }),
      [`DELETE ${API.content.advert}`]: () => ok(null),
      ...files,
    });
    renderScreen(AdvertisingPage, { path: '/content/advertising' });
    await screen.findByText('年终福利', { selector: 'td' });
    await confirmDelete(rowOf('年终福利'), '删除广告“年终福利”？');
    expect(await screen.findByText('广告已删除')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/content/advert/9']);
  });

  it('a failed delete says why (the toast) and leaves no unhandled promise rejection', async () => {
    const toasted: string[] = [];
    const restoreToasts = configureRequest({ notifyError: (text) => toasted.push(text) });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      api = mockApi({
        [`GET ${API.content.advertPage}`]: () => ok({ total: 1, rows: [ADVERT] }),
        [`DELETE ${API.content.advert}`]: () => fail(404, 40400, '广告不存在'),
        ...files,
      });
      renderScreen(AdvertisingPage, { path: '/content/advertising' });
      await screen.findByText('年终福利', { selector: 'td' });
      await confirmDelete(rowOf('年终福利'), '删除广告“年终福利”？');
      await waitFor(() => expect(toasted).toEqual(['广告不存在']));
      // Rejections are reported after the microtasks that could still handle them.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(screen.queryByText('广告已删除')).toBeNull();
    } finally {
      process.off('unhandledRejection', onUnhandled);
      restoreToasts();
    }
  });
});
