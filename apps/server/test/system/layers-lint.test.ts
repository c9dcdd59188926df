import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layering rules (ARCHITECTURE.md, "Layers"), as the repository's ESLint config
 * applies them: a planted file breaking each rule is reported, and the allowed imports next to
 * it are not.
 */
describe('server layering lint', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The layering messages ESLint gives for this code at this path (relative to the server's src). */
  async function layerProblems(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/server/src', file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'server/layers').map((m) => m.message);
  }

  it('lib/ imports neither db/ nor modules/', async () => {
    expect(await layerProblems('lib/planted.ts', `import type { DbOrTx } from '../db/client.ts';`)).toEqual([
      expect.stringContaining('lib/ 只放纯工具函数，不能引用 db/'),
    ]);
    expect(await layerProblems('lib/planted.ts', `export { listAdmins } from '../modules/admin/service.ts';`)).toEqual([
      expect.stringContaining('不能引用 modules/'),
    ]);
    expect(await layerProblems('lib/planted.ts', `import { hmac } from './crypto.ts';\nexport { hmac };`)).toEqual([]);
  });

  it('db/ never imports modules/, at any depth', async () => {
    expect(
      await layerProblems('db/planted.ts', `import { findWorkerPage } from '../modules/worker/large-list/page.ts';`),
    ).toEqual([expect.stringContaining('db/ 不能引用 modules/')]);
    expect(await layerProblems('db/schema/planted.ts', `export * from '../../modules/worker/rules.ts';`)).toHaveLength(
      1,
    );
    expect(
      await layerProblems('db/planted.ts', `import { escapeLike } from './like.ts';\nexport { escapeLike };`),
    ).toEqual([]);
  });

  it("a module never imports another module's repo, however it reaches it", async () => {
    const repoImports = [
      `import { findRolePage } from '../role/repo.ts';`,
      `import type { RoleRow } from '../role/repo.ts';`,
      `export * from '../role/repo.ts';`,
      `export const load = () => import('../role/repo.ts');`,
    ];
    for (const code of repoImports) {
      expect(await layerProblems('modules/admin/planted.ts', code), code).toEqual([
        expect.stringContaining('模块 "admin" 不能直接引用模块 "role" 的 repo'),
      ]);
    }
    // From a subfolder, another module's repo is still another module's.
    expect(await layerProblems('modules/worker/large-list/planted.ts', `import '../../role/repo.ts';`)).toHaveLength(1);
  });

  it("a module may use its own repo and another module's service", async () => {
    expect(
      await layerProblems(
        'modules/worker/large-list/planted.ts',
        `import { listColumns } from '../repo.ts';\nexport { listColumns };`,
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'modules/admin/planted.ts',
        `import { listRoles } from '../role/service.ts';\nexport { listRoles };`,
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'modules/admin/planted.ts',
        `import { admin } from '../../db/schema/index.ts';\nexport { admin };`,
      ),
    ).toEqual([]);
  });
});
