/**
 * Paying batches (issue 18): the step-up code, the freeze and the outbox, the sandbox provider's
 * three failures, signed callbacks (duplicate, forged, stale; single and batch), dispatch in bulk,
 * reconciliation, paying a failed item again, insufficient balance, concurrent payments,
 * permissions and another company; the payment answering before its payouts are queued (a job,
 * in chunks, resumed after a crash), its progress, and Idempotency-Key replays.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptInvoiceableMismatches } from '../invoice/support.ts';
import { queryRows } from '../../src/db/client.ts';
import { verifyLedger } from '../../src/modules/ledger/service.ts';
import { signCallback, type PayoutOrder } from '../../src/lib/payout-provider.ts';
import { signedBatchCallback, signedCallback } from '../../src/modules/payout-sandbox/service.ts';
import { dispatchPayouts } from '../../src/modules/payroll/payouts/dispatch.ts';
import { freezeAndQueue, freezeForPayment, queuePayouts } from '../../src/modules/payroll/payouts/service.ts';
import { testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { cardEndingIn, payingKit, type PayingKit } from './support.ts';
import { signAgreement, waitForRealName } from '../worker/support.ts';
import { waitFor } from '../wait-for.ts';
import { asPlatform } from '../../src/db/scope.ts';

/** The payout work runs across companies, as the app's round does. */
const platform = <T>(fn: () => Promise<T>) => asPlatform('a test of the payout work', fn);

const P = '/api/emolument';
const batchUrl = (id: number, action = '') => `${P}/emolumentGrant/${id}${action}`;
const payUrl = (id: number) => `${P}/payRoll/${id}/pay`;
const SECRET = 'test-payout-callback-secret-0123456789abcdef';

