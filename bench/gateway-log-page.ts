/**
 * 网关日志 read benchmark (issue 41): the operators' page (GET /api/ops/gatewayLog/page) through
 * real HTTP over `--days` days (30, the default ACCESS_LOG_DAYS) of `--rows-per-day` rows a day
 * (1,000,000), with the filters operators use: p95 per scenario next to the target of 100 ms, and
 * the same page statements straight through the driver in the same run (the floor any API over
 * them has).
 *
 *   DATABASE_URL=postgres://... npm run bench:gateway-log-page -- [--days 30] [--rows-per-day 1000000]
 *     [--concurrency 4] [--seconds 10]
 *
 * The log is written first, one day partition at a time, straight into `access_log` (not
 * measured; a day already holding its rows is kept, so a second run starts at once): ten
 * processes, 500 companies with five admins each, 120 route patterns, 2.5% 4xx, 0.05% 5xx, one
 * request in a thousand slower than a second. It needs the seeded demo data (the operator
 * `ops`), and PostgreSQL: 30 days of a million rows is about 10 GB with its indexes.
 */
import { parseArgs } from 'node:util';
import { API } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { fmt, keepAliveGetter, load } from './lib.ts';

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    'rows-per-day': { type: 'string' },
    concurrency: { type: 'string' },
    seconds: { type: 'string' },
  },
});
const days = Number(values.days ?? 30);
const rowsPerDay = Number(values['rows-per-day'] ?? 1_000_000);
const concurrency = Number(values.concurrency ?? 4);
const seconds = Number(values.seconds ?? 10);
const TARGET_P95_MS = 100;
const SEED_PROCESS = 'bench-seed';
const DAY_MS = 24 * 60 * 60 * 1000;

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0 };
const database = await openDatabase(config);
if (database.kind !== 'postgres') {
  console.error('网关日志读取基准需要 PostgreSQL（DATABASE_URL）：30 天每天一百万行约 10 GB。');
  process.exit(2);
}
await database.migrate();

/** The UTC day `n` days before today, as YYYY-MM-DD. */
const dayBefore = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

/**
 * Writes the days' rows, oldest first, each into its own partition (made here for past days, as
 * the keep-days job makes the coming ones); today gets the rows up to now. A partition that already
 * holds the bench's rows is left as it is.
 */
async function seedLog(db: Database['db']) {
  const started = performance.now();
  let written = 0;
  for (let n = days - 1; n >= 0; n--) {
    const day = dayBefore(n);
    const part = `access_log_p${day.replaceAll('-', '')}`;
    await db.execute(
      sql.raw(`do $$ begin
        if to_regclass('public.${part}') is null then
          create table public.${part} partition of public.access_log
            for values from ('${day} 00:00:00+00') to ('${day} 00:00:00+00'::timestamptz + interval '1 day');
          revoke all on public.${part} from flexpay_app;
        end if; end $$`),
    );
    const [has] = await queryRows<{ n: number }>(
      db,
      sql.raw(
        `select count(*)::int as n from (select 1 from public.${part} where process = '${SEED_PROCESS}' limit 1) x`,
      ),
    );
    if (has?.n) continue;
    // Today holds the rows up to now only: the day's share of rowsPerDay.
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const span = Math.min(DAY_MS, Date.now() - dayStart - 60_000);
    const rows = Math.floor((rowsPerDay * span) / DAY_MS);
    if (rows <= 0) continue;
    const t0 = performance.now();
    await db.execute(
      sql.raw(`insert into public.${part} (at, process, realm, caller_company_id, admin_id, operator_id, method, route,
          path, status, code, latency_ms, bytes, ip, request_id, user_agent)
        select at, case when g % 10 = 0 then '${SEED_PROCESS}' else 'api-' || (g % 10) end,
               realm,
               case when realm = 'company' then company end,
               case when realm = 'company' then company * 10 + g % 5 end,
               case when realm = 'operator' then 1 + g % 8 end,
               case when g % 5 = 0 then 'POST' else 'GET' end,
               route, replace(route, ':id', (g % 100000)::text),
               status,
               case when status = 200 then 200 when status >= 500 then 50000 else status * 100 + g % 3 end,
               case when g % 1000 = 3 then 1000 + (g % 4000) else 1 + (g % 97) * 0.7 end,
               400 + g % 6000,
               '10.' || (g % 200) || '.' || (g % 250) || '.' || (g % 251),
               md5('${day}' || g::text)::uuid::text,
               case when g % 3 = 0 then 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0'
                    else 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) Safari/605.1.15' end
          from (select g, '${day} 00:00:00+00'::timestamptz + ((g - 1) * ${span / 1000 / rows}) * interval '1 second' as at,
                       case when g % 100 < 95 then 'company' when g % 100 < 99 then 'public' else 'operator' end as realm,
                       1 + (g::bigint * 7919) % 500 as company,
                       '/api/area' || (g % 120) || case when g % 2 = 0 then '/item/:id' else '/page' end as route,
                       case when g % 2000 = 7 then 500 when g % 1000 < 25 then 400 + (g % 5) else 200 end as status
                  from generate_series(1, ${rows}) g) x`),
    );
    await db.execute(sql.raw(`analyze public.${part}`));
    written += rows;
    console.log(`  写入 ${day}：${rows.toLocaleString()} 行（${((performance.now() - t0) / 1000).toFixed(1)} s）`);
  }
  if (written)
    console.log(
      `写入网关日志 ${written.toLocaleString()} 行（${((performance.now() - started) / 1000).toFixed(0)} s，不计入）`,
    );
}

