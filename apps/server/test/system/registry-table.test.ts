import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's registry table ("Where areas meet") cannot drift (issue 39.4): its rows are
 * the registries of `AppRegistry` (core/context.ts), each "filled by" cell names the areas that
 * fill it and each "read by" cell names (in backticks) the areas and plugins that read it, as
 * the sources say. Filling is `registry.<name>.add(…)` or `registry.<name>.<realm> = …`; an
 * import kind fills `importers` through `importerRoutes`. Reading is any other use of
 * `registry.<name>` (comments left out), or taking it out of the registry by destructuring.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const src = join(root, 'apps/server/src');

/** Registries filled through a helper of another area: who calls the helper fills it. */
const FILLED_THROUGH: Record<string, { helper: RegExp; owner: string }> = {
  importers: { helper: /register\(\s*importerRoutes\b/, owner: 'import' },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/** `modules/<area>` for a module's file, else the file's path under src (`plugins/auth.ts`). */
function ownerOf(file: string): string {
  const parts = relative(src, file).split(sep);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts.join('/');
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function registryNames(): string[] {
  const context = readFileSync(join(src, 'core/context.ts'), 'utf8');
  const body = /export interface AppRegistry \{([\s\S]*?)\n\}/.exec(context)?.[1] ?? '';
  return [...withoutComments(body).matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1] ?? '');
}

/** What the sources do with each registry: the areas that fill it, the areas and files that read it. */
function usesInSources(names: string[]) {
  const filled = new Map(names.map((n) => [n, new Set<string>()]));
  const read = new Map(names.map((n) => [n, new Set<string>()]));
  for (const file of sourceFiles(src)) {
    if (file.startsWith(join(src, 'seed'))) continue; // the demo data builds registries of its own
    const code = withoutComments(readFileSync(file, 'utf8'));
    const owner = ownerOf(file);
    for (const name of names) {
      const through = FILLED_THROUGH[name];
      if (through?.helper.test(code)) filled.get(name)?.add(owner);
      for (const m of code.matchAll(new RegExp(`registry\\.${name}\\b(\\.\\w+\\s*(\\(|=(?!=)))?`, 'g'))) {
        const fills = m[2] === '=' || (m[2] === '(' && m[1]?.startsWith('.add'));
        if (!fills) read.get(name)?.add(owner);
        else if (!(through && owner === `modules/${through.owner}`)) filled.get(name)?.add(owner);
      }
      if (new RegExp(`\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=\\s*[\\w.]*registry\\b`).test(code)) read.get(name)?.add(owner);
    }
  }
  return { filled, read };
}

/** The rows of the table whose first column is `registry`. */
function tableRows(): { name: string; filledBy: string[]; readBy: string[] }[] {
  const doc = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => /^\|\s*registry\s*\|/.test(l));
  expect(start, 'ARCHITECTURE.md: the table headed "| registry |" is missing').toBeGreaterThanOrEqual(0);
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [name = '', filledBy = '', readBy = ''] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    rows.push({
      name: /^`(\w+)`/.exec(name)?.[1] ?? name,
      filledBy: filledBy
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      readBy: [...readBy.matchAll(/`((?:modules|plugins|core|db|lib)\/[\w./-]+)`/g)].map((m) => m[1] ?? ''),
    });
  }
  return rows;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe("ARCHITECTURE.md's registry table", () => {
  const names = registryNames();
  const rows = tableRows();
  const { filled, read } = usesInSources(names);

  it('has one row per registry of AppRegistry', () => {
    expect(names.length).toBeGreaterThan(4);
    expect(sorted(rows.map((r) => r.name))).toEqual(sorted(names));
  });

  it.each(names)('names who fills and who reads %s', (name) => {
    const row = rows.find((r) => r.name === name);
    const fillers = sorted([...(filled.get(name) ?? [])].map((o) => o.replace(/^modules\//, '')));
    expect(fillers.length, `nothing fills registry.${name}`).toBeGreaterThan(0);
    expect(sorted(row?.filledBy ?? []), `"filled by" of ${name}`).toEqual(fillers);
    expect(sorted(row?.readBy ?? []), `"read by" of ${name}`).toEqual(sorted(read.get(name) ?? []));
  });
});
