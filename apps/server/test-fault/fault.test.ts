/**
 * Fault tier (issue 41, `npm run test:fault`): the tier's own PostgreSQL (test-fault/postgres.ts)
 * is stopped and started again under a payment of 10,000 items, once `-m fast` (sessions ended
 * with 57P01) and once `-m immediate` (the server's processes killed; crash recovery on start).
 * Each restart holds the database down until every running server process has shown, to a direct
 * request, that it answers 503 with the JSON envelope and `/api/ready` not ready, then starts it.
 * Throughout, a probe calls each process every 100 ms with a timeout: no call may hang or find the
 * process gone. Then the same with two processes, one killed (SIGKILL) while the database is down.
 * Checked after each run: every item paid or failed once, one payout and one ledger transfer per
 * item, one submission per payout at the provider, nothing left frozen, no job left waiting, the
 * ledger verifying, every process ready again.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, apiPath } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from '../src/db/client.ts';
import { NOTIFICATIONS_APPLICATION } from '../src/db/notifications.ts';
import { postTransfer, verifyLedger } from '../src/modules/ledger/service.ts';
import { PAYOUT_DISPATCH_JOB, PAYOUT_QUEUE_JOB } from '../src/modules/payroll/payouts/service.ts';
import { postgresBinDir, startPostgres, type PostgresCluster, type StopMode } from './postgres.ts';
import { seed, serverProcesses, type Servers } from './servers.ts';

const binDir = postgresBinDir();
if (!binDir) throw new Error('test:fault 需要已安装的 PostgreSQL（initdb、pg_ctl）：apt-get install postgresql');

const ITEMS = 10_000;
/** Generated workers: about six in ten get a bank card, so this gives 10,000 with one. */
const WORKERS = 17_500;
/** A request slower than this counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;
const CHINESE = /[\u4e00-\u9fff]/;

let pg: PostgresCluster;
let servers: Servers;
let database: ReturnType<typeof openPostgres>;
let root: string;
let token = '';
let companyId = 0;
let serviceId = 0;
let adminId = 0;

interface Answer {
  http: number;
  status?: number;
  message?: string;
  data?: unknown;
}

/** One request to a process, failing (not waiting) after REQUEST_TIMEOUT_MS. */
async function call(
  name: string,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${servers.base(name)}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  const envelope = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { status: number; message?: string; data?: unknown })
    : {};
  return { http: res.status, ...envelope };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A query of the test's own, retried while the database is away. */
async function count(query: ReturnType<typeof sql>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return Number((await queryRows<{ n: number }>(database.db, query))[0]?.n ?? 0);
    } catch (err) {
      if (attempt > 100) throw err;
      await sleep(200);
    }
  }
}

/**
 * Calls every running process every 100 ms (ready, and a route that reads the database) until
 * stopped, keeping what would be a fault: a call that timed out or found no server, an answer
 * without the JSON envelope, a 5xx other than 503.
 */
