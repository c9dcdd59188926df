/**
 * Payout benchmark (issue 18), over the real app in this process:
 *   - a 100,000-item 待支付 batch (items inserted set-based for the setup: the company's first
 *     workers with their default bank card; the sandbox fails the cards ending in 4, about one in
 *     ten, so the refund path is measured too);
 *   - 确认支付 through HTTP with a fresh SMS code: its answer (the freeze, the batch 支付中) timed, next
 *     to the baseline measured first in the same run: the freeze and 100,000 payouts queued in the
 *     request's one transaction as before (rolled back); then the time until every payout is
 *     queued by the payment's job;
 *   - every payout dispatched to the sandbox, called back (signed batch callbacks) and settled with
 *     its ledger transfer, by the app's own payout timer and the dispatch job the payment queued
 *     (timed from the payment's answer until no payout is open), with the peak RSS;
 *   - the floor: the same postings and row updates made set-based straight through the driver,
 *     in a few statements, on a copy of the settled data (one transaction, rolled back);
 *   - checks: every item paid or failed once, one ledger transfer per payout, nothing frozen left,
 *     the ledger's invariants.
 *
 *   DATABASE_URL=postgres://... npm run bench:payouts -- [--items 100000] [--tick-ms 250] [--fresh [--workers 170000]]
 *     [--row-security on|off|compare]  (compare: the run twice, tenant policies off then on, ADR 0025)
 *     [--observe on|off|compare] [--rounds 1]  (compare: the run with the access log and /metrics
 *       off and on, issue 41; `rounds` pairs, the order alternating)
 * --fresh: first the same run on a new database seeded with that many workers (ADR 0016).
 * Needs a company with that many workers (npm run seed -- --workers 100000).
 * Targets (PostgreSQL): pay answered ≤ 1 s; all settled ≤ 120 s; peak RSS ≤ 400 MB. PGlite: reported.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { API, apiPath } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { postTransfer, verifyLedger } from '../apps/server/src/modules/ledger/service.ts';
import { freezeAndQueue } from '../apps/server/src/modules/payroll/payouts/service.ts';
import {
  compareRowSecurity,
  compareRuns,
  emitFigures,
  observeConfig,
  observeMode,
  scrapeMetrics,
  rowSecurityMode,
  runOnFreshDatabase,
  setRowSecurity,
  withPeakRss,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    'tick-ms': { type: 'string' },
    fresh: { type: 'boolean' },
    'as-fresh': { type: 'boolean' },
    workers: { type: 'string' },
    'row-security': { type: 'string' },
    observe: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const itemCount = Number(values.items ?? 100_000);
const tickMs = Number(values['tick-ms'] ?? 250);
const asFresh = values['as-fresh'] === true;
const rowSecurity = rowSecurityMode(values['row-security']);
const observe = values.observe === undefined ? undefined : observeMode(values.observe);
const FIGURE_LABELS = {
  pay: '确认支付应答 (s)',
  queued: '至全部冻结并排队 (s)',
  settle: '全部发放结算 (s)',
  perSecond: '结算速度 (笔/s)',
  rss: '峰值内存 (MB)',
};
if (observe === 'compare') {
  // The same run with the access log and /metrics off, then on (issue 41), figures side by side.
  const args = ['--items', String(itemCount), '--tick-ms', String(tickMs)];
  const what = { flag: 'observe', title: '访问日志与监控指标', rounds: Number(values.rounds ?? 1) };
  process.exit(await compareRuns('bench/payouts.ts', args, what, FIGURE_LABELS));
}
if (rowSecurity === 'compare') {
  // The same run twice, the tenant policies off then on (ADR 0025), figures side by side.
  const args = ['--items', String(itemCount), '--tick-ms', String(tickMs)];
  process.exit(await compareRowSecurity('bench/payouts.ts', args, FIGURE_LABELS));
}
if (values.fresh && !asFresh) {
  // First a run on a new database (seeded by the seed CLI), then this run on DATABASE_URL's.
  const args = ['--items', String(itemCount), '--tick-ms', String(tickMs)];
  const code = await runOnFreshDatabase('bench/payouts.ts', Number(values.workers ?? 170_000), args);
  if (code !== 0) process.exitCode = code;
  console.log('\n已有数据的数据库（DATABASE_URL）上的运行：');
}
const COMPANY = '星河科技有限公司';
const TITLE = '支付基准批次';
const FEE_BP = 650;

const config = {
  ...loadConfig(),
  logLevel: 'warn' as const,
  webDist: undefined,
  payoutTickMs: tickMs,
  ...(observe ? observeConfig(observe === 'on') : {}),
};
const database = await openDatabase(config);
await database.migrate();
if (rowSecurity === 'off')
  console.log(`行级安全策略已关闭（${await setRowSecurity(database.db, false)} 张表，结束时恢复）`);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
if (observe) console.log(`访问日志与监控指标：${observe === 'on' ? '开启（每 15 秒抓取 /metrics）' : '关闭'}`);
// Prometheus scrapes the server every 15 s while the access log and metrics are on.
const stopScraping = observe === 'on' ? scrapeMetrics(base, 15_000) : undefined;
const db = database.db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('bench: no row');
  return row;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const TARGET_SCOPE = database.kind === 'pglite' ? '（目标针对 PostgreSQL，PGlite 仅报告）' : '';

try {
  const login = await fetch(`${base}${API.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@123456' }),
  });
  const token = ((await login.json()) as { data?: string }).data;
  if (!token) throw new Error('演示账号 demo 无法登录：请先写入演示数据（npm run seed，与基准使用同一数据库）');
  const api = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { status: number; message?: string; data: T };
    if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.message ?? ''}`);
    return envelope.data;
  };
  const company = await one<{ id: string; service: string; admin: string }>(
    sql`select c.id, (select l.service_company_id from company_service_company l
                       where l.company_id = c.id and l.fee_bearer = 'company' order by l.service_company_id limit 1) as service,
               (select id from admin where username = 'demo') as admin
          from company c where c.name = ${COMPANY}`,
  );
  const companyId = Number(company.id);
  const serviceId = Number(company.service);
  console.log(
    `\n发放支付基准 — ${database.kind}，${itemCount.toLocaleString()} 条，${asFresh ? '新建的数据库' : '已有数据的数据库'}\n`,
  );

  // Setup (not measured): a 待支付 batch of the company's first workers with a default card, and
  // enough available balance.
  const setupStarted = performance.now();
  const eligible = await one<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from worker w
          where w.company_id = ${companyId} and w.status = 'active'
            and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
          limit ${itemCount}) w`,
  );
  if (eligible.n < itemCount)
    throw new Error(
      `${COMPANY} 只有 ${eligible.n} 名有银行卡的在职员工，需要 ${itemCount}：先 npm run seed -- --workers N（约六成生成的员工有银行卡）`,
    );
  const batch = await one<{ id: string }>(
    sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status, created_by,
                                   fee_rate_bp, fee_bearer)
        values (${companyId}, ${TITLE}, '2030-02', ${serviceId}, 'bank', 'workers', 'to_pay', ${Number(company.admin)},
                ${FEE_BP}, 'company')
        returning id`,
  );
  const batchId = Number(batch.id);
  await db.execute(sql`
    insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked, amount_fen, fee_fen,
                              net_fen, debit_fen, worker_id, account_channel, account_id, account_masked, account_bank,
                              check_result)
    select ${companyId}, ${batchId}, w.n, w.name, w.id_number_hash, w.id_number_masked, w.amount,
           (w.amount * ${FEE_BP} + 5000) / 10000, w.amount, w.amount + (w.amount * ${FEE_BP} + 5000) / 10000,
           w.id, 'bank', c.id, c.card_number_masked, c.bank_code, 'ok'
      from (select w.*, row_number() over (order by w.id)::int as n, (10000 + (w.id % 400) * 100)::bigint as amount
              from worker w
             where w.company_id = ${companyId} and w.status = 'active'
               and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
             order by w.id limit ${itemCount}) w
      join lateral (select * from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id
                     order by c.is_default desc, c.id limit 1) c on true`);
  const totals = await one<{ n: number; debit: string }>(
    sql`update payroll_batch b set item_count = t.n, ok_count = t.n, amount_fen = t.amount, fee_fen = t.fee,
               net_fen = t.net, debit_fen = t.debit
          from (select count(*)::int as n, sum(amount_fen) as amount, sum(fee_fen) as fee, sum(net_fen) as net,
                       sum(debit_fen) as debit from payroll_item where batch_id = ${batchId}) t
         where b.id = ${batchId} returning t.n, t.debit`,
  );
  // Earlier runs leave dead rows behind (the floor's rolled-back copy, every settled row's old
  // version) faster than autovacuum reclaims them: start from vacuumed tables. A new database
  // (--fresh) is left as a new user's is: nothing vacuumed or analysed by the bench.
  if (!asFresh) {
    for (const table of [
      'payroll_item',
      'payout',
      'sandbox_payout',
      'ledger_transfer',
      'ledger_entry',
      'ledger_account',
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const balance = await one<{ available: string; frozen: string }>(
    sql`select coalesce(sum(balance_fen) filter (where kind = 'available' and service_company_id = ${serviceId}), 0) as available,
               coalesce(sum(balance_fen) filter (where kind = 'frozen'), 0) as frozen
          from ledger_account where company_id = ${companyId}`,
  );
  const frozenBefore = Number(balance.frozen);
  const shortFen = Number(totals.debit) - Number(balance.available);
  if (shortFen > 0) {
    await db.transaction((tx) =>
      postTransfer(tx, {
        companyId,
        type: 'topup',
        reference: { kind: 'bench_topup', id: batchId },
        memo: '支付基准充值',
        postings: [
          { account: { kind: 'bank_clearing', serviceCompanyId: serviceId }, amountFen: -shortFen },
          { account: { kind: 'available', companyId, serviceCompanyId: serviceId }, amountFen: shortFen },
        ],
      }),
    );
  }
  // A fresh 确认支付 code of demo (its 60 s rule is not what is measured).
  await db.execute(sql`delete from sms_outbox where mobile = (select mobile from admin where username = 'demo')`);
  const sms = await api<{ token: string }>(API.verification.sendSms, { purpose: 'pay' });
  const smsRow = await one<{ content: string }>(
    sql`select content from sms_outbox where mobile = (select mobile from admin where username = 'demo')
         order by id desc limit 1`,
  );
  const code = /验证码为 (\d{6})/.exec(smsRow.content)?.[1] ?? '';
  console.log(
    `准备：批次 #${batchId}，${totals.n.toLocaleString()} 条，扣款合计 ¥${(Number(totals.debit) / 100).toLocaleString()}` +
      `（${((performance.now() - setupStarted) / 1000).toFixed(1)} s，不计入）`,
  );

  // The baseline, in this run: the payment as it was before (issue 24), the freeze and every
  // payout queued in the request's one transaction (freezeAndQueue), timed and rolled back.
  const baselinePay = await measureOneTransactionPay(companyId, batchId);
  await db.execute(sql.raw(`vacuum payout`));

  // Measured: 确认支付, then every payout settled by the app's own payout work.
  const queuedWhole = async () =>
    (
      await queryRows<{ s: string | null }>(
        db,
        sql`select pay_status as s from payroll_item where company_id = ${companyId} and batch_id = ${batchId}
             order by row_no desc, id desc limit 1`,
      )
    )[0]?.s != null;
  const rssBefore = process.memoryUsage().rss / 1024 / 1024;
  const openCount = async () =>
    (
      await one<{ n: number }>(
        sql`select count(*)::int as n from payout where batch_id = ${batchId} and status in ('queued', 'submitted')`,
      )
    ).n;
  // Where the memory is at the highest RSS seen (sampled less often than the peak itself).
  let atPeak = process.memoryUsage();
  const run = await withPeakRss(async () => {
    const t0 = performance.now();
    await api(
      apiPath(API.payroll.pay, { id: batchId }),
      { method: 'sms', token: sms.token, code },
      { 'idempotency-key': `bench-${randomUUID()}` },
    );
    const tPaid = performance.now();
    // Until every payout is queued (the last item, in the queue's order, has its payout).
    while (!(await queuedWhole())) {
      if (performance.now() - tPaid > 900_000) throw new Error('15 分钟内未排队完');
      await sleep(20);
    }
    const tQueued = performance.now();
    let lastReport = tPaid;
    for (;;) {
      const memory = process.memoryUsage();
      if (memory.rss > atPeak.rss) atPeak = memory;
      const open = await openCount();
      if (open === 0) break;
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`  ${((lastReport - tPaid) / 1000).toFixed(0)} s：未结 ${open.toLocaleString()}`);
      }
      if (performance.now() - tPaid > 900_000) throw new Error('15 分钟内未结算完');
      await sleep(200);
    }
    const tSettled = performance.now();
    return { pay: (tPaid - t0) / 1000, queued: (tQueued - t0) / 1000, settle: (tSettled - tPaid) / 1000 };
  });

  // Checks: every item once, one transfer per payout, nothing frozen, the ledger's invariants.
  const check = await one<{
    items: number;
    final: number;
    paid: number;
    failed: number;
    payouts: number;
    transfers: number;
  }>(
    sql`select (select count(*)::int from payroll_item where batch_id = ${batchId}) as items,
               (select count(*)::int from payroll_item where batch_id = ${batchId} and pay_status in ('paid', 'failed')) as final,
               (select count(*)::int from payroll_item where batch_id = ${batchId} and pay_status = 'paid') as paid,
               (select count(*)::int from payroll_item where batch_id = ${batchId} and pay_status = 'failed') as failed,
               (select count(*)::int from payout where batch_id = ${batchId}) as payouts,
               (select count(*)::int from ledger_transfer t join payout p on t.ref_kind = 'payout' and t.ref_id = p.id::text
                 where p.batch_id = ${batchId} and t.type in ('payout', 'refund')) as transfers`,
  );
  const after = await one<{ frozen: string; status: string }>(
    sql`select (select coalesce(sum(balance_fen), 0) from ledger_account where company_id = ${companyId} and kind = 'frozen') as frozen,
               (select status from payroll_batch where id = ${batchId}) as status`,
  );
  const verifyStarted = performance.now();
  const { violations } = await verifyLedger(db);
  const verifySeconds = (performance.now() - verifyStarted) / 1000;

  // The floor: the same postings and row updates, set-based, on a copy of the settled data.
  const floorSeconds = await measureFloor(batchId, companyId, serviceId);

  console.log(
    `\n确认支付应答（冻结，批次转支付中）          ${run.result.pay.toFixed(2)} s` +
      `\n  基线：冻结并排队 ${totals.n.toLocaleString()} 笔在同一事务（改动前的应答）  ${baselinePay.toFixed(2)} s` +
      `\n至全部冻结并排队（自确认支付起）            ${run.result.queued.toFixed(2)} s` +
      `\n全部发放结算（派发+回调+入账）    ${run.result.settle.toFixed(1)} s（${Math.round(totals.n / run.result.settle).toLocaleString()} 笔/s）` +
      `\n峰值内存                          ${run.peakRssMb.toFixed(0)} MB（开始前 ${rssBefore.toFixed(0)} MB；` +
      `其间最高一次采样 RSS ${mb(atPeak.rss)}、堆 ${mb(atPeak.heapUsed)} / ${mb(atPeak.heapTotal)}、外部 ${mb(atPeak.external)} MB）` +
      `\n  底线（同样的分录与行更新，直接批量 SQL，一个事务） ${floorSeconds.toFixed(1)} s`,
  );
  console.log(
    `\n核对：明细 ${check.items.toLocaleString()}，终态 ${check.final.toLocaleString()}（成功 ${check.paid.toLocaleString()}，失败 ${check.failed.toLocaleString()}）；` +
      `发放 ${check.payouts.toLocaleString()} 笔，入账转账 ${check.transfers.toLocaleString()} 笔；批次 ${after.status}；` +
      `冻结余额 ${Number(after.frozen)} 分（开始前 ${frozenBefore}）；账本校验 ${violations.length ? `✗ ${violations.length} 处` : '✓'}（${verifySeconds.toFixed(1)} s）`,
  );
  const correct =
    check.final === check.items &&
    check.payouts === check.items &&
    check.transfers === check.items &&
    Number(after.frozen) === frozenBefore &&
    violations.length === 0;
  if (!correct) {
    console.log('✗ 结果不正确');
    process.exitCode = 1;
  }
  emitFigures({
    pay: run.result.pay,
    queued: run.result.queued,
    settle: run.result.settle,
    perSecond: totals.n / run.result.settle,
    rss: run.peakRssMb,
  });
  const met = run.result.pay <= 1 && run.result.settle <= 120 && run.peakRssMb <= 400;
  console.log(
    `目标（100,000 条）支付应答 ≤ 1 s、全部结算 ≤ 120 s、≤ 400 MB${TARGET_SCOPE}：` +
      (itemCount === 100_000 ? (met ? '达标' : '未达标') : '条数不同，不作判断'),
  );
} finally {
  stopScraping?.();
  await app.close();
  if (rowSecurity === 'off') await setRowSecurity(database.db, true);
  await database.close();
}

/** 确认支付 as it was: the freeze and every payout queued in one transaction, timed, rolled back. */
async function measureOneTransactionPay(companyId: number, batchId: number): Promise<number> {
  let seconds = 0;
  const rollback = new Error('baseline: rollback');
  try {
    await db.transaction(async (tx) => {
      const t0 = performance.now();
      await freezeAndQueue(tx, companyId, batchId);
      seconds = (performance.now() - t0) / 1000;
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return seconds;
}

/**
 * The floor: in one transaction, the settled payouts of the batch are put back to 支付中 with
 * their debit frozen again (from the bank clearing account; not timed), then timed: their ledger transfers and entries (running
 * balances by window functions), the four accounts' balances, the day counters, the payouts, the
 * items and the batch, each in one statement, and the deferred balance checks; rolled back.
 */
async function measureFloor(batchId: number, companyId: number, serviceId: number): Promise<number> {
  let seconds = 0;
  const rollback = new Error('floor: rollback');
  try {
    await db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(sql`create temp table floor_payout on commit drop as
                    select id, company_id, service_company_id, item_id, holder_name, net_fen, fee_fen, debit_fen, status,
                           coalesce(fail_reason, '') as reason
                      from payout where batch_id = ${batchId} order by id`);
      await run(
        sql`update payout set status = 'submitted', settled_at = null, fail_reason = null where batch_id = ${batchId}`,
      );
      await run(
        sql`update payroll_item set pay_status = 'paying', pay_fail_reason = null, paid_at = null where batch_id = ${batchId}`,
      );
      const [debit] = await queryRows<{ debit: string }>(tx, sql`select sum(debit_fen) as debit from floor_payout`);
      await run(sql`update ledger_account set balance_fen = balance_fen + ${Number(debit?.debit)}
                     where kind = 'frozen' and company_id = ${companyId} and service_company_id = ${serviceId}`);
      await run(sql`update ledger_account set balance_fen = balance_fen - ${Number(debit?.debit)}
                     where kind = 'bank_clearing' and service_company_id = ${serviceId}`);
      const t0 = performance.now();
      const acc = await queryRows<{ id: string; kind: string; balance: string }>(
        tx,
        sql`select id, kind, balance_fen as balance from ledger_account
             where service_company_id = ${serviceId}
               and ((kind in ('available', 'frozen') and company_id = ${companyId})
                    or (kind in ('payouts_in_transit', 'fee_income') and company_id is null))
             order by id for update`,
      );
      const a = new Map(acc.map((r) => [r.kind, { id: Number(r.id), balance: Number(r.balance) }]));
      const id = (kind: string) => a.get(kind)?.id ?? 0;
      const bal = (kind: string) => a.get(kind)?.balance ?? 0;
      await run(sql`
        with t as (
          insert into ledger_transfer (company_id, type, ref_kind, ref_id, memo)
          select company_id, case when status = 'succeeded' then 'payout' else 'refund' end, 'bench_floor', id::text,
                 case when status = 'succeeded' then '发放 ' || holder_name || ' ' || ${TITLE}
                      else '发放失败退回 ' || holder_name || '：' || reason end
            from floor_payout order by id
          returning id, ref_id, type, created_at
        ), v as (
          select t.id as transfer_id, t.type, t.created_at, f.*,
                 sum(f.debit_fen) over (order by f.id) as debit_run,
                 sum(case when f.status = 'succeeded' then f.net_fen else 0 end) over (order by f.id) as net_run,
                 sum(case when f.status = 'succeeded' then f.fee_fen else 0 end) over (order by f.id) as fee_run,
                 sum(case when f.status = 'failed' then f.debit_fen else 0 end) over (order by f.id) as back_run
            from t join floor_payout f on f.id = t.ref_id::bigint
        )
        insert into ledger_entry (transfer_id, account_id, company_id, service_company_id, account_kind, type, amount_fen,
                                  balance_after_fen, created_at)
        select transfer_id, account_id, company_id, ${serviceId}, kind, type, amount, balance_after, created_at from (
          select transfer_id, ${id('frozen')}::bigint as account_id, company_id, 'frozen' as kind, type,
                 -debit_fen as amount, ${bal('frozen')}::bigint - debit_run as balance_after, created_at, 0 as o
            from v
          union all
          select transfer_id, ${id('payouts_in_transit')}::bigint, null::bigint, 'payouts_in_transit', type, net_fen,
                 ${bal('payouts_in_transit')}::bigint + net_run, created_at, 1
            from v where status = 'succeeded'
          union all
          select transfer_id, ${id('fee_income')}::bigint, null::bigint, 'fee_income', type, fee_fen,
                 ${bal('fee_income')}::bigint + fee_run, created_at, 2
            from v where status = 'succeeded' and fee_fen > 0
          union all
          select transfer_id, ${id('available')}::bigint, company_id, 'available', type, debit_fen,
                 ${bal('available')}::bigint + back_run, created_at, 1
            from v where status = 'failed'
        ) e order by transfer_id, o`);
      await run(sql`
        update ledger_account a set balance_fen = a.balance_fen + d.amount, entry_count = a.entry_count + d.n
          from (select ${id('frozen')}::bigint as account_id, -sum(debit_fen) as amount, count(*) as n from floor_payout
                union all
                select ${id('payouts_in_transit')}, sum(net_fen), count(*) from floor_payout where status = 'succeeded'
                union all
                select ${id('fee_income')}, sum(fee_fen), count(*) from floor_payout where status = 'succeeded' and fee_fen > 0
                union all
                select ${id('available')}, sum(debit_fen), count(*) from floor_payout where status = 'failed') d
         where a.id = d.account_id and d.n > 0`);
      await run(sql`
        insert into ledger_entry_day as d (company_id, day, service_company_id, type, entry_count)
        select ${companyId}, ((now() at time zone 'UTC') + interval '8 hours')::date, ${serviceId}, type, n
          from (select 'payout' as type, count(*) filter (where status = 'succeeded') as n from floor_payout
                union all
                select 'refund', 2 * count(*) filter (where status = 'failed') from floor_payout) c
         where n > 0
        on conflict (company_id, day, service_company_id, type) do update set entry_count = d.entry_count + excluded.entry_count`);
      await run(sql`update payout p set status = f.status, fail_reason = nullif(f.reason, ''), settled_at = now()
                      from floor_payout f where p.id = f.id`);
      await run(sql`update payroll_item i set pay_status = case when f.status = 'succeeded' then 'paid' else 'failed' end,
                           pay_fail_reason = nullif(f.reason, ''),
                           paid_at = case when f.status = 'succeeded' then now() end
                      from floor_payout f where i.id = f.item_id`);
      await run(sql`update payroll_batch set status = 'partial', updated_at = now() where id = ${batchId}`);
      await run(sql`set constraints all immediate`);
      seconds = (performance.now() - t0) / 1000;
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return seconds;
}
