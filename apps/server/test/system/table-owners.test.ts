import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, getViewConfig, PgTable, PgView } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';
import { DISPLAY_NAME_TABLES, PUBLIC_READS, TABLE_OWNERS } from '../../src/db/schema/owners.ts';
import { bodyWithCallees, liveTriggers, tablesInSql, tablesNamedInSource } from './table-owners.ts';

/**
 * Each table has one owning area, and only its owner names it in SQL (ARCHITECTURE.md, "Where
 * areas meet"): src/db/schema/owners.ts maps every table to its area; a module naming another
 * area's table, in a Drizzle import or in raw SQL, fails here with the file and the table, unless
 * the table is the owner's public read (a view) or a display name's. A migration's trigger
 * belongs to its table's owner: what it runs writes and reads that owner's tables only.
 */
const server = fileURLToPath(new URL('../../', import.meta.url));
const modules = join(server, 'src/modules');

const owners: Record<string, string> = TABLE_OWNERS;
const publicReads: Record<string, string> = PUBLIC_READS;
const tableOfExport = new Map<string, string>();
const viewOfExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable)) tableOfExport.set(name, getTableConfig(value).name);
  if (is(value, PgView)) viewOfExport.set(name, getViewConfig(value).name);
}
const known = new Set([...tableOfExport.values(), ...Object.keys(publicReads)]);
const exportsOf = new Map([...tableOfExport, ...viewOfExport]);

/**
 * Crossings not yet moved behind their owner (area → table), each a debt to pay, not a rule: the
 * test fails when one is paid and still listed, so the list only shrinks. Empty since issue 39.
 */
const KNOWN_CROSSINGS: string[] = [];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const ownerOf = (table: string) => owners[table] ?? publicReads[table];
const mayRead = (area: string, table: string) =>
  ownerOf(table) === area || table in publicReads || (DISPLAY_NAME_TABLES as readonly string[]).includes(table);

describe('table owners', () => {
  it('names an owner for every table of the schema, and no table that is not one', () => {
    const tables = [...new Set(tableOfExport.values())].sort();
    expect(tables.filter((t) => !(t in owners))).toEqual([]);
    expect(Object.keys(owners).filter((t) => !tables.includes(t))).toEqual([]);
    const areas = new Set(readdirSync(modules));
    const owning = new Set([...Object.values(owners), ...Object.values(publicReads)]);
    expect([...owning].filter((a) => !areas.has(a) && a !== 'plugins' && a !== 'db')).toEqual([]);
  });

  it('lets a module name only its own tables, public reads and display names', () => {
    const crossings = new Map<string, Set<string>>();
    for (const file of filesUnder(modules)) {
      const area = relative(modules, file).split('/')[0] ?? '';
      for (const table of tablesNamedInSource(readFileSync(file, 'utf8'), exportsOf, known)) {
        if (mayRead(area, table)) continue;
        const key = `${area} → ${table}`;
        crossings.set(key, (crossings.get(key) ?? new Set()).add(relative(server, file)));
      }
    }
    const found = [...crossings.keys()].sort();
    const unexpected = found
      .filter((k) => !KNOWN_CROSSINGS.includes(k))
      .map((k) => `${k} (${[...(crossings.get(k) ?? [])].join(', ')}), owner ${ownerOf(k.split(' → ')[1] ?? '')}`);
    expect(unexpected, 'a module names another area’s table: call the owner’s service or read its public view').toEqual(
      [],
    );
    expect(
      KNOWN_CROSSINGS.filter((k) => !found.includes(k)),
      'paid debts: remove them from KNOWN_CROSSINGS',
    ).toEqual([]);
  });

  it('names no table of payroll, and no payroll status, in invoice or task', () => {
    for (const area of ['invoice', 'task']) {
      for (const file of filesUnder(join(modules, area))) {
        const text = readFileSync(file, 'utf8');
        const tables = tablesNamedInSource(text, exportsOf, known);
        expect(
          [...tables].filter((t) => owners[t] === 'payroll'),
          relative(server, file),
        ).toEqual([]);
        expect(text, relative(server, file)).not.toMatch(/'(completed|partial|cancelled)'/);
      }
    }
  });

  it("runs each trigger's SQL on its table owner's tables only", () => {
    const dir = join(server, 'drizzle');
    const migrations = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    const { functions, triggers } = liveTriggers(migrations);
    expect(triggers.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const t of triggers) {
      const owner = owners[t.table];
      const { writes, reads } = tablesInSql(bodyWithCallees(t.fn, functions), known);
      for (const w of writes) {
        if (owners[w] !== owner) problems.push(`${t.name} on ${t.table} (${owner}) writes ${w} (${ownerOf(w)})`);
      }
      for (const r of reads) {
        if (!mayRead(owner ?? '', r)) problems.push(`${t.name} on ${t.table} (${owner}) reads ${r} (${ownerOf(r)})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds each public read among the views the migrations create', () => {
    const dir = join(server, 'drizzle');
    const text = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(Object.keys(publicReads).filter((view) => !text.includes(`CREATE VIEW "${view}"`))).toEqual([]);
    // A view typed for Drizzle is one of them.
    expect([...viewOfExport.values()].filter((view) => !(view in publicReads))).toEqual([]);
  });
});

describe('table owners scanner', () => {
  const exportsOf = new Map([
    ['payrollBatch', 'payroll_batch'],
    ['taskOrder', 'task_order'],
  ]);
  const names = new Set(['payroll_batch', 'task_order', 'worker', 'payroll_batch_state']);

  it('finds Drizzle tables imported from the schema and tables named in SQL', () => {
    const planted = `import { payrollBatch as b, taskOrder } from '../../../db/schema/index.ts';
      import { x } from './from-worker.ts';
      // reads from worker in prose: not SQL
      const q = sql\`select 1 from "worker" w join payroll_batch_state s on true\`;`;
    expect([...tablesNamedInSource(planted, exportsOf, names)].sort()).toEqual([
      'payroll_batch',
      'payroll_batch_state',
      'task_order',
      'worker',
    ]);
  });

  it('tells writes from reads', () => {
    const found = tablesInSql(
      `update payroll_batch set x = 1; insert into "worker" (id) select id from task_order; delete from payroll_batch_state`,
      names,
    );
    expect([...found.writes].sort()).toEqual(['payroll_batch', 'payroll_batch_state', 'worker']);
    expect([...found.reads].sort()).toEqual(['payroll_batch_state', 'task_order']);
  });

  it("keeps the migrations' last word on triggers and functions", () => {
    const { functions, triggers } = liveTriggers([
      {
        name: '1.sql',
        text: `CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE payroll_batch SET x = 1; PERFORM helper(); END $$;
          CREATE FUNCTION helper() RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO worker VALUES (1); END $$;
          CREATE TRIGGER keep AFTER UPDATE ON "task_order" FOR EACH ROW EXECUTE FUNCTION keep();
          CREATE TRIGGER gone AFTER UPDATE ON "task_order" FOR EACH ROW EXECUTE FUNCTION keep();`,
      },
      { name: '2.sql', text: `DROP TRIGGER "gone" ON "task_order";` },
    ]);
    expect(triggers.map((t) => `${t.table}.${t.name}→${t.fn}`)).toEqual(['task_order.keep→keep']);
    expect([...tablesInSql(bodyWithCallees('keep', functions), names).writes].sort()).toEqual([
      'payroll_batch',
      'worker',
    ]);
  });
});
