/**
 * 合同管理 through the API (issue 27): the demo's contracts (已签署 and 已到期, with real PDFs),
 * 企业合同's counts, the list and its filters, the detail and the PDF; the operator's upload (PDF
 * checked), new contracts, 标记已签署 and 终止 from allowed and disallowed states (nothing
 * changed), bad input in Chinese with nothing saved, another company's contracts, the element
 * and the realm checks both ways. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { writeDemoContracts } from '../../src/seed/contracts.ts';
import { download, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin, serviceCompanyId } from '../money/support.ts';
import { adminWithout } from '../worker/support.ts';

const C = '/api/contract';
const OPS = '/api/ops/contract';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

interface Row {
  id: number;
  contractNo: string;
  state: string;
  serviceCompanyId: number;
  companyId: number;
}

describe('contracts (合同管理)', () => {
  let t: TestApp;
  let demoToken: string;
  let opsToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let xinghe: number;
  let yunfanId: number;
  let hainan: number;
  let jiangsu: number;
  let serial = 0;

  const contractCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from company_contract`))[0]?.n;
  const upload = (company: number, content: Buffer | string = PDF, name = '合同.pdf') =>
    uploadTo(t.app, opsToken, `${OPS}/upload?companyId=${company}`, { name, content });
  const body = async (extra: Record<string, unknown> = {}) => {
    const up = await upload(Number(extra.companyId ?? xinghe));
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    return {
      companyId: xinghe,
      serviceCompanyId: hainan,
      contractNo: `T-${process.pid}-${++serial}`,
      title: '灵活用工综合服务协议',
      type: 'service',
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      fileId: up.body.data.id as string,
      ...extra,
    };
  };
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await ops.post(OPS, await body(extra));
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Row & { actions: string[] };
  };
  const statusOf = async (id: number) =>
    (await queryRows<{ status: string }>(t.database.db, sql`select status from company_contract where id = ${id}`))[0]
      ?.status;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    opsToken = await opsLogin(t.app);
    ops = caller(t.app, opsToken);
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    yunfanId = await companyId(t.database.db, '云帆物流有限公司');
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  it('seeds two contracts per service company, one 已签署 and one 已到期, with real PDFs', async () => {
    const services = (await demo.get(`${C}/serviceCompany`)).body.data as {
      serviceCompanyId: number;
      total: number;
      signed: number;
      expired: number;
      signedUntil: string | null;
    }[];
    expect(services.map((s) => s.serviceCompanyId).sort()).toEqual([hainan, jiangsu].sort());
    for (const s of services) {
      expect(s).toMatchObject({ total: 2, signed: 1, expired: 1 });
      expect(s.signedUntil).toMatch(/^\d{4}-12-31$/);
    }
    const rows = (await demo.get(`${C}/page`, { limit: 50 })).body.data.rows as Row[];
    expect(rows).toHaveLength(4);
    await writeDemoContracts(t.database.db, t.app.ctx.files);
    const signed = rows.find((r) => r.state === 'signed');
    const pdf = await download(t.app, demoToken, `${C}/${signed?.id ?? 0}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.length).toBeGreaterThan(5_000);
    expect(String(pdf.headers['content-disposition'])).toContain('inline');
    const yf = (await yunfan.get(`${C}/page`)).body.data.rows as Row[];
    expect(yf).toHaveLength(2);
    expect(new Set(yf.map((r) => r.state))).toEqual(new Set(['signed', 'expired']));
  });

  it('filters the list by service company, state and keyword', async () => {
    const byService = (await demo.get(`${C}/page`, { serviceCompanyId: jiangsu })).body.data;
    expect(byService.total).toBe(2);
    expect((byService.rows as Row[]).every((r) => r.serviceCompanyId === jiangsu)).toBe(true);
    const expired = (await demo.get(`${C}/page`, { state: 'expired' })).body.data.rows as Row[];
    expect(expired.length).toBe(2);
    expect(expired.every((r) => r.state === 'expired')).toBe(true);
    const first = expired[0];
    const byNo = (await demo.get(`${C}/page`, { keyword: first?.contractNo ?? '' })).body.data.rows as Row[];
    expect(byNo.map((r) => r.id)).toEqual([first?.id]);
    const bad = await demo.get(`${C}/page`, { state: 'lost' });
    expect(bad.body.status).toBe(40000);
    expect(bad.body.message).toContain('合同状态不存在');
  });

  it('uploads a contract at /ops; the company sees it; signing and terminating follow the table', async () => {
    const pending = await create();
    expect(pending.state).toBe('pending');
    expect(pending.actions).toEqual(['sign', 'terminate']);
    const seen = (await demo.get(`${C}/${pending.id}`)).body.data;
    // The company may sign it online (在线签署) while it is 待签署.
    expect(seen).toMatchObject({ id: pending.id, state: 'pending', actions: ['sign'] });
    expect(seen.file.contentType).toBe('application/pdf');
    const pdf = await download(t.app, demoToken, `${C}/${pending.id}/pdf`);
    expect(pdf.bytes.equals(PDF)).toBe(true);

    const signed = await ops.post(`${OPS}/${pending.id}/sign`);
    expect(signed.body.status).toBe(200);
    expect(signed.body.data).toMatchObject({ state: 'signed', actions: ['terminate'] });
    expect(signed.body.data.signedAt).not.toBeNull();
    // Signing twice is refused, nothing changes.
    const again = await ops.post(`${OPS}/${pending.id}/sign`);
    expect(again.body.status).toBe(40900);
    expect(again.body.message).toBe('只有待签署且未到期的合同可以标记为已签署');

    const noReason = await ops.post(`${OPS}/${pending.id}/terminate`, { reason: ' ' });
    expect(noReason.body.status).toBe(40000);
    expect(noReason.body.message).toContain('请输入终止原因');
    expect(await statusOf(pending.id)).toBe('signed');
    const ended = await ops.post(`${OPS}/${pending.id}/terminate`, { reason: '双方协商一致提前终止' });
    expect(ended.body.status).toBe(200);
    expect(ended.body.data).toMatchObject({
      state: 'terminated',
      terminateReason: '双方协商一致提前终止',
      actions: [],
    });
    for (const action of ['/sign', '/terminate']) {
      const refused = await ops.post(`${OPS}/${pending.id}${action}`, { reason: '再次' });
      expect(refused.body.status).toBe(40900);
    }
    expect(await statusOf(pending.id)).toBe('terminated');
    expect((await demo.get(`${C}/page`, { state: 'terminated' })).body.data.total).toBe(1);
  });

  it('reads 已到期 from the end date: an expired contract takes no action', async () => {
    const old = await create({ startDate: '2020-01-01', endDate: '2020-12-31' });
    expect(old.state).toBe('expired');
    expect(old.actions).toEqual([]);
    for (const action of ['/sign', '/terminate']) {
      const refused = await ops.post(`${OPS}/${old.id}${action}`, { reason: '已过期' });
      expect(refused.body.status).toBe(40900);
    }
    expect(await statusOf(old.id)).toBe('pending');
    const signedOld = await create({ startDate: '2020-01-01', endDate: '2020-12-31', signed: true });
    expect(signedOld.state).toBe('expired');
  });

  it('refuses bad input in Chinese and saves nothing', async () => {
    const before = await contractCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ contractNo: '中文编号' }, '合同编号应为 4 到 30 位字母、数字或短横线'],
      [{ title: '' }, '请输入合同名称'],
      [{ type: 'other' }, '请选择合同类型'],
      [{ startDate: '2026-02-30' }, '开始日期不是有效的日期'],
      [{ startDate: '2026-06-01', endDate: '2026-05-31' }, '结束日期不能早于开始日期'],
      [{ fileId: 'x' }, '请上传合同文件'],
      [{ fileId: '00000000-0000-4000-8000-000000000000' }, '合同文件不存在，请重新上传'],
      // 云帆物流 does not work with 江苏智薪.
      [{ companyId: yunfanId, serviceCompanyId: jiangsu }, '该企业未与所选服务商合作，请重新选择'],
      [{ companyId: 999_999 }, '企业不存在或尚未开通服务商'],
    ];
    for (const [extra, message] of cases) {
      const b = { ...(await body()), ...extra };
      const res = await ops.post(OPS, b);
      expect(res.body.status, JSON.stringify(extra)).toBe(40000);
      expect(res.body.message, JSON.stringify(extra)).toContain(message);
    }
    // A file of another company is not this company's file.
    const yfFile = await upload(yunfanId);
    const cross = await ops.post(OPS, { ...(await body()), fileId: yfFile.body.data.id });
    expect(cross.body.message).toContain('合同文件不存在');
    // A duplicate number.
    const first = await create();
    const dup = await ops.post(OPS, { ...(await body()), contractNo: first.contractNo });
    expect(dup.body.status).toBe(40000);
    expect(dup.body.message).toContain('已存在');
    expect(await contractCount()).toBe((before ?? 0) + 1);
  });

  it('checks that the upload is a PDF', async () => {
    const png = await upload(xinghe, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), '合同.pdf');
    expect(png.body.status).toBe(40000);
    expect(png.body.message).toContain('仅支持 PDF');
    const nobody = await upload(999_999);
    expect(nobody.body.status).toBe(40000);
    expect(nobody.body.message).toContain('企业不存在');
  });

  it("hides another company's contracts", async () => {
    const mine = await create();
    expect((await yunfan.get(`${C}/${mine.id}`)).body.status).toBe(40400);
    expect((await download(t.app, undefined, `${C}/${mine.id}/pdf`)).statusCode).toBe(401);
    const yfPdf = await download(t.app, (await loginAs(t.app, 'demo_yf')) as string, `${C}/${mine.id}/pdf`);
    expect(yfPdf.body?.status).toBe(40400);
    const ids = ((await yunfan.get(`${C}/page`, { limit: 100 })).body.data.rows as Row[]).map((r) => r.companyId);
    expect(new Set(ids)).toEqual(new Set([yunfanId]));
    const yfServices = (await yunfan.get(`${C}/serviceCompany`)).body.data as { serviceCompanyId: number }[];
    expect(yfServices.map((s) => s.serviceCompanyId)).toEqual([hainan]);
    // The operator sees every company's, filtered by name.
    const all = (await ops.get(`${OPS}/page`, { companyName: '云帆', limit: 100 })).body.data.rows as Row[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.companyId === yunfanId)).toBe(true);
  });

  describe('access', () => {
    it('needs contract:view on every company route', async () => {
      const noView = caller(t.app, await adminWithout(t, demoToken, ['contract:view']));
      for (const url of [`${C}/serviceCompany`, `${C}/page`, `${C}/1`]) {
        expect((await noView.get(url)).body.status, url).toBe(40301);
      }
      const hr = caller(t.app, await loginAs(t.app, 'hr'));
      expect((await hr.get(`${C}/page`)).body.status).toBe(40301);
      const finance = caller(t.app, await loginAs(t.app, 'finance'));
      expect((await finance.get(`${C}/page`)).body.status).toBe(200);
    });

    it('shows the menu code enterpriseContreactList/ to admins who may see contracts', async () => {
      const menus = async (c: Caller) => JSON.stringify((await c.get('/api/admin/user/front/menus')).body.data);
      const finance = caller(t.app, await loginAs(t.app, 'finance'));
      expect(await menus(finance)).toContain('enterpriseContreactList/');
      const hr = caller(t.app, await loginAs(t.app, 'hr'));
      expect(await menus(hr)).not.toContain('enterpriseContreactList/');
    });

    it('refuses operator tokens on company routes and company tokens on /ops', async () => {
      expect((await ops.get(`${C}/page`)).body.status).toBe(40101);
      expect((await ops.get(`${C}/serviceCompany`)).body.status).toBe(40101);
      expect((await demo.get(`${OPS}/page`)).body.status).toBe(40101);
      expect((await demo.post(`${OPS}/1/sign`)).body.status).toBe(40101);
      expect((await demo.post(OPS, {})).body.status).toBe(40101);
      expect(
        (await uploadTo(t.app, demoToken, `${OPS}/upload?companyId=${xinghe}`, { name: 'a.pdf', content: PDF })).body
          .status,
      ).toBe(40101);
      expect((await download(t.app, demoToken, `${OPS}/1/pdf`)).body?.status).toBe(40101);
    });
  });
});
