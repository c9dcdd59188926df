import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint of the rest of the house (issue 39.5), as the repository's ESLint config applies it:
 * no import cycle in the contract package nor on the web (between files, and between the shared
 * folders lib/, components/, api/, and each feature's folders), and the web's lib/ below components/. Each planted file is
 * linted at a real path, so the graph read from the other files closes the loop.
 */
describe('contract and web lint', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The messages of `rules` ESLint gives for this code at this path (relative to the repository). */
  async function problems(file: string, code: string, rules: string[]): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
  }
  const cycles = (file: string, code: string) => problems(file, code, ['cycles/no-cycle']);

  it('refuses a cycle planted in the contract', async () => {
    // invoice-rules.ts uses money-rules.ts's invoice types: money-rules may not use invoice-rules back.
    expect(
      await cycles(
        'packages/contract/src/money-rules.ts',
        `import { INVOICE_AUDIT_ACTION_LABELS } from './invoice-rules.ts';\nexport const labels = INVOICE_AUDIT_ACTION_LABELS;`,
      ),
    ).toEqual([expect.stringContaining('money-rules.ts → invoice-rules.ts → money-rules.ts')]);
    // A type-only import closes a loop too.
    expect(
      await cycles(
        'packages/contract/src/money-rules.ts',
        `import type { TInvoiceStatus } from './invoice-rules.ts';\nexport type T = TInvoiceStatus;`,
      ),
    ).toHaveLength(1);
    expect(
      await cycles(
        'packages/contract/src/audit-labels.ts',
        `import { TASK_AUDIT_ACTION_LABELS } from './task-rules.ts';\nexport const labels = TASK_AUDIT_ACTION_LABELS;`,
      ),
    ).toEqual([]);
  });

  it("refuses a cycle planted in the web's lib/, however long", async () => {
    expect(
      await cycles(
        'apps/web/src/lib/token.ts',
        `import { useAppStore } from './app-store.ts';\nexport { useAppStore };`,
      ),
    ).toEqual([expect.stringContaining('lib/token.ts → lib/app-store.ts → lib/token.ts')]);
    // token.ts <- request.ts <- download-blob.ts
    expect(
      await cycles(
        'apps/web/src/lib/token.ts',
        `import { downloadBlob } from './download-blob.ts';\nexport { downloadBlob };`,
      ),
    ).toEqual([expect.stringContaining('lib/token.ts → lib/download-blob.ts → lib/request.ts → lib/token.ts')]);
    expect(
      await cycles('apps/web/src/lib/planted.ts', `import { getToken } from './token.ts';\nexport { getToken };`),
    ).toEqual([]);
  });

  it('refuses a cycle between the shared folders', async () => {
    // components/chat uses components/: components/ may not use components/chat back.
    expect(
      await cycles(
        'apps/web/src/components/planted.tsx',
        `import { ChatImage } from './chat/chat-image.tsx';\nexport { ChatImage };`,
      ),
    ).toEqual([expect.stringContaining('目录之间不能循环引用：components → components/chat → components')]);
  });

  it("refuses a cycle between a feature's folders", async () => {
    // features/workers/components uses features/workers/api: api/ may not use components/ back.
    expect(
      await cycles(
        'apps/web/src/features/workers/api/planted.ts',
        `import { LeaveModal } from '../components/leave-modal.tsx';\nexport { LeaveModal };`,
      ),
    ).toEqual([
      expect.stringContaining(
        '目录之间不能循环引用：features/workers/api → features/workers/components → features/workers/api',
      ),
    ]);
  });

  it("keeps the web's lib/ below components/ and the other shared folders", async () => {
    const layer = (file: string, code: string) => problems(file, code, ['local/feature-boundaries']);
    expect(
      await layer(
        'apps/web/src/lib/planted.ts',
        `import { Permission } from '../components/permission.tsx';\nexport { Permission };`,
      ),
    ).toEqual([expect.stringContaining('lib/ 在 components/ 之下')]);
    expect(await layer('apps/web/src/lib/planted.ts', `export * from '../api/get-balances.ts';`)).toEqual([
      expect.stringContaining('lib/ 在 api/ 之下'),
    ]);
    expect(
      await layer(
        'apps/web/src/components/planted.tsx',
        `import { getToken } from '../lib/token.ts';\nexport { getToken };`,
      ),
    ).toEqual([]);
  });

  // The shared folders only (the features' TSX is slow to lint on two shared cores); `npm run lint`
  // applies the same rules to every file.
  it("the contract and the web's shared folders as they are have no cycle", async () => {
    const results = await eslint.lintFiles(
      ['packages/contract/src', 'apps/web/src/lib', 'apps/web/src/components', 'apps/web/src/api'].map((d) =>
        join(root, d),
      ),
    );
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'cycles/no-cycle' || m.ruleId === 'local/feature-boundaries')
        .map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(found).toEqual([]);
  }, 240_000);
});
