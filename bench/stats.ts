/**
 * Statistics benchmark (issue 28), through the real HTTP API of an in-process server, with
 * 星河科技 at about 1,000,000 workers, 1,000 departments and 12 months of payouts (at least
 * 1,000,000 paid items), each figure next to the same SQL run straight through the driver in the
 * same run:
 *   - 员工分析, the whole page's data (its distributions, this month's figures and the 12 months of
 *     payouts): p95 ≤ 300 ms; for reference also with a department filter (a subtree of some
 *     100,000 workers), which counts its workers instead of reading the kept figures;
 *   - 组织架构, the department tree with head counts: p95 ≤ 100 ms;
 *   - 首页, the home page's figures: p95 ≤ 100 ms.
 * For reference the run also times the analysis counted from the rows, as before migration 0043.
 *
 *   DATABASE_URL=postgres://... npm run bench:stats -- [--concurrency 10] [--seconds 8]
 * Needs 星河科技 with about 1,000,000 workers (npm run seed -- --workers 1000000). The first run
 * adds what is missing, titled 统计基准… (departments, the workers' departments, the payouts), and
 * leaves it for the next run.
 */
import { parseArgs } from 'node:util';
import { AGE_BANDS, API } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { chinaDateOf, chinaMonthOf } from '../apps/server/src/lib/china-time.ts';
import { paidMonths } from '../apps/server/src/modules/payroll/batches/paid-figures.ts';
import { findTree, insertDepartment } from '../apps/server/src/modules/worker/organization/repo.ts';
import { jobTypeNames } from '../apps/server/src/modules/worker/job-types/service.ts';
import { analyseWorkersKept } from '../apps/server/src/modules/worker/service.ts';
import { fmt, keepAliveGetter, load, type LoadResult, startBenchServer } from './lib.ts';

const { values } = parseArgs({ options: { concurrency: { type: 'string' }, seconds: { type: 'string' } } });
const concurrency = Number(values.concurrency ?? 10);
const seconds = Number(values.seconds ?? 8);
const COMPANY = '星河科技有限公司';
const SERVICE = '海南灵工服务有限公司';
const TITLE = '统计基准';
/** 10 top-level departments, 10 under each, 9 under each of those: 1,010. */
const SHAPE = [10, 10, 9] as const;
const MONTHS = 12;
const BATCHES_PER_MONTH = 12;
const ITEMS_PER_BATCH = 7_000;

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0 };
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const server = await startBenchServer(database);
const base = server.base;
const scope = database.kind === 'pglite' ? '（目标针对 PostgreSQL，PGlite 仅报告）' : '';
const verdict = (value: number, target: number) => (value <= target ? '达标' : '未达标');
const row = (label: string, r: LoadResult) =>
  `  ${label.padEnd(30)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  ${fmt(r.throughput, 0)} 次/秒`;
const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

