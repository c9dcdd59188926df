/**
 * The references the database keeps (issue 23): every restrict reference a user can reach through
 * the API refuses the delete with 40900 and its Chinese message, leaving everything as it was; and
 * the foreign keys themselves refuse it when the services' checks are bypassed (a delete in SQL).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { foreignKeyViolationOf, REFERENCED_MESSAGES } from '../../src/db/constraint-errors.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import { testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { waitFor } from '../wait-for.ts';

const WORKERS = '/api/companystaff/employee';
const JOB_TYPES = '/api/companystaff/ecompanyJobCategory';
const ROLES = '/api/admin/role';
const P = '/api/emolument';
const DEMO_MOBILE = '13800000001';
const WORKER_PAID = '该员工已有发放记录，不能删除，可设为离职';
const ACCOUNT_PAID = '该收款账户已有发放记录，不能删除';

/** A Luhn-valid card number ending in 7 (the sandbox pays those). */
function payableCard(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `622202${String(n).padStart(10, '0')}`;
    if (luhnCheckDigit(body) === '7') return body + luhnCheckDigit(body);
  }
}

describe('references kept by the database', () => {
  let t: TestApp;
  let demo: Caller;
  let hr: Caller;
  let companyId: number;
  let hainan: number;
  let serial = 0;

  /** A new worker of 星河科技 with a bank card (or an Alipay account); answers its detail. */
  const newWorker = async (extra: Record<string, unknown> = {}, alipay = false) => {
    const n = ++serial;
    const res = await demo.post(WORKERS, {
      name: `引用测试${'甲乙丙丁戊己庚辛壬癸'[n % 10]}`,
      idNumber: testIdNumber(12_000 + n),
      mobile: `136${String(10_000_000 + n).slice(-8)}`,
      joinedAt: '2026-01-05',
      ...(alipay
        ? { alipay: { account: `ref${n}@example.com` } }
        : { bankCard: { bankCode: 'ICBC', cardNumber: payableCard(300_000 + 100 * n), branch: '' } }),
      ...extra,
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as {
      id: number;
      bankCards: { id: number }[];
      alipayAccounts: { id: number }[];
    };
  };

  /** A batch of these workers, created, picked and checked by hr: its items now name them. */
  const checkedBatch = async (workerIds: number[], channel: 'bank' | 'alipay' = 'bank') => {
    const created = await hr.post(`${P}/emolumentGrant`, {
      title: '引用测试',
      period: thisPeriod(),
      serviceCompanyId: hainan,
      channel,
      source: 'workers',
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const picked = await hr.post(`${P}/emolumentGrant/${id}/items`, {
      items: workerIds.map((workerId) => ({ workerId, amountFen: 50_000 })),
    });
    expect(picked.body.status, JSON.stringify(picked.body)).toBe(200);
    expect((await hr.post(`${P}/emolumentGrant/${id}/check`)).body.data.status).toBe('confirming');
    return id;
  };

  const items = async (batchId: number) =>
    (await demo.get(`${P}/emolumentDetail/page`, { batchId, limit: 100 })).body.data.rows as {
      id: number;
      payStatus: string | null;
    }[];

  /** A fresh `pay` step-up code of demo, read from the SMS outbox. */
  const payCode = async () => {
    await t.database.db.execute(sql`delete from sms_outbox where mobile = ${DEMO_MOBILE}`);
    const sent = await demo.post('/api/admin/vcc/sendSms', { purpose: 'pay' });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    const [row] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
    );
    return {
      method: 'sms',
      token: sent.body.data.token as string,
      code: /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1],
    };
  };

  /** Runs a statement in SQL, past every service, and answers the error it raised. */
  const refusal = async (statement: SQL) => {
    try {
      await t.database.db.execute(statement);
    } catch (err) {
      return err;
    }
    throw new Error('the database accepted the statement');
  };

  const count = async (query: SQL) => (await queryRows<{ n: number }>(t.database.db, query))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id::int as id from admin where username = 'demo'`,
    );
    companyId = row?.id ?? 0;
  });
  afterAll(() => t.close());

  describe('a paid worker', () => {
    let worker: Awaited<ReturnType<typeof newWorker>>;
    let batchId: number;

    beforeAll(async () => {
      worker = await newWorker();
      batchId = await checkedBatch([worker.id]);
      expect((await hr.post(`${P}/emolumentGrant/${batchId}/submit`)).body.data.status).toBe('to_pay');
      const paid = await demo.post(`${P}/payRoll/${batchId}/pay`, await payCode());
      expect(paid.body.status, JSON.stringify(paid.body)).toBe(200);
      await waitFor(
        async () => {
          await t.app.payoutWork.tick();
          return (await items(batchId))[0]?.payStatus;
        },
        (status) => status === 'paid',
        { what: 'the payout settling', timeoutMs: 20_000, intervalMs: 300 },
      );
    });

    it('cannot be deleted: 40900 with the payroll’s message; the worker, the item and the payout stay', async () => {
      expect((await demo.get(`${WORKERS}/${worker.id}`)).body.data.canDelete).toBe(false);
      expect((await demo.del(`${WORKERS}/${worker.id}`)).body).toEqual({ status: 40900, message: WORKER_PAID });
      const detail = (await demo.get(`${WORKERS}/${worker.id}`)).body.data;
      expect(detail.bankCards).toHaveLength(1);
      expect(await items(batchId)).toMatchObject([{ payStatus: 'paid' }]);
      expect(
        await count(sql`select count(*)::int as n from payroll_item i join payout p on p.item_id = i.id
                        where i.company_id = ${companyId} and i.worker_id = ${worker.id} and p.status = 'succeeded'`),
      ).toBe(1);
      // The refusal is audited as a failure, with its message.
      const [audit] = await queryRows<{ result: string; status: number; message: string }>(
        t.database.db,
        sql`select result, status, message from audit_log where target = ${`worker:${worker.id}`}
            order by id desc limit 1`,
      );
      expect(audit).toEqual({ result: 'failure', status: 40900, message: WORKER_PAID });
    });

    it('keeps the bank card it was paid to: no service check, the key refuses it through the error handler', async () => {
      const cardId = worker.bankCards[0]!.id;
      expect((await demo.del(`${WORKERS}/${worker.id}/bankCard/${cardId}`)).body).toEqual({
        status: 40900,
        message: ACCOUNT_PAID,
      });
      const detail = (await demo.get(`${WORKERS}/${worker.id}`)).body.data;
      expect(detail.bankCards).toMatchObject([{ id: cardId, isDefault: true }]);
    });

    it('is kept by the key itself when the service’s check is bypassed: a delete in SQL raises 23503', async () => {
      const err = await refusal(sql`delete from worker where company_id = ${companyId} and id = ${worker.id}`);
      expect(foreignKeyViolationOf(err)).toEqual({
        constraint: 'payroll_item_worker_fk',
        kind: 'referenced',
        message: WORKER_PAID,
      });
      // The statement failed whole: the cards its cascade had taken are back.
      expect(await count(sql`select count(*)::int as n from worker where id = ${worker.id}`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from worker_bank_card where worker_id = ${worker.id}`)).toBe(1);
      // And the card on its own, under the item and the payout.
      const cardErr = await refusal(
        sql`delete from worker_bank_card where company_id = ${companyId} and id = ${worker.bankCards[0]!.id}`,
      );
      expect(foreignKeyViolationOf(cardErr)).toMatchObject({ kind: 'referenced', message: ACCOUNT_PAID });
    });
  });

  it('keeps an Alipay account a checked item pays to, until the item is removed', async () => {
    const worker = await newWorker({}, true);
    const accountId = worker.alipayAccounts[0]!.id;
    const batchId = await checkedBatch([worker.id], 'alipay');
    const url = `${WORKERS}/${worker.id}/alipay/${accountId}`;
    expect((await demo.del(url)).body).toEqual({ status: 40900, message: ACCOUNT_PAID });
    expect((await demo.get(`${WORKERS}/${worker.id}`)).body.data.alipayAccounts).toMatchObject([{ id: accountId }]);
    expect((await demo.del(`${WORKERS}/${worker.id}`)).body).toEqual({ status: 40900, message: WORKER_PAID });

    // The item removed (the batch is still editable), nothing refers to either.
    const [item] = await items(batchId);
    expect((await hr.del(`${P}/emolumentDetail/${item!.id}`)).body.status).toBe(200);
    expect((await demo.del(url)).body.status).toBe(200);
    expect((await demo.del(`${WORKERS}/${worker.id}`)).body.status).toBe(200);
  });

  it('keeps a job type in use: the service’s count first, the key’s message past the service', async () => {
    const created = await demo.post(JOB_TYPES, { name: '引用测试工种', code: 'REF01', description: '', enabled: true });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const jobTypeId = created.body.data.id as number;
    const worker = await newWorker({ jobTypeId });
    expect((await demo.del(`${JOB_TYPES}/${jobTypeId}`)).body).toEqual({
      status: 40900,
      message: '该工种已有 1 名员工使用，不能删除，可停用',
    });
    const err = await refusal(sql`delete from job_type where company_id = ${companyId} and id = ${jobTypeId}`);
    expect(foreignKeyViolationOf(err)).toMatchObject({
      kind: 'referenced',
      message: '该工种已有员工使用，不能删除，可停用',
    });
    expect((await demo.get(`${WORKERS}/${worker.id}`)).body.data.jobTypeId).toBe(jobTypeId);

    expect((await demo.del(`${WORKERS}/${worker.id}`)).body.status).toBe(200);
    expect((await demo.del(`${JOB_TYPES}/${jobTypeId}`)).body.status).toBe(200);
  });

  it('keeps a role granted to an admin: the service’s count first, the key’s message past the service', async () => {
    const role = await demo.post(ROLES, { name: '引用测试角色', elementCodes: ['employee:view'] });
    expect(role.body.status, JSON.stringify(role.body)).toBe(200);
    const roleId = role.body.data.id as number;
    const admin = await demo.post('/api/admin/user', {
      username: `ref_admin_${process.pid}`,
      password: 'Passw0rd!x',
      name: '引用测试',
      mobile: '13900000001',
      roleIds: [roleId],
    });
    expect(admin.body.status, JSON.stringify(admin.body)).toBe(200);
    expect((await demo.del(`${ROLES}/${roleId}`)).body).toEqual({
      status: 40900,
      message: '该角色已分配给 1 个管理员，不能删除',
    });
    const err = await refusal(sql`delete from role where company_id = ${companyId} and id = ${roleId}`);
    expect(foreignKeyViolationOf(err)).toMatchObject({ kind: 'referenced', message: '该角色已分配给管理员，不能删除' });
    expect(
      await count(
        sql`select count(*)::int as n from admin_role where company_id = ${companyId} and role_id = ${roleId}`,
      ),
    ).toBe(1);
  });

  it('keeps a department with workers past the department service: the key refuses it with its message', async () => {
    const [department] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select d.id::int as id from department d where d.company_id = ${companyId}
          and exists (select 1 from worker w where w.company_id = d.company_id and w.department_id = d.id)
          and not exists (select 1 from department c where c.company_id = d.company_id and c.parent_id = d.id)
          order by d.id limit 1`,
    );
    expect(department).toBeDefined();
    const err = await refusal(sql`delete from department where company_id = ${companyId} and id = ${department!.id}`);
    expect(foreignKeyViolationOf(err)).toMatchObject({ kind: 'referenced', message: '该部门下还有员工，不能删除' });
  });

  it('refuses a write naming a row that is not there, as a conflict to refresh', async () => {
    const [item] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from payroll_item where company_id = ${companyId} order by id limit 1`,
    );
    const err = await refusal(sql`update payroll_item set worker_id = 0 where id = ${item!.id}`);
    expect(foreignKeyViolationOf(err)).toEqual({
      constraint: 'payroll_item_worker_fk',
      kind: 'missing',
      message: '所引用的数据不存在或已被删除，请刷新后重试',
    });
    // Another company's worker is not there either: the key carries the company.
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from worker where company_id <> ${companyId} order by id limit 1`,
    );
    const crossErr = await refusal(sql`update payroll_item set worker_id = ${other!.id} where id = ${item!.id}`);
    expect(foreignKeyViolationOf(crossErr)).toMatchObject({ constraint: 'payroll_item_worker_fk', kind: 'missing' });
  });

  it('has a message for every key that restricts a delete a route makes, and names only keys that exist', async () => {
    const keys = await queryRows<{ name: string; referred: string; action: string }>(
      t.database.db,
      sql`select conname as name, confrelid::regclass::text as referred, confdeltype as action
          from pg_constraint where contype = 'f'`,
    );
    const names = new Set(keys.map((k) => k.name));
    for (const name of Object.keys(REFERENCED_MESSAGES)) expect(names, name).toContain(name);
    // The tables whose rows a route deletes (or, for departments, will).
    const deleted = ['worker', 'worker_bank_card', 'worker_alipay', 'job_type', 'department', 'role', 'payroll_item'];
    const restricting = keys.filter((k) => deleted.includes(k.referred) && (k.action === 'a' || k.action === 'r'));
    expect(restricting.length).toBeGreaterThan(0);
    for (const key of restricting) expect(REFERENCED_MESSAGES[key.name], key.name).toBeDefined();
  });
});
