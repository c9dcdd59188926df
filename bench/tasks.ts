/**
 * Task order benchmark (issue 26), through the real HTTP API of an in-process server, each figure
 * next to the same work done in raw SQL in the same run:
 *   - 选择人员: 10,000 workers matching a filter (a range of 入职日期) assigned to one task in one
 *     request (target ≤ 3 s), next to the same INSERT … SELECT run straight through the driver;
 *   - a task with 100,000 assignments: its assignment list (first page, a deep page, a status
 *     filter) and 任务中心 (both queues): p95 at 10 concurrent clients (target ≤ 50 ms), next to
 *     the list's SQL run straight through the driver;
 *   - 任务确认: 10,000 passed assignments confirmed into one payroll batch (target ≤ 5 s), next to
 *     the same inserts (batch, items, payments) in raw SQL.
 *
 *   DATABASE_URL=postgres://... npm run bench:tasks -- [--concurrency 10] [--seconds 8]
 * Needs 星河科技 with about 1,000,000 workers (npm run seed -- --workers 1000000); leaves its
 * tasks and batches (titled 基准任务…) behind until the next run removes them.
 */
import { parseArgs } from 'node:util';
import { API, apiPath } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { chinaDateOf } from '../apps/server/src/lib/china-time.ts';
import { findAssignmentPage } from '../apps/server/src/modules/task/assignments/repo.ts';
import { cpuProbe, keepAliveGetter, load, startBenchServer } from './lib.ts';

const { values } = parseArgs({ options: { concurrency: { type: 'string' }, seconds: { type: 'string' } } });
const concurrency = Number(values.concurrency ?? 10);
const seconds = Number(values.seconds ?? 8);
const COMPANY = '星河科技有限公司';
const TITLE = '基准任务';

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined };
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const server = await startBenchServer(database);
const base = server.base;
const scope = database.kind === 'pglite' ? '（目标针对 PostgreSQL，PGlite 仅报告）' : '';
const ms = (t0: number) => performance.now() - t0;
const verdict = (value: number, target: number) => (value <= target ? '达标' : '未达标');

async function removeBenchRows() {
  await db.execute(sql`delete from task_payment p using task_order t, task_assignment a
    where a.company_id = t.company_id and a.task_id = t.id and p.company_id = a.company_id
      and p.assignment_id = a.id and t.title like ${`${TITLE}%`}`);
  await db.execute(sql`delete from payroll_batch where title like ${`${TITLE}%`}`);
  await db.execute(sql`delete from task_delivery d using task_order t, task_assignment a
    where a.company_id = t.company_id and a.task_id = t.id and d.company_id = a.company_id
      and d.assignment_id = a.id and t.title like ${`${TITLE}%`}`);
  await db.execute(sql`delete from task_assignment a using task_order t
    where a.company_id = t.company_id and a.task_id = t.id and t.title like ${`${TITLE}%`}`);
  await db.execute(sql`delete from task_order where title like ${`${TITLE}%`}`);
}