try {
  const [ids] = await queryRows<{ company: string; service: string; admin: string; workers: string }>(
    db,
    sql`select c.id as company, (select id from service_company where name = ${SERVICE}) as service,
               (select id from admin where username = 'demo') as admin,
               (select count(*) from worker w where w.company_id = c.id) as workers
          from company c where c.name = ${COMPANY}`,
  );
  if (!ids?.company) throw new Error(`找不到${COMPANY}：请先写入演示数据（npm run seed）`);
  const companyId = Number(ids.company);
  console.log(`\n统计基准 — ${database.kind}，${COMPANY} ${Number(ids.workers).toLocaleString()} 名员工${scope}\n`);

  // ── Setup (not measured) ──────────────────────────────────────────────────────────────────
  const [have] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from department where company_id = ${companyId} and name like ${`${TITLE}%`}`,
  );
  if (Number(have?.n ?? 0) === 0) {
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      for (let a = 1; a <= SHAPE[0]; a++) {
        const top = await insertDepartment(tx, companyId, { name: `${TITLE}${a}部`, parentId: null, sort: 100 + a });
        for (let b = 1; b <= SHAPE[1]; b++) {
          const mid = await insertDepartment(tx, companyId, { name: `${TITLE}${a}-${b}组`, parentId: top, sort: b });
          for (let c = 1; c <= SHAPE[2]; c++) {
            await insertDepartment(tx, companyId, { name: `${TITLE}${a}-${b}-${c}班`, parentId: mid, sort: c });
          }
        }
      }
    });
    console.log(`准备：新增 ${SHAPE[0] * (1 + SHAPE[1] * (1 + SHAPE[2]))} 个部门（${secondsSince(t0)} s，不计入）`);
  }
  // Every worker in one of the bench's departments, spread over all three levels.
  const [unplaced] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from worker w where w.company_id = ${companyId}
          and not exists (select 1 from department d where d.company_id = w.company_id
                            and d.id = w.department_id and d.name like ${`${TITLE}%`})`,
  );
  if (Number(unplaced?.n ?? 0) > 0) {
    const t0 = performance.now();
    // Set-based, with the facet counters' row trigger off for this one statement and the company's
    // counters counted again from the rows after it (a row trigger on a million rows takes tens
    // of minutes); the transaction holds the table, so no other write slips by uncounted.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table worker disable trigger worker_facet_update`);
      await tx.execute(sql`
        with d as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n
                     from department where company_id = ${companyId} and name like ${`${TITLE}%`})
        update worker w set department_id = d.id
          from d where w.company_id = ${companyId} and d.k = w.id % d.n
           and w.department_id is distinct from d.id`);
      await tx.execute(sql`alter table worker enable trigger worker_facet_update`);
      await tx.execute(sql`delete from worker_facet_count where company_id = ${companyId}`);
      await tx.execute(sql`
        insert into worker_facet_count (company_id, facet, value, total)
        select w.company_id, f.facet, f.value, count(*) from worker w
         cross join lateral worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name,
                                          w.gender, w.province, w.birth_date, w.joined_at) f
         where w.company_id = ${companyId} group by 1, 2, 3`);
    });
    await db.execute(sql`analyze worker`);
    console.log(`准备：${Number(unplaced?.n).toLocaleString()} 名员工分到基准部门（${secondsSince(t0)} s，不计入）`);
  }
  // 12 months of paid batches, this month's included, each paid item a worker of the company.
  const [paid] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from payroll_batch where company_id = ${companyId} and title like ${`${TITLE}%`}`,
  );
  const months = Array.from({ length: MONTHS }, (_, i) => {
    const [y, m] = chinaMonthOf(new Date()).month.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7);
  });
  if (Number(paid?.n ?? 0) < MONTHS * BATCHES_PER_MONTH) {
    const t0 = performance.now();
    await db.execute(sql`delete from payroll_item i using payroll_batch b where b.company_id = ${companyId}
      and b.title like ${`${TITLE}%`} and i.company_id = b.company_id and i.batch_id = b.id`);
    await db.execute(sql`delete from payroll_batch where company_id = ${companyId} and title like ${`${TITLE}%`}`);
    const workers = Number(ids.workers);
    let batchNo = 0;
    for (const month of months) {
      const start = Date.parse(`${month}-01T00:00:00+08:00`);
      // Paid between the month's start and its end, or now for this month.
      const span = Math.min(Date.now(), Date.parse(`${month}-28T00:00:00+08:00`)) - start;
      for (let k = 0; k < BATCHES_PER_MONTH; k++, batchNo++) {
        const paidAt = new Date(start + Math.floor((span * (k + 0.5)) / BATCHES_PER_MONTH)).toISOString();
        const offset = (batchNo * ITEMS_PER_BATCH) % Math.max(1, workers - ITEMS_PER_BATCH);
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            with b as (
              insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status,
                                         item_count, ok_count, amount_fen, debit_fen, created_by, created_at)
              values (${companyId}, ${`${TITLE}${month}-${k + 1}`}, ${month}, ${Number(ids.service)}, 'bank', 'workers',
                      'completed', ${ITEMS_PER_BATCH}, ${ITEMS_PER_BATCH}, ${ITEMS_PER_BATCH * 10_000},
                      ${ITEMS_PER_BATCH * 10_000}, ${Number(ids.admin)}, ${paidAt}::timestamptz)
              returning id),
            w as (select id, name, row_number() over (order by id) as k from worker
                   where company_id = ${companyId} order by id offset ${offset} limit ${ITEMS_PER_BATCH})
            insert into payroll_item (company_id, batch_id, row_no, worker_id, name, id_number_hash, id_number_masked,
                                      amount_fen, net_fen, debit_fen, check_result, pay_status, paid_at)
            select ${companyId}, b.id, w.k, w.id, w.name, 'stats-' || b.id || '-' || w.k, '1101**********0011',
                   10000 + (w.id % 50) * 100, 10000 + (w.id % 50) * 100, 10000 + (w.id % 50) * 100, 'ok', 'paid',
                   ${paidAt}::timestamptz + make_interval(secs => w.k)
              from b cross join w`);
        });
      }
    }
    await db.execute(sql`analyze payroll_batch`);
    await db.execute(sql`analyze payroll_item`);
    console.log(
      `准备：${(MONTHS * BATCHES_PER_MONTH).toLocaleString()} 个已发放批次，` +
        `${(MONTHS * BATCHES_PER_MONTH * ITEMS_PER_BATCH).toLocaleString()} 条已支付明细（${secondsSince(t0)} s，不计入）`,
    );
  }
  const [counts] = await queryRows<{ departments: string; items: string }>(
    db,
    sql`select (select count(*) from department where company_id = ${companyId}) as departments,
               (select count(*) from payroll_item where company_id = ${companyId} and pay_status = 'paid') as items`,
  );
  console.log(
    `数据：${Number(counts?.departments).toLocaleString()} 个部门，${Number(counts?.items).toLocaleString()} 条已支付明细\n`,
  );

  // ── Measured ──────────────────────────────────────────────────────────────────────────────
  const login = await fetch(`${base}${API.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data?: string }).data;
  if (!token) throw new Error('演示账号 demo 无法登录');
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: token } });
    const body = (await res.json()) as { status: number; message?: string };
    if (body.status !== 200) throw new Error(`${path}: ${body.status} ${body.message ?? ''}`);
  };
  // Each path is checked once through `get` (the envelope), then loaded through keep-alive GETs.
  const http = keepAliveGetter(concurrency, { authorization: token });
  const api = (path: string) => {
    let checked = false;
    return async () => {
      if (!checked) {
        checked = true;
        await get(path);
      }
      await http.get(`${base}${path}`);
    };
  };
  const raw = (query: ReturnType<typeof sql>) => async () => {
    await db.execute(query);
  };
  const [topDept] = await queryRows<{ id: string }>(
    db,
    sql`select id from department where company_id = ${companyId} and name = ${`${TITLE}1部`}`,
  );
  const now = new Date();
  const month = chinaMonthOf(now);
  const from = Date.parse(`${months[MONTHS - 1]}-01T00:00:00+08:00`);

  // The kept figures the analysis reads (migration 0043): the repositories' own statements,
  // through the driver.
  const today = chinaDateOf(now);
  const bandEdges = AGE_BANDS.slice(1).map((band) => band.from);
  const monthsSql = sql`select month, amount_fen, debit_fen, item_count, worker_count from payout_month_total
     where company_id = ${companyId} and month >= ${month.month} and month <= ${month.month}`;
  // The analysis counted from the rows (before migration 0043): one grouped pass over the
  // in-service workers and the paid items of 12 months.
  const scanSql = sql`select count(*) from (
      select gender, province, job_type_id, department_id, date_part('year', age(${chinaDateOf(now)}::date, birth_date))
        from worker where company_id = ${companyId} and status = 'active') w`;
  const itemsScanSql = sql`select to_char((paid_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM'), sum(amount_fen),
      count(distinct worker_id) from payroll_item
     where company_id = ${companyId} and pay_status = 'paid'
       and paid_at >= ${new Date(from).toISOString()}::timestamptz and paid_at < ${month.end.toISOString()}::timestamptz
     group by 1`;

  const cases: [string, LoadResult, number?][] = [];
  const run = async (label: string, task: () => Promise<void>, target?: number, c = concurrency, s = seconds) => {
    const r = await load(task, c, s);
    cases.push([label, r, target]);
    console.log(row(label, r));
  };
  console.log(`并发 ${concurrency}，每项 ${seconds} s：`);
  await run('员工分析（接口）', api(API.statistics.employeeAnalysis), 300);
  await run('  同一 SQL 直连', async () => {
    await Promise.all([
      analyseWorkersKept(db, companyId, today, `${month.month}-01`, bandEdges),
      paidMonths(db, companyId, months[MONTHS - 1]!, month.month),
      findTree(db, companyId),
      jobTypeNames(db, companyId),
    ]);
  });
  await run(
    '  参考：按部门筛选（接口，单客户端）',
    api(`${API.statistics.employeeAnalysis}?departmentId=${topDept?.id}`),
    undefined,
    1,
    Math.min(seconds, 4),
  );
  await run(
    '  参考：从明细统计（直连，单客户端）',
    async () => {
      await Promise.all([raw(scanSql)(), raw(itemsScanSql)()]);
    },
    undefined,
    1,
    Math.min(seconds, 4),
  );
  await run('部门树与人数（接口）', api(API.organization.tree), 100);
  await run('  同一 SQL 直连', async () => {
    await findTree(db, companyId);
  });
  await run('首页数据（接口）', api(API.home.summary), 100);
  await run('  同一 SQL 直连（本月发放）', raw(monthsSql));

  const verdicts = cases
    .filter((c): c is [string, LoadResult, number] => c[2] !== undefined)
    .map(
      ([label, r, target]) =>
        `${label.replace('（接口）', '')} p95 ≤ ${target} ms：${r.p95.toFixed(1)} ms ${verdict(r.p95, target)}`,
    );
  console.log(`\n目标：${verdicts.join('；')}${scope}`);
} finally {
  await server.stop();
  await database.close();
}
