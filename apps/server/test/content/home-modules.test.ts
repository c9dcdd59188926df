/**
 * 首页模块 (内容管理, issue 28) through the API: add, edit, list, delete; bad input with Chinese
 * messages and nothing saved; content:view / content:edit; another company's ids.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

const M = '/api/admin/content/homeModule';
const module = (extra: Record<string, unknown> = {}) => ({
  title: '薪酬发放',
  icon: 'WalletOutlined',
  link: '/EmolumentManagement/emolumentGrant',
  sort: 3,
  enabled: true,
  ...extra,
});

describe('home modules', () => {
  let t: TestApp;
  let demo: Caller;
  let hr: Caller;
  let finance: Caller;
  let yunfan: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
  });
  afterAll(() => t.close());

  it('adds, edits, lists by order and filter, and deletes a module', async () => {
    const created = await demo.post(M, module({ title: '测试模块', sort: 0 }));
    expect(created.body).toMatchObject({ status: 200, message: '首页模块已保存' });
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ title: '测试模块', icon: 'WalletOutlined', sort: 0, enabled: true });

    const edited = await demo.put(
      `${M}/${id}`,
      module({ title: '测试模块二', link: 'https://example.com/a?b=1', sort: 0, enabled: false }),
    );
    expect(edited.body.data).toMatchObject({ title: '测试模块二', link: 'https://example.com/a?b=1', enabled: false });
    expect((await demo.get(`${M}/${id}`)).body.data.title).toBe('测试模块二');

    const all = (await demo.get(`${M}/page`, { limit: 100 })).body.data as {
      total: number;
      rows: { id: number; sort: number }[];
    };
    const sorts = all.rows.map((r) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(all.rows[0]?.id).toBe(id);
    const disabled = (await demo.get(`${M}/page`, { enabled: 'false' })).body.data.rows as {
      id: number;
      enabled: boolean;
    }[];
    expect(disabled.map((r) => r.id)).toContain(id);
    expect(disabled.every((r) => !r.enabled)).toBe(true);
    expect((await demo.get(`${M}/page`, { title: '测试模块二' })).body.data.total).toBe(1);

    expect((await demo.del(`${M}/${id}`)).body).toMatchObject({ status: 200, message: '首页模块已删除' });
    expect((await demo.get(`${M}/${id}`)).body).toMatchObject({ status: 40400, message: '首页模块不存在' });
  });

  it('refuses bad input with a Chinese message and saves nothing', async () => {
    const before = (await demo.get(`${M}/page`)).body.data.total as number;
    const cases: [Record<string, unknown>, string][] = [
      [module({ title: ' ' }), '请输入模块名称'],
      [module({ title: '长'.repeat(21) }), '模块名称最多 20 个字'],
      [module({ icon: 'BugOutlined' }), '请选择图标'],
      [module({ link: '' }), '请输入链接'],
      [module({ link: 'javascript:alert(1)' }), '链接须为以 / 开头的页面路径或 http(s):// 开头的网址'],
      [module({ link: '//evil.example/x' }), '链接须为以 / 开头的页面路径或 http(s):// 开头的网址'],
      // A browser reads /\host as //host: another site (an outside probe's finding).
      [module({ link: '/\\evil.example' }), '链接不能包含反斜杠'],
      [module({ link: 'https://example.com\\@evil.example' }), '链接不能包含反斜杠'],
      [module({ link: '/EmolumentManagement/noSuchPage' }), '链接不是本系统的页面，请从页面列表中选择'],
      [module({ link: '/EmolumentManagement/emolumentCheck' }), '链接不是本系统的页面，请从页面列表中选择'],
      [module({ sort: -1 }), '排序不能小于 0'],
      [module({ sort: 1.5 }), '排序须为整数'],
    ];
    for (const [payload, message] of cases) {
      const res = await demo.post(M, payload);
      expect(res.body.status, message).toBe(40000);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await demo.get(`${M}/page`)).body.data.total).toBe(before);
  });

  it('keeps each company’s modules to itself, and needs content:view / content:edit', async () => {
    const id = (await demo.post(M, module({ title: '星河内部模块' }))).body.data.id as number;
    expect((await yunfan.get(`${M}/${id}`)).body).toMatchObject({ status: 40400, message: '首页模块不存在' });
    expect((await yunfan.put(`${M}/${id}`, module({ title: '改掉' }))).body.status).toBe(40400);
    expect((await yunfan.del(`${M}/${id}`)).body.status).toBe(40400);
    expect((await yunfan.get(`${M}/page`, { title: '星河内部模块' })).body.data.total).toBe(0);
    expect((await demo.get(`${M}/${id}`)).body.data.title).toBe('星河内部模块');

    // 人事专员 holds no content element; 财务 holds both.
    expect((await hr.get(`${M}/page`)).body.status).toBe(40301);
    expect((await hr.post(M, module())).body.status).toBe(40301);
    expect((await hr.put(`${M}/${id}`, module())).body.status).toBe(40301);
    expect((await hr.del(`${M}/${id}`)).body.status).toBe(40301);
    expect((await finance.get(`${M}/${id}`)).body.status).toBe(200);
    expect((await demo.get(`${M}/${id}`)).body.data.title).toBe('星河内部模块');
  });
});
