/**
 * Row-level security at work (issue 40, ADR 0025): queries with their company condition
 * removed — planted in this test's build of the app as routes of their own, served through the
 * real request pipeline — answer only the session's company; a request without a company sees
 * nothing and writes nothing; a statement outside any scope is refused; the operator realm and
 * explicit platform scopes see every company. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { PLATFORM_ROWS, ROW_SECURITY_EXEMPT, placementOf } from '../../src/db/distribution.ts';
import { asPlatform, inCompany, NoDbScopeError, ScopeChangeInTransactionError } from '../../src/db/scope.ts';
import { jobType } from '../../src/db/schema/index.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';

let t: TestApp;
let tenantTables: string[];
let ownerCounts: Map<string, Map<number | null, number>>;

/** What a planted route answers: the company ids of every row of each tenant table it can read. */
type Seen = Record<string, (number | null)[]>;

/** Planted: reads every tenant table with no company condition at all. */
async function readEverything(app: FastifyInstance): Promise<Seen> {
  const seen: Seen = {};
  for (const table of tenantTables) {
    const rows = await queryRows<{ company_id: string | number | null }>(
      app.db,
      sql`select company_id from ${sql.identifier(table)}`,
    );
    seen[table] = rows.map((r) => (r.company_id === null ? null : Number(r.company_id)));
  }
  return seen;
}

function plant(app: FastifyInstance) {
  app.get('/api/test-planted/everything', { config: { access: 'session' } }, async () => readEverything(app));
  app.get('/api/test-planted/public', { config: { access: 'public' } }, async () => readEverything(app));
  app.get('/api/test-planted/ops', { config: { access: 'operator' } }, async () => readEverything(app));
  // A write with no company condition either: the policy's check refuses another company's row.
  app.post<{ Body: { companyId: number; code: string } }>(
    '/api/test-planted/job-type',
    { config: { access: 'session', audit: false } },
    async (request) => {
      const { companyId, code } = request.body;
      await app.db.insert(jobType).values({ companyId, name: '越权写入', code });
      return { ok: true };
    },
  );
}

