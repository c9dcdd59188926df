/**
 * 文章 (内容管理, issue 28) through the API: add, edit, publish, list and delete; the body
 * sanitised by the allow-list (script, event handlers, javascript: and data: addresses read back
 * harmless); bad input, permissions and another company's ids. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { uploadPdf, uploadPng } from './support.ts';

const A = '/api/admin/content/article';
const article = (extra: Record<string, unknown> = {}) => ({
  title: '年终发放安排',
  summary: '本月工资发放时间',
  body: '<p>各位同事：<strong>本月</strong>工资将于 25 日发放。</p>',
  status: 'draft',
  ...extra,
});

/** Nothing in the stored HTML that runs script or loads an address that is not http(s). */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<form|<input|<base|<meta|<link/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
}

describe('articles', () => {
  let t: TestApp;
  let demoToken: string;
  let yunfanToken: string;
  let demo: Caller;
  let hr: Caller;
  let yunfan: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    yunfanToken = await loginAs(t.app, 'demo_yf');
    demo = caller(t.app, demoToken);
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    yunfan = caller(t.app, yunfanToken);
  });
  afterAll(() => t.close());

  it('adds a draft, publishes it once, lists and deletes it', async () => {
    const created = await demo.post(A, article());
    expect(created.body).toMatchObject({ status: 200, message: '文章已保存' });
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ status: 'draft', publishedAt: null, title: '年终发放安排' });
    expect(created.body.data.body).toBe('<p>各位同事：<strong>本月</strong>工资将于 25 日发放。</p>');

    const published = await demo.put(`${A}/${id}`, article({ status: 'published' }));
    expect(published.body.data.status).toBe('published');
    const at = published.body.data.publishedAt as string;
    expect(at).toBeTruthy();
    // Saving a published article again keeps its publish time.
    const again = await demo.put(`${A}/${id}`, article({ status: 'published', title: '年终发放安排（更新）' }));
    expect(again.body.data).toMatchObject({ publishedAt: at, title: '年终发放安排（更新）' });

    const page = await demo.get(`${A}/page`, { status: 'published', title: '更新' });
    expect(page.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await demo.get(`${A}/page`, { status: 'draft', title: '更新' })).body.data.total).toBe(0);

    expect((await demo.del(`${A}/${id}`)).body).toMatchObject({ status: 200, message: '文章已删除' });
    expect((await demo.get(`${A}/${id}`)).body).toMatchObject({ status: 40400, message: '文章不存在' });
  });

  it('reads script, event handler, javascript: and data: payloads back harmless', async () => {
    const stored = `/api/admin/file/${await uploadPng(t.app, demoToken)}`;
    const payloads = [
      '<p>前<script>alert(1)</script>后</p>',
      `<img src="${stored}" onerror="alert(1)" alt="图">`,
      '<img src="https://tracker.example/pixel.png" alt="外站图片">',
      '<p onclick="alert(1)" onmouseover="alert(2)">点我</p>',
      '<a href="javascript:alert(1)">链接</a>',
      '<a href="JaVaScRiPt&colon;alert(1)">编码链接</a>',
      '<a href=" javascript:alert(1)">空格链接</a>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="x">',
      '<a href="data:text/html,<script>alert(1)</script>">数据链接</a>',
      '<iframe src="https://evil.example"></iframe><p>正文</p>',
      '<svg><script>alert(1)</script></svg><p>矢量</p>',
      '<p style="background:url(javascript:alert(1))">样式</p>',
      '<style>body{display:none}</style><p>样式表</p>',
      '<form action="https://evil.example"><input name="x"></form><p>表单</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>变异</p>',
    ];
    const body = payloads.join('\n') + '<p>保留的正文</p>';
    const created = await demo.post(A, article({ body }));
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const saved = (await demo.get(`${A}/${id}`)).body.data.body as string;
    expectHarmless(saved);
    expect(saved).toContain('<p>保留的正文</p>');
    // An image of the file store stays, without its handler; another site's image goes.
    expect(saved).toContain(`<img src="${stored}" alt="图" />`);
    expect(saved).not.toContain('tracker.example');
    expect(saved).toContain('点我');
    // The same through an edit, and in the list.
    await demo.put(`${A}/${id}`, article({ body, status: 'published' }));
    expectHarmless((await demo.get(`${A}/${id}`)).body.data.body as string);
    const rows = (await demo.get(`${A}/page`)).body.data.rows as { id: number; body: string }[];
    expectHarmless(rows.find((r) => r.id === id)?.body ?? '');
    // Links keep only http(s) and mailto, and never hand the opened page this one.
    const link = await demo.post(A, article({ body: '<a href="https://example.com" target="_blank">官网</a>' }));
    expect(link.body.data.body).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">官网</a>',
    );
  });

  it('keeps a cover and body images that are the company’s uploaded images', async () => {
    const cover = await uploadPng(t.app, demoToken);
    const picture = await uploadPng(t.app, demoToken);
    const body = `<p>配图：</p><p><img src="/api/admin/file/${picture}" alt="流程图"></p>`;
    const created = await demo.post(A, article({ coverFileId: cover, body, status: 'published' }));
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ coverFileId: cover, status: 'published' });
    expect(created.body.data.body).toContain(`<img src="/api/admin/file/${picture}" alt="流程图" />`);
    // The cover can be taken away again.
    const id = created.body.data.id as number;
    const bare = await demo.put(`${A}/${id}`, article({ coverFileId: null, body, status: 'published' }));
    expect(bare.body.data.coverFileId).toBeNull();
  });

  it('refuses bad input with a Chinese message and saves nothing', async () => {
    const before = (await demo.get(`${A}/page`)).body.data.total as number;
    const pdf = await uploadPdf(t.app, demoToken);
    const theirs = await uploadPng(t.app, yunfanToken);
    const cases: [Record<string, unknown>, string][] = [
      [article({ coverFileId: 'x' }), '封面图片不存在，请重新上传'],
      [article({ coverFileId: theirs }), '封面图片不存在，请重新上传'],
      [article({ coverFileId: pdf }), '封面图片须为图片（PNG、JPG）文件'],
      [article({ body: `<p>图</p><img src="/api/admin/file/${pdf}">` }), '正文中的图片须为图片（PNG、JPG）文件'],
      [article({ body: `<p>图</p><img src="/api/admin/file/${theirs}">` }), '正文中的图片不存在，请重新上传'],
      [article({ title: '  ' }), '请输入文章标题'],
      [article({ title: '长'.repeat(101) }), '文章标题最多 100 个字'],
      [article({ body: '' }), '请输入正文'],
      [article({ status: 'deleted' }), '文章状态不存在'],
      [article({ body: '<script>alert(1)</script>' }), '正文没有可保存的内容（脚本等不安全内容已被移除）'],
      [
        article({ body: '<img src="data:image/png;base64,AAAA" onerror="x">' }),
        '正文没有可保存的内容（脚本等不安全内容已被移除）',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await demo.post(A, payload);
      expect(res.body.status, message).toBe(40000);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await demo.get(`${A}/page`)).body.data.total).toBe(before);
  });

  it('keeps each company’s articles to itself, and needs content:view / content:edit', async () => {
    const id = (await demo.post(A, article({ title: '星河内部文章' }))).body.data.id as number;
    expect((await yunfan.get(`${A}/${id}`)).body).toMatchObject({ status: 40400, message: '文章不存在' });
    expect((await yunfan.put(`${A}/${id}`, article())).body.status).toBe(40400);
    expect((await yunfan.del(`${A}/${id}`)).body.status).toBe(40400);
    const yfRows = (await yunfan.get(`${A}/page`, { title: '星河内部文章' })).body.data.total;
    expect(yfRows).toBe(0);
    expect((await demo.get(`${A}/${id}`)).body.data.title).toBe('星河内部文章');

    // 人事专员 holds no content element.
    expect((await hr.get(`${A}/page`)).body.status).toBe(40301);
    expect((await hr.post(A, article())).body.status).toBe(40301);
    expect((await hr.del(`${A}/${id}`)).body.status).toBe(40301);
    expect((await demo.get(`${A}/${id}`)).body.status).toBe(200);
  });
});
