import { createHash } from 'node:crypto';
import type { TBranding } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { writeDemoFiles } from '../../src/seed/demo-files.ts';
import { FEMALE_GIVEN, MALE_GIVEN, createRng, generateWorker } from '../../src/seed/workers.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';

const BRANDING = '/api/admin/dataDictionary/getCustomCompanyInfo';

/** The gender the ID number encodes: its 17th digit, odd for a man (GB 11643). */
const genderOfId = (idNumber: string) => (Number(idNumber[16]) % 2 === 1 ? 'male' : 'female');

/** The gender a generated name reads as: every character after the surname is of one list. */
function genderOfName(name: string): 'male' | 'female' | 'mixed' {
  const given = [...name].slice(1);
  if (given.length && given.every((c) => MALE_GIVEN.includes(c))) return 'male';
  if (given.length && given.every((c) => FEMALE_GIVEN.includes(c))) return 'female';
  return 'mixed';
}

/** The SVG document of a data URL written by the seed. */
function svgOf(url: string): string {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
}

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the given-name lists apart', () => {
    for (const c of MALE_GIVEN) expect(FEMALE_GIVEN, c).not.toContain(c);
  });

  it('names every seeded worker after the gender its ID number encodes', async () => {
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const rows = await queryRows<{ name: string; gender: string; id_number_enc: string }>(
      t.database.db,
      sql`select name, gender, id_number_enc from worker order by id`,
    );
    expect(rows.length).toBe(200);
    const genders = new Set<string>();
    for (const row of rows) {
      const idGender = genderOfId(cipher.decrypt(row.id_number_enc));
      expect(row.gender, row.name).toBe(idGender);
      expect(genderOfName(row.name), `${row.name} ${idGender}`).toBe(idGender);
      genders.add(idGender);
    }
    expect([...genders].sort()).toEqual(['female', 'male']);
  });

  it('names generated workers (npm run seed -- --workers N) the same way', () => {
    const rng = createRng(7);
    for (let serial = 0; serial < 5000; serial += 1) {
      const w = generateWorker(rng, serial, [], []);
      expect(genderOfName(w.name), `${w.name} ${w.idNumber}`).toBe(genderOfId(w.idNumber));
    }
  });

  it('gives each demo company its own logo and login image, served to the login page without a session', async () => {
    const companies = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id::int as id, name from company order by id`,
    );
    expect(companies.map((c) => c.name)).toEqual(['星河科技有限公司', '云帆物流有限公司']);
    const images: string[] = [];
    for (const company of companies) {
      const res = await caller(t.app).get(BRANDING, { companyId: company.id });
      const branding = JSON.parse(res.body.data as string) as TBranding;
      expect(branding.title).toBe(company.name);
      expect(branding.logoObj?.close).toBe('1');
      expect(branding.loginObj?.close).toBe('1');
      for (const url of [branding.logoObj?.logoImgSrc ?? '', branding.loginObj?.loginImgSrc ?? '']) {
        const svg = svgOf(url);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d ]+"[^>]*>/);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/<script|on\w+=|href=/i);
        images.push(url);
      }
      expect(svgOf(branding.loginObj?.loginImgSrc ?? '')).toContain(company.name.slice(0, 4));
    }
    expect(new Set(images).size).toBe(4);
  });

  it('has workers in every 实名认证 and 签约 state, and 江苏智薪’s agreement with signed PDFs behind the 已签约', async () => {
    const demoToken = await loginAs(t.app, 'demo');
    const demo = caller(t.app, demoToken);
    const states = await queryRows<{ real_name_status: string; contract_status: string; n: number }>(
      t.database.db,
      sql`select w.real_name_status, w.contract_status, count(*)::int as n from worker w
            join company c on c.id = w.company_id and c.name = '星河科技有限公司'
           group by 1, 2`,
    );
    const realNames = new Set(states.map((s) => s.real_name_status));
    expect([...realNames].sort()).toEqual(['failed', 'unverified', 'verified', 'verifying']);
    const contracts = new Set(states.map((s) => s.contract_status));
    expect([...contracts].sort()).toEqual(['signed', 'signing', 'unsigned']);

    const list = async (filter: Record<string, string>) =>
      (await demo.get('/api/companystaff/employee/page', { limit: 100, ...filter })).body.data.rows as { id: number }[];
    // 认证失败 with the provider's reason; 认证中 no longer retried by itself.
    const [failed] = await list({ realNameStatus: 'failed' });
    const failedDetail = (await demo.get(`/api/companystaff/employee/${failed?.id}`)).body.data;
    expect(failedDetail.realName.reason).toMatch(/不一致|不存在|不符/);
    const verifying = await list({ realNameStatus: 'verifying' });
    expect(verifying).toHaveLength(1);
    const stuck = (await demo.get(`/api/companystaff/employee/${verifying[0]?.id}`)).body.data;
    expect(stuck.realName).toMatchObject({ status: 'verifying', source: 'manual', retryStopped: true });

    // 已签约: the signed PDF, drawn into the store as at start-up, is what its SHA-256 says.
    await asPlatform('test: the demo files', () => writeDemoFiles(t.database.db, t.app.ctx.files));
    const [signed] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select worker_id::int as id from worker_agreement where status = 'signed' order by id limit 1`,
    );
    const agreements = (await demo.get(`/api/companystaff/employee/${signed?.id}/agreement`)).body.data;
    expect(agreements[0]).toMatchObject({
      serviceCompanyName: '江苏智薪人力资源有限公司',
      title: '共享经济合作伙伴协议',
      version: 1,
      isCurrent: true,
      status: 'signed',
    });
    const pdf = await t.app.inject({
      url: `/api/companystaff/employee/${signed?.id}/agreement/${agreements[0].id}/pdf`,
      headers: { authorization: demoToken },
    });
    expect(pdf.statusCode).toBe(200);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(agreements[0].signedSha256);
    // 签约失败 with the provider's reason.
    const [failedAgreement] = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from worker_agreement where status = 'failed' order by id limit 1`,
    );
    expect(failedAgreement?.reason).toBe('手机号无法接收短信');
    // The template the operators see is the bytes its SHA-256 names.
    const opsToken = await opsLogin(t.app);
    const ops = caller(t.app, opsToken);
    const templates = (await ops.get('/api/ops/agreementTemplate/serviceCompanies')).body.data as {
      name: string;
      templates: { id: number; sha256: string }[];
    }[];
    const jiangsu = templates.find((c) => c.name === '江苏智薪人力资源有限公司')?.templates[0];
    const tpl = await t.app.inject({
      url: `/api/ops/agreementTemplate/${jiangsu?.id}/pdf`,
      headers: { authorization: opsToken },
    });
    expect(createHash('sha256').update(tpl.rawPayload).digest('hex')).toBe(jiangsu?.sha256);
    expect(templates.find((c) => c.name === '海南灵工服务有限公司')?.templates).toEqual([]);
  });
});