beforeAll(async () => {
  t = await createTestApp({}, plant);
  const all = await queryRows<{ name: string }>(
    t.database.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition and exists (select 1 from pg_attribute a
               where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) order by 1`,
  );
  tenantTables = all.map((r) => r.name).filter((n) => placementOf(n) === 'tenant' && !(n in ROW_SECURITY_EXEMPT));
});
afterAll(() => t.close());

/** Rows per company of every tenant table, counted by the owner (every row), now. */
async function countByCompany(): Promise<void> {
  ownerCounts = new Map();
  for (const table of tenantTables) {
    const rows = await queryRows<{ company_id: string | null; n: number }>(
      t.database.db,
      sql`select company_id, count(*)::int as n from ${sql.identifier(table)} group by 1`,
    );
    ownerCounts.set(table, new Map(rows.map((r) => [r.company_id === null ? null : Number(r.company_id), r.n])));
  }
}

/** The company a token signs in to (its payload says). */
const companyOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).companyId);

describe('row-level security through the app', () => {
  it('answers a query without its company condition with the session company rows only, on every tenant table', async () => {
    const token = await loginAs(t.app, 'demo');
    const companyId = companyOf(token);
    await countByCompany();
    const res = await caller(t.app, token).get('/api/test-planted/everything');
    expect(res.statusCode).toBe(200);
    const seen = res.body as Seen;
    let otherCompanies = 0;
    for (const table of tenantTables) {
      const owner = ownerCounts.get(table) ?? new Map();
      const allowed = (c: number | null) => c === companyId || (c === null && table in PLATFORM_ROWS);
      // Nothing of another company, and every row of its own.
      expect(
        seen[table]?.filter((c) => !allowed(c)),
        table,
      ).toEqual([]);
      const expected = [...owner].filter(([c]) => allowed(c)).reduce((sum, [, n]) => sum + n, 0);
      expect(seen[table]?.length, table).toBe(expected);
      otherCompanies += [...owner].filter(([c]) => !allowed(c)).reduce((sum, [, n]) => sum + n, 0);
    }
    // The demo data has another company's rows to hide: the test could fail.
    expect(otherCompanies).toBeGreaterThan(100);
  });

  it('gives another company its own rows, not the first one’s', async () => {
    const token = await loginAs(t.app, 'demo_yf');
    const companyId = companyOf(token);
    const seen = (await caller(t.app, token).get('/api/test-planted/everything')).body as Seen;
    expect(seen.worker?.length).toBeGreaterThan(0);
    expect(new Set(seen.worker)).toEqual(new Set([companyId]));
  });

  it('answers a request without a company setting with nothing', async () => {
    await countByCompany();
    const res = await caller(t.app).get('/api/test-planted/public');
    expect(res.statusCode).toBe(200);
    const seen = res.body as Seen;
    for (const table of tenantTables) {
      const expected = table in PLATFORM_ROWS ? (ownerCounts.get(table)?.get(null) ?? 0) : 0;
      expect(
        seen[table]?.filter((c) => c !== null),
        table,
      ).toEqual([]);
      expect(seen[table]?.length, table).toBe(expected);
    }
  });

  it('refuses a write of another company’s row, and takes the session company’s', async () => {
    const token = await loginAs(t.app, 'demo');
    const own = companyOf(token);
    const other = companyOf(await loginAs(t.app, 'demo_yf'));
    await countByCompany();
    const before = ownerCounts.get('job_type')?.get(other) ?? 0;
    const refused = await caller(t.app, token).post('/api/test-planted/job-type', { companyId: other, code: 'PLANT1' });
    expect(refused.statusCode).toBe(500);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from job_type where company_id = ${other}`,
    );
    expect(count?.n).toBe(before);
    const ok = await caller(t.app, token).post('/api/test-planted/job-type', { companyId: own, code: 'PLANT2' });
    expect(ok.body).toEqual({ ok: true });
  });

  it('lets the operator realm read every company (the platform scope)', async () => {
    const ops = caller(t.app, await opsLogin(t.app));
    await countByCompany();
    const seen = (await ops.get('/api/test-planted/ops')).body as Seen;
    expect(new Set(seen.worker).size).toBeGreaterThan(1);
    expect(seen.worker?.length).toBe([...(ownerCounts.get('worker')?.values() ?? [])].reduce((a, b) => a + b, 0));
  });

  it('refuses a statement outside any scope, and a scope change inside a transaction', async () => {
    await expect(queryRows(t.app.db, sql`select 1`)).rejects.toSatisfy((e: unknown) => {
      for (let c: unknown = e; c instanceof Error; c = c.cause) if (c instanceof NoDbScopeError) return true;
      return false;
    });
    const [a] = await queryRows<{ id: number }>(t.database.db, sql`select id from company order by id limit 1`);
    const companyId = Number(a?.id);
    await expect(
      inCompany(companyId, () =>
        t.app.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await asPlatform('a test: change scope inside a transaction', () => tx.execute(sql`select 1`));
        }),
      ),
    ).rejects.toSatisfy((e: unknown) => {
      for (let c: unknown = e; c instanceof Error; c = c.cause)
        if (c instanceof ScopeChangeInTransactionError) return true;
      return false;
    });
  });

  it('runs a company scope as flexpay_app and the platform as flexpay_platform, never as the owner', async () => {
    const [a] = await queryRows<{ id: number }>(t.database.db, sql`select id from company order by id limit 1`);
    const who = (q: () => Promise<{ user: string; company: string }[]>) => q().then((r) => r[0]);
    const probe = sql`select current_user as user, current_setting('app.company_id', true) as company`;
    expect(await who(() => inCompany(Number(a?.id), () => queryRows(t.app.db, probe)))).toEqual({
      user: 'flexpay_app',
      company: String(a?.id),
    });
    expect(await who(() => asPlatform('a test: which role', () => queryRows(t.app.db, probe)))).toEqual({
      user: 'flexpay_platform',
      company: '',
    });
  });
});
