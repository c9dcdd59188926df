import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { createFieldCipher } from '../lib/crypto.ts';
import { rebuildPageAnchors } from '../modules/worker/large-list/page.ts';
import { openDatabase, queryRows } from '../db/client.ts';
import { asPlatform } from '../db/scope.ts';
import { analyzeTable } from '../db/statistics.ts';
import { configuredFileStore } from '../db/file-store.ts';
import { seedDemoData } from './demo.ts';
import { writeDemoFiles } from './demo-files.ts';
import { createRng, generateWorker, insertGeneratedWorkers } from './workers.ts';

/**
 * `npm run seed`: migrate, then seed the demo data when the database is empty.
 * `npm run seed -- --workers N`: also add N generated workers to 星河科技 (for benchmarks),
 * inserted set-based in batches of 10,000.
 */
const { values } = parseArgs({ options: { workers: { type: 'string' } } });
const extra = values.workers ? Number(values.workers) : 0;
if (!Number.isInteger(extra) || extra < 0) {
  console.error('--workers 必须是非负整数');
  process.exit(2);
}

const config = loadConfig();
const cipher = createFieldCipher(config.encryptionKey);
const database = await openDatabase(config);
// The seed writes every company's rows: the app's database in the platform's scope (the owner's
// would see no tenant row where it is not a superuser: the policies are forced).
const db = database.appDb;
try {
  await database.migrate();
  await asPlatform('seed the demo data', () => seed());
} finally {
  await database.close();
}

async function seed() {
  const seeded = await seedDemoData(db, cipher);
  console.log(seeded ? '演示数据已写入。' : '数据库已有数据，未写入演示数据。');
  await writeDemoFiles(db, configuredFileStore(config, db));
  if (extra > 0) {
    const [target] = await queryRows<{ id: number; n: number }>(
      db,
      sql`select c.id, (select count(*)::int from worker w where w.company_id = c.id) as n
          from company c where c.name = '星河科技有限公司'`,
    );
    if (!target) throw new Error('找不到星河科技有限公司：请先写入演示数据');
    const ids = await queryRows<{ job: number | null; dept: number | null }>(
      db,
      sql`select (select array_agg(id) from job_type where company_id = ${target.id}) as job,
                 (select array_agg(id) from department where company_id = ${target.id}) as dept`,
    );
    const jobTypeIds = ((ids[0]?.job ?? []) as unknown as (number | string)[]).map(Number);
    const departmentIds = ((ids[0]?.dept ?? []) as unknown as (number | string)[]).map(Number);
    const rng = createRng(extra);
    // Serials continue after the company's current count, so numbers never collide across runs.
    let serial = 100_000 + Number(target.n);
    const started = Date.now();
    for (let done = 0; done < extra;) {
      const size = Math.min(10_000, extra - done);
      const batch = Array.from({ length: size }, () => generateWorker(rng, serial++, jobTypeIds, departmentIds));
      await db.transaction((tx) => insertGeneratedWorkers(tx, cipher, Number(target.id), batch));
      done += size;
      // Fresh statistics early and now and then: foreign-key checks plan their lookups from
      // them, and a plan made while the table was nearly empty scans it for every new row.
      if (done === size || done % 200_000 === 0) await analyzeTable(db, 'worker');
      // On a terminal one line that counts up; in a log, a line every 100,000 and at the end.
      if (process.stdout.isTTY) process.stdout.write(`\r已写入 ${done} / ${extra} 名员工`);
      else if (done % 100_000 === 0 || done === extra) console.log(`已写入 ${done} / ${extra} 名员工`);
    }
    await analyzeTable(db, 'worker');
    // Deep pages of the list seek from page anchors; build them now rather than on first use.
    await rebuildPageAnchors(db, Number(target.id));
    console.log(`${process.stdout.isTTY ? '\n' : ''}完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒。`);
  }
}