describe('payouts', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let hr: Caller;
  let yunfan: Caller;
  let hainan: number;
  let jiangsu: number;
  let serial = 0;
  let pay: PayingKit;

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const payCode = () => pay.payCode();
  const balance = (serviceCompany: number) => pay.balance(serviceCompany);

  const newWorker = async (opts: { name?: string; card?: string } = {}) => {
    const n = ++serial;
    const res = await demo.post('/api/companystaff/employee', {
      name: opts.name ?? `付款员工${'甲乙丙丁戊己庚辛壬癸'[n % 10]}${'子丑寅卯辰巳午未申酉'[Math.floor(n / 10) % 10]}`,
      idNumber: testIdNumber(9_000 + n),
      mobile: `137${String(10_000_000 + n).slice(-8)}`,
      joinedAt: '2026-01-05',
      bankCard: { bankCode: 'ICBC', cardNumber: opts.card ?? cardEndingIn(100 * n, '7'), branch: '' },
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    // Paid only once verified (实名认证 runs in the background).
    expect(await waitForRealName(demo, res.body.data.id)).toBe('verified');
    return res.body.data.id as number;
  };

  /** A batch of these workers, checked and submitted (under the approval threshold): 待支付. */
  const toPay = (workerIds: number[], amountFen = 100_000, service = hainan) =>
    pay.toPay(workerIds, { serviceCompanyId: service, amountFen });
  const items = async (id: number) =>
    (await demo.get(`${P}/emolumentDetail/page`, { batchId: id, limit: 100 })).body.data.rows as {
      id: number;
      name: string;
      payStatus: string | null;
      payFailReason: string | null;
    }[];
  const settleAll = (batchId: number) => pay.settleAll(batchId);

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    pay = payingKit(t, demo, hr);
  });
  afterAll(() => t.close());

  it('pays a batch with a fresh code: one freeze, the sandbox settles or fails each item, 部分成功', async () => {
    const ok = await newWorker();
    const badCard = await newWorker({ card: cardEndingIn(5_000, '4') });
    const wrongName = await newWorker({ name: '王测试失败' });
    const id = await toPay([ok, badCard, wrongName]);
    const before = await balance(hainan);

    expect((await demo.post(payUrl(id), { method: 'sms', code: '123456' })).body).toMatchObject({
      status: 40000,
      message: '请先获取短信验证码（或验证码已过期）',
    });
    const code = await payCode();
    expect((await demo.post(payUrl(id), { ...code, code: '000000' })).body.message).toBe('短信验证码错误');
    const paid = await demo.post(payUrl(id), code);
    expect(paid.body).toMatchObject({ status: 200, message: '已确认支付，正在发放', data: { status: 'paying' } });
    const debit = paid.body.data.debitFen as number;
    expect(debit).toBe(3 * 106_500);
    expect(await balance(hainan)).toMatchObject({
      availableFen: before.availableFen - debit,
      frozenFen: before.frozenFen + debit,
    });
    // The code served once; the batch is 支付中 for anyone else.
    expect((await demo.post(payUrl(id), code)).body).toMatchObject({
      status: 40900,
      message: '该批次正在支付中，请勿重复支付',
    });

    // The dispatch job the payment queued, or these rounds, send the three payouts; the sandbox
    // calls back 1.5 s later.
    await settleAll(id);
    const [callbacks] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sandbox_payout s join payout p on p.ref = s.ref
           where p.batch_id = ${id} and s.callbacks = 1`,
    );
    expect(callbacks?.n).toBe(3);
    const byName = new Map((await items(id)).map((i) => [i.name, i]));
    expect([...byName.values()].map((i) => i.payStatus).sort()).toEqual(['failed', 'failed', 'paid']);
    expect(byName.get('王测试失败')).toMatchObject({ payStatus: 'failed', payFailReason: '户名不符' });
    expect([...byName.values()].some((i) => i.payFailReason === '卡号无效')).toBe(true);
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('partial');
    // One item's debit left the company (its net in transit, its fee as income); two came back.
    expect(await balance(hainan)).toMatchObject({
      availableFen: before.availableFen - 106_500,
      frozenFen: before.frozenFen,
    });
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
    // The two failures wait in 退款中心, with their batch; another company sees none.
    const refunds = (await demo.get(`${P}/refund/page`)).body.data;
    expect(refunds.rows.filter((r: { batchId: number }) => r.batchId === id)).toHaveLength(2);
    expect(refunds.rows[0]).toMatchObject({ batchTitle: '付款测试', payStatus: 'failed' });
    expect((await yunfan.get(`${P}/refund/page`)).body.data.total).toBe(0);
    expect((await hr.get(`${P}/refund/page`)).body.status).toBe(40301);

    // A duplicate callback, and one forged or stale, change nothing.
    const [row] = await queryRows<{ ref: string; outcome: string; reason: string; settles_at: Date }>(
      t.database.db,
      sql`select ref, outcome, reason, settles_at from sandbox_payout where ref like ${'PO%'} order by submitted_at desc limit 1`,
    );
    const cb = signedCallback(
      SECRET,
      { ref: row!.ref, outcome: 'succeeded', reason: '', settlesAt: new Date(row!.settles_at) },
      new Date(),
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: cb.headers,
      payload: cb.body,
    });
    expect(again.json()).toMatchObject({ status: 200, data: { result: 'already' } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: { ...cb.headers, 'x-payout-signature': 'f'.repeat(64) },
      payload: cb.body,
    });
    expect(forged.statusCode).toBe(401);
    // The signature covers the bytes as sent: the provider's own spacing is accepted, and the
    // same JSON with other spacing than was signed is not.
    const spaced = JSON.stringify(JSON.parse(cb.body), null, 2);
    const timestamp = String(Date.now());
    const asSent = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: {
        ...cb.headers,
        'x-payout-timestamp': timestamp,
        'x-payout-signature': signCallback(SECRET, timestamp, spaced),
      },
      payload: spaced,
    });
    expect(asSent.json()).toMatchObject({ status: 200, data: { result: 'already' } });
    const respaced = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: cb.headers,
      payload: spaced,
    });
    expect(respaced.statusCode).toBe(401);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: cb.headers,
      payload: '{"ref":',
    });
    expect(broken.statusCode).toBe(400);
    const stale = signedCallback(
      SECRET,
      { ref: row!.ref, outcome: 'succeeded', reason: '', settlesAt: new Date() },
      new Date(Date.now() - 10 * 60_000),
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payout/callback', headers: stale.headers, payload: stale.body }))
        .statusCode,
    ).toBe(401);
    expect(await balance(hainan)).toMatchObject({ availableFen: before.availableFen - 106_500 });
  });

  it('lists every payout in 支付中心 and every item in 发放记录, with filters, the company’s own only', async () => {
    const payments = (await demo.get(`${P}/epaymentCenter/page`, { status: 'failed', limit: 50 })).body.data;
    expect(payments.total).toBeGreaterThanOrEqual(2);
    expect(payments.rows.every((p: { status: string }) => p.status === 'failed')).toBe(true);
    expect(payments.rows[0]).toMatchObject({ channel: 'bank', attempt: 1, batchTitle: expect.any(String) });
    expect(payments.rows[0].ref).toMatch(/^PO\d+-1$/);
    const byName = (await demo.get(`${P}/epaymentCenter/page`, { name: '王测试' })).body.data;
    expect(byName.rows.map((p: { holderName: string }) => p.holderName)).toEqual(['王测试失败']);
    expect((await yunfan.get(`${P}/epaymentCenter/page`)).body.data.total).toBe(0);

    const idNumber = testIdNumber(9_001);
    const records = (await demo.get(`${P}/emolumentGrantRecord/page`, { idNumber })).body.data;
    expect(records.total).toBe(1);
    expect(records.rows[0]).toMatchObject({ period: thisPeriod(), payStatus: 'paid', batchTitle: '付款测试' });
    expect(
      (await demo.get(`${P}/emolumentGrantRecord/page`, { payStatus: 'failed' })).body.data.total,
    ).toBeGreaterThanOrEqual(2);
    expect((await demo.get(`${P}/emolumentGrantRecord/page`, { idNumber: '123' })).body.status).toBe(40000);
    expect((await yunfan.get(`${P}/emolumentGrantRecord/page`, { idNumber })).body.data.total).toBe(0);
  });

  it('pays a failed item again after its card is fixed: a new payout, 已完成', async () => {
    const bad = await newWorker({ card: cardEndingIn(7_000, '4') });
    const id = await toPay([bad]);
    await demo.post(payUrl(id), await payCode());
    await settleAll(id);
    const [failed] = await items(id);
    expect(failed).toMatchObject({ payStatus: 'failed', payFailReason: '卡号无效' });
    // The worker gets a good default card; paying again sends to it.
    await demo.post(`/api/companystaff/employee/${bad}/bankCard`, {
      bankCode: 'ICBC',
      cardNumber: cardEndingIn(8_000, '7'),
      isDefault: true,
    });
    const repaid = await demo.post(`${P}/refund/${failed!.id}/repay`, await payCode());
    expect(repaid.body).toMatchObject({ status: 200, message: '已重新支付，正在发放' });
    await settleAll(id);
    expect((await items(id))[0]).toMatchObject({ payStatus: 'paid', payFailReason: null });
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('completed');
    expect((await demo.post(`${P}/refund/${failed!.id}/repay`, await payCode())).body).toMatchObject({
      status: 40900,
      message: '只有支付失败的明细可以重新支付',
    });
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses to pay a failed item again when the worker’s monthly limit was used meanwhile', async () => {
    const bad = await newWorker({ card: cardEndingIn(9_000, '4') });
    const id = await toPay([bad], 4_500_000);
    await demo.post(payUrl(id), await payCode());
    await settleAll(id);
    const [failed] = await items(id);
    expect(failed).toMatchObject({ payStatus: 'failed' });
    // The failed ¥45,000 went back: two other batches take ¥54,000 of the worker's ¥98,000 this month.
    for (const amountFen of [5_000_000, 400_000]) {
      const other = await hr.post(`${P}/emolumentGrant`, {
        title: '限额测试',
        period: thisPeriod(),
        serviceCompanyId: hainan,
        channel: 'bank',
        source: 'workers',
      });
      const otherId = other.body.data.id as number;
      await hr.post(batchUrl(otherId, '/items'), { items: [{ workerId: bad, amountFen }] });
      expect((await hr.post(batchUrl(otherId, '/check'))).body.data.status).toBe('confirming');
    }
    await demo.post(`/api/companystaff/employee/${bad}/bankCard`, {
      bankCode: 'ICBC',
      cardNumber: cardEndingIn(9_500, '7'),
      isDefault: true,
    });
    const before = await balance(hainan);
    expect((await demo.post(`${P}/refund/${failed!.id}/repay`, await payCode())).body).toMatchObject({
      status: 40900,
      message: '超出每月限额 ¥98,000.00：本月已发放 ¥54,000.00，本笔 ¥45,000.00，不能重新支付',
    });
    expect(await balance(hainan)).toEqual(before);
    expect((await items(id))[0]).toMatchObject({ payStatus: 'failed' });
  });

  it('reconciles a payout whose callback never came', async () => {
    const w = await newWorker();
    const id = await toPay([w]);
    await demo.post(payUrl(id), await payCode());
    const [item] = await items(id);
    const ref = `PO${item!.id}-1`;
    // Sent to the provider (by the job the payment queued, or by this round)…
    await t.app.payoutWork.tick();
    await waitFor(
      async () => (await queryRows(t.database.db, sql`select 1 from sandbox_payout where ref = ${ref}`)).length,
      (n) => n === 1,
      { what: 'the sandbox receiving the payout' },
    );
    // …which settles it, but its callback is lost.
    await t.database.db.execute(sql`update sandbox_payout set callback_at = now() where ref = ${ref}`);
    await sleep(1_700);
    const realNow = t.app.ctx.now;
    t.app.ctx.now = () => new Date(Date.now() + 60_000);
    try {
      const round = await t.app.payoutWork.tick();
      expect(round.reconciled).toBe(1);
    } finally {
      t.app.ctx.now = realNow;
    }
    expect((await items(id))[0]?.payStatus).toBe('paid');
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('completed');
  });

  it('settles a batch callback of many results once each: duplicates, already settled, an unknown ref', async () => {
    const workers = [
      await newWorker(),
      await newWorker(),
      await newWorker({ card: cardEndingIn(11_000, '4') }),
      await newWorker(),
    ];
    const id = await toPay(workers);
    await demo.post(payUrl(id), await payCode());
    // Sent (by the payment's job or this round); the sandbox's own callbacks are not due yet.
    await t.app.payoutWork.tick();
    const sandbox = await waitFor(
      () =>
        queryRows<{ ref: string; outcome: string; reason: string; settles_at: Date }>(
          t.database.db,
          sql`select s.ref, s.outcome, s.reason, s.settles_at from sandbox_payout s join payout p on p.ref = s.ref
               where p.batch_id = ${id} order by p.id`,
        ),
      (rows) => rows.length === 4,
      { what: 'the sandbox receiving the payouts' },
    );
    const rows = sandbox.map((r) => ({ ...r, settlesAt: new Date(r.settles_at) }));
    const [first, second, third, fourth] = rows as [
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
    ];
    const post = (cb: { body: string; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: '/api/payout/callback', headers: cb.headers, payload: cb.body });

    // One settled alone first; then a list naming it again, one ref twice and one unknown ref.
    expect((await post(signedCallback(SECRET, first, new Date()))).json()).toMatchObject({
      data: { result: 'settled' },
    });
    const unknown = { ref: 'PO999999999-1', outcome: 'succeeded', reason: '', settlesAt: new Date() };
    const list = signedBatchCallback(SECRET, [first, second, third, second, unknown, fourth], new Date());
    expect((await post(list)).json()).toEqual({ status: 200, data: { settled: 3, already: 2, unknown: 1 } });
    // The same list again (the provider retries) settles nothing.
    expect((await post(signedBatchCallback(SECRET, [first, second, third, fourth], new Date()))).json()).toEqual({
      status: 200,
      data: { settled: 0, already: 4, unknown: 0 },
    });
    // …nor do the sandbox's own callbacks when they fall due.
    await sleep(1_600);
    await settleAll(id);

    const byStatus = (await items(id)).map((i) => i.payStatus).sort();
    expect(byStatus).toEqual(['failed', 'paid', 'paid', 'paid']);
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('partial');
    const [transfers] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer t join payout p on t.ref_kind = 'payout' and t.ref_id = p.id::text
           where p.batch_id = ${id} and t.type in ('payout', 'refund')`,
    );
    expect(transfers?.n).toBe(4);
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses a forged, stale or malformed batch callback and changes nothing', async () => {
    const id = await toPay([await newWorker(), await newWorker()]);
    await demo.post(payUrl(id), await payCode());
    await t.app.payoutWork.tick();
    const sandbox = await waitFor(
      () =>
        queryRows<{ ref: string; outcome: string; reason: string; settles_at: Date }>(
          t.database.db,
          sql`select s.ref, s.outcome, s.reason, s.settles_at from sandbox_payout s join payout p on p.ref = s.ref
               where p.batch_id = ${id}`,
        ),
      (rows) => rows.length === 2,
      { what: 'the sandbox receiving the payouts' },
    );
    const rows = sandbox.map((r) => ({ ...r, settlesAt: new Date(r.settles_at) }));
    const post = (cb: { body: string; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: '/api/payout/callback', headers: cb.headers, payload: cb.body });
    const settled = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from payout where batch_id = ${id} and status in ('succeeded', 'failed')`,
        )
      )[0]?.n;

    const good = signedBatchCallback(SECRET, rows, new Date());
    expect(
      (await post(signedBatchCallback('another-secret-0123456789abcdef0123456789', rows, new Date()))).statusCode,
    ).toBe(401);
    // The signature covers the whole list: a result changed after signing is refused.
    const tampered = { ...good, body: good.body.replace('"succeeded"', '"failed"') };
    expect(tampered.body).not.toBe(good.body);
    expect((await post(tampered)).statusCode).toBe(401);
    expect((await post(signedBatchCallback(SECRET, rows, new Date(Date.now() - 10 * 60_000)))).statusCode).toBe(401);
    // A list with one malformed result is refused whole.
    const bad = signedBatchCallback(
      SECRET,
      [...rows, { ref: 'x', outcome: 'maybe', reason: '', settlesAt: new Date() }],
      new Date(),
    );
    expect((await post(bad)).statusCode).toBe(400);
    expect(await settled()).toBe(0);

    expect((await post(good)).json()).toEqual({ status: 200, data: { settled: 2, already: 0, unknown: 0 } });
    expect(await settled()).toBe(2);
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('completed');
  });

  it('dispatches queued payouts in bulk: one list to the provider per chunk', async () => {
    const workers = [await newWorker(), await newWorker(), await newWorker(), await newWorker(), await newWorker()];
    const id = await toPay(workers);
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id as id from payroll_batch where id = ${id}`,
    );
    // Queued without the route, once no dispatch job of an earlier payment is left to run (on
    // PostgreSQL one may start seconds later), so that only this call sends them.
    await waitFor(
      async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pgboss.job where name = 'payout.dispatch' and state in ('created', 'retry', 'active')`,
          )
        )[0]?.n,
      (n) => n === 0,
      { what: 'earlier dispatch jobs', timeoutMs: 20_000, intervalMs: 200 },
    );
    await t.database.db.transaction((tx) => freezeAndQueue(tx, Number(company?.id), id));
    const calls: number[] = [];
    const provider = t.app.payoutWork.provider;
    const counting = {
      submit: async (orders: readonly PayoutOrder[]) => {
        calls.push(orders.length);
        await provider.submit(orders);
      },
      query: (refs: readonly string[]) => provider.query(refs),
      statement: (serviceCompanyId: number, day: string) => provider.statement(serviceCompanyId, day),
    };
    expect(await platform(() => dispatchPayouts(t.app.ctx, counting))).toBe(5);
    expect(calls).toEqual([5]);
    const [sent] = await queryRows<{ payouts: number; sandbox: number }>(
      t.database.db,
      sql`select (select count(*)::int from payout where batch_id = ${id} and status = 'submitted') as payouts,
                 (select count(*)::int from sandbox_payout s join payout p on p.ref = s.ref where p.batch_id = ${id}) as sandbox`,
    );
    expect(sent).toEqual({ payouts: 5, sandbox: 5 });
    // Nothing left to send; then the sandbox calls back the five in one list.
    expect(await platform(() => dispatchPayouts(t.app.ctx, counting))).toBe(0);
    await sleep(1_600);
    // (The round also delivers what earlier tests left due.)
    expect((await t.app.payoutWork.tick()).callbacks).toBeGreaterThanOrEqual(5);
    const [callbacks] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sandbox_payout s join payout p on p.ref = s.ref
           where p.batch_id = ${id} and s.callbacks = 1`,
    );
    expect(callbacks?.n).toBe(5);
    expect((await items(id)).every((i) => i.payStatus === 'paid')).toBe(true);
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('completed');
  });

  it('answers 确认支付 with the freeze alone; the payment job queues the payouts; progress counts them', async () => {
    const workers = [await newWorker(), await newWorker(), await newWorker({ card: cardEndingIn(13_000, '4') })];
    const id = await toPay(workers);
    const key = `pay-${id}-${Date.now()}`;
    const code = await payCode();
    const paid = await t.app.inject({
      method: 'POST',
      url: payUrl(id),
      headers: { authorization: demoToken, 'idempotency-key': key },
      payload: code,
    });
    expect(paid.json()).toMatchObject({ status: 200, data: { status: 'paying' } });
    // The same key again (a retry after a timeout) answers the stored reply: no second freeze.
    const replay = await t.app.inject({
      method: 'POST',
      url: payUrl(id),
      headers: { authorization: demoToken, 'idempotency-key': key },
      payload: code,
    });
    expect(replay.json()).toEqual(paid.json());
    const [freezes] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer where type = 'freeze' and ref_kind = 'payroll_batch' and ref_id = ${String(id)}`,
    );
    expect(freezes?.n).toBe(1);
    // No round is run here: the job the payment sent queues the three payouts (and dispatches them).
    await waitFor(
      async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from payout where batch_id = ${id}`,
          )
        )[0]?.n,
      (n) => n === 3,
      { what: 'the payment job queuing the payouts', timeoutMs: 20_000, intervalMs: 100 },
    );
    const progress = await demo.get(`${P}/payRoll/${id}/progress`);
    expect(progress.body.status).toBe(200);
    expect(progress.body.data).toMatchObject({ batchId: id, status: 'paying', total: 3, queued: 3 });
    await settleAll(id);
    expect((await demo.get(`${P}/payRoll/${id}/progress`)).body.data).toEqual({
      batchId: id,
      status: 'partial',
      total: 3,
      queued: 3,
      submitted: 0,
      succeeded: 2,
      failed: 1,
    });
    expect((await yunfan.get(`${P}/payRoll/${id}/progress`)).body.status).toBe(40400);
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('queues a payment in chunks that a crash leaves half done: resumed without twins, finished only when whole', async () => {
    const workers = [];
    for (let i = 0; i < 5; i++) workers.push(await newWorker());
    const id = await toPay(workers);
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id as id from payroll_batch where id = ${id}`,
    );
    const companyId = Number(company?.id);
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0);
    // The payment's transaction: the freeze and 支付中, no payout yet.
    await t.database.db.transaction((tx) => freezeForPayment(tx, companyId, id));
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('paying');
    expect(await count(sql`select count(*)::int as n from payout where batch_id = ${id}`)).toBe(0);
    expect((await demo.get(`${P}/payRoll/${id}/progress`)).body.data).toMatchObject({ total: 5, queued: 0 });
    // The queue job dies after its first chunk of two has committed.
    const crash = new Error('killed');
    await expect(
      platform(() =>
        queuePayouts(t.app.ctx, {
          batchId: id,
          chunk: 2,
          onChunk: () => Promise.reject(crash),
        }),
      ),
    ).rejects.toBe(crash);
    expect(await count(sql`select count(*)::int as n from payout where batch_id = ${id}`)).toBe(2);
    // Those two are sent and settled (their callbacks posted here: a round would queue the rest):
    // the batch is not finished, three items wait to be queued.
    expect(await platform(() => dispatchPayouts(t.app.ctx, t.app.payoutWork.provider))).toBe(2);
    const sent = await queryRows<{ ref: string; outcome: string; reason: string; settles_at: Date }>(
      t.database.db,
      sql`select s.ref, s.outcome, s.reason, s.settles_at from sandbox_payout s join payout p on p.ref = s.ref
           where p.batch_id = ${id}`,
    );
    expect(sent).toHaveLength(2);
    const callback = signedBatchCallback(
      SECRET,
      sent.map((r) => ({ ...r, settlesAt: new Date(r.settles_at) })),
      new Date(),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payout/callback',
          headers: callback.headers,
          payload: callback.body,
        })
      ).json(),
    ).toEqual({ status: 200, data: { settled: 2, already: 0, unknown: 0 } });
    expect((await demo.get(`${P}/payRoll/${id}/progress`)).body.data).toMatchObject({
      total: 5,
      queued: 2,
      succeeded: 2,
    });
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('paying');
    // Resumed (the next start's job, or the timer): the rest, each item once.
    expect(await platform(() => queuePayouts(t.app.ctx, { batchId: id, chunk: 2 }))).toBe(3);
    expect(await platform(() => queuePayouts(t.app.ctx, { batchId: id, chunk: 2 }))).toBe(0);
    expect(await count(sql`select count(*)::int as n from payout where batch_id = ${id}`)).toBe(5);
    expect(
      await count(sql`select count(*)::int as n from payout p join payroll_item i on i.id = p.item_id
                       where p.batch_id = ${id} and i.pay_status = 'paying' and p.ref = 'PO' || i.id || '-1'`),
    ).toBe(3);
    await settleAll(id);
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('completed');
    expect(
      await count(sql`select count(*)::int as n from payroll_item where batch_id = ${id} and pay_status = 'paid'`),
    ).toBe(5);
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses when the balance is short, changing nothing', async () => {
    const w = await newWorker();
    // 江苏智薪 has an agreement (the demo's): the worker signs it before being paid through it.
    await signAgreement(t, demo, jiangsu, w);
    const id = await toPay([w], 100_000, jiangsu);
    const before = await balance(jiangsu);
    const res = await demo.post(payUrl(id), await payCode());
    expect(res.body.status).toBe(1101);
    expect(res.body.message).toContain('账户可用余额不足');
    expect((await demo.get(batchUrl(id))).body.data.status).toBe('to_pay');
    expect(await balance(jiangsu)).toEqual(before);
  });

  it('freezes once under 100 concurrent payments of one batch', async () => {
    const w = await newWorker();
    const id = await toPay([w]);
    const code = await payCode();
    const answers = await Promise.all(Array.from({ length: 100 }, () => demo.post(payUrl(id), code)));
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfer where type = 'freeze' and ref_kind = 'payroll_batch' and ref_id = ${String(id)}`,
    );
    expect(row?.n).toBe(1);
  });

  it('answers 40301 without 确认支付 and 40400 for another company', async () => {
    const w = await newWorker();
    const id = await toPay([w]);
    expect((await hr.post(payUrl(id), { method: 'sms', code: '123456' })).body.status).toBe(40301);
    expect((await yunfan.post(payUrl(id), { method: 'sms', code: '123456' })).body.status).toBe(40400);
  });

  it('keeps the batches’ paid amounts and 可开票金额 equal to the rows after every payment above', async () => {
    expect(await keptInvoiceableMismatches(t.database.db)).toEqual({ batches: [], totals: [] });
  });
});
