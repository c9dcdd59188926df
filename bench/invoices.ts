/**
 * Invoice benchmark (issue 27), through the real HTTP API of an in-process server, with 100,000
 * paid batches (5 paid items each) of one company, each figure next to the same SQL run straight
 * through the driver in the same run:
 *   - 选择订单 (the wizard's batch list: paid batches with an invoiceable amount left, newest first,
 *     first page and a deep page): p95 at `--concurrency` clients, target ≤ 50 ms;
 *   - 可开票金额 (the invoiceable amount per service company): p95, target ≤ 20 ms.
 * Both read the amounts kept by triggers: payroll's paid amounts (migration 0039) and totals,
 * invoice's balances and applied totals (migration 0047; the list's total too: the paid batches
 * less those used up); for reference the run also times the amount summed from the items, as it
 * was computed before migration 0039.
 *
 *   DATABASE_URL=postgres://... npm run bench:invoices -- [--batches 100000] [--concurrency 10] [--seconds 8]
 * The batches (titled 开票基准…) stay for the next run, which adds only what is missing.
 */
import { parseArgs } from 'node:util';
import { API } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { findBatchPage, findInvoiceableTotals } from '../apps/server/src/modules/invoice/applications/repo.ts';
import { fmt, keepAliveGetter, load, type LoadResult, startBenchServer } from './lib.ts';

const { values } = parseArgs({
  options: { batches: { type: 'string' }, concurrency: { type: 'string' }, seconds: { type: 'string' } },
});
const batchCount = Number(values.batches ?? 100_000);
const concurrency = Number(values.concurrency ?? 10);
const seconds = Number(values.seconds ?? 8);
const COMPANY = '星河科技有限公司';
const SERVICE = '海南灵工服务有限公司';
const TITLE = '开票基准';
const ITEMS = 5;

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0 };
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const server = await startBenchServer(database);
const base = server.base;
const scope = database.kind === 'pglite' ? '（目标针对 PostgreSQL，PGlite 仅报告）' : '';
const verdict = (value: number, target: number) => (value <= target ? '达标' : '未达标');
const row = (label: string, r: LoadResult) =>
  `  ${label.padEnd(26)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  ${fmt(r.throughput, 0)} 次/秒`;

try {
  const [ids] = await queryRows<{ company: string; service: string; admin: string }>(
    db,
    sql`select c.id as company, (select id from service_company where name = ${SERVICE}) as service,
               (select id from admin where username = 'demo') as admin
          from company c where c.name = ${COMPANY}`,
  );
  if (!ids?.company) throw new Error(`找不到${COMPANY}：请先写入演示数据（npm run seed）`);
  const companyId = Number(ids.company);
  const serviceId = Number(ids.service);

  // Setup (not measured): the paid batches that are missing, inserted set-based; their items'
  // insert fills the batches' kept amounts through the triggers.
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payroll_batch where company_id = ${companyId} and title like ${`${TITLE}%`}`,
  );
  const missing = Math.max(0, batchCount - (have?.n ?? 0));
  console.log(
    `\n发票基准 — ${database.kind}，${batchCount.toLocaleString()} 个已发放批次，每批 ${ITEMS} 条已支付明细${scope}\n`,
  );
  if (missing > 0) {
    const t0 = performance.now();
    for (let done = 0; done < missing; done += 20_000) {
      const n = Math.min(20_000, missing - done);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          with b as (
            insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status,
                                       item_count, ok_count, amount_fen, debit_fen, created_by, created_at)
            select ${companyId}, ${TITLE} || g, '2025-' || lpad((1 + g % 12)::text, 2, '0'), ${serviceId}, 'bank', 'workers',
                   'completed', ${ITEMS}, ${ITEMS}, ${ITEMS} * 10000, ${ITEMS} * 10000, ${Number(ids.admin)},
                   now() - make_interval(mins => g)
              from generate_series(${(have?.n ?? 0) + done + 1}::int, ${(have?.n ?? 0) + done + n}::int) g
            returning id)
          insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked,
                                    amount_fen, net_fen, debit_fen, check_result, pay_status, paid_at)
          select ${companyId}, b.id, k, '基准员工' || k, 'bench-' || b.id || '-' || k, '1101**********0011',
                 10000, 10000, 10000, 'ok', 'paid', now()
            from b cross join generate_series(1, ${ITEMS}) k`);
      });
    }
    await db.execute(sql`analyze payroll_batch`);
    await db.execute(sql`analyze payroll_item`);
    console.log(
      `准备：新增 ${missing.toLocaleString()} 个批次（${((performance.now() - t0) / 1000).toFixed(1)} s，不计入）`,
    );
  }

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
  const loadGet = async (path: string) => {
    await get(path);
    return load(() => http.get(`${base}${path}`), concurrency, seconds);
  };
  const raw = async (query: ReturnType<typeof sql>) => {
    await db.execute(query);
  };

  // 选择订单, as the server runs it: the repository's own statements (the page's ids from the
  // open batches' index, their rows, the kept count), through the driver.
  const filters = { companyId, serviceCompanyId: serviceId, invoiceable: true };
  const first = await loadGet(`${API.invoice.batches}?page=1&limit=10&serviceCompanyId=${serviceId}`);
  const firstRaw = await load(
    async () => {
      await findBatchPage(db, filters, 1, 10);
    },
    concurrency,
    seconds,
  );
  const deep = await loadGet(`${API.invoice.batches}?page=500&limit=10&serviceCompanyId=${serviceId}`);
  const deepRaw = await load(
    async () => {
      await findBatchPage(db, filters, 500, 10);
    },
    concurrency,
    seconds,
  );

  // 可开票金额: the kept totals (the service also reads the company's cost rules).
  const amount = await loadGet(API.invoice.invoiceable);
  const amountRaw = await load(() => findInvoiceableTotals(db, companyId).then(() => undefined), concurrency, seconds);
  // For reference: the same amount summed from the paid items, as before migration 0039.
  const summed = await load(
    () =>
      raw(sql`select b.service_company_id, sum(i.debit_fen) from payroll_batch b
                join payroll_item i on i.company_id = b.company_id and i.batch_id = b.id
               where b.company_id = ${companyId} and b.status in ('completed', 'partial') and i.pay_status = 'paid'
               group by b.service_company_id`),
    Math.min(concurrency, 2),
    Math.min(seconds, 4),
  );

  console.log(`并发 ${concurrency}，每项 ${seconds} s：`);
  console.log(row('选择订单 第 1 页（接口）', first));
  console.log(row('  同一 SQL 直连', firstRaw));
  console.log(row('选择订单 第 500 页（接口）', deep));
  console.log(row('  同一 SQL 直连', deepRaw));
  console.log(row('可开票金额（接口）', amount));
  console.log(row('  同一 SQL 直连', amountRaw));
  console.log(row('  参考：从明细汇总', summed));
  console.log(
    `\n目标：选择订单 p95 ≤ 50 ms（第 1 页 ${first.p95.toFixed(1)} ms ${verdict(first.p95, 50)}，` +
      `第 500 页 ${deep.p95.toFixed(1)} ms ${verdict(deep.p95, 50)}）；` +
      `可开票金额 p95 ≤ 20 ms（${amount.p95.toFixed(1)} ms ${verdict(amount.p95, 20)}）${scope}`,
  );
} finally {
  await server.stop();
  await database.close();
}
