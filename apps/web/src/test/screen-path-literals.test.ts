/**
 * Screen paths are spelled once, in the route catalogue of the contract: the web builds them with
 * `screenPath(name, params)` (or reads `SCREEN_PATHS`), as it builds API paths with `apiPath`.
 * This test reads every source file of the web (tests aside) and fails on a string or template
 * literal that starts with a screen path of the catalogue (`'/EmolumentManagement/...'`,
 * `'/login'`, `` `/dashboard?t=${...}` ``). Comments may name paths; code may not.
 */
import { ASYNC_ROUTES, HOME_ROUTE, PUBLIC_ROUTES, fullPathOf } from '@flexpay/contract/web';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Tests and their helpers may spell paths: they check the app from outside. */
const isTestFile = (path: string) =>
  path.startsWith(`test${sep}`) || /\.test\.tsx?$/.test(path) || /(^|[\\/])test-(utils|data)\.tsx?$/.test(path);

/** The first segment of every screen path: each area's (`/EmployeeManagement`), the public ones, home's children. */
const ROOTS = new Set(
  [
    ...ASYNC_ROUTES.map((route) => route.path),
    ...PUBLIC_ROUTES.map((route) => route.path),
    ...(HOME_ROUTE.children ?? []).map((route) => fullPathOf(route, HOME_ROUTE)),
  ].map((path) => path.toLowerCase()),
);

/** Whether a literal's text starts with a screen path (any case: a typo of one is still one). */
function spellsScreenPath(text: string): boolean {
  const root = /^\/[^/?#]*/.exec(text)?.[0];
  return root !== undefined && ROOTS.has(root.toLowerCase());
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file:line 'text'` of every literal in the file that spells a screen path. */
function literalScreenPaths(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
      spellsScreenPath(node.text)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${relative(SRC, file)}:${line} '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('screen paths', () => {
  it('recognises a screen path at the start of a literal, and nothing else', () => {
    expect(spellsScreenPath('/EmolumentManagement/emolumentGrant')).toBe(true);
    expect(spellsScreenPath('/employeeManagement/listEmployee?id=1')).toBe(true);
    expect(spellsScreenPath('/login')).toBe(true);
    expect(spellsScreenPath('/dashboard?t=')).toBe(true);
    expect(spellsScreenPath('/api/emolument/emolumentGrant/page')).toBe(false);
    expect(spellsScreenPath('/ops/topups')).toBe(false);
    expect(spellsScreenPath('listEmployee')).toBe(false);
    expect(spellsScreenPath('/')).toBe(false);
  });

  it('are spelled only in the route catalogue: the web builds them with screenPath', () => {
    const files = sourceFiles(SRC).filter((file) => !isTestFile(relative(SRC, file)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(literalScreenPaths)).toEqual([]);
  });
});
