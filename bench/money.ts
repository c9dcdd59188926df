/**
 * Money benchmark (issue 16), on PostgreSQL:
 *
 * 1. 资金明细 (GET /api/companystaff/ecompanyFdIssue/entries) over N ledger entries of one
 *    company: first page, a 30-day date range, a deep page, through real HTTP at 10 concurrent
 *    clients, next to the very statements the API runs (count and page, taken from the ledger
 *    repository's SQL builders) run straight through `pg` at the same concurrency.
 * 2. Transfers per second on one hot account (what payroll settlement hits): `postTransfer` in
 *    a transaction (as the services call it), next to the same statements (lock, then the
 *    one-statement write) run raw through `pg` with BEGIN/COMMIT (bench/money-transfers.ts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fp_money npm run bench:money [-- --entries 1000000]
 *   options: --entries N (company entries to have; generated set-based when missing, a multiple
 *            of 4), --concurrency 10 --seconds 10, --batch 100 (transfers per settlement call)
 *
 * The API server runs in a child process of its own; the clients use node:http with keep-alive
 * and gzip. After the run, the ledger's invariants are checked (what `npm run ledger:verify` does).
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, queryRows, type Db } from '../apps/server/src/db/client.ts';
import { createFieldCipher } from '../apps/server/src/lib/crypto.ts';
import {
  anchorOf,
  DEEP_PAGE_OFFSET,
  entryCountSql,
  entryDaysSql,
  entryPageSql,
  type EntryFilters,
} from '../apps/server/src/modules/ledger/repo.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/service.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { fmt, load, pidsOf, pinToCpus, toQuery, type LoadResult } from './lib.ts';
import { benchHotAccount } from './money-transfers.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string' },
    batch: { type: 'string' },
    concurrency: { type: 'string' },
    seconds: { type: 'string' },
    serve: { type: 'boolean' },
  },
});
const wanted = Number(values.entries ?? 1_000_000);
/** Transfers per call in the settlement scenario. */
const BATCH = Number(values.batch ?? 100);
const concurrency = Number(values.concurrency ?? 10);
const seconds = Number(values.seconds ?? 10);
const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined };

if (!config.databaseUrl) {
  console.error('bench:money 在 PostgreSQL 上运行：请设置 DATABASE_URL');
  process.exit(2);
}

if (values.serve) {
  const database = openPostgres(config.databaseUrl, concurrency);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('disconnect', () => void app.close().then(() => database.close()));
} else {
  await main();
}