function probe(names: () => string[], progressPath: string) {
  const faults: string[] = [];
  const seen = { unavailable: 0, notReady: 0, answered: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        names().flatMap((name) =>
          [API.system.ready, progressPath].map(async (path) => {
            try {
              const a = await call(name, 'GET', path);
              seen.answered += 1;
              if (a.status === undefined) faults.push(`${name} ${path}: HTTP ${a.http} without the envelope`);
              else if (a.http === 503) {
                if (a.status !== 503 || !CHINESE.test(a.message ?? ''))
                  faults.push(`${name} ${path}: 503 with ${JSON.stringify(a)}`);
                if (path === API.system.ready) seen.notReady += 1;
                else seen.unavailable += 1;
              } else if (a.http !== 200) faults.push(`${name} ${path}: HTTP ${a.http} ${JSON.stringify(a)}`);
            } catch (err) {
              // A process killed by the test stops answering; any other is a fault.
              if (servers.running(name)) faults.push(`${name} ${path}: ${(err as Error).message}`);
            }
          }),
        ),
      );
      await sleep(100);
    }
  })();
  return {
    faults,
    seen,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Until `read` holds, polled every 100 ms; fails after `timeoutMs` naming `what`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read().catch((err: unknown) => err as T);
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(v)}`);
    await sleep(100);
  }
}

/**
 * Stops the database with `mode`, runs `meanwhile` (a kill), shows on every process still running
 * that it answers 503 and is not ready, starts the database and waits until each is ready again.
 * Answers how long the database was down and until when each process was ready again.
 */
async function restartUnder(
  mode: StopMode,
  processes: string[],
  progressPath: string,
  meanwhile?: () => Promise<void>,
) {
  const stopped = Date.now();
  pg.stop(mode);
  let alive: string[];
  try {
    await meanwhile?.();
    alive = processes.filter((p) => servers.running(p));
    for (const name of alive) {
      const ready = await call(name, 'GET', API.system.ready);
      expect(ready.http, JSON.stringify(ready)).toBe(503);
      expect(ready).toMatchObject({ status: 503, data: { ok: false, database: 'postgres' } });
      expect((ready.data as { migrations: { expected: number } }).migrations.expected).toBeGreaterThan(0);
      expect(ready.message).toMatch(CHINESE);
      const read = await call(name, 'GET', progressPath);
      expect(read.http, JSON.stringify(read)).toBe(503);
      expect(read.status).toBe(503);
      expect(read.message).toMatch(CHINESE);
    }
  } finally {
    // Up again whatever failed, so that what follows (and the clean-up) finds a database.
    pg.start();
  }
  const down = Date.now() - stopped;
  for (const name of alive) {
    await until(
      () => call(name, 'GET', API.system.ready),
      (a) => a.http === 200 && (a.data as { ok?: boolean } | undefined)?.ok === true,
      `${name} ready after the ${mode} restart`,
      30_000,
    );
    await until(
      () => call(name, 'GET', progressPath),
      (a) => a.http === 200,
      `${name} reading again`,
      30_000,
    );
  }
  // Each process listens again (db/notifications.ts reopens its LISTEN connection).
  await until(
    () =>
      count(sql`select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and application_name = ${NOTIFICATIONS_APPLICATION}`),
    (n) => n === alive.length,
    `${alive.length} listening connections after the ${mode} restart`,
    30_000,
  );
  return { down, backAfter: Date.now() - stopped };
}

/** A 待支付 batch of ITEMS workers with a bank card each (set-based, as bench/payouts.ts makes it), with the balance to pay it. */
async function batchToPay(title: string): Promise<number> {
  const db = database.db;
  const [batch] = await queryRows<{ id: string }>(
    db,
    sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status, created_by,
                                   fee_rate_bp, fee_bearer)
        values (${companyId}, ${title}, '2030-03', ${serviceId}, 'bank', 'workers', 'to_pay', ${adminId}, 650, 'company')
        returning id`,
  );
  const batchId = Number(batch?.id);
  await db.execute(sql`
    insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked, amount_fen, fee_fen,
                              net_fen, debit_fen, worker_id, account_channel, account_id, account_masked, account_bank,
                              check_result)
    select ${companyId}, ${batchId}, w.n, w.name, w.id_number_hash, w.id_number_masked, w.amount,
           (w.amount * 650 + 5000) / 10000, w.amount, w.amount + (w.amount * 650 + 5000) / 10000,
           w.id, 'bank', c.id, c.card_number_masked, c.bank_code, 'ok'
      from (select w.*, row_number() over (order by w.id)::int as n, (10000 + (w.id % 400) * 100)::bigint as amount
              from worker w
             where w.company_id = ${companyId} and w.status = 'active'
               and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
             order by w.id desc limit ${ITEMS}) w
      join lateral (select * from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id
                     order by c.is_default desc, c.id limit 1) c on true`);
  const [totals] = await queryRows<{ n: number; debit: string }>(
    db,
    sql`update payroll_batch b set item_count = t.n, ok_count = t.n, amount_fen = t.amount, fee_fen = t.fee,
               net_fen = t.net, debit_fen = t.debit
          from (select count(*)::int as n, sum(amount_fen) as amount, sum(fee_fen) as fee, sum(net_fen) as net,
                       sum(debit_fen) as debit from payroll_item where batch_id = ${batchId}) t
         where b.id = ${batchId} returning t.n, t.debit`,
  );
  expect(totals?.n).toBe(ITEMS);
  const amountFen = Number(totals?.debit);
  await db.transaction((tx) =>
    postTransfer(tx, {
      companyId,
      type: 'topup',
      reference: { kind: 'fault_topup', id: batchId },
      memo: '故障测试充值',
      postings: [
        { account: { kind: 'bank_clearing', serviceCompanyId: serviceId }, amountFen: -amountFen },
        { account: { kind: 'available', companyId, serviceCompanyId: serviceId }, amountFen },
      ],
    }),
  );
  return batchId;
}

