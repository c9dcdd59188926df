import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { adminUrl, databaseUrlFor } from './pg-urls.ts';
import { createFieldCipher } from '../src/lib/crypto.ts';
import { TEST_ENCRYPTION_KEY } from './keys.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data dir, migrated, seeded and closed: each test file starts from a copy of it. */
    pgliteTemplate: string;
    /** PostgreSQL: name of the migrated and seeded template database of this run. */
    pgTemplate: string;
  }
}

/**
 * Prepares one migrated, seeded database per run, so that each test file starts from a clone
 * instead of migrating and hashing demo passwords again.
 */
export default async function setup(project: TestProject) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const runId = `${Date.now().toString(36)}_${process.pid}`;
    const template = `fp_tpl_${runId}`;
    const admin = openPostgres(adminUrl(testDatabaseUrl), 1);
    await admin.pool.query(`create database ${template}`);
    const tpl = openPostgres(databaseUrlFor(testDatabaseUrl, template), 2);
    await tpl.migrate();
    await seedDemoData(tpl.db, createFieldCipher(TEST_ENCRYPTION_KEY));
    // Statistics of the seeded rows, copied into every clone (autovacuum is off on these machines).
    await tpl.pool.query('analyze');
    await tpl.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Drop the template and every database cloned from it in this run.
      const { rows } = await admin.pool.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`fp_%${runId}%`],
      );
      for (const { datname } of rows) await admin.pool.query(`drop database if exists ${datname} with (force)`);
      await admin.close();
    };
  }

  // In memory where the machine has a tmpfs: a copy of the folder is a few tens of milliseconds,
  // and PGlite then starts on it like a server on its data dir (about 0.8 s), where unpacking a
  // dumped data dir into PGlite's in-memory file system took about 1.5 s per test file.
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fp-pglite-template-'));
  const database = await openPglite({ dataDir: dir });
  await database.migrate();
  await seedDemoData(database.db, createFieldCipher(TEST_ENCRYPTION_KEY));
  await database.client.exec('ANALYZE; CHECKPOINT');
  await database.close();
  project.provide('pgliteTemplate', dir);
  project.provide('pgTemplate', '');
  return async () => {
    // The template and any copy a crashed worker left behind (helpers.ts names them after it).
    const parent = dirname(dir);
    for (const name of readdirSync(parent)) {
      if (name.startsWith(basename(dir))) rmSync(join(parent, name), { recursive: true, force: true });
    }
  };
}
