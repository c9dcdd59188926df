/**
 * Exactly once, whatever fails (issue 18, issue 24), on PostgreSQL: a 5,000-item batch is paid
 * (the freeze and 支付中 committed, as 确认支付 answers) and its process dies before any payout is
 * queued; a real server process, started, queues the payouts and is killed (SIGKILL) as soon as
 * queuing has begun, started again and killed in the middle of settlement through the sandbox
 * provider; started a third time, it finishes. Every item ends in one final state, none is paid twice, the ledger holds.
 * Skipped without TEST_DATABASE_URL (PGlite's data directory belongs to one process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, queryRows, type Database } from '../../src/db/client.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import { postTransfer, verifyLedger } from '../../src/modules/ledger/service.ts';
import { freezeForPayment } from '../../src/modules/payroll/payouts/service.ts';
import { addWorkerItems, insertBatch } from '../../src/modules/payroll/batches/service.ts';
import { runSubmit } from '../../src/modules/payroll/batches/submission.ts';
import { runCheck } from '../../src/modules/payroll/batches/check.ts';
import { payrollApprovalOutcomes } from '../../src/seed/payroll.ts';
import { createRng, generateWorker, insertGeneratedWorkers } from '../../src/seed/workers.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';
import { adminUrl, databaseUrlFor } from '../pg-urls.ts';
import { waitFor } from '../wait-for.ts';

const ITEMS = 5_000;
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const url = process.env.TEST_DATABASE_URL;
const template = inject('pgTemplate');

describe.skipIf(!url || !template)('payouts survive a killed server (PostgreSQL)', () => {
  const name = `${template.replace('fp_tpl_', 'fp_t_')}_kill_${process.pid}`;
  const dbUrl = url ? databaseUrlFor(url, name) : '';
  let database: Database | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-kill-'));
  let server: ChildProcess | undefined;

  const start = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          DEMO_MODE: '0',
          LOG_LEVEL: 'warn',
          ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          JWT_SECRET: 'kill-test-secret-kill-test-secret-0123456789',
          PAYOUT_CALLBACK_SECRET: 'kill-test-payout-callback-secret-0123456789',
          PAYOUT_TICK_MS: '100',
          WEB_DIST: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/http:\/\/localhost:\d+\//.test(output)) {
          clearTimeout(timer);
          resolve(child);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(database!.db, query))[0]?.n ?? 0);

  afterAll(async () => {
    server?.kill('SIGKILL');
    await database?.close();
    if (url) {
      const admin = openPostgres(adminUrl(url), 1);
      await admin.pool.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles every item once after a SIGKILL mid-run', { timeout: 240_000 }, async () => {
    const admin = openPostgres(adminUrl(url!), 1);
    try {
      await admin.pool.query(`create database ${name} template ${template}`);
    } finally {
      await admin.close();
    }
    database = openPostgres(dbUrl, 4);
    const db = database.db;
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const [ids] = await queryRows<{ company: string; service: string; demo: string }>(
      db,
      sql`select c.id as company, (select id from service_company where name = '海南灵工服务有限公司') as service,
                 (select id from admin where username = 'demo') as demo
            from company c where c.name = '星河科技有限公司'`,
    );
    const companyId = Number(ids?.company);
    await db.execute(sql`update approval_flow set enabled = false`);
    // 5,000 more workers with bank cards (the seed's generator), then a batch of them, 待支付.
    const rng = createRng(424242);
    await db.transaction((tx) =>
      insertGeneratedWorkers(
        tx,
        cipher,
        companyId,
        Array.from({ length: ITEMS * 2 }, (_, i) => generateWorker(rng, 900_000 + i, [], [])),
      ),
    );
    const workers = await queryRows<{ id: string }>(
      db,
      sql`select w.id from worker w where w.company_id = ${companyId} and w.status = 'active'
             and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
             and not exists (select 1 from payroll_item i where i.worker_id = w.id)
             -- Paid only once verified (仅向已实名认证并已签约的员工发放; the demo has no agreement to sign).
             and w.real_name_status = 'verified'
           order by w.id desc limit ${ITEMS}`,
    );
    expect(workers).toHaveLength(ITEMS);
    const batchId = await db.transaction(async (tx) => {
      const id = await insertBatch(
        tx,
        companyId,
        Number(ids?.demo),
        {
          title: '断电测试',
          period: chinaDateOf(new Date()).slice(0, 7),
          serviceCompanyId: Number(ids?.service),
          channel: 'bank',
          source: 'workers',
          remark: '',
        },
        new Date(),
      );
      await addWorkerItems(
        tx,
        companyId,
        id,
        workers.map((w) => ({ workerId: Number(w.id), amountFen: 5_000, remark: '' })),
      );
      return id;
    });
    await db.transaction((tx) => runCheck(tx, companyId, batchId, new Date()));
    await db.transaction((tx) => runSubmit(tx, payrollApprovalOutcomes, companyId, batchId, new Date()));
    // The batch's money, whatever the demo data spent before (a top-up through the ledger).
    await db.transaction((tx) =>
      postTransfer(tx, {
        companyId,
        type: 'topup',
        reference: { kind: 'kill_test_topup', id: batchId },
        memo: '断电测试充值',
        postings: [
          { account: { kind: 'bank_clearing', serviceCompanyId: Number(ids?.service) }, amountFen: -30_000_000 },
          { account: { kind: 'available', companyId, serviceCompanyId: Number(ids?.service) }, amountFen: 30_000_000 },
        ],
      }),
    );
    // 确认支付's transaction only: the queue job it would send is lost with the process.
    await db.transaction((tx) => freezeForPayment(tx, companyId, batchId));
    const payouts = sql`select count(*)::int as n from payout where batch_id = ${batchId}`;
    expect(await count(payouts)).toBe(0);

    // Started, the server queues the batch's payouts (on start and on its timer); killed without
    // warning as soon as queuing has begun.
    server = await start();
    await waitFor(
      () => count(payouts),
      (n) => n > 0,
      { what: 'the first queued payouts', timeoutMs: 120_000, intervalMs: 20 },
    );
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    expect(await count(payouts)).toBeGreaterThan(0);

    // Settling; killed without warning once some hundreds are done.
    server = await start();
    const settled = sql`select count(*)::int as n from payout where batch_id = ${batchId} and status in ('succeeded', 'failed')`;
    await waitFor(
      () => count(settled),
      (n) => n >= 500,
      { what: 'first settlements', timeoutMs: 120_000, intervalMs: 100 },
    );
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    const atKill = await count(settled);
    expect(atKill).toBeLessThan(ITEMS);

    // Started again, it finishes: queued payouts are sent, unanswered ones reconciled.
    server = await start();
    await waitFor(
      () => count(settled),
      (n) => n === ITEMS,
      { what: 'every settlement', timeoutMs: 180_000, intervalMs: 500 },
    );
    server.kill('SIGTERM');

    expect(
      await count(
        sql`select count(*)::int as n from payroll_item where batch_id = ${batchId} and pay_status in ('paid', 'failed')`,
      ),
    ).toBe(ITEMS);
    expect(
      await count(sql`select count(*)::int as n from (select item_id from payout where batch_id = ${batchId}
                         and status = 'succeeded' group by item_id having count(*) > 1) twice`),
    ).toBe(0);
    // Queued once each, whatever the kills: one payout per item.
    expect(await count(payouts)).toBe(ITEMS);
    expect(await count(sql`select count(distinct item_id)::int as n from payout where batch_id = ${batchId}`)).toBe(
      ITEMS,
    );
    // Each item's state is its payout's, and each settled payout has exactly one ledger transfer.
    expect(
      await count(sql`select count(*)::int as n from payroll_item i join payout p on p.item_id = i.id
                       where i.batch_id = ${batchId}
                         and ((p.status = 'succeeded') <> (i.pay_status = 'paid'))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from ledger_transfer t join payout p on t.ref_kind = 'payout'
                       and t.ref_id = p.id::text where p.batch_id = ${batchId} and t.type in ('payout', 'refund')`),
    ).toBe(ITEMS);
    const [batch] = await queryRows<{ status: string }>(
      db,
      sql`select status from payroll_batch where id = ${batchId}`,
    );
    expect(['completed', 'partial']).toContain(batch?.status);
    const [frozen] = await queryRows<{ balance: string }>(
      db,
      sql`select coalesce(sum(balance_fen), 0) as balance from ledger_account where kind = 'frozen' and company_id = ${companyId}`,
    );
    expect(Number(frozen?.balance)).toBe(0);
    expect((await verifyLedger(db)).violations).toEqual([]);
  });
});
