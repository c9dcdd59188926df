import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DbOrTx } from '../../src/db/client.ts';
import { createTestDatabase } from '../helpers.ts';

interface Counter {
  facet: string;
  value: string;
  total: number;
}

/**
 * The facet counters' update trigger (migration 0015) fires only for updates that change a
 * counted column: other writes to worker rows (payouts, contract status) do not pay for it, and
 * the counters still follow every change of a counted one.
 */
describe('worker facet counters on update', () => {
  let database: Database;
  let companyId: number;
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await queryRows<{ company_id: string; id: string }>(
      database.db,
      sql`select company_id, id from worker
          where company_id = (select min(company_id) from worker) and status = 'active' and job_type_id is not null
          order by id limit 3`,
    );
    expect(rows).toHaveLength(3);
    companyId = Number(rows[0]?.company_id);
    ids = rows.map((r) => Number(r.id));
  });
  afterAll(() => database.close());

  const idList = () =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

  const counters = async (db: DbOrTx = database.db) =>
    (
      await queryRows<Counter>(
        db,
        sql`select facet, value, total::int as total from worker_facet_count
            where company_id = ${companyId} and total <> 0 order by facet, value`,
      )
    ).map((r) => ({ ...r, total: Number(r.total) }));

  /** The counters as the worker table gives them: what the trigger must keep. */
  const truth = async (db: DbOrTx = database.db) =>
    (
      await queryRows<Counter>(
        db,
        sql`select f.facet, f.value, count(*)::int as total from worker w
            cross join lateral worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name,
                                             w.gender, w.province, w.birth_date, w.joined_at) f
            where w.company_id = ${companyId} group by 1, 2 order by 1, 2`,
      )
    ).map((r) => ({ ...r, total: Number(r.total) }));

  /**
   * Runs the update in a transaction with PostgreSQL's per-function call statistics on, and
   * answers how many times the facet trigger's function ran for it.
   */
  async function triggerCalls(update: (tx: DbOrTx) => Promise<unknown>): Promise<number> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      await update(tx);
      const [row] = await queryRows<{ calls: string }>(
        tx,
        sql`select coalesce(sum(calls), 0) as calls from pg_stat_xact_user_functions
            where funcname = 'worker_facet_after_update'`,
      );
      return Number(row?.calls ?? 0);
    });
  }

  it('starts from counters equal to the worker table', async () => {
    expect(await counters()).toEqual(await truth());
  });

  it('does not fire for an update of columns it does not count, and leaves the counters untouched', async () => {
    const before = await counters();
    const calls = await triggerCalls((tx) =>
      tx.execute(sql`update worker set remark = '已结算', contract_status = 'signed',
                     updated_at = now() where company_id = ${companyId} and id in (${idList()})`),
    );
    expect(calls).toBe(0);
    expect(await counters()).toEqual(before);
  });

  it('does not run for a counted column set to the value it had, nor for a new name with the same surname', async () => {
    const before = await counters();
    const calls = await triggerCalls(async (tx) => {
      await tx.execute(
        sql`update worker set status = status, job_type_id = job_type_id where company_id = ${companyId} and id in (${idList()})`,
      );
      await tx.execute(
        sql`update worker set name = left(name, 1) || '测试' where company_id = ${companyId} and id = ${ids[0]}`,
      );
    });
    expect(calls).toBe(0);
    expect(await counters()).toEqual(before);
  });

  it('moves the counters when a counted column changes, in one statement over several rows', async () => {
    const before = await counters();
    const total = (list: Counter[], facet: string, value: string) =>
      list.find((c) => c.facet === facet && c.value === value)?.total ?? 0;
    const calls = await triggerCalls((tx) =>
      tx.execute(sql`update worker set status = 'left', left_at = current_date
                     where company_id = ${companyId} and id in (${idList()})`),
    );
    expect(calls).toBe(3);
    const after = await counters();
    expect(total(after, 'status', 'active')).toBe(total(before, 'status', 'active') - 3);
    expect(total(after, 'status', 'left')).toBe(total(before, 'status', 'left') + 3);
    expect(after).toEqual(await truth());
  });

  it('follows a change of surname, job type and department, and a rolled-back update changes nothing', async () => {
    const [dept] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from department where company_id = ${companyId} order by id limit 1`,
    );
    expect(dept).toBeDefined();
    await database.db.execute(
      sql`update worker set name = '欧阳' || name, job_type_id = null, department_id = ${Number(dept?.id)}
          where company_id = ${companyId} and id = ${ids[1]}`,
    );
    expect(await counters()).toEqual(await truth());

    const before = await counters();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update worker set real_name_status = 'verified' where company_id = ${companyId}`);
        expect(await counters(tx)).toEqual(await truth(tx));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await counters()).toEqual(before);
  });

  it('keeps the in-service facets of 员工分析: a change of gender, province, birth date or month joined moves them', async () => {
    const total = (list: Counter[], facet: string, value: string) =>
      list.find((c) => c.facet === facet && c.value === value)?.total ?? 0;
    const [w] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from worker where company_id = ${companyId} and status = 'active' order by id desc limit 1`,
    );
    const before = await counters();
    await database.db.execute(
      sql`update worker set gender = case gender when 'male' then 'female' else 'male' end, province = '测试省',
                 birth_date = '1990-02-28', joined_at = '2001-01-15'
          where company_id = ${companyId} and id = ${Number(w?.id)}`,
    );
    const after = await counters();
    expect(after).toEqual(await truth());
    expect(total(after, 'a_province', '测试省')).toBe(total(before, 'a_province', '测试省') + 1);
    expect(total(after, 'a_birth', '1990-02-28')).toBe(total(before, 'a_birth', '1990-02-28') + 1);
    expect(total(after, 'a_joined', '2001-01')).toBe(total(before, 'a_joined', '2001-01') + 1);
    // Leaving takes the worker out of every in-service facet, and nothing else of them.
    await database.db.execute(
      sql`update worker set status = 'left', left_at = current_date where company_id = ${companyId} and id = ${Number(w?.id)}`,
    );
    const left = await counters();
    expect(left).toEqual(await truth());
    expect(total(left, 'a_province', '测试省')).toBe(total(before, 'a_province', '测试省'));
    expect(total(left, 'a_birth', '1990-02-28')).toBe(total(before, 'a_birth', '1990-02-28'));
  });
});
