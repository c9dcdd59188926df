import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No source file is over 500 lines (issue 39.7): a file that grows past it is split at its seams
 * (sub-areas, a run's phases), as `modules/worker/job-types/` and `modules/import/commit.ts` were.
 * Source is every `.ts`, `.tsx`, `.mjs` and `.js` file under the folders below; tests (`*.test.*`,
 * `*.spec.*`) and what tools write (node_modules, dist, coverage, reports, dot-folders) are not.
 */
const MAX_LINES = 500;
const SOURCE_ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench', 'tools'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const TEST_FILE = /\.(test|spec)\.[^.]+$/;

/** Lines as `wc -l` counts them: newline characters. */
function lineCount(path: string): number {
  const text = readFileSync(path, 'utf8');
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/** The source files under `roots` (relative to `base`) over MAX_LINES, as `path: N lines`. */
function oversizedFiles(base: string, roots: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // A root this checkout does not have.
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)) {
        const lines = lineCount(path);
        if (lines > MAX_LINES) found.push(`${relative(base, path).split(sep).join('/')}: ${lines} lines`);
      }
    }
  };
  for (const root of roots) walk(join(base, root));
  return found.sort();
}

describe('source file size', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'fp-file-size-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('names a source file of 501 lines, and neither one of 500, a test, nor a dependency', () => {
    const lines = (n: number) => 'export const x = 1;\n'.repeat(n);
    mkdirSync(join(scratch, 'apps/a/src'), { recursive: true });
    mkdirSync(join(scratch, 'apps/a/node_modules/dep'), { recursive: true });
    writeFileSync(join(scratch, 'apps/a/src/long.ts'), lines(501));
    writeFileSync(join(scratch, 'apps/a/src/just-fits.tsx'), lines(500));
    writeFileSync(join(scratch, 'apps/a/src/long.test.ts'), lines(900));
    writeFileSync(join(scratch, 'apps/a/src/notes.md'), lines(900));
    writeFileSync(join(scratch, 'apps/a/node_modules/dep/index.js'), lines(900));
    expect(oversizedFiles(scratch, SOURCE_ROOTS)).toEqual(['apps/a/src/long.ts: 501 lines']);
  });

  it(`keeps every source file of the repository at ${MAX_LINES} lines or fewer`, () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    // Over the limit: split the file at its seams (a sub-area, a phase of a run), never mid-function.
    expect(oversizedFiles(root, SOURCE_ROOTS)).toEqual([]);
  });
});
