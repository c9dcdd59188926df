/**
 * 对账 of a payout still open on our side (ADR 0030, issue 42 point 1): the provider settled it
 * and its statement says so, but its callback has not come. The day's reconciliation settles it
 * from its statement line, as a late callback would (the signed statement is the provider's final
 * word): once, with no difference and nothing held, the ledger verifying; the callback that comes
 * afterwards, and the statement loaded again, change nothing. One the statement names twice is
 * settled the same way and then held as a 重复记录 (its frozen debit released, not stuck), resolved
 * as any other. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { verifyLedger } from '../../src/modules/ledger/service.ts';
import { injectStatementFault } from '../../src/modules/payout-sandbox/service.ts';
import { dispatchPayouts } from '../../src/modules/payroll/payouts/dispatch.ts';
import { queuePayouts } from '../../src/modules/payroll/payouts/service.ts';
import { reconcileDay } from '../../src/modules/payroll/reconcile/service.ts';
import { testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { newKey, opsLogin, sendWithKey, serviceCompanyId } from '../money/support.ts';
import { waitForRealName } from '../worker/support.ts';
import { waitFor } from '../wait-for.ts';
import { cardEndingIn, payingKit, type PayingKit } from './support.ts';

const platform = <T>(fn: () => Promise<T>) => asPlatform('a test of 对账', fn);
const P = '/api/emolument';
const R = '/api/ops/reconcile';
const DEBIT = 106_500; // a 1,000.00 item and its fee (企业承担)

interface PayoutState {
  id: string;
  ref: string;
  status: string;
  reconcile_hold: boolean;
  fail_reason: string | null;
  pay_status: string;
  pay_fail_reason: string | null;
}

describe('对账 of a payout still open on our side', () => {
  let t: TestApp;
  let demo: Caller;
  let ops: Caller;
  let opsToken: string;
  let pay: PayingKit;
  let hainan: number;
  let batchId: number;
  let okRef: string;
  let badRef: string;
  let twiceRef: string;
  let before: { availableFen: number; frozenFen: number };
  const today = () => chinaDateOf(new Date());

  const payoutsOf = async (): Promise<Map<string, PayoutState>> => {
    const rows = await queryRows<PayoutState>(
      t.database.db,
      sql`select p.id::text as id, p.ref, p.status, p.reconcile_hold, p.fail_reason, i.pay_status, i.pay_fail_reason
            from payout p join payroll_item i on i.id = p.item_id
           where p.batch_id = ${batchId} order by p.item_id`,
    );
    return new Map(rows.map((r) => [r.ref, r]));
  };
  /** The ledger transfers of the batch's payouts, by type: a payout settled once has one. */
  const transfersOf = async () =>
    queryRows<{ ref_id: string; type: string; n: number }>(
      t.database.db,
      sql`select ref_id, type, count(*)::int as n from ledger_transfer
           where ref_kind = 'payout' and ref_id in (select id::text from payout where batch_id = ${batchId})
           group by ref_id, type order by ref_id, type`,
    );
  const batchStatus = async () => (await demo.get(`${P}/emolumentGrant/${batchId}`)).body.data.status as string;
  const ledgerClean = async () => expect((await verifyLedger(t.database.db)).violations).toEqual([]);

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    const hr = caller(t.app, await loginAs(t.app, 'hr'));
    opsToken = await opsLogin(t.app);
    ops = caller(t.app, opsToken);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    pay = payingKit(t, demo, hr);

    // Three verified workers: the sandbox pays the first and third and fails the second (卡号无效).
    const workerIds: number[] = [];
    for (const [n, last] of ['7', '4', '7'].entries()) {
      const res = await demo.post('/api/companystaff/employee', {
        name: `对账未结${'甲乙丙'[n]}`,
        idNumber: testIdNumber(7_800 + n),
        mobile: `135${String(30_000_000 + n).slice(-8)}`,
        joinedAt: '2026-01-05',
        bankCard: { bankCode: 'ICBC', cardNumber: cardEndingIn(2_000 * (n + 1), last, '622204'), branch: '' },
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      expect(await waitForRealName(demo, res.body.data.id)).toBe('verified');
      workerIds.push(res.body.data.id as number);
    }
    batchId = await pay.toPay(workerIds, { serviceCompanyId: hainan, title: '对账未结测试' });
    before = await pay.balance(hainan);
    expect((await demo.post(`${P}/payRoll/${batchId}/pay`, await pay.payCode())).body.status).toBe(200);

    // Queued and sent to the provider (here, or by the job the payment queued), without a round:
    // no callback is delivered.
    await platform(() => queuePayouts(t.app.ctx, { batchId }));
    await platform(() => dispatchPayouts(t.app.ctx, t.app.payoutWork.provider));
    const sent = await waitFor(
      () =>
        queryRows<{ ref: string; outcome: string; settles_at: Date }>(
          t.database.db,
          sql`select s.ref, s.outcome, s.settles_at from sandbox_payout s join payout p on p.ref = s.ref
               where p.batch_id = ${batchId} order by p.item_id`,
        ),
      (rows) => rows.length === 3,
      { what: 'the sandbox receiving the payouts' },
    );
    expect(sent.map((s) => s.outcome)).toEqual(['succeeded', 'failed', 'succeeded']);
    [okRef, badRef, twiceRef] = sent.map((s) => s.ref) as [string, string, string];
    // The statement repeats the third one's line (the provider paid it twice).
    await injectStatementFault(t.database.db, twiceRef, 'duplicate');
    // The provider settles them (its statement of today lists them); their callbacks are not sent.
    const settled = Math.max(...sent.map((s) => new Date(s.settles_at).getTime()));
    await new Promise((r) => setTimeout(r, Math.max(0, settled - Date.now() + 200)));
  }, 120_000);
  afterAll(() => t?.close());

  it('the payouts are open on our side before the day is reconciled', async () => {
    const payouts = await payoutsOf();
    expect([...payouts.values()].map((p) => [p.status, p.pay_status])).toEqual([
      ['submitted', 'paying'],
      ['submitted', 'paying'],
      ['submitted', 'paying'],
    ]);
    expect(await batchStatus()).toBe('paying');
    expect(await pay.balance(hainan)).toMatchObject({
      availableFen: before.availableFen - 3 * DEBIT,
      frozenFen: before.frozenFen + 3 * DEBIT,
    });
    expect(await transfersOf()).toEqual([]);
  });

  it('settles them from their statement lines once: no difference, nothing held, the ledger verifying', async () => {
    const run = await ops.post(`${R}/run`, { serviceCompanyId: hainan, day: today() });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ status: 200, data: { outcome: 'done', error: null } });
    const dayId = run.body.data.dayId as number;

    const payouts = await payoutsOf();
    expect(payouts.get(okRef)).toMatchObject({ status: 'succeeded', reconcile_hold: false, pay_status: 'paid' });
    expect(payouts.get(badRef)).toMatchObject({
      status: 'failed',
      reconcile_hold: false,
      pay_status: 'failed',
      pay_fail_reason: '对账单：支付失败',
    });
    // Named twice: settled paid all the same, then held as a 重复记录.
    expect(payouts.get(twiceRef)).toMatchObject({ status: 'succeeded', reconcile_hold: true, pay_status: 'paid' });
    expect(await batchStatus()).toBe('partial');
    // One transfer each: the paid ones' debits out of frozen, the failed one's back to available.
    const ids = [...payouts.values()].map((p) => p.id);
    expect(await transfersOf()).toEqual([
      { ref_id: ids[0], type: 'payout', n: 1 },
      { ref_id: ids[1], type: 'refund', n: 1 },
      { ref_id: ids[2], type: 'payout', n: 1 },
    ]);
    expect(await pay.balance(hainan)).toMatchObject({
      availableFen: before.availableFen - 2 * DEBIT,
      frozenFen: before.frozenFen,
    });
    await ledgerClean();

    // The statement agreed with what it settled once: no difference names these payouts; the
    // repeated one is a 重复记录 of a settled payout, the second payment in suspense.
    const differences = (await ops.get(`${R}/day/${dayId}/differences`, { limit: 100 })).body.data.rows as {
      id: number;
      ref: string;
      kind: string;
      ourStatus: string;
      suspenseFen: number;
    }[];
    expect(differences.filter((d) => d.ref === okRef || d.ref === badRef)).toEqual([]);
    expect(differences.find((d) => d.ref === twiceRef)).toMatchObject({
      kind: 'duplicate',
      ourStatus: 'succeeded',
      suspenseFen: -100_000,
    });
    // The company sees them settled, not 对账中.
    const payments = (await demo.get(`${P}/epaymentCenter/page`, { limit: 100 })).body.data.rows as {
      ref: string;
      status: string;
      reconciling: boolean;
    }[];
    expect(payments.filter((p) => p.ref === okRef || p.ref === badRef).map((p) => [p.status, p.reconciling])).toEqual(
      expect.arrayContaining([
        ['succeeded', false],
        ['failed', false],
      ]),
    );
  });

  it('changes nothing when the late callbacks come, or the statement is loaded again', async () => {
    const payouts = await payoutsOf();
    const transfers = await transfersOf();
    const balance = await pay.balance(hainan);

    const round = await t.app.payoutWork.tick();
    expect(round.callbacks).toBeGreaterThanOrEqual(3);
    const [delivered] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sandbox_payout where ref in (${okRef}, ${badRef}, ${twiceRef}) and callbacks = 1`,
    );
    expect(delivered?.n).toBe(3);
    expect(await platform(() => reconcileDay(t.app.ctx, hainan, today()))).toMatchObject({ outcome: 'already' });

    expect(await payoutsOf()).toEqual(payouts);
    expect(await transfersOf()).toEqual(transfers);
    expect(await pay.balance(hainan)).toEqual(balance);
    expect(await batchStatus()).toBe('partial');
    await ledgerClean();
  });

  it('resolves the 重复记录 of a payout it settled as any other: the second payment charged once', async () => {
    const differences = (await ops.get(`${R}/difference/page`, { status: 'open', limit: 100 })).body.data.rows as {
      id: number;
      ref: string;
    }[];
    const d = differences.find((x) => x.ref === twiceRef);
    expect(d).toBeDefined();
    const balance = await pay.balance(hainan);
    const res = await sendWithKey(t.app, opsToken, 'POST', `${R}/difference/${d!.id}/resolve`, newKey(), {
      resolution: 'provider',
      reason: '已与服务方核实，以对账单为准',
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 200, data: { resolution: 'provider' } });
    expect((await payoutsOf()).get(twiceRef)).toMatchObject({ status: 'succeeded', reconcile_hold: false });
    expect(await pay.balance(hainan)).toMatchObject({
      availableFen: balance.availableFen - 100_000,
      frozenFen: balance.frozenFen,
    });
    expect(await batchStatus()).toBe('partial');
    await ledgerClean();
  });
});
