/**
 * Payroll batch benchmark (issue 17), through the real HTTP API of an in-process server:
 *   - a 100,000-item batch for 100,000 existing workers: upload of the sheet, its validation and
 *     commit into the batch (the import centre), then the check (核对) of every item; total time
 *     and peak RSS, next to the floor: the same file read with the streaming reader alone, its rows
 *     inserted set-based straight through the driver and matched to their workers in one UPDATE;
 *   - the items list of that batch: p95 of pages (first, deep, 异常 filter) at 10 concurrent
 *     clients, next to the same SQL run straight through the driver.
 *
 *   DATABASE_URL=postgres://... npm run bench:payroll -- [--rows 100000] [--fresh [--workers 100000]]
 * --fresh: first the same run on a new database seeded with that many workers (ADR 0016).
 * Needs a company with at least that many workers (npm run seed -- --workers 1000000).
 * Targets (PostgreSQL): upload, parse and check ≤ 15 s and ≤ 400 MB; items list p95 ≤ 50 ms.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API, apiPath } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows, type Db } from '../apps/server/src/db/client.ts';
import { chinaDateOf } from '../apps/server/src/lib/china-time.ts';
import { createFieldCipher, type FieldCipher } from '../apps/server/src/lib/crypto.ts';
import { createXlsxWriter, readSheetRows } from '../apps/server/src/lib/spreadsheet.ts';
import { fmt, load, runOnFreshDatabase, withPeakRss } from './lib.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    generate: { type: 'string' },
    concurrency: { type: 'string' },
    seconds: { type: 'string' },
    fresh: { type: 'boolean' },
    'as-fresh': { type: 'boolean' },
    workers: { type: 'string' },
  },
});
const rowCount = Number(values.rows ?? 100_000);
const asFresh = values['as-fresh'] === true;
if (values.fresh && !asFresh && !values.generate) {
  // First a run on a new database (seeded by the seed CLI), then this run on DATABASE_URL's.
  const args = ['--rows', String(rowCount)];
  if (values.concurrency) args.push('--concurrency', values.concurrency);
  if (values.seconds) args.push('--seconds', values.seconds);
  const code = await runOnFreshDatabase('bench/payroll.ts', Number(values.workers ?? rowCount), args);
  if (code !== 0) process.exitCode = code;
  console.log('\n已有数据的数据库（DATABASE_URL）上的运行：');
}
const COMPANY = '星河科技有限公司';
const TITLE = '基准测试批次';

if (values.generate) {
  await generateSheet(values.generate, rowCount);
  process.exit(0);
}

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined };
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const work = mkdtempSync(join(tmpdir(), 'fp-bench-payroll-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TARGET_SCOPE = database.kind === 'pglite' ? '（目标针对 PostgreSQL，PGlite 仅报告）' : '';

const removeBenchBatches = () =>
  database.db.execute(sql`delete from payroll_batch where title = ${TITLE} or title = ${`${TITLE}（底线）`}`);

try {
  await removeBenchBatches();
  const login = await fetch(`${base}${API.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data?: string }).data;
  if (!token) throw new Error('演示账号 demo 无法登录：请先写入演示数据（npm run seed，与基准使用同一数据库）');
  const auth = { authorization: token };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as { status: number; message?: string; data: T };
    if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.message ?? ''}`);
    return envelope.data;
  };
  const [company] = await queryRows<{ id: string; service: string }>(
    database.db,
    sql`select c.id, (select l.service_company_id from company_service_company l
                       where l.company_id = c.id and l.fee_bearer = 'company' limit 1) as service
          from company c where c.name = ${COMPANY}`,
  );
  if (!company) throw new Error(`没有 ${COMPANY}`);
  console.log(`\n薪酬发放基准 — ${database.kind}，${asFresh ? '新建的数据库' : '已有数据的数据库'}\n`);

  // The sheet, written by a child process (it decrypts the workers' ID numbers) so that its
  // generation weighs nothing on the figures.
  // On PGlite only this process may open the data directory: the sheet is written here, before
  // the measured part starts.
  const file = join(work, `payroll-${rowCount}.xlsx`);
  if (database.kind === 'pglite')
    await writeSheet(database.db, createFieldCipher(config.encryptionKey), file, rowCount);
  else
    execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--generate', file, '--rows', String(rowCount)],
      { stdio: 'inherit' },
    );
  console.log(`发放表：${rowCount.toLocaleString()} 行，${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
  const period = chinaDateOf(new Date()).slice(0, 7);

  const rssBefore = process.memoryUsage().rss / 1024 / 1024;
  const run = await withPeakRss(async () => {
    const batch = await api<{ id: number }>('POST', API.payroll.create, {
      title: TITLE,
      period,
      serviceCompanyId: Number(company.service),
      channel: 'bank',
      source: 'sheet',
    });
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), 'payroll.xlsx');
    const res = await fetch(`${base}${API.payroll.import.upload}?subjectId=${batch.id}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const job = ((await res.json()) as { data: { id: string } }).data;
    const waitFor = async (state: string) => {
      for (;;) {
        const j = await api<{ status: string; errorRows: number; message: string; errors: unknown[] }>(
          'GET',
          apiPath(API.payroll.import.one, { id: job.id }),
        );
        if (j.status === state) return j;
        if (j.status === 'failed') throw new Error(`import failed: ${j.message}`);
        await sleep(100);
      }
    };
    const validated = await waitFor('validated');
    if (validated.errorRows)
      throw new Error(`${validated.errorRows} rows refused: ${JSON.stringify(validated.errors)}`);
    const tValidated = performance.now();
    await api('POST', apiPath(API.payroll.import.commit, { id: job.id }));
    await waitFor('committed');
    const tCommitted = performance.now();
    const checked = await api<{ itemCount: number; okCount: number; failedCount: number }>(
      'POST',
      apiPath(API.payroll.check, { id: batch.id }),
    );
    const tChecked = performance.now();
    return {
      batchId: batch.id,
      checked,
      validate: (tValidated - t0) / 1000,
      commit: (tCommitted - tValidated) / 1000,
      check: (tChecked - tCommitted) / 1000,
    };
  });

  // The floor: read the same file, insert its rows straight through the driver (hashing each ID
  // number as the import must), then match every item to its worker in one UPDATE. No checks,
  // staging, jobs, accounts, limits or fees.
  const cipher = createFieldCipher(config.encryptionKey);
  const floor = await withPeakRss(async () => {
    const [batch] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, created_by)
          select ${company.id}, ${`${TITLE}（底线）`}, ${period}, ${company.service}, 'bank', 'sheet',
                 (select id from admin where username = 'demo') returning id`,
    );
    let n = 0;
    let rows: [string, string, number][] = [];
    const insert = async () => {
      await database.db.execute(sql`insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash,
            id_number_masked, amount_fen)
          select ${company.id}, ${batch?.id}, t.row_no, t.name, t.hash, '110105********1234', t.amount
          from unnest(${sql.param(rows.map((_, i) => n - rows.length + i))}::int[], ${sql.param(rows.map((r) => r[0]))}::text[],
                      ${sql.param(rows.map((r) => r[1]))}::text[], ${sql.param(rows.map((r) => r[2]))}::bigint[])
            as t(row_no, name, hash, amount)`);
      rows = [];
    };
    let header = true;
    for await (const { values: cells } of readSheetRows(createReadStream(file), 'xlsx')) {
      if (header) {
        header = false;
        continue;
      }
      n++;
      rows.push([String(cells[0]), cipher.hash(String(cells[1])), Math.round(Number(cells[2]) * 100)]);
      if (rows.length === 1_500) await insert();
    }
    if (rows.length) await insert();
    await database.db.execute(sql`update payroll_item i set worker_id = w.id,
          check_result = case when w.name = i.name and w.status = 'active' then 'ok' else 'failed' end
        from worker w
        where w.company_id = i.company_id and w.id_number_hash = i.id_number_hash and i.batch_id = ${batch?.id}`);
    return n;
  });

  console.log(
    `\n上传+解析+导入+核对  ${run.seconds.toFixed(1)} s  峰值内存 ${run.peakRssMb.toFixed(0)} MB（开始前 ${rssBefore.toFixed(0)} MB）`,
  );
  console.log(
    `  其中校验 ${run.result.validate.toFixed(1)} s，写入 ${run.result.commit.toFixed(1)} s，核对 ${run.result.check.toFixed(1)} s；` +
      `${run.result.checked.itemCount.toLocaleString()} 条，正常 ${run.result.checked.okCount.toLocaleString()}，异常 ${run.result.checked.failedCount.toLocaleString()}`,
  );
  console.log(
    `  底线（只读文件+直接批量插入+一次匹配员工） ${floor.seconds.toFixed(1)} s  峰值内存 ${floor.peakRssMb.toFixed(0)} MB`,
  );
  const verdict = run.seconds <= 15 && run.peakRssMb <= 400 ? '达标' : '未达标';
  console.log(
    `  目标（100,000 条）≤ 15 s、≤ 400 MB${TARGET_SCOPE}：${rowCount === 100_000 ? verdict : '行数不同，不作判断'}`,
  );

  // The items list of that batch.
  const concurrency = Number(values.concurrency ?? 10);
  const seconds = Number(values.seconds ?? 5);
  const batchId = run.result.batchId;
  const scenarios: { name: string; query: Record<string, string | number> }[] = [
    { name: '第 1 页', query: { page: 1, limit: 20 } },
    { name: '第 2500 页', query: { page: 2500, limit: 20 } },
    { name: '异常 第 1 页', query: { page: 1, limit: 20, result: 'failed' } },
    { name: '姓名筛选', query: { page: 1, limit: 20, name: '批' } },
  ];
  console.log(`\n明细列表（${concurrency} 并发，每项 ${seconds} s）       API p95   直接SQL p95   API 吞吐`);
  let worst = 0;
  for (const s of scenarios) {
    const qs = new URLSearchParams(Object.entries({ batchId, ...s.query }).map(([k, v]) => [k, String(v)]));
    const url = `${base}${API.payroll.items}?${qs}`;
    const viaApi = await load(
      async () => {
        const res = await fetch(url, { headers: { ...auth, 'accept-encoding': 'gzip' } });
        const body = (await res.json()) as { status: number };
        if (body.status !== 200) throw new Error(`items: ${body.status}`);
      },
      concurrency,
      seconds,
    );
    // The same statements the list runs: an unfiltered page seeks to its first 序号.
    const offset = (Number(s.query.page) - 1) * 20;
    const seek = !s.query.result && !s.query.name;
    const raw = await load(
      async () => {
        await queryRows(
          database.db,
          sql`select * from payroll_item where company_id = ${company.id} and batch_id = ${batchId}
              ${s.query.result ? sql`and check_result = ${s.query.result}` : sql``}
              ${s.query.name ? sql`and name like ${`${s.query.name}%`}` : sql``}
              ${seek ? sql`and row_no > ${offset}` : sql``}
              order by row_no, id limit 20 ${seek ? sql`` : sql`offset ${offset}`}`,
        );
      },
      concurrency,
      seconds,
    );
    worst = Math.max(worst, viaApi.p95);
    console.log(`  ${s.name.padEnd(12)}${fmt(viaApi.p95)} ms${fmt(raw.p95)} ms${fmt(viaApi.throughput, 0)} 次/s`);
  }
  console.log(`  目标 p95 ≤ 50 ms${TARGET_SCOPE}：${worst <= 50 ? '达标' : '未达标'}（最慢 ${worst.toFixed(1)} ms）`);
} finally {
  await removeBenchBatches().catch(() => {});
  await app.close();
  await database.close();
  rmSync(work, { recursive: true, force: true });
}

/**
 * `--generate <file>`: the sheet of the company's first `rows` workers (in a fixed order), with
 * their real names and ID numbers, decrypted here, and amounts from ¥100 up.
 */
async function generateSheet(file: string, rows: number) {
  const cfg = loadConfig();
  const db = await openDatabase(cfg);
  try {
    await writeSheet(db.db, createFieldCipher(cfg.encryptionKey), file, rows);
  } finally {
    await db.close();
  }
}

async function writeSheet(db: Db, cipher: FieldCipher, file: string, rows: number) {
  const workers = await queryRows<{ name: string; id_number_enc: string }>(
    db,
    sql`select w.name, w.id_number_enc from worker w join company c on c.id = w.company_id
        where c.name = ${COMPANY} order by w.id limit ${rows}`,
  );
  if (workers.length < rows)
    throw new Error(`${COMPANY} 只有 ${workers.length} 名员工：先 npm run seed -- --workers ${rows}`);
  const writer = createXlsxWriter();
  const written = pipeline(writer.stream, createWriteStream(file));
  const sheet = writer.addSheet('发放明细', [
    { header: '姓名*' },
    { header: '身份证号*', text: true },
    { header: '金额（元）*' },
    { header: '备注' },
  ]);
  workers.forEach((w, i) => sheet.addRow([w.name, cipher.decrypt(w.id_number_enc), 100 + (i % 400), '']));
  await writer.commit();
  await written;
}
