/**
 * Backups that restore (issue 41): the demo data plus a batch paid through the API (its payouts
 * settled, so it has receipts) and a receipts zip from the download centre, backed up and
 * restored into an empty database; the restored one verifies its ledger, holds every worker,
 * batch, payout, receipt, ledger row and stored file (by content hash) of the original, keeps its
 * policies, grants, `flexpay_analyze` and pg-boss's schema, and serves the app. The data dir's
 * generated encryption key travels with the archive and reads the restored ID numbers. A running
 * embedded server's data dir and a target that is not empty are refused; `force` empties it.
 * PGlite (its data dir, files on disk), and PostgreSQL with TEST_DATABASE_URL (files in the
 * database; the restore goes into a fresh database, dropped after).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  backup,
  restore,
  type BackupManifest,
  type BackupTarget,
  type RestoreResult,
} from '../../src/backup/service.ts';
import { openPglite, openPostgres, queryRows, type Database } from '../../src/db/client.ts';
import { configuredFileStore } from '../../src/db/file-store.ts';
import { asPlatform, inCompany } from '../../src/db/scope.ts';
import { analyzeTable } from '../../src/db/statistics.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import { writeDemoFiles } from '../../src/seed/demo-files.ts';
import { filesUnder } from '../../src/backup/counts.ts';
import { filesDirOf } from '../../src/lib/file-store.ts';
import { download, testIdNumber } from '../files.ts';
import { caller, createTestAppOn, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { adminUrl, databaseUrlFor } from '../pg-urls.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';
import { waitFor } from '../wait-for.ts';
import { waitForExport } from '../worker/support.ts';

const P = '/api/emolument';
const DEMO_MOBILE = '13800000001';

/** Whole rows of a table, in id order, as one digest (and their number). */
const tableDigest = (table: string) =>
  sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t.id), '')) as digest
        from ${sql.identifier(table)} t`;

/**
 * What a restore must bring back, read from an open database: every row of the tables that hold
 * workers, batches, payouts (receipts are the payouts that succeeded) and the ledger, the sums,
 * every stored file's content hash, and the schema's policies, grants, functions and pg-boss.
 */
async function fingerprint(database: Database, target: BackupTarget) {
  const { appDb, db } = database;
  const data = await asPlatform('a test reads the whole database', async () => {
    const tables: Record<string, unknown> = {};
    for (const table of [
      'worker',
      'payroll_batch',
      'payroll_item',
      'payout',
      'ledger_account',
      'ledger_transfer',
      'ledger_entry',
      'stored_file',
      'export_job',
    ]) {
      tables[table] = (await queryRows(appDb, tableDigest(table)))[0];
    }
    const [sums] = await queryRows<{ receipts: number; receipts_fen: string; debit_fen: string; balances: string }>(
      appDb,
      sql`select (select count(*)::int from payout where status = 'succeeded') as receipts,
                 (select coalesce(sum(net_fen), 0)::text from payout where status = 'succeeded') as receipts_fen,
                 (select coalesce(sum(debit_fen), 0)::text from payout) as debit_fen,
                 (select coalesce(sum(abs(balance_fen)), 0)::text from ledger_account) as balances`,
    );
    if (!sums) throw new Error('no sums');
    const store = configuredFileStore(target, appDb);
    // Every object the store holds: the companies' files (stored_file's rows) and the platform's
    // (an agreement template, an operator's export), read from the store itself.
    const root = filesDirOf(target.dataDir);
    const keys =
      target.fileStore === 'database'
        ? await queryRows<{ key: string }>(
            appDb,
            sql`select distinct storage_key as key from file_chunk order by storage_key`,
          )
        : filesUnder(root)
            .map((path) => ({ key: relative(root, path).split(sep).join('/') }))
            .sort((a, b) => (a.key < b.key ? -1 : 1));
    const files: Record<string, string> = {};
    for (const { key } of keys) {
      const hash = createHash('sha256');
      for await (const chunk of store.read(key)) hash.update(chunk as Buffer);
      files[key] = hash.digest('hex');
    }
    return { tables, sums, files };
  });
  const schema = {
    policies: await queryRows(
      db,
      sql`select tablename, policyname, roles::text, cmd, qual, with_check from pg_policies
           where schemaname = 'public' order by tablename, policyname`,
    ),
    forced: await queryRows(
      db,
      sql`select relname from pg_class where relforcerowsecurity and relrowsecurity order by relname`,
    ),
    grants: await queryRows(
      db,
      sql`select table_name, grantee, privilege_type from information_schema.role_table_grants
           where grantee in ('flexpay_app', 'flexpay_platform') order by 1, 2, 3`,
    ),
    analyze: await queryRows(
      db,
      sql`select p.prosecdef, array_to_string(p.proacl, ',') as acl from pg_proc p
           where p.proname = 'flexpay_analyze'`,
    ),
    pgboss: await queryRows(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'pgboss' order by 1`,
    ),
  };
  return { ...data, schema };
}

