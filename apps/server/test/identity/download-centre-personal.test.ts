/**
 * 下载中心 is personal (issue 24, point 17): every admin has it whatever its roles, so `hr`, who
 * may export, opens the link of the export toast instead of a 404; the role editor does not offer it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';

describe('下载中心 for every admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is in the menus of hr (who may export) and lists hr’s own exports', async () => {
    const hr = caller(t.app, await loginAs(t.app, 'hr'));
    const info = (await hr.get('/api/admin/user/front/info')).body.data;
    const menus = (info.menus as { code: string }[]).map((m) => m.code);
    const elements = (info.elements as { code: string }[]).map((e) => e.code);
    expect(elements.some((e) => e.endsWith(':export'))).toBe(true);
    expect(menus).toEqual(expect.arrayContaining(['exportList', 'exportIndex']));
    expect((await hr.get('/api/admin/export/page')).body.status).toBe(200);
  });
});
