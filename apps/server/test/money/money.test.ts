/**
 * 资金管理 through the API (issue 16): service companies and cost rules, balances, 资金明细,
 * top-ups with the operator's decision, payment accounts, idempotency keys, and the two login
 * realms (an operator's token on company routes and an admin's on operator routes).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { verifyLedger } from '../../src/modules/ledger/service.ts';
import { writeDemoVouchers } from '../../src/seed/money.ts';
import { caller, createTestApp, loginAs, solveCaptcha, type Caller, type TestApp } from '../helpers.ts';
import { companyId, newKey, opsLogin, sendWithKey, serviceCompanyId, uploadVoucher } from './support.ts';

describe('money', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let yunfanToken: string;
  let opsToken: string;
  let ops: Caller;
  let hainan: number;
  let jiangsu: number;
  let xinghe: number;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfanToken = await loginAs(t.app, 'demo_yf');
    yunfan = caller(t.app, yunfanToken);
    opsToken = await opsLogin(t.app);
    ops = caller(t.app, opsToken);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
    xinghe = await companyId(t.database.db, '星河科技有限公司');
  });
  afterAll(() => t.close());

  describe('service companies and cost rules', () => {
    it('lists the two linked service companies of 星河科技 with their different rules', async () => {
      const res = await demo.get('/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId');
      expect(res.body.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
      const [a, b] = res.body.data;
      expect(a).toMatchObject({
        serviceCompanyId: hainan,
        feeRateBp: 650,
        feeBearer: 'company',
        invoiceType: 'normal',
      });
      expect(b).toMatchObject({
        serviceCompanyId: jiangsu,
        feeRateBp: 800,
        feeBearer: 'worker',
        invoiceType: 'special',
      });
      expect(a.receivingBank.accountNo).toMatch(/^\d+$/);
    });

    it('answers each company its own links only', async () => {
      const res = await yunfan.get('/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId');
      expect(res.body.data.map((r: { serviceCompanyId: number }) => r.serviceCompanyId)).toEqual([hainan]);
      const opts = await yunfan.get('/api/companystaff/individualBusiness/getOcompanyIds');
      expect(opts.body.data).toEqual([{ id: hainan, name: '海南灵工服务有限公司' }]);
    });

    it('lists invoice contents, of one service company when asked, and refuses a bad id', async () => {
      const all = await demo.get('/api/companystaff/ocompanyReceiptContent/queryORContentList');
      expect(all.body.data.length).toBe(4);
      const one = await demo.get('/api/companystaff/ocompanyReceiptContent/queryORContentList', {
        serviceCompanyId: jiangsu,
      });
      expect(one.body.data.every((c: { serviceCompanyId: number }) => c.serviceCompanyId === jiangsu)).toBe(true);
      const bad = await demo.get('/api/companystaff/ocompanyReceiptContent/queryORContentList', {
        serviceCompanyId: 'x',
      });
      expect(bad.body.status).toBe(40000);
    });

    it('has the money dictionaries', async () => {
      const res = await demo.get('/api/admin/dataDictionary/list');
      expect(res.body.data.topupStatus.map((d: { label: string }) => d.label)).toEqual([
        '审批中',
        '待确认',
        '已到账',
        '已驳回',
        '已撤回',
      ]);
      expect(res.body.data.ledgerEntryType[0]).toEqual({ value: 'topup', label: '充值' });
    });
  });

  describe('balances and 资金明细 of the demo data', () => {
    it('shows the confirmed demo top-up less the paid demo batches as available balance, with their entries', async () => {
      // The demo's paid batches: what their successful payouts took (the failed one came back).
      const [paid] = await queryRows<{ debit: string; n: number; batches: number }>(
        t.database.db,
        sql`select coalesce(sum(debit_fen), 0) as debit, count(*)::int as n, count(distinct batch_id)::int as batches
              from payout where status = 'succeeded'`,
      );
      const bal = await demo.get('/api/companystaff/ecompanyFdIssue/getBalance');
      expect(bal.body.data).toEqual([
        {
          serviceCompanyId: hainan,
          serviceCompanyName: '海南灵工服务有限公司',
          availableFen: 50_000_000 - Number(paid?.debit),
          frozenFen: 0,
        },
        { serviceCompanyId: jiangsu, serviceCompanyName: '江苏智薪人力资源有限公司', availableFen: 0, frozenFen: 0 },
      ]);
      // The top-up; each paid batch's freeze (available and frozen); a payout per success; the
      // refund of the one failure (both).
      const entries = await demo.get('/api/companystaff/ecompanyFdIssue/entries');
      expect(entries.body.data.total).toBe(1 + 2 * (paid?.batches ?? 0) + (paid?.n ?? 0) + 2);
      const topups = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { type: 'topup' });
      expect(topups.body.data.rows[0]).toMatchObject({
        type: 'topup',
        account: 'available',
        amountFen: 50_000_000,
        balanceAfterFen: 50_000_000,
        reference: { kind: 'topup' },
      });
      const other = await yunfan.get('/api/companystaff/ecompanyFdIssue/entries');
      expect(other.body.data).toEqual({ total: 0, rows: [] });
    });

    it('filters entries by type, service company and date range, and refuses bad filters', async () => {
      const none = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { type: 'adjustment' });
      expect(none.body.data.total).toBe(0);
      const refunds = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { type: 'refund' });
      expect(refunds.body.data.total).toBe(2);
      const sc = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { serviceCompanyId: jiangsu });
      expect(sc.body.data.total).toBe(0);
      const old = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { from: '2020-01-01', to: '2020-01-31' });
      expect(old.body.data.total).toBe(0);
      const bad = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { from: '2020-02-30' });
      expect(bad.body.status).toBe(40000);
      const badType = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { type: 'nope' });
      expect(badType.body.status).toBe(40000);
    });
  });

  describe('payment accounts', () => {
    it('lists the demo accounts, default first', async () => {
      const res = await demo.get('/api/companystaff/ecompanyPayAccount/list');
      expect(res.body.data).toHaveLength(2);
      expect(res.body.data[0].isDefault).toBe(true);
    });

    it('adds, edits, sets default and removes, keeping exactly one default', async () => {
      const add = await demo.post('/api/companystaff/ecompanyPayAccount', {
        bank: '中国银行',
        accountName: '星河科技有限公司',
        accountNo: '6217 0000 1234 5678',
        branch: '上海分行',
        isDefault: true,
      });
      expect(add.body.status).toBe(200);
      expect(add.body.data).toMatchObject({ accountNo: '6217000012345678', isDefault: true });
      const id = add.body.data.id as number;
      let list = await demo.get('/api/companystaff/ecompanyPayAccount/list');
      expect(list.body.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);

      const edit = await demo.put(`/api/companystaff/ecompanyPayAccount/${id}`, {
        bank: '中国银行',
        accountName: '星河科技有限公司',
        accountNo: '6217000012345679',
        branch: '上海徐汇支行',
      });
      expect(edit.body.data).toMatchObject({ branch: '上海徐汇支行', isDefault: true });

      const other = list.body.data.find((a: { id: number }) => a.id !== id).id as number;
      const def = await demo.put(`/api/companystaff/ecompanyPayAccount/${other}/default`);
      expect(def.body.data.isDefault).toBe(true);
      list = await demo.get('/api/companystaff/ecompanyPayAccount/list');
      expect(
        list.body.data.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: number }) => a.id),
      ).toEqual([other]);

      // Removing the default makes the oldest remaining one the default.
      const del = await demo.del(`/api/companystaff/ecompanyPayAccount/${other}`);
      expect(del.body.status).toBe(200);
      list = await demo.get('/api/companystaff/ecompanyPayAccount/list');
      expect(list.body.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
      const gone = await demo.del(`/api/companystaff/ecompanyPayAccount/${other}`);
      expect(gone.body.status).toBe(40400);
    });

    it('refuses another name than the company, bad numbers and a duplicate', async () => {
      const base = { bank: '中国银行', accountName: '星河科技有限公司', accountNo: '62170000999', branch: '' };
      const name = await demo.post('/api/companystaff/ecompanyPayAccount', { ...base, accountName: '别的公司' });
      expect(name.body.status).toBe(40000);
      expect(name.body.message).toContain('必须与企业名称「星河科技有限公司」一致');
      for (const accountNo of ['1234567', '1'.repeat(31), '62170000abc']) {
        const bad = await demo.post('/api/companystaff/ecompanyPayAccount', { ...base, accountNo });
        expect(bad.body.status, accountNo).toBe(40000);
      }
      expect((await demo.post('/api/companystaff/ecompanyPayAccount', base)).body.status).toBe(200);
      const dup = await demo.post('/api/companystaff/ecompanyPayAccount', base);
      expect(dup.body).toMatchObject({ status: 40000, message: '该银行账号已添加' });
    });

    it("answers 40400 for another company's account", async () => {
      const theirs = await yunfan.get('/api/companystaff/ecompanyPayAccount/list');
      const id = theirs.body.data[0].id as number;
      const body = { bank: '平安银行', accountName: '星河科技有限公司', accountNo: '15000098765432', branch: '' };
      expect((await demo.put(`/api/companystaff/ecompanyPayAccount/${id}`, body)).body.status).toBe(40400);
      expect((await demo.put(`/api/companystaff/ecompanyPayAccount/${id}/default`)).body.status).toBe(40400);
      expect((await demo.del(`/api/companystaff/ecompanyPayAccount/${id}`)).body.status).toBe(40400);
    });
  });

  describe('top-ups and the operator', () => {
    const payerOf = async (c: Caller) =>
      (await c.get('/api/companystaff/ecompanyPayAccount/list')).body.data[0].id as number;

    it('a company tops up, the operator confirms, the balance and 资金明细 show it once', async () => {
      const voucher = await uploadVoucher(t.app, demoToken);
      const create = await demo.post('/api/companystaff/ecompanyRecharge', {
        amountFen: 123_456,
        serviceCompanyId: jiangsu,
        paymentAccountId: await payerOf(demo),
        voucherFileId: voucher,
        remark: '测试充值',
      });
      expect(create.body).toMatchObject({ status: 200, message: '充值已提交，待平台确认到账' });
      expect(create.body.data).toMatchObject({
        status: 'pending',
        amountFen: 123_456,
        serviceCompanyName: '江苏智薪人力资源有限公司',
      });
      const id = create.body.data.id as number;

      const queue = await ops.get('/api/ops/topup/page', { status: 'pending' });
      expect(queue.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
      const voucherFile = await t.app.inject({
        method: 'GET',
        url: `/api/ops/topup/${id}/voucher`,
        headers: { authorization: opsToken },
      });
      expect(voucherFile.statusCode).toBe(200);
      expect(voucherFile.headers['content-type']).toBe('image/png');

      const confirm = await ops.post(`/api/ops/topup/${id}/confirm`);
      expect(confirm.body).toMatchObject({ status: 200, message: '已确认到账', data: { status: 'confirmed' } });
      const again = await ops.post(`/api/ops/topup/${id}/confirm`);
      expect(again.body).toMatchObject({ status: 40900, message: '该充值已确认到账，请勿重复操作' });
      const reject = await ops.post(`/api/ops/topup/${id}/reject`, { reason: '晚了' });
      expect(reject.body.status).toBe(40900);

      const bal = await demo.get('/api/companystaff/ecompanyFdIssue/getBalance');
      expect(bal.body.data.find((b: { serviceCompanyId: number }) => b.serviceCompanyId === jiangsu).availableFen).toBe(
        123_456,
      );
      const entries = await demo.get('/api/companystaff/ecompanyFdIssue/entries', { serviceCompanyId: jiangsu });
      expect(entries.body.data.rows).toHaveLength(1);
      expect(entries.body.data.rows[0]).toMatchObject({
        amountFen: 123_456,
        reference: { kind: 'topup', id: String(id) },
      });
      const detail = await demo.get(`/api/companystaff/ecompanyRecharge/${id}`);
      expect(detail.body.data).toMatchObject({ status: 'confirmed', transferId: entries.body.data.rows[0].transferId });

      const audit = await ops.get('/api/ops/audit/page', { action: 'ops.topup.confirm' });
      // Newest first: the refused second confirmation, then the confirmation.
      expect(audit.body.data.rows.slice(0, 2)).toMatchObject([
        { username: 'ops', target: `topup:${id}`, result: 'failure', status: 40900 },
        { username: 'ops', target: `topup:${id}`, result: 'success', status: 200 },
      ]);
      expect((await verifyLedger(t.database.db)).violations).toEqual([]);
    });

    it('the operator rejects with a reason; no money moves', async () => {
      const voucher = await uploadVoucher(
        t.app,
        demoToken,
        '凭证.pdf',
        Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      );
      const create = await demo.post('/api/companystaff/ecompanyRecharge', {
        amountFen: 500,
        serviceCompanyId: hainan,
        paymentAccountId: await payerOf(demo),
        voucherFileId: voucher,
      });
      expect(create.body.status).toBe(200);
      const id = create.body.data.id as number;
      const before = await demo.get('/api/companystaff/ecompanyFdIssue/getBalance');
      const noReason = await ops.post(`/api/ops/topup/${id}/reject`, { reason: ' ' });
      expect(noReason.body.status).toBe(40000);
      const reject = await ops.post(`/api/ops/topup/${id}/reject`, { reason: '凭证金额与充值金额不符' });
      expect(reject.body.data).toMatchObject({ status: 'rejected', rejectReason: '凭证金额与充值金额不符' });
      expect((await ops.post(`/api/ops/topup/${id}/confirm`)).body.status).toBe(40900);
      expect((await demo.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.data).toEqual(before.body.data);
      const list = await demo.get('/api/companystaff/ecompanyRecharge/page', { status: 'rejected' });
      expect(list.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    });

    it('refuses bad input: amount, unlinked service company, foreign account and voucher, wrong file type', async () => {
      const payer = await payerOf(demo);
      const voucher = await uploadVoucher(t.app, demoToken);
      const base = { amountFen: 100, serviceCompanyId: hainan, paymentAccountId: payer, voucherFileId: voucher };
      for (const amountFen of [0, -5, 1.5, 10_000_000_001]) {
        expect(
          (await demo.post('/api/companystaff/ecompanyRecharge', { ...base, amountFen })).body.status,
          String(amountFen),
        ).toBe(40000);
      }
      // 云帆物流 is not linked to 江苏智薪.
      const yPayer = await payerOf(yunfan);
      const yVoucher = await uploadVoucher(t.app, yunfanToken);
      const unlinked = await yunfan.post('/api/companystaff/ecompanyRecharge', {
        ...base,
        serviceCompanyId: jiangsu,
        paymentAccountId: yPayer,
        voucherFileId: yVoucher,
      });
      expect(unlinked.body).toMatchObject({ status: 40000, message: '未签约该服务商，不能向其充值' });
      // Another company's payment account and voucher.
      expect(
        (await demo.post('/api/companystaff/ecompanyRecharge', { ...base, paymentAccountId: yPayer })).body.status,
      ).toBe(40000);
      expect(
        (await demo.post('/api/companystaff/ecompanyRecharge', { ...base, voucherFileId: yVoucher })).body.message,
      ).toBe('转账凭证不存在，请重新上传');
      const csv = await uploadVoucher(t.app, demoToken, 'a.csv', 'a,b\n1,2\n');
      expect(
        (await demo.post('/api/companystaff/ecompanyRecharge', { ...base, voucherFileId: csv })).body.message,
      ).toBe('转账凭证须为图片（PNG、JPG）或 PDF 文件');
    });

    it("shows the demo pending top-up's voucher once the demo files are written", async () => {
      const queue = await ops.get('/api/ops/topup/page', { status: 'pending' });
      const demoPending = queue.body.data.rows.find((r: { remark: string }) => r.remark === '江苏项目备付金');
      expect(demoPending).toMatchObject({ amountFen: 20_000_000, companyName: '星河科技有限公司' });
      const url = `/api/ops/topup/${demoPending.id}/voucher`;
      const missing = await t.app.inject({ method: 'GET', url, headers: { authorization: opsToken } });
      expect(missing.json()).toMatchObject({ status: 40400, message: '转账凭证不存在' });
      await writeDemoVouchers(t.database.db, t.app.ctx.files);
      const shown = await t.app.inject({ method: 'GET', url, headers: { authorization: opsToken } });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/png');
    });

    it("answers 40400 for another company's top-up and lists only the company's own", async () => {
      const mine = await demo.get('/api/companystaff/ecompanyRecharge/page');
      const id = mine.body.data.rows[0].id as number;
      expect((await yunfan.get(`/api/companystaff/ecompanyRecharge/${id}`)).body.status).toBe(40400);
      const theirs = await yunfan.get('/api/companystaff/ecompanyRecharge/page');
      expect(theirs.body.data.rows.every((r: { companyId: number }) => r.companyId !== xinghe)).toBe(true);
      expect((await ops.get('/api/ops/topup/999999')).body.status).toBe(40400);
      expect((await ops.post('/api/ops/topup/999999/confirm')).body.status).toBe(40400);
    });

    it('replays a retry with the same Idempotency-Key and refuses the key with another body', async () => {
      const payer = await payerOf(demo);
      const voucher = await uploadVoucher(t.app, demoToken);
      const body = { amountFen: 777, serviceCompanyId: hainan, paymentAccountId: payer, voucherFileId: voucher };
      const key = newKey();
      const first = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', key, body);
      const retry = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', key, body);
      expect(first.body.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const [{ n }] = (await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from topup where amount_fen = 777`,
      )) as [{ n: number }];
      expect(n).toBe(1);
      const other = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', key, {
        ...body,
        amountFen: 778,
      });
      expect(other.body.status).toBe(40900);
      expect(other.body.message).toContain('幂等键');
      const bad = await sendWithKey(t.app, demoToken, 'POST', '/api/companystaff/ecompanyRecharge', 'short', body);
      expect(bad.body.status).toBe(40000);
      // Another company's same key is its own.
      const yPayer = await payerOf(yunfan);
      const yVoucher = await uploadVoucher(t.app, yunfanToken);
      const theirs = await sendWithKey(t.app, yunfanToken, 'POST', '/api/companystaff/ecompanyRecharge', key, {
        ...body,
        paymentAccountId: yPayer,
        voucherFileId: yVoucher,
      });
      expect(theirs.body.status).toBe(200);

      // The operator's confirmation with a key: the retry replays the same answer, credited once.
      const id = first.body.data.id as number;
      const ck = newKey();
      const c1 = await sendWithKey(t.app, opsToken, 'POST', `/api/ops/topup/${id}/confirm`, ck);
      const c2 = await sendWithKey(t.app, opsToken, 'POST', `/api/ops/topup/${id}/confirm`, ck);
      expect(c1.body.status).toBe(200);
      expect(c2.body).toEqual(c1.body);
      const reuse = await sendWithKey(t.app, opsToken, 'POST', `/api/ops/topup/${id}/reject`, ck, { reason: 'x' });
      expect(reuse.body.status).toBe(40900);
      const [{ n: transfers }] = (await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_transfer where ref_kind = 'topup' and ref_id = ${String(id)}`,
      )) as [{ n: number }];
      expect(transfers).toBe(1);
    });
  });

  describe('the operator console', () => {
    it('lists companies with their links and edits cost rules', async () => {
      const page = await ops.get('/api/ops/company/page');
      expect(page.body.data.total).toBe(2);
      const xh = page.body.data.rows.find((c: { id: number }) => c.id === xinghe);
      expect(xh.serviceCompanies).toHaveLength(2);
      const body = {
        feeRateBp: 700,
        feeBearer: 'worker',
        monthlyLimitFen: 9_800_000,
        singleMinFen: 100,
        singleMaxFen: 5_000_000,
        invoiceType: 'special',
        invoiceContents: ['现代服务*服务费'],
      };
      const put = await ops.put(`/api/ops/company/${xinghe}/serviceCompany/${hainan}`, body);
      expect(put.body).toMatchObject({ status: 200, data: { feeRateBp: 700, feeBearer: 'worker' } });
      const seen = await demo.get('/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId');
      expect(seen.body.data[0].feeRateBp).toBe(700);
      expect(
        (await ops.put(`/api/ops/company/${xinghe}/serviceCompany/${hainan}`, { ...body, feeRateBp: 10_001 })).body
          .status,
      ).toBe(40000);
      expect(
        (await ops.put(`/api/ops/company/${xinghe}/serviceCompany/${hainan}`, { ...body, singleMinFen: 6_000_000 }))
          .body.status,
      ).toBe(40000);
      const yf = await companyId(t.database.db, '云帆物流有限公司');
      expect((await ops.put(`/api/ops/company/${yf}/serviceCompany/${jiangsu}`, body)).body.status).toBe(40400);
    });

    it('knows who is signed in, refuses a wrong password, and logout ends the session', async () => {
      const info = await ops.get('/api/ops/auth/info');
      expect(info.body.data).toMatchObject({ username: 'ops', name: '平台运营' });
      const wrong = await caller(t.app).post('/api/ops/auth/login', { username: 'ops', password: 'nope' });
      expect(wrong.body).toMatchObject({ status: 40001, message: '用户名或密码错误' });
      // The failed sign-in shows in the operators' audit, though no operator was known.
      const audit = await ops.get('/api/ops/audit/page', { action: 'ops.login' });
      expect(audit.body.data.rows).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: 'ops.login', result: 'failure', username: 'ops' })]),
      );
      const token = await opsLogin(t.app);
      const c = caller(t.app, token);
      expect((await c.post('/api/ops/auth/logout')).body.status).toBe(200);
      expect((await c.get('/api/ops/auth/info')).body.status).toBe(40003);
    });

    it('locks a client out after 5 failed sign-ins for a username, even with the right password', async () => {
      const client = caller(t.app, undefined, '10.99.0.1');
      const withCaptcha = async (c: Caller, password: string) => {
        const first = await c.post('/api/ops/auth/login', { username: 'ops', password });
        if (first.body.message !== '请输入图形验证码') return first;
        const { token, svg } = (await c.get('/api/admin/vcc/code')).body.data;
        return c.post('/api/ops/auth/login', { username: 'ops', password, token, code: solveCaptcha(svg) });
      };
      for (let i = 0; i < 5; i++) expect((await withCaptcha(client, `wrong${i}`)).body.status).toBe(40001);
      const locked = await withCaptcha(client, 'Ops@123456');
      expect(locked.body.message).toMatch(/^登录失败次数过多，账号已锁定/);
      // Another client is not locked out (it passes the captcha the account's failures ask for).
      expect((await withCaptcha(caller(t.app, undefined, '10.99.0.2'), 'Ops@123456')).body.status).toBe(200);
    });

    it("an operator's token opens no company route, and an admin's token no operator route (40101)", async () => {
      const companyRoutes = t.app.accessTable.filter((r) => r.access !== 'public' && r.access !== 'operator');
      const operatorRoutes = t.app.accessTable.filter((r) => r.access === 'operator');
      expect(operatorRoutes.length).toBeGreaterThanOrEqual(9);
      const call = (c: Caller, r: { method: string; url: string }) => {
        const url = r.url.replace(/:[A-Za-z]+/g, '1');
        return r.method === 'GET'
          ? c.get(url)
          : r.method === 'POST'
            ? c.post(url, {})
            : r.method === 'PUT'
              ? c.put(url, {})
              : c.del(url);
      };
      for (const r of companyRoutes) {
        const res = await call(ops, r);
        expect(res.body.status, `${r.method} ${r.url}`).toBe(40101);
      }
      for (const r of operatorRoutes) {
        const res = await call(demo, r);
        expect(res.body.status, `${r.method} ${r.url}`).toBe(40101);
      }
    });
  });

  describe('element permissions', () => {
    it('answers 40301 to an admin without the money elements', async () => {
      const role = await demo.post('/api/admin/role', {
        name: '无资金权限',
        menuCodes: [],
        elementCodes: ['employee:view'],
      });
      await demo.post('/api/admin/user', {
        username: 'nomoney',
        password: 'Passw0rd!x',
        name: '无资金',
        mobile: '13900000001',
        roleIds: [role.body.data.id],
      });
      const c = caller(t.app, await loginAs(t.app, 'nomoney', 'Passw0rd!x'));
      expect((await c.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.status).toBe(40301);
      expect((await c.post('/api/companystaff/ecompanyRecharge', {})).body.status).toBe(40301);
      expect((await c.post('/api/companystaff/ecompanyPayAccount', {})).body.status).toBe(40301);
      // The finance admin holds the money elements.
      const finance = caller(t.app, await loginAs(t.app, 'finance'));
      expect((await finance.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.status).toBe(200);
    });
  });
});
