/**
 * Daily reconciliation benchmark (issue 42 point 1, ADR 0030): one service company's day of
 * 1,000,000 payouts against the provider's statement of 1,000,000 lines, on a database of its
 * own (`<DATABASE_URL's name>_reconcile`, created, migrated and seeded with the demo data, dropped
 * at the end unless --keep):
 *   - setup (not measured): 1,000,000 settled payouts of one batch (about one in ten failed),
 *     the sandbox's books of the same payouts, one disagreement of each kind, and the day's
 *     statement written once to a file with its signature (the provider's side);
 *   - the job: `reconcileDay` as the hourly job runs it — the statement downloaded and its
 *     signature checked, COPied into reconcile_line, matched, the differences recorded, their
 *     payouts held and their suspense posted — timed, with the process's peak RSS;
 *   - the floor, in the same run, before and after the job: the same COPY of the same file into
 *     the same table and one join of its lines to the payouts in SQL (one transaction, rolled
 *     back), timed with its peak RSS;
 *   - checks: the six differences found (one per kind, a payout we never sent), the rest matched,
 *     the ledger's invariants; a second run changes nothing.
 *
 *   DATABASE_URL=postgres://... npm run bench:reconcile -- [--payouts 1000000] [--keep]
 * Targets (PostgreSQL): the job within 1.5x the floor's time; peak RSS ≤ 400 MB. Each measured part
 * starts after a full garbage collection (the script runs with --expose-gc).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { copyIn, setStagingSetting } from '../apps/server/src/db/copy.ts';
import { asPlatform } from '../apps/server/src/db/scope.ts';
import { chinaDay } from '../apps/server/src/lib/china-time.ts';
import type { PayoutProvider } from '../apps/server/src/lib/payout-provider.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/service.ts';
import { createSandboxProvider, sandboxStatement } from '../apps/server/src/modules/payout-sandbox/service.ts';
import { reconcileDay } from '../apps/server/src/modules/payroll/reconcile/service.ts';
import { emitFigures, withPeakRss } from './lib.ts';

/**
 * Runs a measured part after a full garbage collection (`--expose-gc`, as `npm run
 * bench:reconcile` passes): the setup writes a million-line statement in this process, and the
 * peak RSS should be the part's own, not the setup's garbage waiting for V8's next collection.
 */
async function collected<T>(part: () => Promise<T>): Promise<T> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return part();
}

/** Thrown to roll the floor's transaction back. */
class RollBack extends Error {}

const { values } = parseArgs({ options: { payouts: { type: 'string' }, keep: { type: 'boolean' } } });
const payoutCount = Number(values.payouts ?? 1_000_000);
const DAY = '2025-01-01';
const COMPANY = '星河科技有限公司';
const SERVICE = '海南灵工服务有限公司';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('bench:reconcile 需要 PostgreSQL：DATABASE_URL=postgres://… npm run bench:reconcile');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const target = new URL(url);
const name = `${target.pathname.slice(1)}_reconcile`;
const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
target.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-reconcile-'));
const env = { ...process.env, DATABASE_URL: target.toString(), DATA_DIR: dataDir };

console.log(`\n对账基准 — PostgreSQL，新建数据库 ${name}，${payoutCount.toLocaleString()} 笔发放 / 对账单行\n`);
const seeded = await new Promise<number>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/cli.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('error', reject);
  child.on('exit', (code) => resolve(code ?? 1));
});
if (seeded !== 0) process.exit(seeded);

const config = { ...loadConfig(env), logLevel: 'warn' as const };
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('bench: no row');
  return row;
};
const secret = config.payoutCallbackSecret;
const statementDir = mkdtempSync(join(tmpdir(), 'fp-bench-statement-'));
const statementFile = join(statementDir, 'statement.csv');
let signature = '';
/** The provider's side: the day's statement as the sandbox wrote it, read from its file. */
const sandbox = createSandboxProvider(database.appDb, () => new Date(), secret);
const provider: PayoutProvider = {
  submit: (orders) => sandbox.submit(orders),
  query: (refs) => sandbox.query(refs),
  statement: async () => ({ signature, open: () => createReadStream(statementFile, { highWaterMark: 256 * 1024 }) }),
};
const app = await buildApp({ config, database, logger: false, payoutProvider: provider });
const mb = (n: number) => n.toFixed(0).padStart(6);
const s = (n: number) => n.toFixed(2).padStart(7);

