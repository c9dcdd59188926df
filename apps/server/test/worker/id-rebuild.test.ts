import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import { ageOn, chinaDateOf, idCardCheckChar } from '../../src/lib/id-card.ts';
import { download, readXlsx } from '../files.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';
import { adminWithout, waitForExport } from './support.ts';

const BASE = '/api/companystaff/employee';
const DAY = 86_400_000;

const isValidId = (n: string) => n.length === 18 && idCardCheckChar(n.slice(0, 17)) === n[17];

/**
 * The ID numbers an attacker can rebuild from a masked number (`110105********002X`) and the
 * other values the same answer carries: a value that reads as a date fills the eight hidden
 * digits; a value that could be an age leaves every date of that age, of which the check
 * character keeps about one in eleven. Answers the numbers pinned down to exactly one.
 */
function rebuild(masked: string, values: unknown[], now: Date): string[] {
  if (!/^\d{6}\*{8}[\dX]{4}$/.test(masked)) return [];
  const fill = (digits: string) => `${masked.slice(0, 6)}${digits}${masked.slice(14)}`;
  const today = chinaDateOf(now);
  const rebuilt: string[] = [];
  for (const value of values) {
    const text = String(value ?? '');
    const date = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
    if (date) {
      const candidate = fill(`${date[1]}${date[2]}${date[3]}`);
      if (isValidId(candidate)) rebuilt.push(candidate);
    } else if (/^\d{1,3}$/.test(text) && Number(text) <= 120) {
      const age = Number(text);
      const candidates: string[] = [];
      for (let t = now.getTime() - (age + 1) * 366 * DAY; t <= now.getTime() - (age - 1) * 365 * DAY; t += DAY) {
        const day = new Date(t).toISOString().slice(0, 10);
        const years = Number(today.slice(0, 4)) - Number(day.slice(0, 4));
        if ((today.slice(5) < day.slice(5) ? years - 1 : years) !== age) continue;
        const candidate = fill(day.replace(/-/g, ''));
        if (isValidId(candidate)) candidates.push(candidate);
      }
      if (candidates.length === 1) rebuilt.push(...candidates);
    }
  }
  return rebuilt;
}

describe('masked ID numbers cannot be rebuilt from what is shown with them', () => {
  let t: TestApp;
  let ownerToken: string;
  let limitedToken: string;
  let realIds: Set<string>;

  /** Every ID number the answer lets an attacker rebuild that is a real one of the company. */
  const rebuiltFrom = (masked: string, values: unknown[]) =>
    rebuild(masked, values, new Date()).filter((id) => realIds.has(id));

  beforeAll(async () => {
    t = await createTestApp();
    ownerToken = await loginAs(t.app, 'demo');
    limitedToken = await adminWithout(t, ownerToken, ['employee:sensitive']);
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const rows = await queryRows<{ enc: string }>(t.database.db, sql`select id_number_enc as enc from worker`);
    realIds = new Set(rows.map((r) => cipher.decrypt(r.enc)));
  });
  afterAll(() => t.close());

  it('knows a date next to a masked number would give it away (the check works)', () => {
    const [real] = realIds;
    if (!real) throw new Error('no workers');
    const masked = `${real.slice(0, 6)}********${real.slice(14)}`;
    const birth = `${real.slice(6, 10)}-${real.slice(10, 12)}-${real.slice(12, 14)}`;
    expect(rebuiltFrom(masked, [birth])).toEqual([real]);
    expect(rebuiltFrom(masked, [ageOn(birth, new Date())])).toEqual([]);
  });

  it('from the list, for the owner and for an admin without employee:sensitive', async () => {
    for (const token of [ownerToken, limitedToken]) {
      const page = await caller(t.app, token).get(`${BASE}/page`, { page: 1, limit: 100 });
      expect(page.body.data.rows).toHaveLength(100);
      for (const row of page.body.data.rows) {
        expect(rebuiltFrom(row.idNumber, Object.values(row))).toEqual([]);
      }
    }
  });

  it('from the detail, for an admin without employee:sensitive', async () => {
    const page = await caller(t.app, limitedToken).get(`${BASE}/page`, { page: 1, limit: 10 });
    for (const { id } of page.body.data.rows) {
      const detail = (await caller(t.app, limitedToken).get(`${BASE}/${id}`)).body.data;
      expect(detail.sensitiveVisible).toBe(false);
      expect(detail.birthDate).toBeNull();
      expect(rebuiltFrom(detail.idNumber, Object.values(detail))).toEqual([]);
    }
    // With employee:sensitive the number is shown in full anyway, and so is the birth date.
    const owner = (await caller(t.app, ownerToken).get(`${BASE}/${page.body.data.rows[0].id}`)).body.data;
    expect(owner.sensitiveVisible).toBe(true);
    expect(owner.birthDate).toBe(
      `${owner.idNumber.slice(6, 10)}-${owner.idNumber.slice(10, 12)}-${owner.idNumber.slice(12, 14)}`,
    );
  });

  it('from the export file, the owner’s included', async () => {
    for (const token of [ownerToken, limitedToken]) {
      const res = await caller(t.app, token).post(`${BASE}/export`, {});
      expect(res.body.status).toBe(200);
      expect((await waitForExport(t, res.body.data.id))?.status).toBe('done');
      const got = await download(t.app, token, `/api/admin/export/${res.body.data.id}/download`);
      const [sheet] = await readXlsx(got.bytes);
      const [header, ...rows] = sheet?.rows ?? [];
      const idColumn = header?.indexOf('身份证号') ?? -1;
      expect(idColumn).toBeGreaterThanOrEqual(0);
      expect(rows).toHaveLength(150);
      for (const row of rows) expect(rebuiltFrom(row[idColumn] ?? '', row)).toEqual([]);
    }
  });
});
