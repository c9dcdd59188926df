import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { Component as AddArticlePage } from './routes/add-article-page.tsx';
import { Component as ReadArticlePage } from './routes/read-article-page.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const ARTICLE = {
  id: 5,
  title: '本月薪酬发放安排',
  summary: '本月工资于 25 日发放。',
  coverFileId: null,
  body:
    '<h2>发放时间</h2><p style="text-align: center">工资于 <strong>25 日</strong>发放。</p>' +
    '<ul><li>20 日前：确认银行卡</li></ul>' +
    '<p><a href="https://www.chinatax.gov.cn">国家税务总局</a> <a href="javascript:alert(1)">坏链接</a></p>' +
    '<script>window.hacked = 1</script><p><img src="https://evil.example/x.png" onerror="alert(1)" alt="外站图片"></p>',
  status: 'published',
  publishedAt: '2026-11-25T02:00:00.000Z',
  createdAt: '2026-11-24T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

describe('阅读文章', () => {
  it('shows the article as a reader sees it, its body rebuilt from the allow-list only', async () => {
    api = mockApi({ 'GET /api/admin/content/article/:id': () => ok(ARTICLE) });
    renderScreen(ReadArticlePage, { path: '/content/readArticle', initialEntry: '/content/readArticle?id=5' });
    expect(await screen.findByRole('heading', { name: '本月薪酬发放安排' })).toBeInTheDocument();
    expect(screen.getByText('发布于 2026-11-25 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('本月工资于 25 日发放。')).toBeInTheDocument();
    const body = screen.getByTestId('article-body');
    expect(within(body).getByRole('heading', { name: '发放时间' })).toBeInTheDocument();
    expect(within(body).getByText('25 日').tagName).toBe('STRONG');
    expect(within(body).getByText('20 日前：确认银行卡')).toBeInTheDocument();
    const link = within(body).getByRole('link', { name: '国家税务总局' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // What the allow-list does not hold never reaches the page.
    expect(within(body).queryByRole('link', { name: '坏链接' })).not.toBeInTheDocument();
    expect(within(body).getByText('坏链接')).toBeInTheDocument();
    expect(body.querySelector('script, img[src^="https://evil"], [onerror]')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/admin/content/article/5']);
  });

  it('says a draft is not published yet, and says so when the id is missing', async () => {
    api = mockApi({
      'GET /api/admin/content/article/:id': () => ok({ ...ARTICLE, status: 'draft', publishedAt: null }),
    });
    const { unmount } = renderScreen(ReadArticlePage, {
      path: '/content/readArticle',
      initialEntry: '/content/readArticle?id=5',
    });
    expect(await screen.findByText('这篇文章是草稿，尚未发布：首页不显示它。')).toBeInTheDocument();
    expect(screen.getByText('尚未发布')).toBeInTheDocument();
    unmount();
    renderScreen(ReadArticlePage, { path: '/content/readArticle', initialEntry: '/content/readArticle?id=abc' });
    expect(await screen.findByText('缺少文章编号')).toBeInTheDocument();
  });

  it('添加文章 previews what the form holds, unsaved', async () => {
    api = mockApi({});
    renderScreen(AddArticlePage, { path: '/content/addArticle' });
    fireEvent.change(screen.getByLabelText('文章标题'), { target: { value: '年终福利说明' } });
    fireEvent.change(screen.getByLabelText('摘要'), { target: { value: '福利发放的时间与方式' } });
    fireEvent.click(getButton('预览'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('文章预览（未保存）')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '年终福利说明' })).toBeInTheDocument();
    expect(within(dialog).getByText('福利发放的时间与方式')).toBeInTheDocument();
    expect(within(dialog).getByText('尚未发布')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
