/**
 * `docs/foreign-keys.md` cannot drift (issue 39.4): its table of keys is what the generator
 * writes from the migrated schema, and every key has its reason in `db/foreign-key-reasons.ts`.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { FOREIGN_KEY_REASONS } from '../../src/db/foreign-key-reasons.ts';
import {
  REGENERATE_COMMAND,
  readForeignKeys,
  renderForeignKeysDoc,
  type TForeignKey,
} from '../../src/db/foreign-keys-doc.ts';
import { createTestDatabase } from '../helpers.ts';

const docPath = fileURLToPath(new URL('../../../../docs/foreign-keys.md', import.meta.url));
let database: Database;
let keys: TForeignKey[];

beforeAll(async () => {
  database = await createTestDatabase();
  keys = await readForeignKeys(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('docs/foreign-keys.md', () => {
  it('gives every foreign key a reason, and no reason outlives its key', () => {
    expect(keys.length).toBeGreaterThan(100);
    const missing = keys.filter((k) => !FOREIGN_KEY_REASONS[k.name]?.trim()).map((k) => k.name);
    const stale = Object.keys(FOREIGN_KEY_REASONS).filter((name) => !keys.some((k) => k.name === name));
    expect(missing, `add the reason of each key to apps/server/src/db/foreign-key-reasons.ts`).toEqual([]);
    expect(stale, `remove these keys' reasons from apps/server/src/db/foreign-key-reasons.ts`).toEqual([]);
  });

  it('is what the generator writes from the migrated schema', async () => {
    const doc = readFileSync(docPath, 'utf8');
    const fresh = await renderForeignKeysDoc(database.db, doc, docPath, FOREIGN_KEY_REASONS);
    expect(doc === fresh, `docs/foreign-keys.md is stale: run \`${REGENERATE_COMMAND}\``).toBe(true);
  });
});
