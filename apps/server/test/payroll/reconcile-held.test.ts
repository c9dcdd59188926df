/**
 * A payout held by 对账 as its company meets it (ADR 0030, issue 42 point 1): a paid one the
 * statement omits and a failed one the statement says was paid are held. Neither is refunded nor
 * paid again (重新支付 refused with the platform's message, a late callback moves no money, the
 * per-payout reconciliation leaves them alone); 退款中心 says 对账中 of the failed one, and the
 * 发放记录 export says 对账中 with the platform's explanation where the screen does, never the
 * provider's data. Released by an operator, they read as before. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { PAYOUT_RECONCILING_SHORT } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { verifyLedger } from '../../src/modules/ledger/service.ts';
import { injectStatementFault, signedCallback } from '../../src/modules/payout-sandbox/service.ts';
import { reconcileDay } from '../../src/modules/payroll/reconcile/service.ts';
import { download, readXlsx, testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { newKey, opsLogin, sendWithKey, serviceCompanyId } from '../money/support.ts';
import { waitForExport, waitForRealName } from '../worker/support.ts';
import { cardEndingIn, payingKit, type PayingKit } from './support.ts';

const platform = <T>(fn: () => Promise<T>) => asPlatform('a test of 对账', fn);
const P = '/api/emolument';
const R = '/api/ops/reconcile';
const HELD_MESSAGE = '这笔发放正在对账中，平台核实完成前不能重新支付';
const NAME = '对账挂起';

interface Held {
  ref: string;
  itemId: number;
}

describe('a payout held by 对账, as its company meets it', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let opsToken: string;
  let pay: PayingKit;
  let hainan: number;
  let batchId: number;
  /** paid: the statement omits it (服务方无此笔); failed: the statement says paid (状态不符); clean. */
  const held: Record<'paid' | 'failed' | 'clean', Held> = {
    paid: { ref: '', itemId: 0 },
    failed: { ref: '', itemId: 0 },
    clean: { ref: '', itemId: 0 },
  };
  const ledgerClean = async () => expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  const payoutOf = async (ref: string) =>
    (
      await queryRows<{ status: string; reconcile_hold: boolean; pay_status: string }>(
        t.database.db,
        sql`select p.status, p.reconcile_hold, i.pay_status from payout p join payroll_item i on i.id = p.item_id
             where p.ref = ${ref}`,
      )
    )[0];
  /** 发放记录 exported through the download centre: its rows by name, under the header. */
  const exportRecords = async () => {
    const res = await demo.post(`${P}/emolumentGrantRecord/export`, { name: NAME });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect((await waitForExport(t, res.body.data.id as string)).status).toBe('done');
    const got = await download(t.app, demoToken, `/api/admin/export/${res.body.data.id}/download`);
    const [sheet] = await readXlsx(got.bytes);
    const [header, ...rows] = sheet?.rows ?? [];
    expect(header?.slice(13, 15)).toEqual(['支付状态', '失败原因']);
    return { rows: new Map(rows.map((r) => [r[4], r])), text: JSON.stringify(rows) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    const hr = caller(t.app, await loginAs(t.app, 'hr'));
    opsToken = await opsLogin(t.app);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    pay = payingKit(t, demo, hr);

    // Three workers: the sandbox pays the first and third and fails the second (卡号无效).
    const workerIds: number[] = [];
    for (const [n, last] of ['7', '4', '7'].entries()) {
      const res = await demo.post('/api/companystaff/employee', {
        name: `${NAME}${'甲乙丙'[n]}`,
        idNumber: testIdNumber(7_950 + n),
        mobile: `134${String(40_000_000 + n).slice(-8)}`,
        joinedAt: '2026-01-05',
        bankCard: { bankCode: 'ICBC', cardNumber: cardEndingIn(3_000 * (n + 1), last, '622205'), branch: '' },
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      expect(await waitForRealName(demo, res.body.data.id)).toBe('verified');
      workerIds.push(res.body.data.id as number);
    }
    batchId = await pay.toPay(workerIds, { serviceCompanyId: hainan, title: '对账挂起测试' });
    expect((await demo.post(`${P}/payRoll/${batchId}/pay`, await pay.payCode())).body.status).toBe(200);
    await pay.settleAll(batchId, 30_000);
    const rows = await queryRows<{ ref: string; item_id: string; status: string }>(
      t.database.db,
      sql`select ref, item_id, status from payout where batch_id = ${batchId} order by item_id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    (['paid', 'failed', 'clean'] as const).forEach((role, i) => {
      held[role] = { ref: rows[i]!.ref, itemId: Number(rows[i]!.item_id) };
    });
    await injectStatementFault(t.database.db, held.paid.ref, 'omitted');
    await injectStatementFault(t.database.db, held.failed.ref, 'status');
    const run = await platform(() => reconcileDay(t.app.ctx, hainan, chinaDateOf(new Date())));
    expect(run).toMatchObject({ outcome: 'done' });
    expect(await payoutOf(held.paid.ref)).toMatchObject({ status: 'succeeded', reconcile_hold: true });
    expect(await payoutOf(held.failed.ref)).toMatchObject({ status: 'failed', reconcile_hold: true });
    expect(await payoutOf(held.clean.ref)).toMatchObject({ reconcile_hold: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses to pay a held failed item again, with the platform’s message, before asking for the code', async () => {
    const before = await pay.balance(hainan);
    const code = await pay.payCode();
    const res = await demo.post(`${P}/refund/${held.failed.itemId}/repay`, code);
    expect(res.body).toMatchObject({ status: 40900, message: HELD_MESSAGE });
    // A wrong code is not what it answers: the hold is told first, and nothing was frozen.
    const wrong = await demo.post(`${P}/refund/${held.failed.itemId}/repay`, { ...code, code: '000000' });
    expect(wrong.body).toMatchObject({ status: 40900, message: HELD_MESSAGE });
    const [attempts] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payout where item_id = ${held.failed.itemId}`,
    );
    expect(attempts?.n).toBe(1);
    expect(await pay.balance(hainan)).toEqual(before);
    // A held paid item is not a failed one: refused as any paid item.
    expect((await demo.post(`${P}/refund/${held.paid.itemId}/repay`, await pay.payCode())).body).toMatchObject({
      status: 40900,
      message: '只有支付失败的明细可以重新支付',
    });
    await ledgerClean();
  });

  it('refunds nothing for a held payout: a late failed callback and the payout rounds move no money', async () => {
    const before = await pay.balance(hainan);
    const cb = signedCallback(
      t.app.config.payoutCallbackSecret,
      { ref: held.paid.ref, outcome: 'failed', reason: '卡号无效', settlesAt: new Date() },
      new Date(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: cb.headers,
      payload: cb.body,
    });
    expect(res.statusCode).toBe(200);
    await t.app.payoutWork.tick();
    expect(await payoutOf(held.paid.ref)).toMatchObject({
      status: 'succeeded',
      reconcile_hold: true,
      pay_status: 'paid',
    });
    expect(await payoutOf(held.failed.ref)).toMatchObject({ status: 'failed', reconcile_hold: true });
    expect(await pay.balance(hainan)).toEqual(before);
    const [refunds] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer
           where type = 'refund' and ref_kind = 'payout'
             and ref_id = (select id::text from payout where ref = ${held.paid.ref})`,
    );
    expect(refunds?.n).toBe(0);
    await ledgerClean();
  });

  it('shows the held failed item 对账中 in 退款中心', async () => {
    const rows = (await demo.get(`${P}/refund/page`, { name: NAME, limit: 100 })).body.data.rows as {
      id: number;
      reconciling: boolean;
    }[];
    expect(rows).toEqual([expect.objectContaining({ id: held.failed.itemId, reconciling: true })]);
  });

  it('exports 发放记录 with 对账中 and the platform’s explanation for a held item, as the screen shows it', async () => {
    const { rows, text } = await exportRecords();
    expect(rows.size).toBe(3);
    for (const name of [`${NAME}甲`, `${NAME}乙`])
      expect(rows.get(name)?.slice(13, 15), name).toEqual(['对账中', PAYOUT_RECONCILING_SHORT]);
    expect(rows.get(`${NAME}丙`)?.slice(13, 15)).toEqual(['已支付', '']);
    // Nothing of the provider's number; the failure the statement disputes is not told as settled.
    expect(text).not.toMatch(/SB\d{6,}/);
    expect(text).not.toContain('卡号无效');
  });

  it('reads as before once an operator releases them (以平台记录为准)', async () => {
    const differences = (await caller(t.app, opsToken).get(`${R}/difference/page`, { status: 'open', limit: 100 })).body
      .data.rows as { id: number; ref: string }[];
    for (const ref of [held.paid.ref, held.failed.ref]) {
      const d = differences.find((x) => x.ref === ref);
      expect(d, ref).toBeDefined();
      const res = await sendWithKey(t.app, opsToken, 'POST', `${R}/difference/${d!.id}/resolve`, newKey(), {
        resolution: 'ours',
        reason: '服务方确认对账单有误',
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    }
    const { rows } = await exportRecords();
    expect(rows.get(`${NAME}甲`)?.[13]).toBe('已支付');
    expect(rows.get(`${NAME}乙`)?.slice(13, 15)).toEqual(['支付失败', '卡号无效']);
    const refunds = (await demo.get(`${P}/refund/page`, { name: NAME })).body.data.rows as { reconciling: boolean }[];
    expect(refunds.map((r) => r.reconciling)).toEqual([false]);
    await ledgerClean();
  });
});
