/**
 * 广告 (内容管理, issue 28) through the API: add, edit, list, delete; the image an upload of the
 * company that is a PNG or JPG; dates; bad input with Chinese messages and nothing saved;
 * content:view / content:edit; another company's ids and images. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { uploadPdf, uploadPng, uploadTextAsPng } from './support.ts';

const A = '/api/admin/content/advert';

describe('adverts', () => {
  let t: TestApp;
  let demoToken: string;
  let yunfanToken: string;
  let demo: Caller;
  let hr: Caller;
  let yunfan: Caller;
  let image: string;
  const advert = (extra: Record<string, unknown> = {}) => ({
    title: '年终福利',
    imageFileId: image,
    link: '/invoiceCenter/apply',
    position: 'homeBanner',
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    sort: 2,
    enabled: true,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    yunfanToken = await loginAs(t.app, 'demo_yf');
    demo = caller(t.app, demoToken);
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    yunfan = caller(t.app, yunfanToken);
    image = await uploadPng(t.app, demoToken);
  });
  afterAll(() => t.close());

  it('adds, edits, lists and deletes an advert', async () => {
    const created = await demo.post(A, advert());
    expect(created.body).toMatchObject({ status: 200, message: '广告已保存' });
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ imageFileId: image, startDate: '2026-01-01', endDate: '2026-01-31' });

    const other = await uploadPng(t.app, demoToken);
    const edited = await demo.put(
      `${A}/${id}`,
      advert({ title: '年终福利（延长）', imageFileId: other, endDate: '2026-02-28', position: 'homeSide', link: '' }),
    );
    expect(edited.body.data).toMatchObject({
      title: '年终福利（延长）',
      imageFileId: other,
      endDate: '2026-02-28',
      position: 'homeSide',
      link: '',
    });
    const side = (await demo.get(`${A}/page`, { position: 'homeSide', title: '延长' })).body.data;
    expect(side.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await demo.get(`${A}/page`, { position: 'homeBanner', title: '延长' })).body.data.total).toBe(0);

    expect((await demo.del(`${A}/${id}`)).body).toMatchObject({ status: 200, message: '广告已删除' });
    expect((await demo.get(`${A}/${id}`)).body).toMatchObject({ status: 40400, message: '广告不存在' });
  });

  it('refuses bad input and images that are not images, with a Chinese message, and saves nothing', async () => {
    const before = (await demo.get(`${A}/page`)).body.data.total as number;
    const pdf = await uploadPdf(t.app, demoToken);
    const text = await uploadTextAsPng(t.app, demoToken);
    const theirs = await uploadPng(t.app, yunfanToken);
    const cases: [Record<string, unknown>, string][] = [
      [advert({ title: '' }), '请输入广告标题'],
      [advert({ imageFileId: undefined }), '请上传广告图片'],
      [advert({ imageFileId: 'abc' }), '广告图片不存在，请重新上传'],
      [advert({ imageFileId: '00000000-0000-4000-8000-000000000000' }), '广告图片不存在，请重新上传'],
      [advert({ imageFileId: theirs }), '广告图片不存在，请重新上传'],
      [advert({ imageFileId: pdf }), '广告图片须为图片（PNG、JPG）文件'],
      [advert({ imageFileId: text }), '广告图片须为图片（PNG、JPG）文件'],
      [advert({ position: 'popup' }), '请选择广告位'],
      [advert({ startDate: '2026-02-30' }), '开始日期不是有效的日期'],
      [advert({ endDate: '2025-12-31' }), '结束日期不能早于开始日期'],
      [advert({ link: 'data:text/html,x' }), '链接须为以 / 开头的页面路径或 http(s):// 开头的网址'],
      // A browser reads /\host as //host: another site (an outside probe's finding).
      [advert({ link: '/\\evil.example' }), '链接不能包含反斜杠'],
    ];
    for (const [payload, message] of cases) {
      const res = await demo.post(A, payload);
      expect(res.body.status, message).toBe(40000);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await demo.get(`${A}/page`)).body.data.total).toBe(before);
    // An edit refused on its image leaves the advert as it was.
    const id = (await demo.post(A, advert({ title: '保持原样' }))).body.data.id as number;
    const refused = await demo.put(`${A}/${id}`, advert({ title: '改了', imageFileId: pdf }));
    expect(refused.body.status).toBe(40000);
    expect((await demo.get(`${A}/${id}`)).body.data).toMatchObject({ title: '保持原样', imageFileId: image });
  });

  it('keeps each company’s adverts to itself, and needs content:view / content:edit', async () => {
    const id = (await demo.post(A, advert({ title: '星河内部广告' }))).body.data.id as number;
    expect((await yunfan.get(`${A}/${id}`)).body).toMatchObject({ status: 40400, message: '广告不存在' });
    const theirImage = await uploadPng(t.app, yunfanToken);
    expect((await yunfan.put(`${A}/${id}`, advert({ imageFileId: theirImage }))).body.status).toBe(40400);
    expect((await yunfan.del(`${A}/${id}`)).body.status).toBe(40400);
    expect((await yunfan.get(`${A}/page`, { title: '星河内部广告' })).body.data.total).toBe(0);

    expect((await hr.get(`${A}/page`)).body.status).toBe(40301);
    expect((await hr.post(A, advert())).body.status).toBe(40301);
    expect((await hr.del(`${A}/${id}`)).body.status).toBe(40301);
    expect((await demo.get(`${A}/${id}`)).body.data.title).toBe('星河内部广告');
  });
});
