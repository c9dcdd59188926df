import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { inCompany } from '../../src/db/scope.ts';
import { createRng, generateWorker, insertGeneratedWorkers } from '../../src/seed/workers.ts';
import { createFieldCipher } from '../../src/lib/crypto.ts';
import {
  ANCHOR_EVERY,
  pageStatements,
  rebuildPageAnchors,
  settleAnchorRebuilds,
} from '../../src/modules/worker/large-list/page.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { TEST_ENCRYPTION_KEY } from '../keys.ts';

const BASE = '/api/companystaff/employee';
const LIMIT = 20;

/**
 * Deep pages of the default order are read from page anchors (migration 0010): whatever the
 * anchors' state (missing, shifted by writes, rebuilt), every page must hold exactly the rows
 * that OFFSET over (created_at, id) gives.
 */
describe('worker list deep pages', () => {
  let t: TestApp;
  let demo: Caller;
  let companyId: number;
  let serial = 500_000;

  const count = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from worker where company_id = ${companyId}`,
        )
      )[0]?.n,
    );
  const anchors = async () =>
    (
      await queryRows<{ position: string }>(
        t.database.db,
        sql`select position from worker_page_anchor where company_id = ${companyId} order by position`,
      )
    ).map((r) => Number(r.position));

  /** The page as OFFSET over the worker table gives it: the truth the API must equal. */
  async function truth(page: number, order: 'asc' | 'desc') {
    const dir = sql.raw(order);
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker where company_id = ${companyId}
          order by created_at ${dir}, id ${dir} offset ${(page - 1) * LIMIT} limit ${LIMIT}`,
    );
    return rows.map((r) => Number(r.id));
  }

  async function expectPages(pages: number[], order: 'asc' | 'desc' = 'desc') {
    const total = await count();
    for (const page of pages) {
      const res = await demo.get(`${BASE}/page`, { page, limit: LIMIT, order });
      expect(res.body.status).toBe(200);
      expect(res.body.data.total).toBe(total);
      expect(
        res.body.data.rows.map((r: { id: number }) => r.id),
        `第 ${page} 页 (${order})`,
      ).toEqual(await truth(page, order));
    }
  }

  /** Workers inserted in separate statements: each batch shares one created_at (ties by id). */
  async function addWorkers(n: number, batches: number) {
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const rng = createRng(serial);
    const size = Math.ceil(n / batches);
    for (let done = 0; done < n; done += size) {
      const batch = Array.from({ length: Math.min(size, n - done) }, () => generateWorker(rng, serial++, [], []));
      await insertGeneratedWorkers(t.database.db, cipher, companyId, batch);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from company where name = '星河科技有限公司'`,
    );
    companyId = Number(company?.id);
    await addWorkers(3 * ANCHOR_EVERY + 350, 4);
  });
  afterAll(() => t.close());

  it('answers deep pages with OFFSET while there are no anchors, and builds them in the background', async () => {
    expect(await anchors()).toEqual([]);
    await expectPages([150, 120]);
    await settleAnchorRebuilds(t.database.db);
    const total = await count();
    expect(await anchors()).toEqual(
      Array.from({ length: Math.ceil(total / ANCHOR_EVERY) }, (_, i) => i * ANCHOR_EVERY),
    );
  });

  it('reads deep pages, the last partial page and pages past the end from the anchors, both orders', async () => {
    const total = await count();
    const last = Math.ceil(total / LIMIT);
    await expectPages([101, 150, last - 1, last, last + 1]);
    await expectPages([101, 149, last, last + 1], 'asc');
  });

  it('keeps the anchors when workers are appended, and stays exact', async () => {
    const before = await anchors();
    await addWorkers(30, 1);
    expect(await anchors()).toEqual(before);
    await expectPages([102, 151]);
    await expectPages([102, 151], 'asc');
  });

  it('drops the anchors a delete shifts, keeps the ones before it, and stays exact', async () => {
    const [victim] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker w where company_id = ${companyId}
          and not exists (select 1 from payroll_item i where i.company_id = w.company_id and i.worker_id = w.id)
          order by created_at, id offset ${ANCHOR_EVERY + 10} limit 1`,
    );
    expect((await demo.del(`${BASE}/${victim?.id}`)).body.status).toBe(200);
    expect(await anchors()).toEqual([0, ANCHOR_EVERY]);
    await expectPages([103, 160]);
    await expectPages([103, 160], 'asc');
    // Ascending page 103 now starts 1,040 rows past its anchor: the seek's wider window, whose
    // size is written into its statement like the narrow one's.
    const [, wide] = await inCompany(companyId, () =>
      pageStatements(t.database.appDb, companyId, { page: 103, limit: LIMIT, sort: 'createdAt', order: 'asc' }),
    );
    expect(wide?.text).toContain(`limit ${10 * ANCHOR_EVERY + LIMIT}`);
    const [, narrow] = await inCompany(companyId, () =>
      pageStatements(t.database.appDb, companyId, { page: 103, limit: LIMIT, sort: 'createdAt', order: 'desc' }),
    );
    expect(narrow?.text).toContain(`limit ${ANCHOR_EVERY + LIMIT}`);
    await rebuildPageAnchors(t.database.db, companyId);
    expect((await anchors()).length).toBe(Math.ceil((await count()) / ANCHOR_EVERY));
    await expectPages([103, 160]);
  });

  it('drops every anchor of the company when a worker’s created_at changes, and stays exact', async () => {
    await t.database.db.execute(
      sql`update worker set created_at = created_at - interval '1 day'
          where company_id = ${companyId} and id = (select max(id) from worker where company_id = ${companyId})`,
    );
    expect(await anchors()).toEqual([]);
    await expectPages([104, 161]);
    await settleAnchorRebuilds(t.database.db);
    // A rebuild that finds the company's anchor lock held (a transaction inserting workers, such
    // as a background job's) is left to a later page, as rebuildPageAnchors says: read again.
    for (let tries = 0; tries < 5 && !(await anchors()).length; tries++) {
      await expectPages([104]);
      await settleAnchorRebuilds(t.database.db);
    }
    expect((await anchors()).length).toBe(Math.ceil((await count()) / ANCHOR_EVERY));
    await expectPages([104, 161]);
    await expectPages([104, 161], 'asc');
  });

  it('never reads another company’s workers from its own anchors', async () => {
    const yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    const res = await yunfan.get(`${BASE}/page`, { page: 150, limit: LIMIT });
    expect(res.body.data.total).toBe(50);
    expect(res.body.data.rows).toEqual([]);
  });

  it('carries the name and status in the default order’s index, so their filters in that order stay in the index', async () => {
    const [index] = await queryRows<{ def: string }>(
      t.database.db,
      sql`select indexdef as def from pg_indexes where indexname = 'worker_created_idx'`,
    );
    expect(index?.def).toMatch(/\(company_id, created_at, id\) INCLUDE \(name, status\)/);
  });

  it('keeps no index an import’s rows need not enter, and still pages every status, job type and department filter exactly', async () => {
    const indexes = await queryRows<{ name: string; def: string }>(
      t.database.db,
      sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'worker'`,
    );
    const byName = new Map(indexes.map((i) => [i.name, i.def]));
    expect(byName.has('worker_status_idx')).toBe(false);
    expect(byName.get('worker_job_type_idx')).toMatch(/WHERE \(job_type_id IS NOT NULL\)$/);
    expect(byName.get('worker_department_idx')).toMatch(/WHERE \(department_id IS NOT NULL\)$/);

    const [some] = await queryRows<{ job: string; dept: string }>(
      t.database.db,
      sql`select job_type_id as job, department_id as dept from worker
          where company_id = ${companyId} and job_type_id is not null and department_id is not null
            and not exists (select 1 from department c where c.company_id = worker.company_id and c.parent_id = worker.department_id)
          limit 1`,
    );
    if (!some) throw new Error('the demo company has no worker with a job type and a department');
    // A department's list holds its subtree: its own and its descendants' workers, found here by
    // walking parent_id (not the closure the list reads).
    const [top] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from department where company_id = ${companyId} and parent_id is null order by id limit 1`,
    );
    const subtree = sql`(with recursive sub(id) as (select ${top?.id}::bigint union all
          select d.id from department d join sub on d.parent_id = sub.id where d.company_id = ${companyId})
        select id from sub)`;
    // Page 2 of each, but page 1 of a team, which holds a dozen workers.
    const filters: [condition: SQL, query: Record<string, string>, page: number][] = [
      [sql`status = 'left'`, { status: 'left' }, 2],
      [sql`status = 'active'`, { status: 'active' }, 2],
      [sql`job_type_id = ${some.job}`, { jobTypeId: String(some.job) }, 2],
      [sql`department_id = ${some.dept}`, { departmentId: String(some.dept) }, 1],
      [sql`department_id in ${subtree}`, { departmentId: String(top?.id) }, 2],
    ];
    for (const [condition, query, page] of filters) {
      const expected = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from worker where company_id = ${companyId} and ${condition}
            order by created_at desc, id desc offset ${(page - 1) * LIMIT} limit ${LIMIT}`,
      );
      expect(expected.length).toBeGreaterThan(0);
      const res = await demo.get(`${BASE}/page`, { page, limit: LIMIT, ...query });
      expect(res.body.data.rows.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => Number(r.id)));
    }
  });

  it('counts a name alone from its counter, walks the order for a common name and reads a rare one through the name index, exactly', async () => {
    // A third of the company takes the surname 甲 (the triggers count it); one worker a name of its own.
    await t.database.db.execute(
      sql`update worker set name = '甲' || substr(name, 2) where company_id = ${companyId} and id % 3 = 0`,
    );
    await t.database.db.execute(
      sql`update worker set name = '乙丙丁' where company_id = ${companyId}
          and id = (select max(id) from worker where company_id = ${companyId})`,
    );
    const statements = (name: string, page: number) =>
      pageStatements(t.database.db, companyId, { page, limit: LIMIT, sort: 'createdAt', order: 'desc', name });
    const [total, walk] = await statements('甲', 1);
    expect(total?.text).toContain('worker_facet_count');
    expect(walk?.text).toContain(`|| '')`);
    // Deep enough, walking would read more rows than the name has: the name index again.
    const company = await count();
    const named = Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from worker where company_id = ${companyId} and name like '甲%'`,
        )
      )[0]?.n,
    );
    const deep = Math.ceil((named * named) / company / LIMIT) + 1;
    expect((await statements('甲', deep))[1]?.text).not.toContain(`|| '')`);
    expect((await statements('乙丙丁', 1))[1]?.text).not.toContain(`|| '')`);

    for (const [name, page] of [
      ['甲', 1],
      ['甲', 2],
      ['甲', deep],
      ['乙丙丁', 1],
    ] as const) {
      const expected = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from worker where company_id = ${companyId} and name like ${`${name}%`}
            order by created_at desc, id desc offset ${(page - 1) * LIMIT} limit ${LIMIT}`,
      );
      expect(expected.length, `${name} 第 ${page} 页`).toBeGreaterThan(0);
      const res = await demo.get(`${BASE}/page`, { page, limit: LIMIT, name });
      expect(res.body.data.total).toBe(name === '甲' ? named : 1);
      expect(
        res.body.data.rows.map((r: { id: number }) => r.id),
        `${name} 第 ${page} 页`,
      ).toEqual(expected.map((r) => Number(r.id)));
    }
  });

  it('never reads ciphertext or bookkeeping columns for a page, whatever its shape', async () => {
    await rebuildPageAnchors(t.database.db, companyId);
    const shapes = [
      { page: 1 },
      { page: 100 },
      { page: 100, order: 'asc' as const },
      { page: 1, name: '王' },
      { page: 2, sort: 'name' as const, status: 'active' },
    ];
    for (const shape of shapes) {
      const statements = await pageStatements(t.database.db, companyId, {
        limit: LIMIT,
        sort: 'createdAt',
        order: 'desc',
        ...shape,
      });
      const text = statements.map((s) => s.text).join('\n');
      expect(text, JSON.stringify(shape)).toContain('"worker"."id_number_masked"');
      for (const column of ['id_number_enc', 'updated_at']) {
        expect(text, JSON.stringify(shape)).not.toContain(column);
      }
    }
  });
});