/** A Luhn-valid card number ending in 7 (the sandbox pays such cards). */
function payableCard(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `622202${String(n).padStart(10, '0')}`;
    if (String(luhnCheckDigit(body)) === '7') return `${body}7`;
  }
}

describe('backup and restore', () => {
  const pgTemplate = inject('pgTemplate');
  const testUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = Boolean(pgTemplate && testUrl);
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `fp-backup-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const databases: string[] = [];

  let source: BackupTarget;
  let restored: BackupTarget;
  let original: Awaited<ReturnType<typeof fingerprint>>;
  let paidBatch: number;
  let exportId: string;
  let exportHash: string;
  let manifest: BackupManifest;
  let result: RestoreResult;
  let archive: string;

  /** A database of the test's own on the engine of the run, with demo data (the template's). */
  async function newPostgresDatabase(suffix: string, fromTemplate: boolean) {
    const name = `fp_t_${(pgTemplate ?? '').slice('fp_tpl_'.length)}_${suffix}_${process.pid}`;
    const admin = openPostgres(adminUrl(testUrl ?? ''), 1);
    try {
      await admin.pool.query(`drop database if exists ${name}`);
      await admin.pool.query(`create database ${name}${fromTemplate ? ` template ${pgTemplate}` : ''}`);
    } finally {
      await admin.close();
    }
    databases.push(name);
    return databaseUrlFor(testUrl ?? '', name);
  }

  const open = (target: BackupTarget) =>
    target.databaseUrl ? Promise.resolve(openPostgres(target.databaseUrl, 3)) : openPglite({ dataDir: target.dataDir });

  beforeAll(async () => {
    if (onPostgres) {
      source = {
        databaseUrl: await newPostgresDatabase('bksrc', true),
        dataDir: tempDir('src'),
        fileStore: 'database',
      };
      restored = {
        databaseUrl: await newPostgresDatabase('bkdst', false),
        dataDir: tempDir('dst'),
        fileStore: 'database',
      };
    } else {
      // A data dir as the server keeps it: the database in pglite/, the files in files/.
      const dataDir = tempDir('src');
      cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
      source = { dataDir, fileStore: 'local' };
      restored = { dataDir: join(tempDir('dst'), 'data'), fileStore: 'local' };
    }
  });

  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (databases.length) {
      const admin = openPostgres(adminUrl(testUrl ?? ''), 1);
      try {
        for (const name of databases) await admin.pool.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.close();
      }
    }
  });

  it('pays a batch and makes files on the original, then backs it up', async () => {
    const t: TestApp = await createTestAppOn(await open(source), {
      dataDir: source.dataDir,
      fileStore: source.fileStore,
      ...(source.databaseUrl ? { databaseUrl: source.databaseUrl } : {}),
    });
    try {
      // The demo's files, written into the store as `npm run seed` does (the template has their rows).
      await asPlatform('a test writes the demo files', () =>
        writeDemoFiles(t.database.appDb, configuredFileStore(source, t.database.appDb)),
      );
      const demoToken = await loginAs(t.app, 'demo');
      const demo: Caller = caller(t.app, demoToken);
      const hr = caller(t.app, await loginAs(t.app, 'hr'));
      const workerIds: number[] = [];
      for (let n = 1; n <= 3; n++) {
        const res = await demo.post('/api/companystaff/employee', {
          name: `备份员工${'甲乙丙'[n - 1]}`,
          idNumber: testIdNumber(7_100 + n),
          mobile: `136${String(10_000_000 + n).slice(-8)}`,
          joinedAt: '2026-01-05',
          bankCard: { bankCode: 'ICBC', cardNumber: payableCard(71_000 * n), branch: '' },
        });
        expect(res.body.status, JSON.stringify(res.body)).toBe(200);
        workerIds.push(res.body.data.id as number);
      }
      const created = await hr.post(`${P}/emolumentGrant`, {
        title: '备份测试',
        period: thisPeriod(),
        serviceCompanyId: await serviceCompanyId(t.database.db, '海南灵工服务有限公司'),
        channel: 'bank',
        source: 'workers',
      });
      paidBatch = created.body.data.id as number;
      const batchUrl = (action = '') => `${P}/emolumentGrant/${paidBatch}${action}`;
      await hr.post(batchUrl('/items'), { items: workerIds.map((workerId) => ({ workerId, amountFen: 88_800 })) });
      expect((await hr.post(batchUrl('/check'))).body.data.status).toBe('confirming');
      expect((await hr.post(batchUrl('/submit'))).body.data.status).toBe('to_pay');
      await t.database.db.execute(sql`delete from sms_outbox where mobile = ${DEMO_MOBILE}`);
      const sent = await demo.post('/api/admin/vcc/sendSms', { purpose: 'pay' });
      const [sms] = await queryRows<{ content: string }>(
        t.database.db,
        sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
      );
      const code = /验证码为 (\d{6})/.exec(sms?.content ?? '')?.[1] ?? '';
      const paid = await demo.post(`${P}/payRoll/${paidBatch}/pay`, {
        method: 'sms',
        token: sent.body.data.token,
        code,
      });
      expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 200, data: { status: 'paying' } });
      // Payout rounds until the sandbox has called back for every payout of the batch.
      await waitFor(
        async () => {
          await t.app.payoutWork.tick();
          return (await demo.get(batchUrl())).body.data.status as string;
        },
        (status) => status === 'completed',
        { what: 'the batch paid', timeoutMs: 20_000, intervalMs: 300 },
      );
      // The batch's receipts, zipped by the download centre: a stored file made by a job.
      const zipped = await demo.post(`${P}/receiptController/export`, { batchId: paidBatch });
      expect(zipped.body.status, JSON.stringify(zipped.body)).toBe(200);
      exportId = zipped.body.data.id as string;
      expect(await waitForExport(t, exportId)).toMatchObject({ status: 'done', row_count: 3 });
      const got = await download(t.app, demoToken, `/api/admin/export/${exportId}/download`);
      expect(got.statusCode).toBe(200);
      exportHash = createHash('sha256').update(got.bytes).digest('hex');
      original = await fingerprint(t.database, source);
      if (!source.databaseUrl) {
        // The embedded database is the running server's: a backup must wait for it to stop.
        await expect(backup(source, join(tempDir('early'), 'x.tar'))).rejects.toThrow(
          /前请先停止服务：数据目录已被另一个进程/,
        );
      }
    } finally {
      // PGlite: the server must be stopped before a backup (the data dir's lock).
      await t.close();
    }
    // What the original holds, so that equal fingerprints below are not equal emptiness.
    expect(original.sums.receipts).toBeGreaterThanOrEqual(3);
    expect(Object.values(original.files)).toContain(exportHash);
    expect(Object.keys(original.files).length).toBeGreaterThan(10);
    expect(original.schema.policies.length).toBeGreaterThan(50);
    expect(original.schema.pgboss.length).toBeGreaterThan(0);
    expect(original.schema.analyze).toEqual([{ prosecdef: true, acl: expect.stringContaining('flexpay_app=X') }]);

    archive = join(tempDir('archive'), 'flexpay.tar');
    // The key the server generated into the data dir goes with the data it encrypted.
    writeFileSync(join(source.dataDir, 'encryption-key'), TEST_ENCRYPTION_KEY);
    manifest = await backup(source, archive, { secrets: ['encryption-key', 'jwt-secret'] });
    expect(manifest.secrets).toEqual(['encryption-key']);
    expect(manifest).toMatchObject({ engine: onPostgres ? 'postgres' : 'pglite', fileStore: source.fileStore });
    expect(manifest.counts.receipts).toBe(original.sums.receipts);
    expect(manifest.counts.storedObjects).toBe(Object.keys(original.files).length);
    await expect(backup(source, archive)).rejects.toThrow(/已存在，不会覆盖/);
  });

  it('restores into an empty database: the ledger verifies and the counts are the backup’s', async () => {
    result = await restore(restored, archive);
    expect(result.violations).toEqual([]);
    expect(result.mismatches).toEqual([]);
    expect(result.counts).toEqual(manifest.counts);
    expect(result.counts.payouts).toBeGreaterThanOrEqual(3);
    expect(result.secretsWritten).toEqual(['encryption-key']);
    expect(readFileSync(join(restored.dataDir, 'encryption-key'), 'utf8')).toBe(TEST_ENCRYPTION_KEY);
    expect(result.keyReadsData).toBe(true);
  });

  it('refuses to restore into a database or data dir that is not empty, and empties it first when forced', async () => {
    await expect(restore(restored, archive)).rejects.toThrow(/不是空的，恢复会覆盖其中的数据，已拒绝。.*--force/);
    // Forced: the target emptied and restored again (the next test reads this one).
    const again = await restore(restored, archive, { force: true });
    expect(again.mismatches).toEqual([]);
    expect(again.violations).toEqual([]);
    expect(again.counts).toEqual(manifest.counts);
  });

  it('brings back every row, file, policy, grant and pg-boss table, and the app serves it', async () => {
    const database = await open(restored);
    let t: TestApp | undefined;
    try {
      expect(await fingerprint(database, restored)).toEqual(original);
      // flexpay_analyze still answers the app's role, under a company's scope.
      await inCompany(1, () => analyzeTable(database.appDb, 'worker'));
      t = await createTestAppOn(database, {
        dataDir: restored.dataDir,
        fileStore: restored.fileStore,
        ...(restored.databaseUrl ? { databaseUrl: restored.databaseUrl } : {}),
      });
      const token = await loginAs(t.app, 'demo');
      const demo = caller(t.app, token);
      expect((await demo.get(`${P}/emolumentGrant/${paidBatch}`)).body.data.status).toBe('completed');
      const receipts = await demo.get(`${P}/receiptController/pageByCompany`, { batchId: paidBatch });
      expect(receipts.body.data.total).toBe(3);
      const got = await download(t.app, token, `/api/admin/export/${exportId}/download`);
      expect(got.statusCode).toBe(200);
      expect(createHash('sha256').update(got.bytes).digest('hex')).toBe(exportHash);
      // Another company's session still sees none of demo's rows (the policies hold).
      const other = caller(t.app, await loginAs(t.app, 'demo_yf'));
      expect((await other.get(`${P}/emolumentGrant/${paidBatch}`)).body.status).toBe(40400);
    } finally {
      if (t) await t.close();
      else await database.close();
    }
  });
});
