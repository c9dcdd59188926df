import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The plain list path (ARCHITECTURE.md, "The list path"): a list reads its page with
 * `pagedQuery`, and `escapeLike` (db/like.ts) is the one LIKE escape. A page written by hand
 * (its own OFFSET) is one of those below, each with its reason in its repository's comment.
 */
const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Hand-written pages, each with a reason recorded where it is written. */
const HAND_WRITTEN_PAGES = [
  'modules/gateway-log/repo.ts', // 网关日志: a time range of millions of rows, counted up to a cap
  'modules/invoice/applications/repo.ts', // 选择订单: kept count, the page's ids from payroll's paid-batch index first
  'modules/ledger/repo.ts', // the ledger's entries with their running balance
  'modules/payroll/batches/repo.ts', // a batch's items: a known total, deep pages sought by 序号
  'modules/payroll/receipts/repo.ts', // batches with their receipts, grouped
  'modules/payroll/reconcile/repo-resolve.ts', // 对账: platform tables across companies, a difference with its payout's company
  'modules/task/assignments/repo.ts', // a task's 100,000 assignments: kept counts and page anchors
  'modules/worker/large-list/page.ts', // the worker list (ADR 0011)
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the plain list path', () => {
  const files = filesUnder(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

  it('escapes LIKE patterns in db/like.ts only', () => {
    const escaping = files
      .filter((f) => f.path !== 'db/like.ts' && /\[(?:\\\\)?%_(?:\\\\)?\]/.test(f.text))
      .map((f) => f.path);
    expect(escaping).toEqual([]);
  });

  it('writes a page by hand only where a listed reason says why', () => {
    const offsets = files
      .filter((f) => f.path.startsWith('modules/') && /\boffset \$\{|\.offset\(/.test(f.text))
      .map((f) => f.path)
      .sort();
    expect(offsets).toEqual(HAND_WRITTEN_PAGES);
  });
});
