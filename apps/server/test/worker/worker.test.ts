import { ELEMENT_CODES } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import { idCardCheckChar } from '../../src/lib/id-card.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';

const BASE = '/api/companystaff/employee';
const JOB = '/api/companystaff/ecompanyJobCategory';

let serial = 0;
/** A valid ID number unique within this file. */
function idNumber(birth = '19900101') {
  const first17 = `330106${birth}${String(++serial).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}
function cardNumber(prefix = '621700123456789') {
  return prefix + luhnCheckDigit(prefix);
}

describe('workers API', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let jobTypeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    jobTypeId = (await demo.get(`${JOB}/selectByEcompanyId`)).body.data[0].id;
  });
  afterAll(() => t.close());

  const newWorker = (over: Record<string, unknown> = {}) => ({
    name: '测试员工',
    idNumber: idNumber(),
    mobile: '13912345678',
    jobTypeId,
    joinedAt: '2025-03-01',
    remark: '  备注  ',
    bankCard: { bankCode: 'CCB', cardNumber: cardNumber(), branch: '西湖支行' },
    ...over,
  });

  it('lists the seeded workers of the company only, masked, with paging', async () => {
    const page = await demo.get(`${BASE}/page`, { page: 1, limit: 20 });
    expect(page.body.status).toBe(200);
    expect(page.body.data.total).toBe(150);
    expect(page.body.data.rows).toHaveLength(20);
    for (const row of page.body.data.rows) expect(row.idNumber).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    const other = await yunfan.get(`${BASE}/page`, { limit: 200 });
    expect(other.body.data.total).toBe(50);
    const ours = new Set(page.body.data.rows.map((r: { id: number }) => r.id));
    expect(other.body.data.rows.some((r: { id: number }) => ours.has(r.id))).toBe(false);
  });

  it('creates a worker with a default bank card, derives birth date, gender and province, trims input', async () => {
    const body = newWorker({ idNumber: idNumber('19880214') });
    const res = await demo.post(BASE, body);
    expect(res.body.status).toBe(200);
    const w = res.body.data;
    expect(w).toMatchObject({
      name: '测试员工',
      birthDate: '1988-02-14',
      province: '浙江省',
      status: 'active',
      remark: '备注',
      sensitiveVisible: true,
      idNumber: body.idNumber,
      canDelete: true,
      hasDefaultAccount: true,
    });
    expect(w.bankCards).toEqual([
      expect.objectContaining({ bankName: '中国建设银行', isDefault: true, holderName: '测试员工' }),
    ]);
    // Stored encrypted: the clear number is nowhere in the row.
    const [raw] = await queryRows<{ id_number_enc: string }>(
      t.database.db,
      sql`select id_number_enc from worker where id = ${w.id}`,
    );
    expect(raw?.id_number_enc).not.toContain(body.idNumber);
  });

  it('counts only the worker’s own accounts and job type members', async () => {
    const bare = (await demo.post(BASE, newWorker({ bankCard: undefined }))).body.data;
    expect(bare.hasDefaultAccount).toBe(false);
    const listed = (await demo.get(`${BASE}/page`, { idNumber: bare.idNumber })).body.data.rows[0];
    expect(listed.hasDefaultAccount).toBe(false);
    const types = (await demo.get(`${JOB}/selectByEcompanyId`)).body.data as { id: number; workerCount: number }[];
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from worker where job_type_id = ${jobTypeId}`,
    );
    expect(types.find((jt) => jt.id === jobTypeId)?.workerCount).toBe(counted?.n);
  });

  it('refuses bad input with the field and a Chinese reason, saving nothing', async () => {
    const before = (await demo.get(`${BASE}/page`)).body.data.total;
    const badCheck = idNumber().slice(0, 17) + 'Z';
    const good = idNumber();
    const wrongCheck = good.slice(0, 17) + (good.endsWith('0') ? '1' : '0');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ idNumber: wrongCheck }, 'idNumber', /身份证号校验位不正确/],
      [{ idNumber: badCheck }, 'idNumber', /18 位/],
      [{ idNumber: '11010519900230001X' }, 'idNumber', /出生日期不正确|校验位/],
      [{ bankCard: { bankCode: 'CCB', cardNumber: '6217001234567890', branch: '' } }, 'bankCard.cardNumber', /校验/],
      [{ bankCard: { bankCode: 'NOPE', cardNumber: cardNumber(), branch: '' } }, 'bankCard.bankCode', /开户银行不存在/],
      [{ jobTypeId: 999999 }, 'jobTypeId', /工种不存在/],
      [{ name: '张'.repeat(51) }, 'name', /最多 50/],
      [{ name: 'Robert; drop' }, 'name', /只能包含/],
      [{ mobile: '1234' }, 'mobile', /手机号/],
      [{ joinedAt: '2025-02-30' }, 'joinedAt', /入职日期/],
      [{ remark: 'x'.repeat(201) }, 'remark', /最多 200/],
    ];
    for (const [over, path, message] of cases) {
      const res = await demo.post(BASE, newWorker(over));
      expect(res.body.status, JSON.stringify(over)).toBe(40000);
      const err = res.body.data.errors.find((e: { path: string }) => e.path === path);
      expect(err?.message, `${path} for ${JSON.stringify(over)}: ${JSON.stringify(res.body)}`).toMatch(message);
    }
    expect((await demo.get(`${BASE}/page`)).body.data.total).toBe(before);
  });

  it('refuses a duplicate ID number in the same company, allows it in another', async () => {
    const body = newWorker();
    expect((await demo.post(BASE, body)).body.status).toBe(200);
    const dup = await demo.post(BASE, { ...body, mobile: '13900000000' });
    expect(dup.body.data.errors[0]).toEqual({ path: 'idNumber', message: '该身份证号的员工已存在' });
    const yj = (await yunfan.get(`${JOB}/selectByEcompanyId`)).body.data[0].id;
    expect((await yunfan.post(BASE, { ...body, jobTypeId: yj })).body.status).toBe(200);
  });

  it('filters by name prefix, exact ID number, job type, status and joined date', async () => {
    const body = newWorker({ name: '筛选甲', joinedAt: '2021-07-01' });
    const created = (await demo.post(BASE, body)).body.data;
    const byName = (await demo.get(`${BASE}/page`, { name: '筛选' })).body.data;
    expect(byName.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const byId = (await demo.get(`${BASE}/page`, { idNumber: body.idNumber.toLowerCase() })).body.data;
    expect(byId.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const byJob = (await demo.get(`${BASE}/page`, { jobTypeId, limit: 200 })).body.data;
    expect(byJob.rows.every((r: { jobTypeId: number }) => r.jobTypeId === jobTypeId)).toBe(true);
    const byDate = (await demo.get(`${BASE}/page`, { joinedFrom: '2021-07-01', joinedTo: '2021-07-01', limit: 200 }))
      .body.data;
    expect(byDate.rows.map((r: { id: number }) => r.id)).toContain(created.id);
    expect(byDate.rows.every((r: { joinedAt: string }) => r.joinedAt === '2021-07-01')).toBe(true);
    const sorted = (await demo.get(`${BASE}/page`, { sort: 'joinedAt', order: 'asc', limit: 50 })).body.data.rows;
    const dates = sorted.map((r: { joinedAt: string }) => r.joinedAt);
    expect([...dates].sort()).toEqual(dates);
    expect((await demo.get(`${BASE}/page`, { status: 'gone' })).body.status).toBe(40000);
    expect((await demo.get(`${BASE}/page`, { limit: 500 })).body.status).toBe(40000);
  });

  it('edits a worker; a new name renames the account holders and verifies the real name again (认证中)', async () => {
    const created = (await demo.post(BASE, newWorker({ name: '改名前' }))).body.data;
    await t.database.db.execute(sql`update worker set real_name_status = 'verified' where id = ${created.id}`);
    const res = await demo.put(`${BASE}/${created.id}`, {
      name: '改名后',
      idNumber: created.idNumber,
      mobile: '13700000000',
      jobTypeId: null,
      departmentId: null,
      joinedAt: '2025-03-01',
      remark: '',
    });
    expect(res.body.data).toMatchObject({
      name: '改名后',
      mobile: '13700000000',
      realNameStatus: 'verifying',
      jobTypeId: null,
    });
    expect(res.body.data.bankCards[0].holderName).toBe('改名后');
    // Without the ID number the stored one stays.
    const kept = await demo.put(`${BASE}/${created.id}`, {
      name: '改名后',
      mobile: '13700000001',
      joinedAt: '2025-03-01',
    });
    expect(kept.body.data).toMatchObject({ idNumber: created.idNumber, mobile: '13700000001' });
  });

  it('manages payout accounts: add, default across channels, remove passes the default on', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    const cardId = w.bankCards[0].id;
    const withAlipay = (await demo.post(`${BASE}/${w.id}/alipay`, { account: 'Worker@Example.com', isDefault: true }))
      .body.data;
    expect(withAlipay.alipayAccounts[0]).toMatchObject({ account: 'worker@example.com', isDefault: true });
    expect(withAlipay.bankCards[0].isDefault).toBe(false);
    const dupAlipay = await demo.post(`${BASE}/${w.id}/alipay`, { account: 'worker@example.com' });
    expect(dupAlipay.body.data.errors[0]).toEqual({ path: 'account', message: '该账户已添加' });
    expect((await demo.post(`${BASE}/${w.id}/alipay`, { account: 'not an account' })).body.status).toBe(40000);
    const back = (await demo.put(`${BASE}/${w.id}/bankCard/${cardId}/default`)).body.data;
    expect(back.bankCards[0].isDefault).toBe(true);
    expect(back.alipayAccounts[0].isDefault).toBe(false);
    const removed = (await demo.del(`${BASE}/${w.id}/bankCard/${cardId}`)).body.data;
    expect(removed.bankCards).toEqual([]);
    expect(removed.alipayAccounts[0].isDefault).toBe(true);
    expect((await demo.del(`${BASE}/${w.id}/bankCard/${cardId}`)).body.status).toBe(40400);
  });

  it('leaves and rejoins; deletes only a worker in no batch', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    expect((await demo.put(`${BASE}/${w.id}/leave`, { leftAt: '2020-01-01' })).body.data.errors[0].path).toBe('leftAt');
    expect((await demo.put(`${BASE}/${w.id}/leave`, { leftAt: '2026-01-31' })).body.status).toBe(200);
    expect((await demo.put(`${BASE}/${w.id}/leave`, { leftAt: '2026-01-31' })).body.status).toBe(40900);
    expect((await demo.get(`${BASE}/${w.id}`)).body.data).toMatchObject({ status: 'left', leftAt: '2026-01-31' });
    expect((await demo.put(`${BASE}/${w.id}/rejoin`)).body.status).toBe(200);
    expect((await demo.get(`${BASE}/${w.id}`)).body.data.canDelete).toBe(true);
    // An item of a checked batch refers to the worker (its 发放记录): the payroll refuses the delete.
    const [hainan] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from service_company where name = '海南灵工服务有限公司'`,
    );
    const batch = await demo.post('/api/emolument/emolumentGrant', {
      title: '删除员工测试',
      period: thisPeriod(),
      serviceCompanyId: hainan?.id,
      channel: 'bank',
      source: 'workers',
    });
    const batchId = batch.body.data.id as number;
    await demo.post(`/api/emolument/emolumentGrant/${batchId}/items`, {
      items: [{ workerId: w.id, amountFen: 10_000 }],
    });
    expect((await demo.post(`/api/emolument/emolumentGrant/${batchId}/check`)).body.status).toBe(200);
    expect((await demo.get(`${BASE}/${w.id}`)).body.data.canDelete).toBe(false);
    expect((await demo.del(`${BASE}/${w.id}`)).body).toMatchObject({
      status: 40900,
      message: '该员工已有发放记录，不能删除，可设为离职',
    });
    // Once the item is removed nothing refers to the worker any more.
    const item = (await demo.get('/api/emolument/emolumentDetail/page', { batchId })).body.data.rows[0];
    expect((await demo.del(`/api/emolument/emolumentDetail/${item.id}`)).body.status).toBe(200);
    expect((await demo.del(`${BASE}/${w.id}`)).body.status).toBe(200);
    expect((await demo.get(`${BASE}/${w.id}`)).body.status).toBe(40400);
  });

  it('never shows, edits or deletes another company’s worker', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    expect((await yunfan.get(`${BASE}/${w.id}`)).body.status).toBe(40400);
    const edit = await yunfan.put(`${BASE}/${w.id}`, { ...newWorker(), jobTypeId: null });
    expect(edit.body.status).toBe(40400);
    expect((await yunfan.put(`${BASE}/${w.id}/leave`, { leftAt: '2026-01-01' })).body.status).toBe(40400);
    expect((await yunfan.del(`${BASE}/${w.id}`)).body.status).toBe(40400);
    expect((await yunfan.post(`${BASE}/${w.id}/alipay`, { account: '13800001111' })).body.status).toBe(40400);
    expect((await yunfan.get(`${BASE}/page`, { idNumber: w.idNumber })).body.data.total).toBe(0);
    // And its job types are not usable either.
    const create = await yunfan.post(BASE, newWorker({ jobTypeId }));
    expect(create.body.data.errors[0]).toEqual({ path: 'jobTypeId', message: '工种不存在' });
  });

  it('shows full numbers only with employee:sensitive, and needs the element of each action', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    const role = (
      await demo.post('/api/admin/role', {
        name: '员工只读',
        menuCodes: [],
        elementCodes: ELEMENT_CODES.filter((c) => c === 'employee:view'),
      })
    ).body.data;
    expect(
      (
        await demo.post('/api/admin/user', {
          username: 'viewer01',
          password: 'Viewer@123',
          name: '只读',
          mobile: '13600000001',
          roleIds: [role.id],
        })
      ).body.status,
    ).toBe(200);
    const viewer = caller(t.app, await loginAs(t.app, 'viewer01', 'Viewer@123'));
    const detail = (await viewer.get(`${BASE}/${w.id}`)).body.data;
    expect(detail.sensitiveVisible).toBe(false);
    expect(detail.idNumber).toMatch(/\*{8}/);
    expect(detail.bankCards[0].cardNumber).toMatch(/\*{4}/);
    expect((await viewer.post(BASE, newWorker())).body.status).toBe(40301);
    expect((await viewer.put(`${BASE}/${w.id}/leave`, { leftAt: '2026-01-01' })).body.status).toBe(40301);
    expect((await viewer.del(`${BASE}/${w.id}`)).body.status).toBe(40301);
    expect((await viewer.post(JOB, { name: '新工种', code: 'NEW' })).body.status).toBe(40301);
    expect((await caller(t.app).get(`${BASE}/page`)).body.status).toBe(40101);
  });

  it('manages job types; a type in use cannot be deleted', async () => {
    const created = await demo.post(JOB, { name: ' 临时工种 ', code: 'TMP', description: '测试' });
    expect(created.body.data).toMatchObject({ name: '临时工种', code: 'TMP', enabled: true, workerCount: 0 });
    expect((await demo.post(JOB, { name: '临时工种', code: 'TMP2' })).body.data.errors[0]).toEqual({
      path: 'name',
      message: '工种名称已存在',
    });
    expect((await demo.post(JOB, { name: '另一个', code: 'TMP' })).body.data.errors[0].path).toBe('code');
    expect((await demo.post(JOB, { name: '坏编码', code: '中文' })).body.status).toBe(40000);
    const id = created.body.data.id;
    const w = (await demo.post(BASE, newWorker({ jobTypeId: id }))).body.data;
    expect((await demo.del(`${JOB}/${id}`)).body).toMatchObject({ status: 40900 });
    const disabled = await demo.put(`${JOB}/${id}`, { name: '临时工种', code: 'TMP', enabled: false });
    expect(disabled.body.data.enabled).toBe(false);
    expect((await demo.post(BASE, newWorker({ jobTypeId: id }))).body.data.errors[0]).toEqual({
      path: 'jobTypeId',
      message: '该工种已停用',
    });
    await demo.del(`${BASE}/${w.id}`);
    expect((await demo.del(`${JOB}/${id}`)).body.status).toBe(200);
    expect((await yunfan.del(`${JOB}/${jobTypeId}`)).body.status).toBe(40400);
    const page = (await demo.get(`${JOB}/page`, { enabled: 'true' })).body.data;
    expect(page.rows.every((r: { enabled: boolean }) => r.enabled)).toBe(true);
  });

  it('keeps the unfiltered total equal to the number of workers through adds and deletes', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    await demo.del(`${BASE}/${w.id}`);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from worker w join company c on c.id = w.company_id where c.name = '星河科技有限公司'`,
    );
    expect((await demo.get(`${BASE}/page`)).body.data.total).toBe(row?.n);
    expect((await demo.get(`${BASE}/page`, { status: 'active', limit: 1 })).body.data.total).toBeLessThanOrEqual(
      row?.n ?? 0,
    );
  });

  it('answers the total of a one-filter list from its counter, equal to a count through adds, edits, leaves and deletes', async () => {
    const counted = async (column: string, value: string | number) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from worker w join company c on c.id = w.company_id
              where c.name = '星河科技有限公司' and w.${sql.identifier(column)}::text = ${String(value)}`,
        )
      )[0]?.n ?? 0;
    const check = async () => {
      const totals = {
        jobType: (await demo.get(`${BASE}/page`, { jobTypeId: jobTypeId, limit: 1 })).body.data.total,
        active: (await demo.get(`${BASE}/page`, { status: 'active', limit: 1 })).body.data.total,
        left: (await demo.get(`${BASE}/page`, { status: 'left', limit: 1 })).body.data.total,
        unverified: (await demo.get(`${BASE}/page`, { realNameStatus: 'unverified', limit: 1 })).body.data.total,
        // A one-character name is a surname: its total comes from the surname counter.
        surnameBefore: (await demo.get(`${BASE}/page`, { name: '测', limit: 1 })).body.data.total,
        surnameAfter: (await demo.get(`${BASE}/page`, { name: '改', limit: 1 })).body.data.total,
      };
      expect(totals).toEqual({
        jobType: await counted('job_type_id', jobTypeId),
        active: await counted('status', 'active'),
        left: await counted('status', 'left'),
        unverified: await counted('real_name_status', 'unverified'),
        surnameBefore: await startingWith('测'),
        surnameAfter: await startingWith('改'),
      });
    };
    const startingWith = async (prefix: string) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from worker w join company c on c.id = w.company_id
              where c.name = '星河科技有限公司' and starts_with(w.name, ${prefix})`,
        )
      )[0]?.n ?? 0;
    await check();
    const a = (await demo.post(BASE, newWorker())).body.data;
    const b = (await demo.post(BASE, newWorker())).body.data;
    await check();
    const renamed = await startingWith('改');
    const edited = await demo.put(`${BASE}/${a.id}`, {
      name: '改名员工',
      mobile: a.mobile,
      jobTypeId: null,
      departmentId: null,
      joinedAt: a.joinedAt,
      remark: '',
    });
    expect(edited.body.status).toBe(200);
    expect((await demo.put(`${BASE}/${b.id}/leave`, { leftAt: '2026-01-31' })).body.status).toBe(200);
    await check();
    expect(await startingWith('改')).toBe(renamed + 1);
    expect((await demo.del(`${BASE}/${b.id}`)).body.status).toBe(200);
    await check();
    // Another filter alongside counts rows: the name narrows the job type's total.
    const both = await demo.get(`${BASE}/page`, { jobTypeId, name: '测试员工', limit: 1 });
    expect(both.body.data.total).toBeLessThan(await counted('job_type_id', jobTypeId));
  });

  it('audits worker changes', async () => {
    const w = (await demo.post(BASE, newWorker())).body.data;
    const [row] = await queryRows<{ action: string; target: string; result: string }>(
      t.database.db,
      sql`select action, target, result from audit_log where target = ${`worker:${w.id}`} order by id desc limit 1`,
    );
    expect(row).toEqual({ action: 'worker.create', target: `worker:${w.id}`, result: 'success' });
  });
});