try {
  // ---- Setup (not measured) ----
  const setupStarted = performance.now();
  const ids = await one<{ company: string; service: string; admin: string; card: string; worker: string }>(
    sql`select c.id as company, s.id as service, (select id from admin where username = 'demo') as admin,
               w.id as worker, k.id as card
          from company c, service_company s, worker w join worker_bank_card k on k.company_id = w.company_id and k.worker_id = w.id
         where c.name = ${COMPANY} and s.name = ${SERVICE} and w.company_id = c.id
         order by w.id limit 1`,
  );
  const [companyId, serviceId] = [Number(ids.company), Number(ids.service)];
  const { start } = chinaDay(DAY);
  const batch = await one<{ id: string }>(
    sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status, created_by)
        values (${companyId}, '对账基准', '2025-01', ${serviceId}, 'bank', 'workers', 'completed', ${Number(ids.admin)})
        returning id`,
  );
  const batchId = Number(batch.id);
  await db.execute(sql`
    insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked, amount_fen, net_fen,
                              debit_fen, check_result)
    select ${companyId}, ${batchId}, g, '基准员工', md5(g::text), '1101**********' || lpad((g % 10000)::text, 4, '0'),
           10000 + (g % 500) * 100, 10000 + (g % 500) * 100, 10000 + (g % 500) * 100, 'ok'
      from generate_series(1, ${payoutCount}) g`);
  // Settled through the day (Beijing), the provider a second earlier; one in ten failed.
  await db.execute(sql`
    insert into payout (company_id, batch_id, item_id, service_company_id, attempt, ref, channel, account_id,
                        account_masked, holder_name, net_fen, fee_fen, debit_fen, status, fail_reason, submitted_at,
                        settled_at)
    select i.company_id, i.batch_id, i.id, ${serviceId}, 1, 'PB' || i.id || '-1', 'bank', ${Number(ids.card)},
           '6222 **** **** 0000', i.name, i.net_fen, 0, i.net_fen,
           case when i.row_no % 10 = 0 then 'failed' else 'succeeded' end,
           case when i.row_no % 10 = 0 then '卡号无效' end,
           ${start.toISOString()}::timestamptz + make_interval(secs => 10 + i.row_no * 86000.0 / ${payoutCount}) - interval '2 seconds',
           ${start.toISOString()}::timestamptz + make_interval(secs => 10 + i.row_no * 86000.0 / ${payoutCount})
      from payroll_item i where i.batch_id = ${batchId}`);
  await db.execute(sql`
    insert into sandbox_payout (ref, channel, account_no, holder_name, amount_fen, outcome, reason, submitted_at,
                                settles_at, callback_at, callbacks, service_company_id)
    select ref, 'bank', '************0000', holder_name, net_fen, status, coalesce(fail_reason, ''), submitted_at,
           settled_at - interval '1 second', settled_at, 1, service_company_id
      from payout where batch_id = ${batchId}`);
  // One disagreement of each kind.
  const refs = (
    await queryRows<{ ref: string }>(
      db,
      sql`select ref from payout where batch_id = ${batchId} and status = 'succeeded' order by id limit 5`,
    )
  ).map((r) => r.ref);
  const faults = ['omitted', 'amount', 'status', 'duplicate'] as const;
  for (const [i, fault] of faults.entries())
    await db.execute(sql`update sandbox_payout set statement_fault = ${fault} where ref = ${refs[i] as string}`);
  await db.execute(sql`
    insert into sandbox_payout (ref, channel, account_no, holder_name, amount_fen, outcome, submitted_at, settles_at,
                                callback_at, service_company_id, statement_fault)
    values ('PX-BENCH-1', 'bank', '************0000', '未知收款人', 12345, 'succeeded',
            ${start.toISOString()}::timestamptz + interval '1 hour', ${start.toISOString()}::timestamptz + interval '1 hour',
            ${start.toISOString()}::timestamptz + interval '1 hour', ${serviceId}, 'unsent')`);
  await db.execute(sql`analyze payroll_item`);
  await db.execute(sql`analyze payout`);
  await db.execute(sql`analyze sandbox_payout`);
  // The provider writes the day's statement once (its signature over the bytes).
  const written = await sandboxStatement(db, secret, serviceId, DAY);
  signature = written.signature;
  const out = createWriteStream(statementFile);
  for await (const chunk of written.open()) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const lines = await one<{ n: number }>(
    sql`select count(*)::int + 1 as n from sandbox_payout where service_company_id = ${serviceId}
          and settles_at >= ${start.toISOString()}::timestamptz and settles_at < ${chinaDay(DAY).end.toISOString()}::timestamptz
          and statement_fault is distinct from 'omitted'`,
  );
  console.log(
    `准备（不计时）：${((performance.now() - setupStarted) / 1000).toFixed(1)} s，对账单 ${lines.n.toLocaleString()} 行`,
  );

  // ---- The floor: the same COPY into the same table, one join, rolled back ----
  const floor = () =>
    withPeakRss(async () => {
      let matched = 0;
      await db
        .transaction(async (tx) => {
          await setStagingSetting(tx, 'flexpay.reconcile_day', '-1');
          await copyIn(
            tx,
            'reconcile_line (provider_ref, ref, amount, status, settled_at)',
            'WITH (FORMAT csv, HEADER true)',
            createReadStream(statementFile, { highWaterMark: 256 * 1024 }),
          );
          const [row] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from reconcile_line l join payout p on p.ref = l.ref
                 where l.day_id = -1 and p.service_company_id = ${serviceId}
                   and p.status = l.status and p.net_fen = round(l.amount * 100)`,
          );
          matched = row?.n ?? 0;
          throw new RollBack();
        })
        .catch((err: unknown) => {
          if (!(err instanceof RollBack)) throw err;
        });
      return matched;
    });
  const floorBefore = await collected(floor);

  // ---- The job ----
  const job = await collected(() =>
    withPeakRss(() => asPlatform('bench:reconcile', () => reconcileDay(app.ctx, serviceId, DAY))),
  );
  const floorAfter = await collected(floor);
  const again = await asPlatform('bench:reconcile', () => reconcileDay(app.ctx, serviceId, DAY));

  // ---- Checks ----
  const day = await one<{ matched_count: number; difference_count: number; line_count: number }>(
    sql`select matched_count, difference_count, line_count from reconcile_day where service_company_id = ${serviceId} and day = ${DAY}`,
  );
  const kinds = (
    await queryRows<{ kind: string }>(
      db,
      sql`select kind from reconcile_difference x join reconcile_day d on d.id = x.day_id
           where d.service_company_id = ${serviceId} and d.day = ${DAY} order by kind`,
    )
  ).map((r) => r.kind);
  const ledger = await verifyLedger(db);
  const floorBest = floorBefore.seconds < floorAfter.seconds ? floorBefore : floorAfter;
  const ratio = job.seconds / floorBest.seconds;
  console.log('');
  console.log('                         时间 (s)   峰值内存 (MB)');
  console.log(`对账任务 reconcileDay     ${s(job.seconds)}     ${mb(job.peakRssMb)}`);
  console.log(`下限（同一 COPY + 一次连接，之前） ${s(floorBefore.seconds)}     ${mb(floorBefore.peakRssMb)}`);
  console.log(`下限（之后）              ${s(floorAfter.seconds)}     ${mb(floorAfter.peakRssMb)}`);
  console.log(
    `任务 / 下限               ${ratio.toFixed(2).padStart(7)} x（目标 ≤ 1.5 x）   峰值 ${job.peakRssMb.toFixed(0)} MB（目标 ≤ 400 MB）`,
  );
  console.log(
    `\n结果：对账单 ${day.line_count.toLocaleString()} 行，匹配 ${day.matched_count.toLocaleString()} 笔（下限的连接匹配 ${floorBest.result.toLocaleString()} 笔），差异 ${day.difference_count}：${kinds.join('、')}`,
  );
  console.log(
    `再次对账：${again.outcome}（不改变任何数据）；账本校验：${ledger.violations.length ? ledger.violations.map((v) => v.detail).join('；') : '通过'}`,
  );
  const ok =
    job.result.outcome === 'done' &&
    again.outcome === 'already' &&
    kinds.join(',') === 'amount,duplicate,missing_ours,missing_provider,status' &&
    ledger.violations.length === 0 &&
    ratio <= 1.5 &&
    job.peakRssMb <= 400;
  emitFigures({
    jobSeconds: job.seconds,
    floorSeconds: floorBest.seconds,
    ratio,
    jobPeakRssMb: job.peakRssMb,
    floorPeakRssMb: floorBest.peakRssMb,
  });
  console.log(ok ? '\n目标全部达到' : '\n有目标未达到（见上）');
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  rmSync(statementDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (!values.keep) {
    const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