async function main() {
  console.log(
    `\n网关日志页面基准 — ${database.kind}，${days} 天 × 每天 ${rowsPerDay.toLocaleString()} 行，${concurrency} 并发，每项 ${seconds} 秒`,
  );
  await seedLog(database.db);
  const [size] = await queryRows<{ rows: string; bytes: string }>(
    database.db,
    sql`select sum(c.reltuples)::bigint as rows, sum(pg_total_relation_size(c.oid))::bigint as bytes
          from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'access_log'::regclass`,
  );
  console.log(
    `access_log：约 ${Number(size?.rows ?? 0).toLocaleString()} 行，${(Number(size?.bytes ?? 0) / 1024 ** 3).toFixed(1)} GB（含索引）`,
  );

  // The server with the access log off: the bench's own requests are not what is read.
  const app = await buildApp({ config: { ...config, accessLog: false }, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const login = await fetch(`${base}${API.ops.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops', password: 'Ops@123456' }),
    });
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error('运营账号 ops 无法登录：请先写入演示数据（npm run seed，与基准同一数据库）');

    const [sample] = await queryRows<{ request_id: string; company: string; admin: string }>(
      database.db,
      sql.raw(`select request_id, caller_company_id as company, admin_id as admin from public.access_log_p${dayBefore(Math.min(2, days - 1)).replaceAll('-', '')}
                where realm = 'company' limit 1`),
    );
    const week = { from: new Date(Date.now() - 7 * DAY_MS).toISOString(), to: new Date().toISOString() };
    const scenarios: { name: string; query: Record<string, string> }[] = [
      { name: '默认（最近 1 小时）', query: {} },
      { name: '7 天，不筛选', query: week },
      { name: '7 天，第 50 页', query: { ...week, page: '50' } },
      { name: '7 天，企业', query: { ...week, companyId: String(sample?.company) } },
      { name: '7 天，管理员', query: { ...week, adminId: String(sample?.admin) } },
      { name: '7 天，路由', query: { ...week, route: '/api/area8/item/:id' } },
      { name: '7 天，路径开头', query: { ...week, route: '/api/area7/' } },
      { name: '7 天，5xx', query: { ...week, statusClass: '5xx' } },
      { name: '7 天，4xx', query: { ...week, statusClass: '4xx' } },
      { name: '7 天，业务码 50000', query: { ...week, code: '50000' } },
      { name: '7 天，耗时 > 1000 ms', query: { ...week, minLatencyMs: '1000' } },
      { name: '7 天，运营', query: { ...week, realm: 'operator' } },
      { name: '请求编号', query: { ...week, requestId: String(sample?.request_id) } },
    ];
    const client = keepAliveGetter(concurrency, { authorization: token });
    console.log('\n场景                     |    req/s   p50 ms   p95 ms | 合计 | 目标 p95 ≤ 100 ms');
    let missed = 0;
    for (const s of scenarios) {
      const url = `${base}${API.ops.gatewayLogPage}?${new URLSearchParams({ page: '1', limit: '20', ...s.query })}`;
      const first = (await (await fetch(url, { headers: { authorization: token } })).json()) as {
        status: number;
        message?: string;
        data?: { total: number; capped: boolean };
      };
      if (first.status !== 200) throw new Error(`${s.name}：${first.status} ${first.message ?? ''}`);
      const r = await load(() => client.get(url), concurrency, seconds, 1);
      const ok = r.p95 <= TARGET_P95_MS;
      if (!ok) missed++;
      console.log(
        `${s.name.padEnd(22)} | ${fmt(r.throughput)} ${fmt(r.p50)} ${fmt(r.p95)} | ${first.data?.capped ? '>' : ' '}${String(first.data?.total).padStart(6)} | ${ok ? '达标' : '未达标'}`,
      );
    }
    client.close();
    console.log(
      `\n${missed ? `✗ ${missed} 个场景 p95 超过 ${TARGET_P95_MS} ms` : `✓ 每个场景 p95 ≤ ${TARGET_P95_MS} ms`}`,
    );
    if (missed) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

try {
  await main();
} finally {
  await database.close();
}
