/**
 * 对账 (issue 42 point 1, ADR 0030): a batch paid through the sandbox, whose statement is told to
 * make each kind of disagreement twice (a payout it never received, one we never sent, another
 * amount, another status both ways, a duplicate line); a statement with a bad signature refused
 * and alerting; the day reconciled once (loaded twice changes nothing); every difference found,
 * its payout held (no late callback, no re-payment; the company sees 对账中) with its money in the
 * suspense account; each resolved both ways by an operator (a balanced transfer and an audit row),
 * the ledger verifying after each. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { signStatement } from '../../src/lib/payout-provider.ts';
import { verifyLedger } from '../../src/modules/ledger/service.ts';
import { injectStatementFault, injectUnsentPayout, signedCallback } from '../../src/modules/payout-sandbox/service.ts';
import { reconcileDay, reconcileDueDays } from '../../src/modules/payroll/reconcile/service.ts';
import { testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { newKey, opsLogin, sendWithKey, serviceCompanyId } from '../money/support.ts';
import { cardEndingIn, payingKit, type PayingKit } from './support.ts';

const platform = <T>(fn: () => Promise<T>) => asPlatform('a test of 对账', fn);
const P = '/api/emolument';
const R = '/api/ops/reconcile';

interface Difference {
  id: number;
  kind: string;
  ref: string;
  status: string;
  suspenseFen: number;
  ourStatus: string | null;
  providerStatus: string | null;
  providerAmountFen: number | null;
  companyName: string | null;
  holderName: string | null;
}

describe('对账', () => {
  let t: TestApp;
  let demo: Caller;
  let hr: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let opsToken: string;
  let hainan: number;
  let batchId: number;
  let dayId: number;
  const today = () => chinaDateOf(new Date());
  /** The payouts of the batch by role: ref and item id. */
  const refs: Record<string, { ref: string; itemId: number; payoutId: number }> = {};
  const differences = new Map<string, Difference>();

  let pay: PayingKit;
  const payCode = () => pay.payCode();
  const balance = () => pay.balance(hainan);
  const platformBalances = async () => {
    const rows = await queryRows<{ kind: string; balance_fen: string }>(
      t.database.db,
      sql`select kind, balance_fen from ledger_account where company_id is null and service_company_id = ${hainan}`,
    );
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.balance_fen)])) as Record<string, number>;
  };
  const ledgerClean = async () => expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  const payoutOf = async (ref: string) => {
    const [row] = await queryRows<{ status: string; reconcile_hold: boolean; pay_status: string }>(
      t.database.db,
      sql`select p.status, p.reconcile_hold, i.pay_status from payout p join payroll_item i on i.id = p.item_id
           where p.ref = ${ref}`,
    );
    return row;
  };
  const loadDifferences = async () => {
    const res = await ops.get(`${R}/day/${dayId}/differences`, { limit: 100 });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    differences.clear();
    for (const d of res.body.data.rows as Difference[]) differences.set(d.ref, d);
  };
  const resolve = (ref: string, resolution: 'provider' | 'ours', key = newKey()) => {
    const d = differences.get(ref);
    if (!d) throw new Error(`no difference for ${ref}`);
    return sendWithKey(t.app, opsToken, 'POST', `${R}/difference/${d.id}/resolve`, key, {
      resolution,
      reason: resolution === 'provider' ? '已与服务方核实，以对账单为准' : '服务方确认对账单有误',
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    opsToken = await opsLogin(t.app);
    ops = caller(t.app, opsToken);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    pay = payingKit(t, demo, hr);

    // Eleven workers: nine whose cards the sandbox pays, two it fails (卡号无效).
    const roles = [
      'missingA',
      'missingB',
      'amountA',
      'amountB',
      'statusA',
      'statusB',
      'duplicateA',
      'duplicateB',
      'clean',
      'failedA',
      'failedB',
    ];
    const workerIds: number[] = [];
    for (const [n, role] of roles.entries()) {
      const res = await demo.post('/api/companystaff/employee', {
        name: `对账员工${'甲乙丙丁戊己庚辛壬癸子'[n]}`,
        idNumber: testIdNumber(7_700 + n),
        mobile: `136${String(20_000_000 + n).slice(-8)}`,
        joinedAt: '2026-01-05',
        bankCard: {
          bankCode: 'ICBC',
          cardNumber: cardEndingIn(1_000 * (n + 1), role.startsWith('failed') ? '4' : '7', '622203'),
          branch: '',
        },
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      workerIds.push(res.body.data.id as number);
    }
    batchId = await pay.toPay(workerIds, { serviceCompanyId: hainan, title: '对账测试' });
    expect((await demo.post(`${P}/payRoll/${batchId}/pay`, await payCode())).body.status).toBe(200);
    await pay.settleAll(batchId, 30_000);
    const rows = await queryRows<{ ref: string; item_id: string; id: string; status: string }>(
      t.database.db,
      sql`select ref, item_id, id, status from payout where batch_id = ${batchId} order by item_id`,
    );
    expect(rows).toHaveLength(roles.length);
    roles.forEach((role, i) => {
      const row = rows[i] as (typeof rows)[number];
      refs[role] = { ref: row.ref, itemId: Number(row.item_id), payoutId: Number(row.id) };
      expect(row.status).toBe(role.startsWith('failed') ? 'failed' : 'succeeded');
    });
    // The statement is told to disagree, each kind twice.
    const db = t.database.db;
    for (const role of ['missingA', 'missingB']) await injectStatementFault(db, refs[role]!.ref, 'omitted');
    for (const role of ['amountA', 'amountB']) await injectStatementFault(db, refs[role]!.ref, 'amount');
    for (const role of ['statusA', 'statusB', 'failedA', 'failedB'])
      await injectStatementFault(db, refs[role]!.ref, 'status');
    for (const role of ['duplicateA', 'duplicateB']) await injectStatementFault(db, refs[role]!.ref, 'duplicate');
    for (const [i, role] of ['unsentA', 'unsentB'].entries()) {
      const ref = `PX${batchId}-${i + 1}`;
      await injectUnsentPayout(db, { ref, serviceCompanyId: hainan, amountFen: 50_000 + i, settlesAt: new Date() });
      refs[role] = { ref, itemId: 0, payoutId: 0 };
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a statement with a bad signature, records it and alerts; nothing else changes', async () => {
    const before = await platformBalances();
    const provider = t.app.ctx.payoutProvider;
    const forged = {
      ...t.app.ctx,
      payoutProvider: {
        ...provider,
        statement: async (sc: number, day: string) => ({
          ...(await provider.statement(sc, day)),
          signature: 'ab'.repeat(32),
        }),
      },
    };
    const refused = await platform(() => reconcileDay(forged, hainan, today()));
    expect(refused).toMatchObject({ outcome: 'refused', error: '对账单签名校验失败，已拒绝' });
    expect((await ops.get(`${R}/alerts`)).body.data).toMatchObject({ refusedDays: 1 });
    const days = (await ops.get(`${R}/day/page`, { serviceCompanyId: hainan, status: 'refused' })).body.data;
    expect(days.rows[0]).toMatchObject({
      day: today(),
      status: 'refused',
      error: '对账单签名校验失败，已拒绝',
      lineCount: 0,
    });
    expect(await payoutOf(refs.missingA!.ref)).toMatchObject({ reconcile_hold: false });
    expect(await platformBalances()).toEqual(before);
    await ledgerClean();
  });

  it('refuses a signed statement with a line of another day, or one the database cannot read', async () => {
    const secret = t.app.config.payoutCallbackSecret;
    const withFile = (file: string) => ({
      ...t.app.ctx,
      payoutProvider: {
        ...t.app.ctx.payoutProvider,
        statement: async () => ({
          signature: signStatement(secret, file),
          open: async function* () {
            yield Buffer.from(file);
          },
        }),
      },
    });
    const header = 'provider_ref,order_ref,amount,status,settled_at\n';
    const otherDay = `${header}SB1,PX-OTHER-1,1.00,succeeded,2020-01-01T10:00:00.000+08:00\n`;
    expect(await platform(() => reconcileDay(withFile(otherDay), hainan, today()))).toMatchObject({
      outcome: 'refused',
      error: '对账单含有不属于该日的记录或无效的金额、状态，已拒绝',
    });
    // Not the provider's plain form (the totals are then counted in SQL): refused all the same.
    const loose = `${header}SB1,PX-OTHER-1,1,succeeded,2020-01-01T02:00:00Z\n`;
    expect(await platform(() => reconcileDay(withFile(loose), hainan, today()))).toMatchObject({ outcome: 'refused' });
    const malformed = `${header}SB1,PX-OTHER-1,一元,succeeded,2020-01-01T10:00:00.000+08:00\n`;
    expect(await platform(() => reconcileDay(withFile(malformed), hainan, today()))).toMatchObject({
      outcome: 'refused',
      error: '对账单第 2 行格式错误，已拒绝',
    });
    expect(
      (await ops.get(`${R}/day/page`, { serviceCompanyId: hainan, status: 'refused' })).body.data.rows[0],
    ).toMatchObject({
      attempts: 4,
    });
    await ledgerClean();
  });

  it('reconciles the day once: every injected difference found, its payout held, its money in suspense', async () => {
    const before = await platformBalances();
    const run = await ops.post(`${R}/run`, { serviceCompanyId: hainan, day: today() });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ status: 200, data: { outcome: 'done', error: null } });
    dayId = run.body.data.dayId as number;
    await loadDifferences();
    const kindOf = (role: string) => differences.get(refs[role]!.ref)?.kind;
    expect(['missingA', 'missingB'].map(kindOf)).toEqual(['missing_provider', 'missing_provider']);
    expect(['amountA', 'amountB'].map(kindOf)).toEqual(['amount', 'amount']);
    expect(['statusA', 'statusB', 'failedA', 'failedB'].map(kindOf)).toEqual(['status', 'status', 'status', 'status']);
    expect(['duplicateA', 'duplicateB'].map(kindOf)).toEqual(['duplicate', 'duplicate']);
    expect(['unsentA', 'unsentB'].map(kindOf)).toEqual(['missing_ours', 'missing_ours']);
    expect(kindOf('clean')).toBeUndefined();
    // The sides: the provider's facts as its statement had them, never more.
    expect(differences.get(refs.amountA!.ref)).toMatchObject({
      ourStatus: 'succeeded',
      providerStatus: 'succeeded',
      providerAmountFen: differences.get(refs.amountA!.ref)!.providerAmountFen,
      companyName: expect.any(String),
      holderName: expect.stringContaining('对账员工'),
    });
    const net = 100_000 - 0; // the worker's net of a 1,000.00 item (企业承担: the fee is on top)
    expect(differences.get(refs.missingA!.ref)?.suspenseFen).toBe(net);
    expect(differences.get(refs.amountA!.ref)?.suspenseFen).toBe(-100);
    expect(differences.get(refs.statusA!.ref)?.suspenseFen).toBe(net);
    expect(differences.get(refs.failedA!.ref)?.suspenseFen).toBe(-net);
    expect(differences.get(refs.duplicateA!.ref)?.suspenseFen).toBe(-net);
    expect(differences.get(refs.unsentA!.ref)?.suspenseFen).toBe(-50_000);
    const day = (await ops.get(`${R}/day/page`, { serviceCompanyId: hainan })).body.data.rows.find(
      (d: { id: number }) => d.id === dayId,
    );
    expect(day).toMatchObject({ status: 'done', error: null, attempts: 5, differenceCount: differences.size });
    expect(day.openCount).toBe(differences.size);
    expect(day.matchedCount).toBeGreaterThanOrEqual(1);
    // Held: the batch's disagreeing payouts, not the clean one.
    for (const role of ['missingA', 'amountB', 'statusA', 'duplicateB', 'failedA'])
      expect((await payoutOf(refs[role]!.ref))?.reconcile_hold, role).toBe(true);
    expect((await payoutOf(refs.clean!.ref))?.reconcile_hold).toBe(false);
    // The suspense account holds what the differences moved; payouts in transit what the provider paid.
    const suspense = [...differences.values()].reduce((s, d) => s + d.suspenseFen, 0);
    const after = await platformBalances();
    expect((after.payout_suspense ?? 0) - (before.payout_suspense ?? 0)).toBe(suspense);
    expect(after.payouts_in_transit! - before.payouts_in_transit!).toBe(-suspense);
    await ledgerClean();
    expect((await ops.get(`${R}/alerts`)).body.data).toMatchObject({ refusedDays: 0 });
    expect((await ops.get(`${R}/alerts`)).body.data.openDifferences).toBeGreaterThanOrEqual(differences.size);
  });

  it('loads a statement twice without changing anything', async () => {
    const before = await platformBalances();
    const again = await ops.post(`${R}/run`, { serviceCompanyId: hainan, day: today() });
    expect(again.body.data).toMatchObject({ outcome: 'already', differenceCount: 0 });
    expect(await platform(() => reconcileDay(t.app.ctx, hainan, today()))).toMatchObject({ outcome: 'already' });
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reconcile_difference where day_id = ${dayId}`,
    );
    expect(count?.n).toBe(differences.size);
    expect(await platformBalances()).toEqual(before);
    await ledgerClean();
  });

  it('leaves a held payout alone: a late callback, reconciliation and re-payment change nothing', async () => {
    const ref = refs.missingA!.ref;
    const cb = signedCallback(
      t.app.config.payoutCallbackSecret,
      { ref, outcome: 'failed', reason: '卡号无效', settlesAt: new Date() },
      new Date(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payout/callback',
      headers: cb.headers,
      payload: cb.body,
    });
    expect(res.statusCode).toBe(200);
    expect(await payoutOf(ref)).toMatchObject({ status: 'succeeded', reconcile_hold: true });
    // A failed item whose payout is held is not paid again.
    const repay = await demo.post(`${P}/refund/${refs.failedA!.itemId}/repay`, await payCode());
    expect(repay.body).toMatchObject({ status: 40900, message: '这笔发放正在对账中，平台核实完成前不能重新支付' });
    // The company sees 对账中, never the provider's data; another company sees none of it.
    const payments = (await demo.get(`${P}/epaymentCenter/page`, { limit: 100 })).body.data.rows as {
      ref: string;
      reconciling: boolean;
    }[];
    expect(payments.find((p) => p.ref === ref)?.reconciling).toBe(true);
    expect(payments.find((p) => p.ref === refs.clean!.ref)?.reconciling).toBe(false);
    const theirs = (await yunfan.get(`${P}/epaymentCenter/page`, { limit: 100 })).body.data.rows as { ref: string }[];
    expect(theirs.some((p) => p.ref === ref)).toBe(false);
    await ledgerClean();
  });

  it('shows a held item 对账中 in 发放记录 and in its batch’s items, to its company only', async () => {
    type Row = { id: number; payStatus: string | null; reconciling: boolean };
    const held = [refs.missingA!.itemId, refs.failedA!.itemId];
    const records = (await demo.get(`${P}/emolumentGrantRecord/page`, { limit: 100 })).body.data.rows as Row[];
    const items = (await demo.get(`${P}/emolumentDetail/page`, { batchId, limit: 100 })).body.data.rows as Row[];
    for (const rows of [records, items]) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of held) expect(byId.get(id)?.reconciling, String(id)).toBe(true);
      // The item's own status is unchanged: 对账中 is shown in its place.
      expect(byId.get(refs.missingA!.itemId)?.payStatus).toBe('paid');
      expect(byId.get(refs.clean!.itemId)).toMatchObject({ payStatus: 'paid', reconciling: false });
    }
    // Only the held ones (every item of the batch but the clean one), and nothing of the provider's.
    expect(items.filter((i) => i.reconciling)).toHaveLength(10);
    expect(JSON.stringify(items)).not.toMatch(/SB\d{12}/);
    // 退款中心 says so of a failed item that is held.
    const refunds = (await demo.get(`${P}/refund/page`, { limit: 100 })).body.data.rows as Row[];
    expect(refunds.find((r) => r.id === refs.failedA!.itemId)?.reconciling).toBe(true);
    // Another company reads none of it.
    const theirs = (await yunfan.get(`${P}/emolumentGrantRecord/page`, { limit: 100 })).body.data.rows as Row[];
    expect(theirs.some((r) => held.includes(r.id))).toBe(false);
    expect((await yunfan.get(`${P}/emolumentDetail/page`, { batchId })).body.status).toBe(40400);
  });

  it('refuses bad input, a second resolution, an unknown difference and anyone but an operator', async () => {
    const d = differences.get(refs.missingB!.ref)!;
    const url = `${R}/difference/${d.id}/resolve`;
    expect((await ops.post(url, { resolution: 'provider', reason: '' })).body).toMatchObject({
      status: 40000,
    });
    expect(JSON.stringify((await ops.post(url, { resolution: 'provider', reason: '好' })).body)).toContain(
      '处理原因至少 2 个字',
    );
    expect(JSON.stringify((await ops.post(url, { resolution: 'maybe', reason: '核实完毕' })).body)).toContain(
      '请选择处理方式',
    );
    expect(
      (await ops.post(`${R}/difference/99999999/resolve`, { resolution: 'ours', reason: '核实完毕' })).body,
    ).toMatchObject({
      status: 40400,
      message: '对账差异不存在',
    });
    expect((await ops.get(`${R}/day/99999999/differences`)).body).toMatchObject({
      status: 40400,
      message: '对账日不存在',
    });
    expect((await ops.post(`${R}/run`, { serviceCompanyId: hainan, day: '2026-02-30' })).body.status).toBe(40000);
    expect((await ops.post(`${R}/run`, { serviceCompanyId: hainan, day: '2999-01-01' })).body).toMatchObject({
      status: 40000,
    });
    expect((await ops.post(`${R}/run`, { serviceCompanyId: 99999999, day: today() })).body).toMatchObject({
      status: 40400,
      message: '服务商不存在',
    });
    // An admin's token opens no operator route; no token neither.
    for (const who of [demo, caller(t.app)]) {
      expect((await who.post(url, { resolution: 'ours', reason: '核实完毕' })).body.status).toBe(40101);
      expect((await who.get(`${R}/day/page`)).body.status).toBe(40101);
      expect((await who.post(`${R}/run`, { serviceCompanyId: hainan, day: today() })).body.status).toBe(40101);
    }
    // Nothing was half-saved.
    expect(await payoutOf(refs.missingB!.ref)).toMatchObject({ reconcile_hold: true });
    await ledgerClean();
  });

  it('resolves each kind with the provider right: its facts posted, the ledger verifying after each', async () => {
    // 服务方无此笔, ours paid: the payout fails and the whole debit returns to the company.
    let before = await balance();
    const res = await resolve(refs.missingA!.ref, 'provider');
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 200, data: { resolution: 'provider' } });
    expect(res.body.data.transferId).toEqual(expect.any(Number));
    expect(await payoutOf(refs.missingA!.ref)).toMatchObject({
      status: 'failed',
      reconcile_hold: false,
      pay_status: 'failed',
    });
    expect((await balance()).availableFen - before.availableFen).toBe(106_500);
    await ledgerClean();

    // 金额不符: the provider paid 1.00 more; the company is charged the difference.
    before = await balance();
    expect((await resolve(refs.amountA!.ref, 'provider')).body.status).toBe(200);
    expect((await balance()).availableFen - before.availableFen).toBe(-100);
    expect(await payoutOf(refs.amountA!.ref)).toMatchObject({ status: 'succeeded', reconcile_hold: false });
    await ledgerClean();

    // 状态不符, ours paid and the provider failed it: as 服务方无此笔.
    before = await balance();
    expect((await resolve(refs.statusA!.ref, 'provider')).body.status).toBe(200);
    expect(await payoutOf(refs.statusA!.ref)).toMatchObject({ status: 'failed', pay_status: 'failed' });
    expect((await balance()).availableFen - before.availableFen).toBe(106_500);
    await ledgerClean();

    // 状态不符, ours failed and the provider paid it: the company is charged its debit, the item paid.
    before = await balance();
    expect((await resolve(refs.failedA!.ref, 'provider')).body.status).toBe(200);
    expect(await payoutOf(refs.failedA!.ref)).toMatchObject({ status: 'succeeded', pay_status: 'paid' });
    expect((await balance()).availableFen - before.availableFen).toBe(-106_500);
    await ledgerClean();

    // 重复记录: the provider paid twice; the company is charged the second payment.
    before = await balance();
    expect((await resolve(refs.duplicateA!.ref, 'provider')).body.status).toBe(200);
    expect((await balance()).availableFen - before.availableFen).toBe(-100_000);
    await ledgerClean();

    // 我方无此笔: a payment we never ordered; the platform bears it (its fee income), no company moves.
    const fees = (await platformBalances()).fee_income!;
    before = await balance();
    expect((await resolve(refs.unsentA!.ref, 'provider')).body.status).toBe(200);
    expect((await platformBalances()).fee_income! - fees).toBe(-50_000);
    expect((await balance()).availableFen).toBe(before.availableFen);
    await ledgerClean();
  });

  it('resolves each kind with our books right: the provider asked again, the suspense reversed', async () => {
    const before = await balance();
    const answers: Record<string, string | null> = {};
    for (const role of ['missingB', 'amountB', 'statusB', 'failedB', 'duplicateB', 'unsentB']) {
      const res = await resolve(refs[role]!.ref, 'ours');
      expect(res.body, `${role} ${JSON.stringify(res.body)}`).toMatchObject({
        status: 200,
        data: { resolution: 'ours' },
      });
      answers[role] = res.body.data.providerAnswer as string | null;
      await ledgerClean();
    }
    // The sandbox has each of them in its books (the statement left one out): it answers.
    expect(answers.missingB).toBe('服务方答复：成功');
    expect(answers.failedB).toBe('服务方答复：失败');
    expect(answers.unsentB).toBe('服务方答复：成功');
    // Our books stand: states unchanged and released, no company money moved.
    expect(await payoutOf(refs.missingB!.ref)).toMatchObject({ status: 'succeeded', reconcile_hold: false });
    expect(await payoutOf(refs.failedB!.ref)).toMatchObject({ status: 'failed', reconcile_hold: false });
    expect((await balance()).availableFen).toBe(before.availableFen);
    // Released, a failed item can be paid again.
    const payments = (await demo.get(`${P}/epaymentCenter/page`, { limit: 100 })).body.data.rows as {
      ref: string;
      reconciling: boolean;
    }[];
    expect(payments.find((p) => p.ref === refs.failedB!.ref)?.reconciling).toBe(false);
  });

  it('answers a second resolution 40900 and replays one with the same key', async () => {
    const d = differences.get(refs.missingA!.ref)!;
    const again = await ops.post(`${R}/difference/${d.id}/resolve`, { resolution: 'ours', reason: '再处理一次' });
    expect(again.body).toMatchObject({ status: 40900, message: '该差异已处理，不能重复处理' });
    // The seeded demo's difference (金额不符 on today's paid batch), resolved with a key twice.
    const open = (await ops.get(`${R}/difference/page`, { status: 'open', limit: 100 })).body.data.rows as Difference[];
    for (const o of open) differences.set(o.ref, o);
    const key = newKey();
    for (const o of open) {
      const first = await resolve(o.ref, 'ours', key === '' ? newKey() : `${key}-${o.id}`);
      expect(first.body.status).toBe(200);
      const replay = await resolve(o.ref, 'ours', `${key}-${o.id}`);
      expect(replay.body.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    const day = (await ops.get(`${R}/day/page`, { serviceCompanyId: hainan })).body.data.rows.find(
      (r: { id: number }) => r.id === dayId,
    );
    expect(day.openCount).toBe(0);
    expect((await ops.get(`${R}/alerts`)).body.data).toMatchObject({ openDifferences: 0, refusedDays: 0 });
    // Every difference resolved: nothing left in suspense.
    expect((await platformBalances()).payout_suspense ?? 0).toBe(0);
    await ledgerClean();
    // Each resolution wrote the operator's audit row.
    const audit = (await ops.get('/api/ops/audit/page', { limit: 100 })).body.data.rows as { action: string }[];
    expect(audit.filter((a) => a.action === 'ops.reconcile.resolve').length).toBeGreaterThanOrEqual(12);
  });

  it('the hourly job reconciles the past days of every service company once', async () => {
    const first = await platform(() => reconcileDueDays(t.app.ctx));
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((r) => r.outcome === 'done' || r.outcome === 'already')).toBe(true);
    const second = await platform(() => reconcileDueDays(t.app.ctx));
    expect(second.every((r) => r.outcome === 'already')).toBe(true);
    await ledgerClean();
  });
});
