/**
 * 员工分析 (issue 28): every figure against counts made here from the raw rows (workers, their
 * birth dates, departments by walking parent_id, paid payroll items), with and without the
 * department and job type filters; the export of a table through the download centre;
 * permissions; another company's department.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { ELEMENT_CODES } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { paidMonths, sumPaidItemsByMonth } from '../../src/modules/payroll/batches/paid-figures.ts';
import { analyseWorkers, analyseWorkersKept } from '../../src/modules/worker/service.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout, waitForExport } from '../worker/support.ts';

const A = '/api/statisticalCenter/employeeAnalysis';

interface Bucket {
  key: string;
  label: string;
  count: number;
}
interface Analysis {
  total: number;
  newThisMonth: number;
  paidThisMonth: number;
  gender: Bucket[];
  ageBand: Bucket[];
  province: Bucket[];
  jobType: Bucket[];
  department: Bucket[];
  monthly: { month: string; amountFen: number; workers: number }[];
}

interface RawWorker {
  id: number;
  gender: string;
  birth: string;
  province: string;
  jobTypeId: number | null;
  departmentId: number | null;
  joinedAt: string;
}

describe('employee analysis', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let xinghe: number;
  let workers: RawWorker[];
  let parent: Map<number, number | null>;
  let names: Map<number, string>;

  const analysis = async (query: Record<string, string | number> = {}, c: Caller = demo): Promise<Analysis> => {
    const res = await c.get(A, query);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** Whole years between a birth date and a day, counted by hand. */
  const age = (birth: string, day: string) =>
    Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0);
  const countBy = <T>(rows: T[], key: (r: T) => string) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };
  const asMap = (buckets: Bucket[]) => new Map(buckets.map((b) => [b.label, b.count]));
  const isUnder = (id: number | null, top: number) => {
    for (let at = id; at !== null; at = parent.get(at) ?? null) if (at === top) return true;
    return false;
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    const [c] = await queryRows<{ id: string }>(t.database.db, sql`select id from company where name like '星河%'`);
    xinghe = Number(c?.id);
    const rows = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select id, gender, birth_date::text as birth, province, job_type_id, department_id, joined_at::text as joined
          from worker where company_id = ${xinghe} and status = 'active'`,
    );
    workers = rows.map((r) => ({
      id: Number(r.id),
      gender: String(r.gender),
      birth: String(r.birth),
      province: String(r.province),
      jobTypeId: r.job_type_id === null ? null : Number(r.job_type_id),
      departmentId: r.department_id === null ? null : Number(r.department_id),
      joinedAt: String(r.joined),
    }));
    const depts = await queryRows<{ id: string; parent_id: string | null; name: string }>(
      t.database.db,
      sql`select id, parent_id, name from department where company_id = ${xinghe}`,
    );
    parent = new Map(depts.map((d) => [Number(d.id), d.parent_id === null ? null : Number(d.parent_id)]));
    names = new Map(depts.map((d) => [Number(d.id), d.name]));
  });
  afterAll(() => t.close());

  it('counts the in-service workers by every grouping as the raw rows do', async () => {
    const a = await analysis();
    const today = chinaDateOf(new Date());
    expect(a.total).toBe(workers.length);
    expect(a.total).toBeGreaterThan(100);
    expect(a.newThisMonth).toBe(workers.filter((w) => w.joinedAt >= `${today.slice(0, 7)}-01`).length);
    const gender = countBy(workers, (w) => (w.gender === 'female' ? '女' : '男'));
    expect(asMap(a.gender)).toEqual(gender);
    const band = (w: RawWorker) => {
      const y = age(w.birth, today);
      return y < 25 ? '25 岁以下' : y < 35 ? '25–34 岁' : y < 45 ? '35–44 岁' : y < 55 ? '45–54 岁' : '55 岁及以上';
    };
    const bands = countBy(workers, band);
    for (const b of a.ageBand) expect(b.count, b.label).toBe(bands.get(b.label) ?? 0);
    expect(a.ageBand.reduce((s, b) => s + b.count, 0)).toBe(workers.length);
    expect(asMap(a.province)).toEqual(countBy(workers, (w) => w.province));
    const jobNames = new Map(
      (
        await queryRows<{ id: string; name: string }>(
          t.database.db,
          sql`select id, name from job_type where company_id = ${xinghe}`,
        )
      ).map((j) => [Number(j.id), j.name]),
    );
    expect(asMap(a.jobType)).toEqual(
      countBy(workers, (w) => (w.jobTypeId === null ? '未设置工种' : jobNames.get(w.jobTypeId)!)),
    );
    // The demo has workers of every age band.
    for (const b of a.ageBand) expect(b.count, b.label).toBeGreaterThan(0);
    // Unfiltered, under the company's one root, departments roll up to the root's children
    // (its own workers apart, and those of no department).
    const root = [...parent].find(([, p]) => p === null)![0];
    const byChild = countBy(workers, (w) => {
      if (w.departmentId === null) return '未分配部门';
      if (w.departmentId === root) return `${names.get(root)}（本部门）`;
      let at = w.departmentId;
      while (parent.get(at) !== root) at = parent.get(at)!;
      return names.get(at)!;
    });
    expect(asMap(a.department)).toEqual(byChild);
    expect([...byChild.keys()]).toEqual(expect.arrayContaining(['技术部', '运营部', '市场部', '客服中心']));
  });

  it('narrows every figure to a department’s subtree and a job type, rolling departments up to its children', async () => {
    const tech = [...names].find(([, n]) => n === '技术部')![0];
    const a = await analysis({ departmentId: tech });
    const mine = workers.filter((w) => isUnder(w.departmentId, tech));
    expect(a.total).toBe(mine.length);
    expect(a.total).toBeGreaterThan(0);
    const byChild = countBy(mine, (w) => {
      if (w.departmentId === tech) return `${names.get(tech)}（本部门）`;
      let at = w.departmentId!;
      while (parent.get(at) !== tech) at = parent.get(at)!;
      return names.get(at)!;
    });
    expect(asMap(a.department)).toEqual(byChild);
    expect(asMap(a.gender)).toEqual(countBy(mine, (w) => (w.gender === 'female' ? '女' : '男')));

    const jobTypeId = mine.find((w) => w.jobTypeId !== null)!.jobTypeId!;
    const both = await analysis({ departmentId: tech, jobTypeId });
    expect(both.total).toBe(mine.filter((w) => w.jobTypeId === jobTypeId).length);
    expect(both.jobType.map((b) => b.count)).toEqual([both.total]);
  });

  it('sums the paid items of the last 12 months by Beijing month, as the raw items do, filtered too', async () => {
    const a = await analysis();
    expect(a.monthly.length).toBe(12);
    const thisMonth = chinaDateOf(new Date()).slice(0, 7);
    expect(a.monthly[11]!.month).toBe(thisMonth);
    const items = await queryRows<{ month: string; amount: string; worker: string }>(
      t.database.db,
      sql`select to_char(paid_at + interval '8 hours', 'YYYY-MM') as month, amount_fen as amount, worker_id as worker
          from payroll_item where company_id = ${xinghe} and pay_status = 'paid'`,
    );
    expect(items.length).toBeGreaterThan(0);
    for (const m of a.monthly) {
      const of = items.filter((i) => i.month === m.month);
      expect(m.amountFen, m.month).toBe(of.reduce((s, i) => s + Number(i.amount), 0));
      expect(m.workers, m.month).toBe(new Set(of.map((i) => i.worker)).size);
    }
    // The demo pays in each of the last 12 months.
    for (const m of a.monthly) expect(m.amountFen, m.month).toBeGreaterThan(0);
    expect(a.paidThisMonth).toBe(new Set(items.filter((i) => i.month === thisMonth).map((i) => i.worker)).size);

    // Narrowed to the department of one paid worker.
    const paidWorker = Number(items[0]!.worker);
    const [w] = await queryRows<{ d: string | null }>(
      t.database.db,
      sql`select department_id as d from worker where id = ${paidWorker}`,
    );
    const dept = Number(w?.d);
    const inDept = new Set(
      (
        await queryRows<{ id: string }>(
          t.database.db,
          // The department and every department under it (walked by parent_id, not the closure table).
          sql`with recursive sub as (
                select id from department where company_id = ${xinghe} and id = ${dept}
                union all
                select d.id from department d join sub on d.parent_id = sub.id where d.company_id = ${xinghe})
              select w.id from worker w where w.company_id = ${xinghe} and w.department_id in (select id from sub)`,
        )
      ).map((r) => r.id),
    );
    const narrowed = await analysis({ departmentId: dept });
    for (const m of narrowed.monthly) {
      const of = items.filter((i) => i.month === m.month && inDept.has(i.worker));
      expect(m.amountFen, m.month).toBe(of.reduce((s, i) => s + Number(i.amount), 0));
    }
    expect(narrowed.monthly.some((m) => m.amountFen > 0)).toBe(true);
  });

  it('exports a table through the download centre', async () => {
    const res = await demo.post(`${A}/export`, { table: 'province' });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const job = await waitForExport(t, res.body.data.id);
    expect(job.status).toBe('done');
    expect(job.row_count).toBe((await analysis()).province.length);
    const monthly = await demo.post(`${A}/export`, { table: 'monthly' });
    expect((await waitForExport(t, monthly.body.data.id)).row_count).toBe(12);
    const bad = await demo.post(`${A}/export`, { table: 'salary' });
    expect(bad.body.status).toBe(40000);
  });

  it('refuses another company’s department, and admins without the elements', async () => {
    const tech = [...names].find(([, n]) => n === '技术部')![0];
    const res = await yunfan.get(A, { departmentId: tech });
    expect(res.body).toMatchObject({ status: 40400, message: '部门不存在' });
    // Its export is refused up front too, not accepted and failed in its job (an outside probe's
    // finding); no job is started.
    const exportJobCount = async () =>
      Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from export_job`))[0]?.n);
    const jobsBefore = await exportJobCount();
    const exported = await yunfan.post(`${A}/export`, { table: 'gender', departmentId: tech });
    expect(exported.body).toMatchObject({ status: 40400, message: '部门不存在' });
    expect(await exportJobCount()).toBe(jobsBefore);
    const theirs = await analysis({}, yunfan);
    expect(theirs.total).toBeLessThan(workers.length);
    const token = await loginAs(t.app, 'demo');
    const noExport = caller(t.app, await adminWithout(t, token, ['stats:export']));
    expect((await noExport.get(A)).body.status).toBe(200);
    expect((await noExport.post(`${A}/export`, { table: 'gender' })).body.status).toBe(40301);
    const none = caller(t.app, await adminWithout(t, token, ['stats:view', 'stats:export']));
    expect((await none.get(A)).body.status).toBe(40301);
    expect((await none.get(`${A}/options`)).body.status).toBe(40301);
  });

  it('offers the filters’ choices to an admin who may see the analysis but not the worker list', async () => {
    const token = await loginAs(t.app, 'demo');
    const statsOnly = caller(
      t.app,
      await adminWithout(
        t,
        token,
        ELEMENT_CODES.filter((c) => c !== 'stats:view'),
      ),
    );
    expect((await statsOnly.get('/api/companystaff/department/options')).body.status).toBe(40301);
    const res = await statsOnly.get(`${A}/options`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const options = res.body.data as { departments: { id: number; name: string }[]; jobTypes: { id: number }[] };
    expect(options.departments.map((d) => d.name).sort()).toEqual([...names.values()].sort());
    const jobTypes = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from job_type where company_id = ${xinghe}`,
    );
    expect(options.jobTypes.map((j) => j.id).sort()).toEqual(jobTypes.map((j) => Number(j.id)).sort());
    // Another company's choices are its own.
    const theirs = (await yunfan.get(`${A}/options`)).body.data as { departments: { id: number }[] };
    expect(theirs.departments.some((d) => names.has(d.id))).toBe(false);
  });

  it('keeps the whole company’s figures equal to counting the rows, after workers and payments change', async () => {
    const db = t.database.db;
    const today = chinaDateOf(new Date());
    const month = today.slice(0, 7);
    const edges = [25, 35, 45, 55];
    const sorted = (rows: { grp: string; key: string | null; count: number }[]) =>
      rows
        .filter((r) => r.count !== 0)
        .map((r) => `${r.grp}|${r.key}|${r.count}`)
        .sort();
    const compare = async () => {
      const kept = await analyseWorkersKept(db, xinghe, today, `${month}-01`, edges);
      const counted = await analyseWorkers(db, sql`worker.company_id = ${xinghe}`, today, `${month}-01`, edges);
      expect(sorted(kept)).toEqual(sorted(counted));
      expect(kept.find((r) => r.grp === 'total')?.joined).toBe(counted.find((r) => r.grp === 'total')?.joined);
      const from = new Date(Date.parse('2000-01-01T00:00:00+08:00'));
      const summed = await sumPaidItemsByMonth(db, xinghe, from, new Date(Date.now() + 86_400_000));
      const months = await paidMonths(db, xinghe, '2000-01', '2999-12');
      expect(
        months.filter((m) => m.items > 0).map(({ month, amountFen, workers }) => ({ month, amountFen, workers })),
      ).toEqual(summed);
    };
    await compare();
    const ids = workers.slice(0, 4).map((w) => w.id);
    // One leaves; one turns 25 today; one moves province and joins this month; one changes department.
    await db.execute(
      sql`update worker set status = 'left', left_at = current_date where company_id = ${xinghe} and id = ${ids[0]}`,
    );
    const turning = `${Number(today.slice(0, 4)) - 25}${today.slice(4)}`;
    await db.execute(sql`update worker set birth_date = ${turning} where company_id = ${xinghe} and id = ${ids[1]}`);
    await db.execute(
      sql`update worker set province = '测试省', joined_at = ${today} where company_id = ${xinghe} and id = ${ids[2]}`,
    );
    await db.execute(sql`update worker set department_id = null where company_id = ${xinghe} and id = ${ids[3]}`);
    // Payments: a paid item fails, then is paid again in a later statement, then is deleted.
    const [item] = await queryRows<{ id: string; batch_id: string; paid_at: string }>(
      db,
      sql`select id, batch_id, paid_at::text from payroll_item where company_id = ${xinghe} and pay_status = 'paid'
          and worker_id is not null order by id limit 1`,
    );
    await db.execute(sql`update payroll_item set pay_status = 'failed', paid_at = null where id = ${item!.id}`);
    await compare();
    await db.execute(
      sql`update payroll_item set pay_status = 'paid', paid_at = ${item!.paid_at}::timestamptz where id = ${item!.id}`,
    );
    await compare();
    await db
      .transaction(async (tx) => {
        // (Undone below: paid items are never deleted; the trigger's delete branch is checked.)
        await tx.execute(sql`delete from payout where item_id = ${item!.id}`);
        await tx.execute(sql`delete from payroll_item where id = ${item!.id}`);
        const summed = await sumPaidItemsByMonth(tx, xinghe, new Date(0), new Date(Date.now() + 86_400_000));
        const kept = await paidMonths(tx, xinghe, '1970-01', '2999-12');
        expect(
          kept.filter((m) => m.items > 0).map(({ month, amountFen, workers }) => ({ month, amountFen, workers })),
        ).toEqual(summed);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
      });
    await compare();
    const a = await analysis();
    expect(a.total).toBe(workers.length - 1);
  });
});