/** 确认支付 through process `name`, with a fresh code from the demo SMS outbox. */
async function pay(name: string, batchId: number) {
  await database.db.execute(
    sql`delete from sms_outbox where mobile = (select mobile from admin where username = 'demo')`,
  );
  const sms = await call(name, 'POST', API.verification.sendSms, { purpose: 'pay' });
  expect(sms.status, sms.message).toBe(200);
  const [row] = await queryRows<{ content: string }>(
    database.db,
    sql`select content from sms_outbox where mobile = (select mobile from admin where username = 'demo') order by id desc limit 1`,
  );
  const code = /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
  const res = await call(
    name,
    'POST',
    apiPath(API.payroll.pay, { id: batchId }),
    { method: 'sms', token: (sms.data as { token: string }).token, code },
    { 'idempotency-key': `fault-${randomUUID()}` },
  );
  expect(res.status, res.message).toBe(200);
}

const settled = (batchId: number) =>
  count(sql`select count(*)::int as n from payout where batch_id = ${batchId} and status in ('succeeded', 'failed')`);

/** Every item in one final state, paid once, one transfer per payout, the provider paid each once; the ledger holds. */
async function expectPaidOnce(batchId: number, frozenBefore: number) {
  const one = async (query: ReturnType<typeof sql>) => count(query);
  expect(
    await one(
      sql`select count(*)::int as n from payroll_item where batch_id = ${batchId} and pay_status in ('paid', 'failed')`,
    ),
  ).toBe(ITEMS);
  expect(await one(sql`select count(*)::int as n from payout where batch_id = ${batchId}`)).toBe(ITEMS);
  expect(await one(sql`select count(distinct item_id)::int as n from payout where batch_id = ${batchId}`)).toBe(ITEMS);
  expect(
    await one(sql`select count(*)::int as n from payroll_item i join payout p on p.item_id = i.id
                   where i.batch_id = ${batchId} and ((p.status = 'succeeded') <> (i.pay_status = 'paid'))`),
  ).toBe(0);
  expect(
    await one(sql`select count(*)::int as n from ledger_transfer t join payout p on t.ref_kind = 'payout'
                   and t.ref_id = p.id::text where p.batch_id = ${batchId} and t.type in ('payout', 'refund')`),
  ).toBe(ITEMS);
  // The provider's own books: one submission per payout (its key is the payout's ref).
  expect(
    await one(
      sql`select count(*)::int as n from sandbox_payout s join payout p on p.ref = s.ref where p.batch_id = ${batchId}`,
    ),
  ).toBe(ITEMS);
  const [batch] = await queryRows<{ status: string }>(
    database.db,
    sql`select status from payroll_batch where id = ${batchId}`,
  );
  expect(['completed', 'partial']).toContain(batch?.status);
  expect(await frozen()).toBe(frozenBefore);
  expect((await verifyLedger(database.db)).violations).toEqual([]);
}

