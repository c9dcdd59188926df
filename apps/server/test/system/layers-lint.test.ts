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
        'modules/worker/planted.ts',
        `import { listColumns } from './large-list/filters.ts';\nexport { listColumns };`,
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

  it('core/ and plugins/ import no module, and core no plugin', async () => {
    expect(
      await layerProblems('core/planted.ts', `import type { AdminRow } from '../modules/auth/service.ts';`),
    ).toEqual([expect.stringContaining('core/ 在 modules/ 之下')]);
    expect(await layerProblems('plugins/planted.ts', `import { login } from '../modules/auth/service.ts';`)).toEqual([
      expect.stringContaining('plugins/ 在 modules/ 之下'),
    ]);
    expect(await layerProblems('core/planted.ts', `import { route } from '../plugins/route.ts';`)).toEqual([
      expect.stringContaining('core/ 在 plugins/ 之下'),
    ]);
    expect(await layerProblems('db/planted.ts', `import type { AuthContext } from '../core/auth.ts';`)).toHaveLength(1);
    expect(
      await layerProblems(
        'plugins/planted.ts',
        `import type { AuthContext } from '../core/auth.ts';\nimport { AppError } from '../lib/errors.ts';\nexport type { AuthContext };\nexport { AppError };`,
      ),
    ).toEqual([]);
  });

  it('a routes file, and an area plugin, reach no repo (their own included)', async () => {
    expect(await layerProblems('modules/role/routes.ts', `import { findRolePage } from './repo.ts';`)).toEqual([
      expect.stringContaining('路由文件只调用 service'),
    ]);
    expect(
      await layerProblems('modules/payroll/payouts/routes.ts', `import { findPayout } from './repo.ts';`),
    ).toHaveLength(1);
    expect(
      await layerProblems('modules/payroll/index.ts', `import { findBatch } from './batches/repo.ts';`),
    ).toHaveLength(1);
    expect(
      await layerProblems(
        'modules/role/service.ts',
        `import { findRolePage } from './repo.ts';\nexport { findRolePage };`,
      ),
    ).toEqual([]);
  });

  it('no two folders import each other, however long the loop', async () => {
    // auth's service uses verification's: verification may not use auth's back.
    expect(
      await layerProblems('modules/verification/planted.ts', `import { login } from '../auth/service.ts';`),
    ).toEqual([expect.stringContaining('modules/verification → modules/auth → modules/verification')]);
    // payroll's sub-areas: payouts use batches, so batches may not use payouts.
    expect(
      await layerProblems('modules/payroll/batches/planted.ts', `import { payBatch } from '../payouts/service.ts';`),
    ).toEqual([expect.stringContaining('目录之间不能互相引用')]);
    // A longer loop: payroll/batches -> admin -> auth -> verification, so verification may not use batches.
    expect(
      await layerProblems(
        'modules/verification/planted.ts',
        `import { getBatch } from '../payroll/batches/service.ts';`,
      ),
    ).toEqual([
      expect.stringContaining(
        'modules/verification → modules/payroll/batches → modules/admin → modules/auth → modules/verification',
      ),
    ]);
    // Nothing of worker's reaches auth: auth may use it.
    expect(
      await layerProblems('modules/auth/planted.ts', `import { findPayees } from '../worker/service.ts';`),
    ).toEqual([]);
    // An area's index.ts composes its sub-folders: it is no part of a loop.
    expect(
      await layerProblems('modules/payroll/index.ts', `import { payoutRoutes } from './payouts/routes.ts';`),
    ).toEqual([]);
  });

  it('seed/ sits above the modules, and of the top files only server.ts uses it', async () => {
    expect(
      await layerProblems('modules/worker/planted.ts', `import { seedDemoData } from '../../seed/demo.ts';`),
    ).toEqual([expect.stringContaining('modules/ 在 seed/ 之下')]);
    expect(await layerProblems('plugins/planted.ts', `import { DEMO_OPERATOR } from '../seed/money.ts';`)).toHaveLength(
      1,
    );
    expect(await layerProblems('app.ts', `import { seedDemoData } from './seed/demo.ts';`)).toEqual([
      expect.stringContaining('只有 server.ts 写入演示数据'),
    ]);
    expect(
      await layerProblems('server.ts', `import { seedDemoData } from './seed/demo.ts';\nexport { seedDemoData };`),
    ).toEqual([]);
    expect(
      await layerProblems(
        'seed/planted.ts',
        `import { createWorker } from '../modules/worker/service.ts';\nexport { createWorker };`,
      ),
    ).toEqual([]);
  });

  it('sets the database role and company only in db/ (row-level security, ADR 0025)', async () => {
    const restricted = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/server/src', file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const bypasses = [
      'export const q = sql`set role flexpay_platform`;',
      "export const q = 'SET LOCAL ROLE flexpay_app';",
      "export const q = sql`select set_config('app.company_id', ${'1'}, true)`;",
      'export const off = "set row_security = off";',
      "export { ScopedPool } from '../../db/scoped-connection.ts';",
    ];
    for (const code of bypasses) {
      expect(
        await restricted('modules/worker/planted.ts', `import { sql } from 'drizzle-orm';\n${code}`),
        code,
      ).toHaveLength(1);
    }
    expect(
      await restricted(
        'modules/worker/planted.ts',
        `import { asPlatform } from '../../db/scope.ts';\nexport { asPlatform };`,
      ),
    ).toEqual([]);
    // The adapter itself may.
    expect(await restricted('db/planted.ts', "export const q = 'set role flexpay_app';")).toEqual([]);
  });

  it('the server as it is has no folder loop and breaks no layer', async () => {
    const results = await eslint.lintFiles([join(root, 'apps/server/src')]);
    const problems = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'server/layers').map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(problems).toEqual([]);
  });
});
