/**
 * The scanner behind table-owners.test.ts: which tables a module file or a migration's trigger
 * names in SQL. Pure functions over text, so a planted string shows what each finds.
 */

/** Comments of TypeScript and SQL left out: prose may say "from payroll_batch" freely. */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/[^\n]*/g, '$1')
    .replace(/--[^\n]*/g, ' ');
}

/**
 * The tables a source file names: Drizzle tables it imports from the schema (by their export
 * names) and table names after FROM, JOIN, UPDATE, INTO or TABLE in its SQL strings (`known`
 * keeps only real tables and views, so `from './x.ts'` and English prose never count).
 */
export function tablesNamedInSource(
  text: string,
  tableOfExport: ReadonlyMap<string, string>,
  known: ReadonlySet<string>,
): Set<string> {
  const code = withoutComments(text);
  const found = new Set<string>();
  for (const m of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/db\/schema\/[^']*'/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const table = name ? tableOfExport.get(name) : undefined;
      if (table) found.add(table);
    }
  }
  for (const table of tablesInSql(code, known).all) found.add(table);
  return found;
}

/** Table names a piece of SQL reads (FROM, JOIN) and writes (UPDATE, INSERT INTO, DELETE FROM). */
export function tablesInSql(sqlText: string, known: ReadonlySet<string>) {
  const name = String.raw`(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?`;
  const pick = (re: RegExp) =>
    new Set([...sqlText.matchAll(re)].map((m) => (m[1] ?? '').toLowerCase()).filter((t) => known.has(t)));
  const writes = new Set([
    ...pick(new RegExp(String.raw`\bupdate\s+(?:only\s+)?${name}`, 'gi')),
    ...pick(new RegExp(String.raw`\binsert\s+into\s+${name}`, 'gi')),
    ...pick(new RegExp(String.raw`\bdelete\s+from\s+${name}`, 'gi')),
    ...pick(new RegExp(String.raw`\btruncate\s+(?:table\s+)?${name}`, 'gi')),
  ]);
  const reads = pick(new RegExp(String.raw`\b(?:from|join)\s+${name}`, 'gi'));
  return { writes, reads, all: new Set([...writes, ...reads]) };
}

export interface LiveTrigger {
  name: string;
  table: string;
  fn: string;
  migration: string;
}

/**
 * The triggers and functions the migrations leave, in order: a later CREATE OR REPLACE FUNCTION
 * replaces a body, a DROP removes one.
 */
export function liveTriggers(migrations: readonly { name: string; text: string }[]) {
  const functions = new Map<string, string>();
  const triggers = new Map<string, LiveTrigger>();
  const ident = String.raw`"?([a-z_][a-z0-9_]*)"?`;
  for (const { name: migration, text } of migrations) {
    const events: { at: number; apply: () => void }[] = [];
    for (const m of text.matchAll(
      new RegExp(
        String.raw`create\s+(?:or\s+replace\s+)?function\s+${ident}\s*\([\s\S]*?\$(\w*)\$([\s\S]*?)\$\2\$`,
        'gi',
      ),
    )) {
      const fn = (m[1] ?? '').toLowerCase();
      const body = m[3] ?? '';
      events.push({ at: m.index ?? 0, apply: () => functions.set(fn, body) });
    }
    for (const m of text.matchAll(new RegExp(String.raw`drop\s+function\s+(?:if\s+exists\s+)?${ident}`, 'gi'))) {
      const fn = (m[1] ?? '').toLowerCase();
      events.push({ at: m.index ?? 0, apply: () => functions.delete(fn) });
    }
    for (const m of text.matchAll(
      new RegExp(
        String.raw`create\s+(?:or\s+replace\s+)?trigger\s+${ident}[\s\S]*?\bon\s+(?:"?public"?\.)?${ident}[\s\S]*?execute\s+(?:function|procedure)\s+${ident}`,
        'gi',
      ),
    )) {
      const trigger = {
        name: (m[1] ?? '').toLowerCase(),
        table: (m[2] ?? '').toLowerCase(),
        fn: (m[3] ?? '').toLowerCase(),
        migration,
      };
      events.push({ at: m.index ?? 0, apply: () => triggers.set(`${trigger.table}.${trigger.name}`, trigger) });
    }
    for (const m of text.matchAll(
      new RegExp(String.raw`drop\s+trigger\s+(?:if\s+exists\s+)?${ident}\s+on\s+(?:"?public"?\.)?${ident}`, 'gi'),
    )) {
      const key = `${(m[2] ?? '').toLowerCase()}.${(m[1] ?? '').toLowerCase()}`;
      events.push({ at: m.index ?? 0, apply: () => triggers.delete(key) });
    }
    for (const e of events.sort((a, b) => a.at - b.at)) e.apply();
  }
  return { functions, triggers: [...triggers.values()] };
}

/** A function's body with the bodies of the functions it calls, transitively. */
export function bodyWithCallees(fn: string, functions: ReadonlyMap<string, string>): string {
  const seen = new Set<string>();
  const bodies: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const body = functions.get(name);
    if (body === undefined) return;
    bodies.push(body);
    for (const other of functions.keys()) {
      if (new RegExp(String.raw`\b${other}\s*\(`, 'i').test(body)) visit(other);
    }
  };
  visit(fn);
  return withoutComments(bodies.join('\n'));
}