try {
  await removeBenchRows();
  const login = await fetch(`${base}${API.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data?: string }).data;
  if (!token) throw new Error('演示账号 demo 无法登录：请先写入演示数据（npm run seed，与基准使用同一数据库）');
  const headers = { authorization: token, 'content-type': 'application/json' };
  const count = (n: number) => n.toLocaleString('en-US');
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    const json = (await res.json()) as { status: number; message?: string; data: T };
    if (json.status !== 200) throw new Error(`${method} ${url}: ${json.status} ${json.message ?? ''}`);
    return json.data;
  };

  const [company] = await queryRows<{ id: number }>(db, sql`select id::int as id from company where name = ${COMPANY}`);
  const companyId = company?.id ?? 0;
  const [service] = await queryRows<{ id: number }>(
    db,
    sql`select service_company_id::int as id from company_service_company where company_id = ${companyId} and enabled
         order by service_company_id limit 1`,
  );
  const [workerCount] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from worker where company_id = ${companyId} and status = 'active'`,
  );
  console.log(`${COMPANY}：在职员工 ${count(workerCount?.n ?? 0)} 人${scope}`);

  /** The narrowest range of 入职日期 from the earliest day holding at least `n` 在职 workers. */
  const days = await queryRows<{ d: string; n: number }>(
    db,
    sql`select joined_at::text as d, count(*)::int as n from worker
         where company_id = ${companyId} and status = 'active' group by joined_at order by joined_at`,
  );
  const rangeOf = (n: number, skip = 0) => {
    let total = 0;
    const from = days[skip]?.d ?? '2000-01-01';
    for (let i = skip; i < days.length; i++) {
      total += days[i]?.n ?? 0;
      if (total >= n) return { from, to: days[i]?.d ?? from, count: total, next: i + 1 };
    }
    return { from, to: days[days.length - 1]?.d ?? from, count: total, next: days.length };
  };
  const today = chinaDateOf(new Date());
  const newTask = async (title: string, headcount: number) => {
    const t = await call<{ id: number }>('POST', API.task.create, {
      title,
      serviceCompanyId: service?.id,
      startDate: today,
      endDate: today,
      headcount,
      settlement: 'fixed',
      unitPriceFen: 10_000,
    });
    await call('POST', apiPath(API.task.publish, { id: t.id }));
    return t.id;
  };

  // ── 1. 选择人员: 10,000 matching a filter ──────────────────────────────────────────────────
  const small = rangeOf(10_000);
  const taskA = await newTask(`${TITLE}（选择人员）`, small.count);
  let t0 = performance.now();
  const assigned = await call<{ assigned: number }>('POST', apiPath(API.task.assign, { id: taskA }), {
    filter: { joinedFrom: small.from, joinedTo: small.to },
  });
  const assignMs = ms(t0);
  const taskRaw = await newTask(`${TITLE}（底线）`, small.count);
  t0 = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into task_assignment (company_id, task_id, worker_id, agreed_fen, assigned_by)
      select w.company_id, ${taskRaw}, w.id, 10000, (select id from admin where username = 'demo')
        from worker w
       where w.company_id = ${companyId} and w.joined_at >= ${small.from} and w.joined_at <= ${small.to}
         and w.status = 'active'
      on conflict (company_id, task_id, worker_id) do nothing`);
      tx.rollback();
    })
    .catch(() => {});
  const assignRawMs = ms(t0);
  console.log(
    `\n选择人员（按筛选条件 ${count(assigned.assigned)} 人，一次请求）：${assignMs.toFixed(0)} ms，目标 ≤ 3000 ms ${verdict(assignMs, 3000)}；` +
      `同样的 INSERT … SELECT 直接执行：${assignRawMs.toFixed(0)} ms`,
  );

  // ── 2. A task with 100,000 assignments: its list and 任务中心 ──────────────────────────────
  // The widest range from there holding at most 100,000 (the most one task takes).
  let big = rangeOf(1, small.next);
  for (let n = 90_000; n <= 100_000; n += 1_000) {
    const r = rangeOf(n, small.next);
    if (r.count <= 100_000) big = r;
  }
  const taskB = await newTask(`${TITLE}（十万人）`, big.count);
  t0 = performance.now();
  const bigAssigned = await call<{ assigned: number }>('POST', apiPath(API.task.assign, { id: taskB }), {
    filter: { joinedFrom: big.from, joinedTo: big.to },
  });
  console.log(`\n十万人任务：选择 ${count(bigAssigned.assigned)} 人用时 ${ms(t0).toFixed(0)} ms`);
  // States for the queues: a tenth submitted with a delivery (任务中心 待验收), the rest 待接单.
  await db.execute(sql`update task_assignment set status = 'submitted'
    where company_id = ${companyId} and task_id = ${taskB} and id % 10 = 0`);
  await db.execute(sql`insert into task_delivery (company_id, assignment_id, round, description, submitted_by)
    select a.company_id, a.id, 1, '基准成果', a.assigned_by from task_assignment a
     where a.company_id = ${companyId} and a.task_id = ${taskB} and a.status = 'submitted'`);
  // What autovacuum does after such a write: statistics, and the visibility map index-only counts read.
  await db.execute(sql`vacuum analyze task_assignment`);
  await db.execute(sql`vacuum analyze task_delivery`);

  // Each case's first call goes through `call`, which checks the envelope; the load through keep-alive GETs.
  const http = keepAliveGetter(concurrency, { authorization: token });
  const list = (query: string) => {
    const url = `${apiPath(API.task.assignments, { id: taskB })}?${query}`;
    return async () => void (await http.get(`${base}${url}`));
  };
  const center = (query: string) => async () => void (await http.get(`${base}${API.task.centerPage}?${query}`));
  // The same statements the server runs for the page (the repository's own query), through the driver.
  const rawList = (f: { taskId?: number; status?: string }, page: number) => async () => {
    await findAssignmentPage(db, { companyId, ...f }, page, 20);
  };
  const cases: [string, () => Promise<void>, () => Promise<void>][] = [
    ['人员列表 第 1 页', list('page=1&limit=20'), rawList({ taskId: taskB }, 1)],
    ['人员列表 第 2000 页', list('page=2000&limit=20'), rawList({ taskId: taskB }, 2000)],
    ['人员列表 待接单', list('page=1&limit=20&status=pending'), rawList({ taskId: taskB, status: 'pending' }, 1)],
    ['任务中心 待接单', center('kind=answer&page=1&limit=20'), rawList({ status: 'pending' }, 1)],
    ['任务中心 待验收', center('kind=review&page=1&limit=20'), rawList({ status: 'submitted' }, 1)],
  ];
  console.log(`\n列表（${concurrency} 个并发客户端，每项 ${seconds} 秒）：p95，目标 ≤ 50 ms`);
  const cpu = cpuProbe(server.pid);
  const cpuNote = (r: { cpuPerRequest?: number[] }) =>
    r.cpuPerRequest
      ? `；每次请求 CPU：压测端 ${r.cpuPerRequest[0]?.toFixed(1)} ms，服务器 ${r.cpuPerRequest[1]?.toFixed(1)} ms，PostgreSQL ${r.cpuPerRequest[2]?.toFixed(1)} ms`
      : '';
  for (const [name, api, raw] of cases) {
    const viaApi = await load(api, concurrency, seconds, 1, cpu);
    const viaSql = await load(raw, concurrency, Math.max(2, seconds / 2));
    console.log(
      `  ${name}：p95 ${viaApi.p95.toFixed(1)} ms（${viaApi.throughput.toFixed(0)} 次/秒）${verdict(viaApi.p95, 50)}；` +
        `同样的 SQL 直接执行 p95 ${viaSql.p95.toFixed(1)} ms${cpuNote(viaApi)}`,
    );
  }

  // ── 3. 任务确认: 10,000 passed amounts into one batch ────────────────────────────────────
  await db.execute(sql`update task_assignment set status = 'passed', payable_fen = agreed_fen, passed_at = now()
    where company_id = ${companyId} and task_id = ${taskA}`);
  await db.execute(sql`analyze task_assignment`);
  const period = today.slice(0, 7);
  t0 = performance.now();
  const confirmed = await call<{ itemCount: number; amountFen: number }>('POST', API.task.confirm, {
    title: `${TITLE}（任务确认）`,
    period,
    serviceCompanyId: service?.id,
    channel: 'bank',
    filter: { taskId: taskA },
  });
  const confirmMs = ms(t0);
  // The floor: the same rows (a batch, an item per worker, a payment per assignment) in raw SQL.
  await db.execute(sql`update task_assignment set status = 'passed', payable_fen = agreed_fen, passed_at = now()
    where company_id = ${companyId} and task_id = ${taskRaw}`);
  await db.execute(sql`insert into task_assignment (company_id, task_id, worker_id, agreed_fen, assigned_by,
      status, payable_fen, passed_at)
    select company_id, ${taskRaw}, worker_id, agreed_fen, assigned_by, 'passed', agreed_fen, now()
      from task_assignment where company_id = ${companyId} and task_id = ${taskA}`);
  t0 = performance.now();
  await db
    .transaction(async (tx) => {
      const [batch] = await queryRows<{ id: number }>(
        tx,
        sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, created_by)
          values (${companyId}, ${`${TITLE}（底线）`}, ${period}, ${service?.id}, 'bank', 'tasks',
                  (select id from admin where username = 'demo')) returning id::int as id`,
      );
      await tx.execute(sql`select id from task_assignment where company_id = ${companyId} and task_id = ${taskRaw}
        order by id for update`);
      await tx.execute(sql`insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked, amount_fen)
        select a.company_id, ${batch?.id}, row_number() over (order by a.worker_id), w.name, w.id_number_hash,
               w.id_number_masked, a.payable_fen
          from task_assignment a join worker w on w.company_id = a.company_id and w.id = a.worker_id
         where a.company_id = ${companyId} and a.task_id = ${taskRaw}`);
      await tx.execute(sql`insert into task_payment (company_id, assignment_id, batch_id, item_id, amount_fen, created_by)
        select a.company_id, a.id, ${batch?.id}, i.id, a.payable_fen, a.assigned_by
          from task_assignment a
          join worker w on w.company_id = a.company_id and w.id = a.worker_id
          join payroll_item i on i.company_id = a.company_id and i.batch_id = ${batch?.id} and i.id_number_hash = w.id_number_hash
         where a.company_id = ${companyId} and a.task_id = ${taskRaw}`);
      tx.rollback();
    })
    .catch(() => {});
  const confirmRawMs = ms(t0);
  console.log(
    `\n任务确认（${count(confirmed.itemCount)} 条验收通过的金额生成一个批次）：${confirmMs.toFixed(0)} ms，目标 ≤ 5000 ms ${verdict(confirmMs, 5000)}；` +
      `同样的写入直接执行：${confirmRawMs.toFixed(0)} ms`,
  );
} finally {
  await server.stop();
  await database.close();
}
