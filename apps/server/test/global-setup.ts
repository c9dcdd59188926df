import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { adminUrl, databaseUrlFor } from './pg-urls.ts';
import { createFieldCipher } from '../src/lib/crypto.ts';
import { TEST_ENCRYPTION_KEY } from './keys.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a gzipped PGlite data dir, migrated and seeded: each test file clones it. */
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

  const dir = fileURLToPath(new URL('../../../.tmp', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar.gz`);
  const database = await openPglite();
  await database.migrate();
  await seedDemoData(database.db, createFieldCipher(TEST_ENCRYPTION_KEY));
  const dump = await database.client.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => {
    const { rmSync } = await import('node:fs');
    rmSync(file, { force: true });
  };
}
