/**
 * Real-name verification benchmark (issue 43), over the real app in this process on a new database
 * (PGlite in a temporary folder by default; DATABASE_URL: a PostgreSQL database to create it in):
 *   - 100,000 workers inserted as an import inserts them (认证中) and queued as one run, as the
 *     import's commit does; then verified through the sandbox provider at a set rate
 *     (`--rate`, 2,000 a second by default): the time next to the rate's floor (workers ÷ rate),
 *     with the peak RSS, and the provider's refusals for rate (none expected: the job paces itself);
 *   - the payroll check (核对) of a 100,000-item batch of those workers with 仅向已实名认证并已签约的员工发放
 *     on (the service company with an agreement template, every worker signed), next to the same
 *     check with it off, each in a transaction rolled back, alternating (`--rounds` pairs).
 *
 *   npm run bench:verify -- [--workers 100000] [--rate 2000] [--rounds 2]
 * Targets: verification within 10% of the floor; the check with the conditions within 10% of it without.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { asPlatform, inCompany } from '../apps/server/src/db/scope.ts';
import { createFieldCipher } from '../apps/server/src/lib/crypto.ts';
import { createSandboxIdentityProvider } from '../apps/server/src/modules/identity-sandbox/provider.ts';
import { runCheck } from '../apps/server/src/modules/payroll/batches/check.ts';
import { insertBatchOfWorkers } from '../apps/server/src/modules/payroll/batches/service.ts';
import { queueInRun } from '../apps/server/src/modules/worker/real-name/service.ts';
import { queueVerification } from '../apps/server/src/modules/worker/service.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import {
  createRng,
  generateWorker,
  insertGeneratedWorkers,
  type GeneratedWorker,
} from '../apps/server/src/seed/workers.ts';
import { fmt, withPeakRss } from './lib.ts';

const { values } = parseArgs({
  options: { workers: { type: 'string' }, rate: { type: 'string' }, rounds: { type: 'string' } },
});
const workerCount = Number(values.workers ?? 100_000);
const rate = Number(values.rate ?? 2_000);
const rounds = Number(values.rounds ?? 2);

class Rollback extends Error {}

async function openFresh(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `fp_bench_verify_${process.pid}`;
    const admin = openPostgres(url, 1);
    await admin.pool.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = openPostgres(target.toString(), 10);
    return {
      database,
      cleanup: async () => {
        await database.close();
        await admin.pool.query(`drop database ${name}`);
        await admin.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-verify-'));
  const database = await openPglite({ dataDir: join(dir, 'pglite') });
  return {
    database,
    cleanup: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', PAYOUT_TICK_MS: '0' });
const cipher = createFieldCipher(config.encryptionKey);
const { database, cleanup } = await openFresh();
try {
  await database.migrate();
  await asPlatform('bench seed', () => seedDemoData(database.appDb, cipher));
  const [company] = await queryRows<{ id: number }>(
    database.db,
    sql`select id::int as id from company where name = '星河科技有限公司'`,
  );
  const [link] = await queryRows<{ service_company_id: number }>(
    database.db,
    sql`select service_company_id::int as service_company_id from company_service_company
         where company_id = ${company?.id} order by service_company_id limit 1`,
  );
  const companyId = company?.id ?? 0;
  const serviceCompanyId = link?.service_company_id ?? 0;

  // 100,000 workers as an import inserts them: 认证中, queued as one run at the end of the commit.
  const t0 = performance.now();
  const rng = createRng(43);
  const hashes: string[] = [];
  let serial = 1_000_000;
  for (let from = 0; from < workerCount; from += 5_000) {
    const batch: GeneratedWorker[] = [];
    while (batch.length < Math.min(5_000, workerCount - from)) {
      const w = generateWorker(rng, serial++, [], []);
      // Paid by bank card: 在职, with a card (none the sandbox refuses: its rules are names, sequence 999, cards ending 0000).
      if (w.account?.channel !== 'bank' || w.account.cardNumber.endsWith('0000') || w.idNumber.slice(14, 17) === '999')
        continue;
      batch.push({ ...w, status: 'active', leftAt: null, realNameStatus: 'verifying' });
    }
    for (const w of batch) hashes.push(cipher.hash(w.idNumber));
    await database.db.transaction((tx) => insertGeneratedWorkers(tx, cipher, companyId, batch));
  }
  const inserted = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await inCompany(companyId, () =>
    database.appDb.transaction(async (tx) => {
      // As the import's commit does: one run, its workers inserted 认证中 just now.
      const { runId } = await queueVerification(tx, companyId, 'import', { hashes: hashes.slice(0, 10_000) }, true);
      for (let i = 10_000; i < hashes.length; i += 10_000) {
        await queueInRun(tx, companyId, runId, hashes.slice(i, i + 10_000));
      }
    }),
  );
  const queued = (performance.now() - t1) / 1000;

  const provider = createSandboxIdentityProvider({ ratePerSecond: rate, maxBatch: 500 });
  const app = await buildApp({ config, database, logger: false, identityProvider: provider });
  await app.ready();
  try {
    const verification = await withPeakRss(() => app.realNameWork.run(companyId));
    const floor = workerCount / rate;
    const [counts] = await queryRows<{ verified: number; failed: number; verifying: number }>(
      database.db,
      sql`select count(*) filter (where real_name_status = 'verified')::int as verified,
                 count(*) filter (where real_name_status = 'failed')::int as failed,
                 count(*) filter (where real_name_status = 'verifying')::int as verifying
            from worker where company_id = ${companyId}`,
    );

    // The check of a 100,000-item batch of them, with and without the new conditions.
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`select w.id::int as id from worker w
           where w.company_id = ${companyId} and w.real_name_status = 'verified' and w.status = 'active'
             and exists (select 1 from worker_bank_card b where b.company_id = w.company_id and b.worker_id = w.id and b.is_default)
           order by w.id desc limit ${workerCount}`,
    );
    const [templateRow] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into service_agreement_template (service_company_id, version, title, file_key, file_name, size, sha256)
          values (${serviceCompanyId}, 1, '共享经济合作伙伴协议', 'platform/agreement/bench.pdf', 'bench.pdf', 1, ${'0'.repeat(64)})
          returning id::int as id`,
    );
    const [file] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into stored_file (company_id, name, content_type, size, storage_key, purpose)
          values (${companyId}, 'signed.pdf', 'application/pdf', 1, 'bench/signed.pdf', 'agreement') returning id`,
    );
    await database.db.execute(
      sql`insert into worker_agreement (company_id, worker_id, service_company_id, template_id, version, status, signed_file_id, signed_sha256, signed_at)
          select ${companyId}, id, ${serviceCompanyId}, ${templateRow?.id}, 1, 'signed', ${file?.id}, ${'1'.repeat(64)}, now()
            from unnest(${sql.param(ids.map((r) => r.id))}::bigint[]) as id`,
    );
    const [admin] = await queryRows<{ id: number }>(
      database.db,
      sql`select id::int as id from admin where company_id = ${companyId} order by id limit 1`,
    );
    const { batchId } = await inCompany(companyId, () =>
      database.appDb.transaction((tx) =>
        insertBatchOfWorkers(
          tx,
          companyId,
          admin?.id ?? 0,
          {
            title: '核对基准',
            period: new Date().toISOString().slice(0, 7),
            serviceCompanyId,
            channel: 'bank',
            remark: '',
          },
          ids.map((r) => ({ workerId: r.id, amountFen: 10_000, remark: '' })),
          new Date(),
        ),
      ),
    );
    const checkOnce = async (verifiedOnly: boolean) => {
      await database.db.execute(
        sql`update company_service_company set pay_verified_only = ${verifiedOnly}
             where company_id = ${companyId} and service_company_id = ${serviceCompanyId}`,
      );
      let seconds = 0;
      let ok = 0;
      await inCompany(companyId, () =>
        database.appDb
          .transaction(async (tx) => {
            const t = performance.now();
            await runCheck(tx, companyId, batchId, new Date());
            seconds = (performance.now() - t) / 1000;
            const [r] = await queryRows<{ ok: number }>(
              tx,
              sql`select count(*)::int as ok from payroll_item where company_id = ${companyId} and batch_id = ${batchId} and check_result = 'ok'`,
            );
            ok = r?.ok ?? 0;
            throw new Rollback();
          })
          .catch((err: unknown) => {
            if (!(err instanceof Rollback)) throw err;
          }),
      );
      return { seconds, ok };
    };
    const off: number[] = [];
    const on: number[] = [];
    let okOn = 0;
    let okOff = 0;
    for (let r = 0; r < rounds; r += 1) {
      // Alternating order, so neither mode always runs on a warmer cache.
      for (const mode of r % 2 === 0 ? [false, true] : [true, false]) {
        const run = await checkOnce(mode);
        (mode ? on : off).push(run.seconds);
        if (mode) okOn = run.ok;
        else okOff = run.ok;
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

    console.log(`engine: ${database.kind}; workers ${workerCount}; provider rate ${rate}/s`);
    console.log(`insert (as the import)       ${fmt(inserted)} s`);
    console.log(`queue (one run)              ${fmt(queued)} s`);
    console.log(
      `verification                 ${fmt(verification.seconds)} s  (floor ${fmt(floor)} s, +${fmt(((verification.seconds - floor) / floor) * 100)} %)  peak RSS ${fmt(verification.peakRssMb, 0)} MB`,
    );
    console.log(
      `  answered ${verification.result.answered}, deferred ${verification.result.deferred}; verified ${counts?.verified}, failed ${counts?.failed}, still 认证中 ${counts?.verifying}; provider refusals for rate ${provider.refusedForRate}`,
    );
    console.log(
      `check of ${ids.length} items, conditions off  ${fmt(median(off), 2)} s  (runs ${off.map((s) => s.toFixed(2)).join(', ')}; ok ${okOff})`,
    );
    console.log(
      `check of ${ids.length} items, conditions on   ${fmt(median(on), 2)} s  (runs ${on.map((s) => s.toFixed(2)).join(', ')}; ok ${okOn})  ${median(on) > median(off) ? '+' : ''}${fmt(((median(on) - median(off)) / median(off)) * 100)} %`,
    );
  } finally {
    await app.close();
  }
} finally {
  await cleanup();
}
