/**
 * 操作日志 (the company's audit rows) and 导出资金明细 (the ledger entries through the download
 * centre), through the API (issue 16).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { postTransfers } from '../../src/modules/ledger/service.ts';
import { download, readXlsx } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout, waitForExport } from '../worker/support.ts';
import { newKey, opsLogin, sendWithKey, uploadVoucher } from './support.ts';

const LOG = '/api/companystaff/ecompanyOperationLog/page';
const LOG_ADMINS = '/api/companystaff/ecompanyOperationLog/admins';
const ENTRIES = '/api/companystaff/ecompanyFdIssue/entries';
const EXPORT = '/api/companystaff/ecompanyFdIssue/entries/export';

describe('操作日志 and 导出资金明细', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yfToken: string;
  let yf: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yfToken = await loginAs(t.app, 'demo_yf');
    yf = caller(t.app, yfToken);
  });
  afterAll(() => t.close());

  describe('操作日志', () => {
    it("lists the company's own rows newest first, with the admin's name and the action's label", async () => {
      const made = await demo.post('/api/companystaff/ecompanyJobCategory', { name: '日志测试工种', code: 'LOG01' });
      expect(made.body.status).toBe(200);
      const res = await demo.get(LOG, { limit: 50 });
      expect(res.body.status).toBe(200);
      const rows = res.body.data.rows as {
        action: string;
        actionLabel: string;
        adminName: string;
        createdAt: string;
      }[];
      expect(rows.length).toBeGreaterThan(0);
      const created = rows.find((r) => r.action === 'jobType.create');
      expect(created).toMatchObject({ actionLabel: '添加工种', result: 'success', adminName: expect.any(String) });
      expect(created?.adminName).not.toBe('');
      const times = rows.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      // Every row is this company's: the other company's sign-in is not among them.
      const [other] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_log a join company c on c.id = a.company_id
            where c.name = '星河科技有限公司'`,
      );
      expect(res.body.data.total).toBe(other?.n);
    });

    it('filters by admin, action and dates (both days included), and refuses bad filters', async () => {
      const admins = await demo.get(LOG_ADMINS);
      expect(admins.body.status).toBe(200);
      const me = (admins.body.data as { id: number; name: string }[])[0];
      expect(me).toBeDefined();
      const byAdmin = await demo.get(LOG, { adminId: me!.id, action: 'auth.login' });
      expect(byAdmin.body.data.total).toBeGreaterThan(0);
      for (const r of byAdmin.body.data.rows) expect(r).toMatchObject({ adminId: me!.id, action: 'auth.login' });

      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      const todayRows = await demo.get(LOG, { from: today, to: today });
      expect(todayRows.body.data.total).toBeGreaterThan(0);
      const future = await demo.get(LOG, { from: '2099-01-01' });
      expect(future.body.data.total).toBe(0);

      const bad = await demo.get(LOG, { from: '2026-13-40' });
      expect(bad.body.status).toBe(40000);
      const badAdmin = await demo.get(LOG, { adminId: 'x' });
      expect(badAdmin.body.status).toBe(40000);
    });

    it("shows nothing of another company's admin when filtered by that admin's id", async () => {
      const yfAdmins = await yf.get(LOG_ADMINS);
      const foreign = (yfAdmins.body.data as { id: number }[])[0]!.id;
      const res = await demo.get(LOG, { adminId: foreign });
      expect(res.body.status).toBe(200);
      expect(res.body.data.total).toBe(0);
      const demoAdmins = await demo.get(LOG_ADMINS);
      expect((demoAdmins.body.data as { id: number }[]).map((a) => a.id)).not.toContain(foreign);
    });

    it('answers 40301 without money:log and 40101 without a session', async () => {
      const limited = caller(t.app, await adminWithout(t, demoToken, ['money:log']));
      expect((await limited.get(LOG)).body.status).toBe(40301);
      expect((await limited.get(LOG_ADMINS)).body.status).toBe(40301);
      expect((await caller(t.app).get(LOG)).body.status).toBe(40101);
      const ops = caller(t.app, await opsLogin(t.app));
      expect((await ops.get(LOG)).body.status).toBe(40101);
    });
  });

  describe('导出资金明细', () => {
    it('writes the filtered entries, newest first, with yuan amounts, into the download centre', async () => {
      // Money moves: a second top-up confirmed by the operator.
      const voucher = await uploadVoucher(t.app, demoToken);
      const costRules = await demo.get('/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId');
      const accounts = await demo.get('/api/companystaff/ecompanyPayAccount/list');
      const topup = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', newKey(), {
        amountFen: 123_456,
        serviceCompanyId: costRules.body.data[0].serviceCompanyId,
        paymentAccountId: accounts.body.data[0].id,
        voucherFileId: voucher,
      });
      expect(topup.body.status).toBe(200);
      const opsToken = await opsLogin(t.app);
      const confirmed = await sendWithKey(
        t.app,
        opsToken,
        'POST',
        `/api/ops/topup/${topup.body.data.id}/confirm`,
        newKey(),
      );
      expect(confirmed.body.status).toBe(200);

      const listed = await demo.get(ENTRIES, { type: 'topup', limit: 100 });
      const res = await demo.post(EXPORT, { type: 'topup' });
      expect(res.body.status).toBe(200);
      expect(res.body.data).toMatchObject({ type: 'ledgerEntries', typeName: '资金明细', filters: { type: 'topup' } });
      const row = await waitForExport(t, res.body.data.id);
      expect(row).toMatchObject({ status: 'done', error: '', row_count: listed.body.data.total });

      const got = await download(t.app, demoToken, `/api/admin/export/${res.body.data.id}/download`);
      const [sheet] = await readXlsx(got.bytes);
      const [header, ...rows] = sheet!.rows;
      expect(header).toEqual(['时间', '服务商', '账户', '类型', '金额（元）', '余额（元）', '关联单据', '备注']);
      expect(rows).toHaveLength(listed.body.data.total);
      expect(rows[0]?.[3]).toBe('充值');
      expect(Number(rows[0]?.[4])).toBe(1234.56);
      const listedAmounts = (listed.body.data.rows as { amountFen: number }[]).map((e) => e.amountFen / 100);
      expect(rows.map((r) => Number(r[4]))).toEqual(listedAmounts);
    });

    it('pages through more entries than one batch without losing or repeating one', async () => {
      // 2,250 entries of one company at the same instant (one transaction): the batches must cut within equal times.
      const [c] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id::int as id from company where name = '云帆物流有限公司'`,
      );
      const before = await yf.get(ENTRIES, { limit: 1 });
      await t.database.db.transaction(async (tx) => {
        const [sc] = await queryRows<{ id: number }>(
          tx,
          sql`select id::int as id from service_company order by id limit 1`,
        );
        // One call of the ledger's batch posting (one transfer per entry, as before): 2,250 calls
        // one by one took most of a 30 s timeout on PGlite on a loaded CI machine.
        await postTransfers(
          tx,
          Array.from({ length: 2250 }, (_, i) => ({
            companyId: c!.id,
            type: 'adjustment' as const,
            reference: { kind: 'test', id: String(i) },
            memo: `批量 ${i}`,
            postings: [
              { account: { kind: 'bank_clearing' as const, serviceCompanyId: sc!.id }, amountFen: -(i + 1) },
              { account: { kind: 'available' as const, companyId: c!.id, serviceCompanyId: sc!.id }, amountFen: i + 1 },
            ],
          })),
        );
      });
      const total = before.body.data.total + 2250;
      const res = await yf.post(EXPORT, {});
      const row = await waitForExport(t, res.body.data.id);
      expect(row).toMatchObject({ status: 'done', row_count: total });
      const got = await download(t.app, yfToken, `/api/admin/export/${res.body.data.id}/download`);
      const [sheet] = await readXlsx(got.bytes);
      const memos = sheet!.rows.slice(1).map((r) => r[7]);
      expect(memos).toHaveLength(total);
      expect(new Set(memos.filter((m) => m?.startsWith('批量'))).size).toBe(2250);
    });

    it('refuses bad filters, and answers 40301 without money:view', async () => {
      expect((await demo.post(EXPORT, { type: 'nope' })).body.status).toBe(40000);
      expect((await demo.post(EXPORT, { from: '2026-02-30' })).body.status).toBe(40000);
      const limited = caller(t.app, await adminWithout(t, demoToken, ['money:view']));
      expect((await limited.post(EXPORT, {})).body.status).toBe(40301);
    });
  });

  it('documents the Idempotency-Key header on each route that moves money', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/companystaff/ecompanyRecharge', 'post'],
      ['/api/ops/topup/{id}/confirm', 'post'],
      ['/api/ops/topup/{id}/reject', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      const names = (op.parameters as { in: string; name: string }[])
        .filter((p) => p.in === 'header')
        .map((p) => p.name);
      expect(names, path).toContain('idempotency-key');
      expect(op.description).toContain('Idempotency-Key');
    }
  });
});
