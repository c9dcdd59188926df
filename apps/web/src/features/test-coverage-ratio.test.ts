/**
 * Each feature of the web has its own tests (issue 39.8): in every folder under `features/`, the
 * lines of its tests and their helpers (`*.test.ts(x)`, `test-data.ts`, `test-utils.tsx`: files
 * only tests import) are at least a quarter of the lines of its code (the other `.ts`/`.tsx`
 * files). A new feature, or one that grows without tests, fails here with its numbers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = dirname(fileURLToPath(import.meta.url));
const MIN_TEST_RATIO = 0.25;

const isTestFile = (name: string) => /\.test\.tsx?$/.test(name) || /^test-(utils|data)\.tsx?$/.test(name);
const isCodeFile = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');

/** Lines as `wc -l` counts them (a last line without a newline counts too). */
function linesOf(path: string): number {
  const text = readFileSync(path, 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The test and code lines of every file under `dir`. */
function countLines(dir: string): { test: number; code: number } {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const inner = countLines(path);
        return { test: sum.test + inner.test, code: sum.code + inner.code };
      }
      if (!isCodeFile(entry.name)) return sum;
      return isTestFile(entry.name)
        ? { ...sum, test: sum.test + linesOf(path) }
        : { ...sum, code: sum.code + linesOf(path) };
    },
    { test: 0, code: 0 },
  );
}

const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ name: entry.name, ...countLines(join(FEATURES, entry.name)) }));

describe('each feature’s tests', () => {
  it('finds the features and counts their files', () => {
    expect(features.map((f) => f.name)).toEqual(expect.arrayContaining(['company-contracts', 'content', 'payroll']));
    for (const f of features) expect(f.code, f.name).toBeGreaterThan(0);
    expect(isTestFile('contract-sign.test.tsx')).toBe(true);
    expect(isTestFile('test-data.ts')).toBe(true);
    expect(isTestFile('sign-contract-dialog.tsx')).toBe(false);
    expect(isCodeFile('pdf-preview-page.css')).toBe(false);
  });

  it(`has at least ${MIN_TEST_RATIO} test lines per code line in every feature`, () => {
    const below = features
      .filter((f) => f.test < f.code * MIN_TEST_RATIO)
      .map((f) => `${f.name}: ${f.test} test lines for ${f.code} code lines (${(f.test / f.code).toFixed(2)})`);
    expect(below).toEqual([]);
  });
});