const frozen = () =>
  count(
    sql`select coalesce(sum(balance_fen), 0)::bigint as n from ledger_account where kind = 'frozen' and company_id = ${companyId}`,
  );

/** pg-boss's payout jobs not finished: none may be left waiting once the run is over. */
const waitingJobs = (states: string[]) =>
  count(sql`select count(*)::int as n from pgboss.job where name in (${PAYOUT_QUEUE_JOB}, ${PAYOUT_DISPATCH_JOB})
             and state::text in (${sql.join(
               states.map((s) => sql`${s}`),
               sql`, `,
             )})`);

beforeAll(async () => {
  const started = Date.now();
  pg = await startPostgres(binDir);
  root = mkdtempSync(join(tmpdir(), 'fp-fault-'));
  try {
    const admin = openPostgres(pg.url('postgres'), 1);
    await admin.pool.query('create database flexpay');
    await admin.close();
    const url = pg.url('flexpay');
    await seed(url, join(root, 'seed'), WORKERS);
    database = openPostgres(url, 2);
    servers = serverProcesses(url, root);
    await servers.start('a');
    const [ids] = await queryRows<{ company: string; service: string; admin: string; n: number }>(
      database.db,
      sql`select c.id as company,
                 (select l.service_company_id from company_service_company l
                   where l.company_id = c.id and l.fee_bearer = 'company' order by l.service_company_id limit 1) as service,
                 (select id from admin where username = 'demo') as admin,
                 (select count(*)::int from worker w where w.company_id = c.id and w.status = 'active'
                    and exists (select 1 from worker_bank_card b where b.company_id = w.company_id and b.worker_id = w.id)) as n
            from company c where c.name = '星河科技有限公司'`,
    );
    companyId = Number(ids?.company);
    serviceId = Number(ids?.service);
    adminId = Number(ids?.admin);
    expect(ids?.n).toBeGreaterThanOrEqual(ITEMS);
    await database.db.execute(sql`update approval_flow set enabled = false`);
    const login = await call('a', 'POST', API.auth.login, { username: 'demo', password: 'Demo@123456' });
    expect(login.status, login.message).toBe(200);
    token = login.data as string;
    console.log(
      `fault tier: PostgreSQL (${binDir}) on port ${pg.port}, seeded and started in ${Date.now() - started} ms`,
    );
  } catch (err) {
    await servers?.close();
    pg.close();
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}, 240_000);

afterAll(async () => {
  await servers?.close();
  await database?.close().catch(() => undefined);
  pg?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The fault's figures and the processes' logs, printed when a run fails. */
function report(names: string[]) {
  return `\n${names.map((n) => `── ${n}:\n${servers.log(n).slice(-3000)}`).join('\n')}\n── postgres:\n${pg.log()}`;
}

describe('PostgreSQL restarts under a payment of 10,000 items', () => {
  it('one process: a fast restart, then an immediate one; it answers 503 meanwhile and finishes the run', async () => {
    const frozenBefore = await frozen();
    const batchId = await batchToPay('故障测试：数据库重启');
    const progressPath = apiPath(API.payroll.payProgress, { id: batchId });
    const watch = probe(() => ['a'].filter((n) => servers.running(n)), progressPath);
    try {
      await pay('a', batchId);
      await until(
        () => settled(batchId),
        (n) => n >= 1_000,
        'first settlements',
      );
      const beforeFast = await settled(batchId);
      expect(beforeFast, 'the run ended before the first restart').toBeLessThan(ITEMS);
      const fast = await restartUnder('fast', ['a'], progressPath);
      await until(
        () => settled(batchId),
        (n) => n >= beforeFast + 2_000,
        'settlements after the fast restart',
      );
      const beforeImmediate = await settled(batchId);
      expect(beforeImmediate, 'the run ended before the second restart').toBeLessThan(ITEMS);
      const immediate = await restartUnder('immediate', ['a'], progressPath);
      // pg-boss runs what is sent after the restarts: an export, queued and done by its job.
      const exported = await call('a', 'POST', API.worker.export, { mobile: '13800000000' });
      expect(exported.status, exported.message).toBe(200);
      const exportId = (exported.data as { id: string }).id;
      await until(
        () => call('a', 'GET', `${API.export.page}?limit=50`),
        (a) =>
          (a.data as { rows?: { id: string; status: string }[] } | undefined)?.rows?.find((e) => e.id === exportId)
            ?.status === 'done',
        'the export job after the restarts',
        30_000,
      );
      await until(
        () => settled(batchId),
        (n) => n === ITEMS,
        'every settlement',
        90_000,
      );
      await until(
        () => waitingJobs(['created', 'retry', 'active']),
        (n) => n === 0,
        'no payout job left',
        30_000,
      );
      await watch.stop();
      console.log(
        `one process: settled ${beforeFast} before the fast restart (down ${fast.down} ms, ready again after ${fast.backAfter} ms), ` +
          `${beforeImmediate} before the immediate one (down ${immediate.down} ms, ready after ${immediate.backAfter} ms); ` +
          `probe: ${watch.seen.answered} answers, ${watch.seen.unavailable} × 503, ${watch.seen.notReady} × not ready`,
      );
      expect(watch.faults).toEqual([]);
      expect(servers.crashed()).toEqual([]);
      await expectPaidOnce(batchId, frozenBefore);
    } catch (err) {
      await watch.stop();
      throw new Error(`${(err as Error).message}${report(['a'])}`, { cause: err });
    }
  }, 180_000);

  it('two processes, one killed (SIGKILL) while the database is down: the other finishes the run', async () => {
    await servers.start('b');
    const frozenBefore = await frozen();
    const batchId = await batchToPay('故障测试：重启中结束进程');
    const progressPath = apiPath(API.payroll.payProgress, { id: batchId });
    const watch = probe(() => ['a', 'b'].filter((n) => servers.running(n)), progressPath);
    try {
      await pay('a', batchId);
      await until(
        () => settled(batchId),
        (n) => n >= 1_000,
        'first settlements',
      );
      const beforeFast = await settled(batchId);
      expect(beforeFast, 'the run ended before the restart').toBeLessThan(ITEMS);
      const fast = await restartUnder('fast', ['a', 'b'], progressPath, () => servers.kill('a'));
      expect(servers.running('a')).toBe(false);
      await until(
        () => settled(batchId),
        (n) => n >= beforeFast + 2_000,
        'settlements by b after the kill',
      );
      const beforeImmediate = await settled(batchId);
      expect(beforeImmediate, 'the run ended before the second restart').toBeLessThan(ITEMS);
      const immediate = await restartUnder('immediate', ['b'], progressPath);
      await until(
        () => settled(batchId),
        (n) => n === ITEMS,
        'every settlement by b',
        90_000,
      );
      // a's jobs stay active until they expire (a dead process cannot say it stopped): none
      // may be left waiting for a worker.
      await until(
        () => waitingJobs(['created', 'retry']),
        (n) => n === 0,
        'no payout job left waiting',
        30_000,
      );
      await watch.stop();
      console.log(
        `two processes: settled ${beforeFast} when a was killed (down ${fast.down} ms, b ready after ${fast.backAfter} ms), ` +
          `${beforeImmediate} before the immediate restart (down ${immediate.down} ms, ready after ${immediate.backAfter} ms); ` +
          `probe: ${watch.seen.answered} answers, ${watch.seen.unavailable} × 503, ${watch.seen.notReady} × not ready`,
      );
      expect(watch.faults).toEqual([]);
      expect(servers.crashed()).toEqual([]);
      await expectPaidOnce(batchId, frozenBefore);
    } catch (err) {
      await watch.stop();
      throw new Error(`${(err as Error).message}${report(['a', 'b'])}`, { cause: err });
    }
  }, 180_000);
});
