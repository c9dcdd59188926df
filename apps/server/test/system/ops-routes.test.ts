import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = fileURLToPath(new URL('../../src/modules/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The operator realm's own routes: sign-in, its session, the operators' audit. */
const REALM_ROUTES = 'operator/routes.ts';

/**
 * ARCHITECTURE.md, modules/operator: what operators decide lives in the area that owns it, in
 * its ops-routes.ts; the realm's folder serves only the realm.
 */
export function misplacedOperatorRoutes(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ text }) => /access:\s*'operator'/.test(text))
    .map(({ path }) => path)
    .filter((path) => path !== REALM_ROUTES && !path.endsWith('/ops-routes.ts'));
}

describe('operator routes live in their area', () => {
  it("every route with access 'operator' is in an area's ops-routes.ts or the realm's own routes", () => {
    const files = sourceFiles(modules).map((file) => ({
      path: relative(modules, file).split('\\').join('/'),
      text: readFileSync(file, 'utf8'),
    }));
    expect(misplacedOperatorRoutes(files)).toEqual([]);
    // The operators' decisions are not served by the realm's folder.
    const realm = files.find((f) => f.path === REALM_ROUTES)?.text ?? '';
    expect(realm).not.toMatch(/API\.ops\.(topup|company|costRule|invoice|contract|chat)/);
  });

  it('names a planted route in the wrong file', () => {
    const planted = [
      { path: 'money/routes.ts', text: "route(app, { access: 'operator' })" },
      { path: 'money/ops-routes.ts', text: "route(app, { access: 'operator' })" },
      { path: 'money/service.ts', text: 'const x = 1;' },
    ];
    expect(misplacedOperatorRoutes(planted)).toEqual(['money/routes.ts']);
  });
});
