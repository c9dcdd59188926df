import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, migrationStatus, openPglite, queryRows } from '../../src/db/client.ts';
import { isEmpty, seedDemoData } from '../../src/seed/demo.ts';
import { isValidCreditCode } from '../../src/lib/credit-code.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';
import { createTestDatabase } from '../helpers.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'fp-db-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('refuses a second open of the same directory in this process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('makes a second server process on the same data dir exit non-zero, naming the lock', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.status).not.toBe(0);
      expect(child.stderr).toContain(join(dir, 'server.lock'));
    } finally {
      release();
    }
  });
});

describe('migrations and seed', () => {
  it('migrates an empty PGlite and seeds it exactly once', async () => {
    const database = await openPglite();
    try {
      expect(await migrationStatus(database.db)).toMatchObject({ applied: 0 });
      await database.migrate();
      const status = await migrationStatus(database.db);
      expect(status.applied).toBe(status.expected);
      expect(await isEmpty(database.db)).toBe(true);
      expect(await seedDemoData(database.db, createFieldCipher(TEST_ENCRYPTION_KEY))).toBe(true);
      expect(await seedDemoData(database.db, createFieldCipher(TEST_ENCRYPTION_KEY))).toBe(false);
      const [companies] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from company`);
      expect(companies?.n).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('seeds the demo companies, the linked owner admins, the finance and the HR admin', async () => {
    const database = await createTestDatabase();
    try {
      const rows = await queryRows<{
        username: string;
        company: string;
        is_owner: boolean;
        link_group: string;
        credit_code: string;
      }>(
        database.db,
        sql`select a.username, c.name as company, a.is_owner, a.link_group, c.credit_code
            from admin a join company c on c.id = a.company_id order by a.username`,
      );
      expect(rows.map((r) => [r.username, r.company, r.is_owner])).toEqual([
        ['demo', '星河科技有限公司', true],
        ['demo_yf', '云帆物流有限公司', true],
        ['finance', '星河科技有限公司', false],
        ['hr', '星河科技有限公司', false],
      ]);
      const [demo, demoYf, finance] = rows;
      expect(demo?.link_group).toBe(demoYf?.link_group);
      expect(finance?.link_group).not.toBe(demo?.link_group);
      for (const r of rows) expect(isValidCreditCode(r.credit_code)).toBe(true);
      expect(await seedDemoData(database.db, createFieldCipher(TEST_ENCRYPTION_KEY))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
