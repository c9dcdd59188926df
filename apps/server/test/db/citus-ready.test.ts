/**
 * Citus-ready (issue 29, ADR 0020): reads the migrated schema and holds every tenant table to the
 * rule of src/db/distribution.ts — `company_id` first in its primary key and in every unique
 * index, and in every foreign key to another tenant table — and the reference and local tables
 * to theirs (no foreign key to a tenant table). Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import { LOCAL_TABLES, REFERENCE_TABLES, TENANT_DEBT, placementOf } from '../../src/db/distribution.ts';
import { createTestDatabase } from '../helpers.ts';

interface IndexRow {
  table: string;
  index: string;
  primary: boolean;
  /** The index's columns in order; an expression is ''. */
  columns: string;
}
interface ForeignKeyRow {
  table: string;
  name: string;
  refTable: string;
  columns: string;
  refColumns: string;
}

let database: Database;
let tables: string[];
let companyIdTables: Set<string>;
let uniques: IndexRow[];
let foreignKeys: ForeignKeyRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).map((r) => r.name);
  companyIdTables = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.columns
            where table_schema = 'public' and column_name = 'company_id'`,
      )
    ).map((r) => r.name),
  );
  uniques = await queryRows<IndexRow>(
    db,
    sql`select t.relname as "table", ic.relname as "index", i.indisprimary as "primary",
               (select coalesce(string_agg(coalesce(a.attname, ''), ',' order by k.o), '')
                  from unnest(i.indkey::int2[]) with ordinality k(n, o)
                  left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
                 where k.o <= i.indnkeyatts) as columns
          from pg_index i
          join pg_class ic on ic.oid = i.indexrelid
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = 'public' and (i.indisunique or i.indisprimary)
         order by 1, 2`,
  );
  foreignKeys = await queryRows<ForeignKeyRow>(
    db,
    sql`select t.relname as "table", c.conname as name, rt.relname as "refTable",
               (select string_agg(a.attname, ',' order by k.o) from unnest(c.conkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns,
               (select string_agg(a.attname, ',' order by k.o) from unnest(c.confkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as "refColumns"
          from pg_constraint c
          join pg_class t on t.oid = c.conrelid
          join pg_class rt on rt.oid = c.confrelid
          join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = 'public' and c.contype = 'f'
         order by 1, 2`,
  );
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** What keeps a tenant table from being distributed by company_id, one line per finding. */
function tenantOffences(table: string): string[] {
  const found: string[] = [];
  if (!companyIdTables.has(table)) found.push(`${table}: no company_id column`);
  const own = uniques.filter((u) => u.table === table);
  if (!own.some((u) => u.primary)) found.push(`${table}: no primary key`);
  for (const u of own) {
    if (u.columns.split(',')[0] !== 'company_id') {
      found.push(
        `${table}: ${u.primary ? 'primary key' : 'unique index'} ${u.index} (${u.columns}) does not start with company_id`,
      );
    }
  }
  for (const fk of foreignKeys.filter((f) => f.table === table)) {
    if (placementOf(fk.refTable) !== 'tenant') continue;
    const columns = fk.columns.split(',');
    const refColumns = fk.refColumns.split(',');
    const at = columns.indexOf('company_id');
    if (at < 0 || refColumns[at] !== 'company_id') {
      found.push(
        `${table}: foreign key ${fk.name} (${fk.columns}) → ${fk.refTable} (${fk.refColumns}) does not carry company_id`,
      );
    }
  }
  return found;
}

describe('Citus-ready schema (ADR 0020)', () => {
  it('reads a migrated schema', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables).toContain('worker');
  });

  it('names only tables that exist, each in one list', () => {
    const listed = [...Object.keys(REFERENCE_TABLES), ...Object.keys(LOCAL_TABLES), ...Object.keys(TENANT_DEBT)];
    expect(listed.filter((t) => !tables.includes(t))).toEqual([]);
    expect(listed.filter((t, i) => listed.indexOf(t) !== i)).toEqual([]);
  });

  it('keys every tenant table by company_id first: primary key, unique indexes, foreign keys to tenant tables', () => {
    const offences = tables
      .filter((t) => placementOf(t) === 'tenant' && !(t in TENANT_DEBT))
      .flatMap((t) => tenantOffences(t));
    // A new table either follows the rule or is named in src/db/distribution.ts with its reason.
    expect(offences, `tenant tables not keyed by company_id:\n${offences.join('\n')}\n`).toEqual([]);
  });

  it('lists as debt only tables that still break the rule (take a fixed one off the list)', () => {
    const fixed = Object.keys(TENANT_DEBT).filter((t) => tables.includes(t) && tenantOffences(t).length === 0);
    expect(fixed, `these tables follow the rule now: remove them from TENANT_DEBT: ${fixed.join(', ')}`).toEqual([]);
  });

  it('gives reference and local tables no foreign key to a tenant table (nor a reference table one to a local table)', () => {
    const offences = foreignKeys
      .filter((fk) => {
        const from = placementOf(fk.table);
        const to = placementOf(fk.refTable);
        if (from === 'reference') return to !== 'reference';
        if (from === 'local') return to === 'tenant';
        return false;
      })
      .map((fk) => `${fk.table} (${placementOf(fk.table)}) → ${fk.refTable} (${placementOf(fk.refTable)}): ${fk.name}`);
    expect(offences, `foreign keys Citus cannot keep:\n${offences.join('\n')}\n`).toEqual([]);
  });

  it('gives reference and local tables no company_id (a table of one company is a tenant table)', () => {
    const offences = tables.filter((t) => placementOf(t) !== 'tenant' && companyIdTables.has(t));
    expect(offences).toEqual([]);
  });
});
