import type { TBranding } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { FEMALE_GIVEN, MALE_GIVEN, createRng, generateWorker } from '../../src/seed/workers.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import { caller, createTestApp, type TestApp } from '../helpers.ts';
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
});