async function main() {
  const database = openPostgres(config.databaseUrl as string, concurrency + 2);
  const { db, pool } = database;
  await database.migrate();
  await seedDemoData(db, createFieldCipher(config.encryptionKey));
  const ids = await queryRows<{ company: string; hot: string; sc: string }>(
    db,
    sql`select (select id from company where name = '星河科技有限公司') as company,
               (select id from company where name = '云帆物流有限公司') as hot,
               (select id from service_company where name = '海南灵工服务有限公司') as sc`,
  );
  const companyId = Number(ids[0]?.company);
  const hotCompanyId = Number(ids[0]?.hot);
  const scId = Number(ids[0]?.sc);

  await prepareEntries(db, pool, companyId, scId);
  const [{ n: total }] = (await queryRows<{ n: string }>(db, entryCountSql(companyId, {}))).map((r) => ({
    n: Number(r.n),
  })) as [{ n: number }];
  const [range] = await queryRows<{ lo: string; hi: string }>(
    db,
    sql`select min(created_at)::text as lo, max(created_at)::text as hi from ledger_entry where company_id = ${companyId}`,
  );
  // A 30-day window in the middle of the data.
  const mid = new Date((new Date(range?.lo ?? 0).getTime() + new Date(range?.hi ?? 0).getTime()) / 2);
  const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = day(new Date(mid.getTime() - 15 * 86_400_000));
  const to = day(new Date(mid.getTime() + 14 * 86_400_000));
  const deepPage = 5_000;

  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const login = await fetch(`${base}/api/auth/jwt/ecomapnyToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data: string }).data;
  let agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(url, { agent, headers: { authorization: token, 'accept-encoding': 'gzip' } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
        res.on('data', () => {});
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  const scenarios: { name: string; query: string; filters: EntryFilters; page: number }[] = [
    { name: '第一页', query: 'page=1&limit=20', filters: {}, page: 1 },
    {
      name: `日期范围 (${from}~${to})`,
      query: `page=1&limit=20&from=${from}&to=${to}`,
      filters: { fromDay: from, toDay: to },
      page: 1,
    },
    { name: `深分页 (第 ${deepPage} 页)`, query: `page=${deepPage}&limit=20`, filters: {}, page: deepPage },
  ];

  const runList = async () => {
    const results: { name: string; api: LoadResult; raw: LoadResult }[] = [];
    for (const s of scenarios) {
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      const url = `${base}/api/companystaff/ecompanyFdIssue/entries?${s.query}`;
      await get(url);
      const api = await load(() => get(url), concurrency, seconds);
      // The statements the service runs: the count beside the page; a deep page first reads the
      // day counters to find the day it starts in.
      const offset = (s.page - 1) * 20;
      const count = toQuery(db, entryCountSql(companyId, s.filters));
      const days = toQuery(db, entryDaysSql(companyId, s.filters));
      const readPage = async () => {
        let anchor: { beforeDay?: string; offset: number } | null = { offset };
        if (offset >= DEEP_PAGE_OFFSET) {
          const found = await pool.query<{ day: string; n: string }>(days);
          anchor = anchorOf(
            found.rows.map((r) => ({ day: r.day, n: Number(r.n) })),
            offset,
          );
          if (!anchor) return;
        }
        await pool.query(toQuery(db, entryPageSql(companyId, s.filters, anchor.offset, 20, anchor.beforeDay)));
      };
      const raw = await load(
        async () => {
          await Promise.all([pool.query(count), readPage()]);
        },
        concurrency,
        seconds,
      );
      results.push({ name: s.name, api, raw });
    }
    return results;
  };

  // Two layouts, as the worker list's bench (bench/README.md, ADR 0008): all processes sharing
  // both cores, then PostgreSQL on CPU 0 and the API server and this process on the others, as
  // with a database on a machine of its own. The target is judged in the second.
  const cpuCount = availableParallelism();
  const mayPin =
    cpuCount >= 2 &&
    /@(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(config.databaseUrl ?? '') &&
    pidsOf('postgres').length > 0;
  const all = `0-${cpuCount - 1}`;
  const others = cpuCount === 2 ? '1' : `1-${cpuCount - 1}`;
  const ours = [process.pid, ...(server.pid === undefined ? [] : [server.pid])];
  const unpin = () => pinToCpus([...pidsOf('postgres'), ...ours], all);
  process.once('SIGINT', () => {
    unpin();
    process.exit(130);
  });
  try {
    console.log(`资金明细：星河科技 ${total.toLocaleString()} 条分录；${concurrency} 个并发客户端，每项 ${seconds} 秒`);
    const layouts = [
      { name: '共享：数据库、接口服务与压测端共用全部核心', pin: false },
      ...(mayPin ? [{ name: `分开：数据库独占 CPU 0，接口服务与压测端用 CPU ${others}`, pin: true }] : []),
    ];
    for (const layout of layouts) {
      if (layout.pin && !(pinToCpus(pidsOf('postgres'), '0') && pinToCpus(ours, others))) {
        console.log('\n（无法为进程指定 CPU，跳过“分开”布局。）');
        break;
      }
      let results;
      try {
        results = await runList();
      } finally {
        if (layout.pin) unpin();
      }
      const judged = layout.pin || !mayPin;
      console.log(`\n布局 — ${layout.name}${judged ? '（据此判定）' : '（仅供参考）'}`);
      console.log(
        `${'场景'.padEnd(28)}${'API 次/秒'.padStart(10)}${'API p95'.padStart(10)}${'裸SQL 次/秒'.padStart(12)}${'裸SQL p95'.padStart(11)}${'占比'.padStart(8)}  结论`,
      );
      for (const r of results) {
        const share = r.api.throughput / r.raw.throughput;
        const ok = r.api.p95 <= 50 && share >= 0.7;
        console.log(
          `${r.name.padEnd(28)}${fmt(r.api.throughput, 0).padStart(10)}${`${fmt(r.api.p95)}ms`.padStart(10)}${fmt(r.raw.throughput, 0).padStart(12)}${`${fmt(r.raw.p95)}ms`.padStart(11)}${`${(share * 100).toFixed(0)}%`.padStart(8)}  ${ok ? '达标' : '未达标'}（p95 ≤ 50 ms 且 ≥ 70%）`,
        );
      }
    }

    await benchHotAccount(db, pool, { hotCompanyId, scId, concurrency, seconds, batch: BATCH });

    const started = Date.now();
    const { violations, counts } = await verifyLedger(db);
    console.log(
      `\n账本校验：${counts.entries.toLocaleString()} 条分录，${violations.length ? `${violations.length} 处违反` : '全部规则成立'}（${((Date.now() - started) / 1000).toFixed(1)} 秒）`,
    );
    for (const v of violations) console.log(`  ${v.rule}：${v.detail}`);
    if (violations.length) process.exitCode = 1;
  } finally {
    agent.destroy();
    server.stop();
    await database.close();
  }
}

function startServer(): Promise<{ port: number; pid: number | undefined; stop(): void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--concurrency', String(concurrency)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) =>
      resolve({ port: m.port, pid: child.pid, stop: () => child.disconnect() }),
    );
    child.once('exit', (code) => reject(new Error(`API server exited (${code})`)));
  });
}

/**
 * Makes the company have `wanted` entries: set-based freeze/unfreeze pairs between its available
 * and frozen accounts with the 海南 service company, spread over the past year, with running
 * balances computed in SQL. Bench data only: the balanced-transfer trigger is switched off for
 * the bulk insert (every generated transfer balances by construction) and the invariants are
 * checked at the end of the run.
 */
async function prepareEntries(db: Db, pool: pg.Pool, companyId: number, scId: number) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from ledger_entry where company_id = ${companyId}`,
  );
  const have = Number(row?.n ?? 0);
  const missing = Math.floor((wanted - have) / 4) * 4;
  if (missing <= 0) return;
  const transfers = missing / 2;
  console.log(`生成 ${missing.toLocaleString()} 条分录（${transfers.toLocaleString()} 笔冻结/解冻）…`);
  const started = Date.now();
  await db.execute(sql`insert into ledger_account (kind, company_id, service_company_id) values ('frozen', ${companyId}, ${scId})
                      on conflict on constraint ledger_account_key do nothing`);
  const [acc] = await queryRows<{ avail: string; frozen: string; b: string; fb: string }>(
    db,
    sql`select a.id as avail, f.id as frozen, a.balance_fen as b, f.balance_fen as fb
        from ledger_account a, ledger_account f
        where a.kind = 'available' and a.company_id = ${companyId} and a.service_company_id = ${scId}
          and f.kind = 'frozen' and f.company_id = ${companyId} and f.service_company_id = ${scId}`,
  );
  if (!acc || Number(acc.fb) !== 0 || Number(acc.b) < 2_000)
    throw new Error('bench: the accounts are not in the expected state');
  const balance = Number(acc.b);
  const run = Date.now().toString(36);
  const start = new Date(Date.now() - 365 * 86_400_000);
  const stepMs = Math.floor((365 * 86_400_000) / transfers);
  await pool.query('alter table ledger_entry disable trigger ledger_entry_balanced');
  try {
    const chunk = 50_000;
    for (let lo = 1; lo <= transfers; lo += chunk) {
      const hi = Math.min(transfers, lo + chunk - 1);
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ledger_account where id in (${Number(acc.avail)}, ${Number(acc.frozen)}) order by id for update`,
        );
        await tx.execute(sql`
          with tr as (
            insert into ledger_transfer (company_id, type, ref_kind, ref_id, memo, created_at)
            select ${companyId}, case when g % 2 = 1 then 'freeze' else 'unfreeze' end, 'bench', ${run} || '-' || g, '',
                   ${start.toISOString()}::timestamptz + (g::bigint * ${stepMs}) * interval '1 millisecond'
            from generate_series(${lo}::int, ${hi}::int) g order by g
            returning id, type, created_at, ref_id
          ), v as (
            select id, type, created_at, g, 100 + ((g + 1) / 2) % 1000 as a
            from (select *, split_part(ref_id, '-', 2)::int as g from tr) x
          )
          insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen, balance_after_fen, created_at)
          select id, acc, ${companyId}, ${scId}, kind, type, amount, bal, created_at from (
            select id, ${Number(acc.avail)}::bigint as acc, 'available' as kind, type,
                   case when g % 2 = 1 then -a else a end as amount,
                   case when g % 2 = 1 then ${balance}::bigint - a else ${balance}::bigint end as bal, created_at, 0 as o
            from v
            union all
            select id, ${Number(acc.frozen)}::bigint, 'frozen', type,
                   case when g % 2 = 1 then a else -a end, case when g % 2 = 1 then a else 0 end, created_at, 1
            from v
          ) e order by id, o`);
        await tx.execute(sql`update ledger_account set entry_count = entry_count + ${hi - lo + 1}
                             where id in (${Number(acc.avail)}, ${Number(acc.frozen)})`);
      });
      process.stdout.write(`\r  ${(hi * 2).toLocaleString()} / ${missing.toLocaleString()}`);
    }
  } finally {
    await pool.query('alter table ledger_entry enable trigger ledger_entry_balanced');
  }
  // The day counters of what was generated (what the ledger keeps when it posts).
  await pool.query(`delete from ledger_entry_day where company_id = ${companyId}`);
  await pool.query(`insert into ledger_entry_day (company_id, day, service_company_id, type, entry_count)
                    select company_id, ((created_at at time zone 'UTC') + interval '8 hours')::date, service_company_id, type, count(*)
                    from ledger_entry where company_id = ${companyId} group by 1, 2, 3, 4`);
  await pool.query('vacuum analyze ledger_entry');
  await pool.query('vacuum analyze ledger_transfer');
  console.log(`\n  完成，用时 ${((Date.now() - started) / 1000).toFixed(0)} 秒`);
}
