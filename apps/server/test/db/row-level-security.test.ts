/**
 * Row-level security (issue 40, ADR 0025), next to the Citus-ready test: reads the migrated
 * schema and holds every tenant table of src/db/distribution.ts to its policies, enabled and
 * forced, every view to its readers' rights, and the app's two roles to owning nothing and
 * bypassing nothing. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import {
  PLATFORM_ONLY,
  PLATFORM_ROWS,
  ROW_SECURITY_EXEMPT,
  TENANT_DEBT,
  placementOf,
} from '../../src/db/distribution.ts';
import { createTestDatabase } from '../helpers.ts';

interface TableRow {
  name: string;
  enabled: boolean;
  forced: boolean;
}
interface PolicyRow {
  table: string;
  name: string;
  roles: string;
  permissive: boolean;
  command: string;
  using: string | null;
  check: string | null;
}

const COMPANY =
  "company_id = ( SELECT (NULLIF(current_setting('app.company_id'::text, true), ''::text))::bigint AS \"nullif\")";
/** The policy `tenant_isolation` of a table, as PostgreSQL prints it back. */
const expectedIsolation = (table: string) =>
  table in PLATFORM_ROWS ? `((company_id IS NULL) OR (${COMPANY}))` : `(${COMPANY})`;

let database: Database;
let tables: TableRow[];
let policies: PolicyRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  tables = await queryRows<TableRow>(
    db,
    sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  policies = await queryRows<PolicyRow>(
    db,
    sql`select tablename as "table", policyname as name, array_to_string(roles, ',') as roles,
               permissive = 'PERMISSIVE' as permissive, cmd as command, qual as using, with_check as "check"
          from pg_policies where schemaname = 'public' order by 1, 2`,
  );
});
afterAll(() => database.close());

describe('row-level security in the schema', () => {
  it('forces the company policy on every tenant table, and names each exception with its reason', () => {
    const tenant = tables.filter((t) => placementOf(t.name) === 'tenant');
    expect(tenant.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const t of tenant) {
      if (t.name in ROW_SECURITY_EXEMPT) {
        if (t.enabled) wrong.push(`${t.name}: exempt, yet row security is on (take it off ROW_SECURITY_EXEMPT)`);
        continue;
      }
      if (!t.enabled) wrong.push(`${t.name}: row security not enabled`);
      if (!t.forced) wrong.push(`${t.name}: row security not forced for the owner`);
      const mine = policies.filter((p) => p.table === t.name);
      const isolation = mine.find((p) => p.name === 'tenant_isolation');
      if (!isolation) wrong.push(`${t.name}: no tenant_isolation policy`);
      else {
        if (isolation.roles !== 'public')
          wrong.push(`${t.name}: tenant_isolation is for ${isolation.roles}, not everyone`);
        if (!isolation.permissive || isolation.command !== 'ALL') wrong.push(`${t.name}: tenant_isolation not for ALL`);
        if (isolation.using !== expectedIsolation(t.name))
          wrong.push(`${t.name}: tenant_isolation reads ${isolation.using}`);
        if (isolation.check !== expectedIsolation(t.name))
          wrong.push(`${t.name}: tenant_isolation checks ${isolation.check}`);
      }
      const platform = mine.find((p) => p.name === 'platform_access');
      if (!platform || platform.roles !== 'flexpay_platform' || platform.using !== 'true' || platform.command !== 'ALL')
        wrong.push(`${t.name}: no platform_access policy for flexpay_platform`);
      const others = mine.filter((p) => p.name !== 'tenant_isolation' && p.name !== 'platform_access');
      if (others.length) wrong.push(`${t.name}: other policies ${others.map((p) => p.name).join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the exceptions few and honest: every one a tenant table of the known debt', () => {
    for (const name of Object.keys(ROW_SECURITY_EXEMPT)) {
      expect(placementOf(name)).toBe('tenant');
      expect(name in TENANT_DEBT).toBe(true);
      expect(tables.some((t) => t.name === name)).toBe(true);
    }
    for (const name of Object.keys(PLATFORM_ROWS)) expect(name in TENANT_DEBT).toBe(true);
  });

  it('puts no policy on reference and local tables (no company to keep apart)', () => {
    const shared = new Set(tables.filter((t) => placementOf(t.name) !== 'tenant').map((t) => t.name));
    expect(tables.filter((t) => shared.has(t.name) && t.enabled)).toEqual([]);
    expect(policies.filter((p) => shared.has(p.table))).toEqual([]);
  });

  it('keeps the platform-only tables from a company’s scope: flexpay_app has no right on them, the platform every one', async () => {
    expect(PLATFORM_ONLY.filter((name) => placementOf(name) !== 'local')).toEqual([]);
    const grants = await queryRows<{ name: string; app: boolean; platform: boolean }>(
      database.db,
      // With several privileges has_table_privilege answers whether the role holds any of them.
      sql`select t as name, has_table_privilege('flexpay_app', t, 'select, insert, update, delete') as app,
                 has_table_privilege('flexpay_platform', t, 'select') and has_table_privilege('flexpay_platform', t, 'insert')
                   and has_table_privilege('flexpay_platform', t, 'update')
                   and has_table_privilege('flexpay_platform', t, 'delete') as platform
            from unnest(${`{${PLATFORM_ONLY.join(',')}}`}::text[]) as t order by 1`,
    );
    expect(grants).toEqual([...PLATFORM_ONLY].sort().map((name) => ({ name, app: false, platform: true })));
  });

  it('reads every view with its reader’s rights, so that the policies apply through it', async () => {
    const views = await queryRows<{ name: string; options: string | null }>(
      database.db,
      sql`select c.relname as name, array_to_string(c.reloptions, ',') as options
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('v', 'm') order by 1`,
    );
    expect(views.length).toBeGreaterThan(0);
    expect(views.filter((v) => !(v.options ?? '').includes('security_invoker=true'))).toEqual([]);
  });

  it('gives the app roles no ownership, no sign-in, no bypass, and every table of a later migration', async () => {
    const roles = await queryRows<{ name: string; login: boolean; bypass: boolean; superuser: boolean; owned: number }>(
      database.db,
      sql`select r.rolname as name, r.rolcanlogin as login, r.rolbypassrls as bypass, r.rolsuper as superuser,
                 (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
            from pg_roles r where r.rolname in ('flexpay_app', 'flexpay_platform') order by 1`,
    );
    expect(roles).toEqual([
      { name: 'flexpay_app', login: false, bypass: false, superuser: false, owned: 0 },
      { name: 'flexpay_platform', login: false, bypass: false, superuser: false, owned: 0 },
    ]);
    // A table a later migration creates gets the grants by default (and needs its policy: above).
    await database.db.execute(sql`create table rls_probe_later (id int)`);
    const [grants] = await queryRows<{ app: boolean; platform: boolean }>(
      database.db,
      sql`select has_table_privilege('flexpay_app', 'rls_probe_later', 'select, insert, update, delete') as app,
                 has_table_privilege('flexpay_platform', 'rls_probe_later', 'select, insert, update, delete') as platform`,
    );
    await database.db.execute(sql`drop table rls_probe_later`);
    expect(grants).toEqual({ app: true, platform: true });
  });
});
