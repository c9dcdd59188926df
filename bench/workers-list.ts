/**
 * Worker list benchmark (issue 5): throughput and p95 latency of GET /api/companystaff/employee/page
 * through real HTTP at N concurrent clients, next to the limit: the same SQL statements run
 * directly through the driver at the same concurrency, in the same run.
 *
 *   DATABASE_URL=postgres://... npm run bench:workers            (PostgreSQL)
 *   DATA_DIR=./data npm run bench:workers                        (PGlite; stop the server first)
 *   options: --concurrency 10 --seconds 10
 *
 * Seed first: `npm run seed -- --workers 1000000` with the same DATABASE_URL / DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { workerPageQueries, type WorkerPageQuery } from '../apps/server/src/modules/worker/repo.ts';
import { fmt, load, type LoadResult } from './lib.ts';

const { values } = parseArgs({ options: { concurrency: { type: 'string' }, seconds: { type: 'string' } } });
const concurrency = Number(values.concurrency ?? 10);
const seconds = Number(values.seconds ?? 10);

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined };
const database: Database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

try {
  const [company] = await queryRows<{ id: number; n: number; job: number }>(
    database.db,
    sql`select c.id, (select count(*)::int from worker w where w.company_id = c.id) as n,
               (select min(id) from job_type j where j.company_id = c.id) as job
        from company c where c.name = '星河科技有限公司'`,
  );
  if (!company) throw new Error('no demo company: run `npm run seed -- --workers 1000000` first');
  const total = Number(company.n);
  const login = await fetch(`${base}/api/auth/jwt/ecomapnyToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data: string }).data;

  const deepPage = Math.max(1, Math.floor(total / 20 / 2));
  const scenarios: { name: string; query: Record<string, string>; filter: Partial<WorkerPageQuery> }[] = [
    { name: '第一页', query: { page: '1', limit: '20' }, filter: { page: 1 } },
    { name: `深分页 (第 ${deepPage} 页)`, query: { page: String(deepPage), limit: '20' }, filter: { page: deepPage } },
    { name: '姓名筛选 (王)', query: { page: '1', limit: '20', name: '王' }, filter: { page: 1, name: '王' } },
    {
      name: '工种筛选',
      query: { page: '1', limit: '20', jobTypeId: String(company.job) },
      filter: { page: 1, jobTypeId: Number(company.job) },
    },
  ];

  console.log(
    `\n员工列表基准 — ${database.kind}，${total.toLocaleString()} 名员工，${concurrency} 并发，每项 ${seconds} 秒\n`,
  );
  console.log('场景                       |   接口 req/s   接口 p95 ms |  直连SQL req/s  SQL p95 ms | 吞吐占比');
  const rows: { name: string; api: LoadResult; raw: LoadResult }[] = [];
  for (const s of scenarios) {
    const url = `${base}/api/companystaff/employee/page?${new URLSearchParams(s.query)}`;
    const api = await load(
      async () => {
        const res = await fetch(url, { headers: { authorization: token } });
        if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      },
      concurrency,
      seconds,
    );
    const filter: WorkerPageQuery = { page: 1, limit: 20, sort: 'createdAt', order: 'desc', ...s.filter };
    const q = workerPageQueries(database.db, Number(company.id), filter);
    const totalSql = q.total.toSQL();
    const rowsSql = q.rows.toSQL();
    const raw = await load(
      async () => {
        await database.db.execute(sql.raw(inline(totalSql.sql, totalSql.params)));
        await database.db.execute(sql.raw(inline(rowsSql.sql, rowsSql.params)));
      },
      concurrency,
      seconds,
    );
    rows.push({ name: s.name, api, raw });
    console.log(
      `${s.name.padEnd(24)} | ${fmt(api.throughput)} ${fmt(api.p95)}   | ${fmt(raw.throughput)} ${fmt(raw.p95)}   | ${fmt((api.throughput / raw.throughput) * 100, 0)}%`,
    );
  }
  console.log('\n目标 (PostgreSQL)：p95 ≤ 50 ms，且吞吐 ≥ 直连 SQL 的 70%。');
  for (const r of rows) {
    const ok = r.api.p95 <= 50 && r.api.throughput >= 0.7 * r.raw.throughput;
    console.log(`  ${ok ? '达标' : '未达标'}  ${r.name}`);
  }
} finally {
  await app.close();
  await database.close();
}

/** The statement with its parameters written in, so the driver runs exactly what the API runs. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    if (typeof v === 'number') return String(v);
    if (v === null || v === undefined) return 'null';
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}
