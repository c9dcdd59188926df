/**
 * `npm run docs:generate`: migrates a fresh in-memory database and rewrites the table of keys of
 * `docs/foreign-keys.md` from it (`db/foreign-keys-doc.ts`), each with its reason from
 * `db/foreign-key-reasons.ts`. Prints the keys that have no reason yet; exit 1 if any.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite } from './db/client.ts';
import { FOREIGN_KEY_REASONS } from './db/foreign-key-reasons.ts';
import { readForeignKeys, renderForeignKeysDoc } from './db/foreign-keys-doc.ts';

const docPath = fileURLToPath(new URL('../../../docs/foreign-keys.md', import.meta.url));
const database = await openPglite();
try {
  await database.migrate();
  const doc = await renderForeignKeysDoc(database.db, readFileSync(docPath, 'utf8'), docPath, FOREIGN_KEY_REASONS);
  writeFileSync(docPath, doc);
  const keys = await readForeignKeys(database.db);
  const missing = keys.filter((k) => !FOREIGN_KEY_REASONS[k.name]).map((k) => k.name);
  const unknown = Object.keys(FOREIGN_KEY_REASONS).filter((name) => !keys.some((k) => k.name === name));
  console.log(`docs/foreign-keys.md: ${keys.length} foreign keys written`);
  if (missing.length)
    console.error(`没有写明原因的外键（请在 db/foreign-key-reasons.ts 补上）：\n  ${missing.join('\n  ')}`);
  if (unknown.length) console.error(`db/foreign-key-reasons.ts 里已不存在的外键：\n  ${unknown.join('\n  ')}`);
  process.exitCode = missing.length || unknown.length ? 1 : 0;
} finally {
  await database.close();
}
