/**
 * One name per concept (issue 39.6): the product's concepts carry the same name in the server's
 * areas, the contract's files, the web's features and the server's test folders, as
 * ARCHITECTURE.md's "Names" table says; the synonyms they had are refused as folder names.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const at = (path: string) => `${root}${path}`;

/** A concept's name in each place that has it (server area or sub-area, contract file, web feature, tests). */
const CONCEPTS: { concept: string; server: string; contract: string; web: string; tests: string }[] = [
  { concept: '首页', server: 'home', contract: 'home.ts', web: 'home', tests: 'home' },
  {
    concept: '组织架构',
    server: 'worker/organization',
    contract: 'organization.ts',
    web: 'organization',
    tests: 'organization',
  },
  {
    concept: '合同管理',
    server: 'company-contract',
    contract: 'company-contract.ts',
    web: 'company-contracts',
    tests: 'company-contract',
  },
  { concept: '薪酬发放', server: 'payroll', contract: 'payroll.ts', web: 'payroll', tests: 'payroll' },
  { concept: '任务管理', server: 'task', contract: 'task.ts', web: 'tasks', tests: 'task' },
  { concept: '发票中心', server: 'invoice', contract: 'invoice.ts', web: 'invoices', tests: 'invoice' },
  { concept: '内容管理', server: 'content', contract: 'content.ts', web: 'content', tests: 'content' },
  { concept: '在线客服', server: 'chat', contract: 'chat.ts', web: 'chat', tests: 'chat' },
];

/** Names a concept had besides its own, and must not have again as a folder anywhere. */
const SYNONYMS = ['dashboard', 'departments', 'contract', 'contracts'];

const folders = (path: string) =>
  existsSync(at(path))
    ? readdirSync(at(path), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

describe('one name per concept', () => {
  it.each(CONCEPTS)('$concept has its one name in the server, the contract, the web and the tests', (c) => {
    expect(existsSync(at(`apps/server/src/modules/${c.server}`)), c.server).toBe(true);
    expect(existsSync(at(`packages/contract/src/${c.contract}`)), c.contract).toBe(true);
    expect(existsSync(at(`apps/web/src/features/${c.web}`)), c.web).toBe(true);
    expect(existsSync(at(`apps/server/test/${c.tests}`)), c.tests).toBe(true);
  });

  it('no area, sub-area, feature or test folder is named by a synonym', () => {
    const places = [
      'apps/server/src/modules',
      ...folders('apps/server/src/modules').map((a) => `apps/server/src/modules/${a}`),
      'apps/web/src/features',
      'apps/server/test',
    ];
    const found = places.flatMap((p) =>
      folders(p)
        .filter((f) => SYNONYMS.includes(f))
        .map((f) => `${p}/${f}`),
    );
    expect(found).toEqual([]);
  });
});
