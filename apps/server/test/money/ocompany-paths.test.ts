/**
 * Issue 38 point 13: the ocompany service base path of spec section 7 (/api/ocompany) serves the
 * service-company calls, answering exactly what their /api/companystaff paths answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from './support.ts';

const CALLS = [
  [
    '/api/ocompany/ecompanyCostRules/selectOcompanyByEcompanyId',
    '/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId',
  ],
  ['/api/ocompany/individualBusiness/getOcompanyIds', '/api/companystaff/individualBusiness/getOcompanyIds'],
  [
    '/api/ocompany/ocompanyReceiptContent/queryORContentList',
    '/api/companystaff/ocompanyReceiptContent/queryORContentList',
  ],
] as const;

describe('the /api/ocompany base path', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let hainan: number;
  let jiangsu: number;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  it.each(CALLS)('%s answers what %s answers', async (ocompany, companystaff) => {
    const res = await demo.get(ocompany);
    expect(res.body.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data).toEqual((await demo.get(companystaff)).body.data);
  });

  it('answers each company its own service companies only', async () => {
    const rules = await yunfan.get('/api/ocompany/ecompanyCostRules/selectOcompanyByEcompanyId');
    expect(rules.body.data.map((r: { serviceCompanyId: number }) => r.serviceCompanyId)).toEqual([hainan]);
    const options = await yunfan.get('/api/ocompany/individualBusiness/getOcompanyIds');
    expect(options.body.data).toEqual([{ id: hainan, name: '海南灵工服务有限公司' }]);
    // 江苏智薪 is 星河科技's, not 云帆物流's: its invoice contents are not 云帆's to read.
    const other = await yunfan.get('/api/ocompany/ocompanyReceiptContent/queryORContentList', {
      serviceCompanyId: jiangsu,
    });
    expect(other.body.data).toEqual([]);
  });

  it('refuses a bad service-company id with a Chinese message', async () => {
    const bad = await demo.get('/api/ocompany/ocompanyReceiptContent/queryORContentList', { serviceCompanyId: 'x' });
    expect(bad.body.status).toBe(40000);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers 40101 without a token', async () => {
    for (const [path] of CALLS) {
      const res = await caller(t.app).get(path);
      expect(res.body.status).toBe(40101);
    }
  });
});
