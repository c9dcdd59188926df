import { API } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ReadArticlePage } from './routes/read-article-page.tsx';
import { ARTICLE, IMAGE_ID } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const createObjectURL = URL.createObjectURL;
beforeEach(() => {
  useSession.setState({ elements: { 'content:view': true, 'content:edit': true } });
  URL.createObjectURL = () => 'blob:picture';
});
afterEach(() => {
  api?.restore();
  api = undefined;
  URL.createObjectURL = createObjectURL;
});

const PATH = '/content/readArticle';
const read = (otherPaths: string[] = []) =>
  renderScreen(ReadArticlePage, { path: PATH, initialEntry: `${PATH}?id=5`, otherPaths });

describe('阅读文章 states', () => {
  it('draws the cover and the body’s stored pictures from the file store, and links to 编辑文章', async () => {
    const other = '00000000-0000-4000-8000-000000000009';
    api = mockApi({
      [`GET ${API.content.article}`]: () =>
        ok({
          ...ARTICLE,
          coverFileId: IMAGE_ID,
          body: `<p>日历：</p><img src="/api/admin/file/${other}" alt="薪酬日历"><img src="/api/admin/file/not-a-uuid" alt="坏图">`,
        }),
      [`GET ${API.file.one}`]: () => ({ body: new Blob(['png']) }),
    });
    read(['/content/updateArticle']);
    expect(await screen.findByRole('img', { name: '本月薪酬发放安排的封面' })).toHaveAttribute('src', 'blob:picture');
    const body = screen.getByTestId('article-body');
    expect(await within(body).findByRole('img', { name: '薪酬日历' })).toBeInTheDocument();
    expect(within(body).queryByRole('img', { name: '坏图' })).toBeNull();
    const files = api.calls.filter((c) => c.url.startsWith('/api/admin/file/')).map((c) => c.url);
    expect(files.sort()).toEqual([`/api/admin/file/${other}`, `/api/admin/file/${IMAGE_ID}`].sort());
    await user.click(screen.getByRole('link', { name: '编辑文章' }));
    expect(await screen.findByText('当前页面：/content/updateArticle?id=5')).toBeInTheDocument();
  });

  it('offers no 编辑文章 without content:edit', async () => {
    useSession.setState({ elements: { 'content:view': true } });
    api = mockApi({ [`GET ${API.content.article}`]: () => ok(ARTICLE) });
    read();
    await screen.findByRole('heading', { name: '本月薪酬发放安排' });
    expect(screen.queryByRole('link', { name: '编辑文章' })).toBeNull();
    expect(screen.getByRole('link', { name: '文章列表' })).toBeInTheDocument();
  });

  it('says 正在加载文章…, then 文章加载失败, and loads again on 重新加载', async () => {
    let answers = 0;
    api = mockApi({
      [`GET ${API.content.article}`]: async () => {
        answers += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return answers === 1 ? fail(500, 50000, '服务器开小差了') : ok(ARTICLE);
      },
    });
    read();
    expect(screen.getByText('正在加载文章…')).toBeInTheDocument();
    expect(await screen.findByText('文章加载失败')).toBeInTheDocument();
    await user.click(getButton('重新加载'));
    expect(await screen.findByRole('heading', { name: '本月薪酬发放安排' })).toBeInTheDocument();
    await waitFor(() => expect(answers).toBe(2));
  });
});
