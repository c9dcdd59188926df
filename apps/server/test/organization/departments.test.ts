/**
 * 组织架构 (issue 28): the department tree through the API: add, rename, leader, delete only
 * when empty, moves (never under itself or a descendant, also when two crossing moves run at
 * once), head counts against counts made here from the raw rows, moving workers, the worker
 * list's department filter over a subtree, permissions and other companies' ids.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout } from '../worker/support.ts';

const D = '/api/companystaff/department';
const WORKERS = '/api/companystaff/employee/page';

interface Node {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  leader: { kind: string; id: number; name: string } | null;
  ownCount: number;
  headCount: number;
}

describe('department tree', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let viewer: Caller;
  let xinghe: number;

  const tree = async (c: Caller = demo): Promise<Node[]> => {
    const res = await c.get(`${D}/tree`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const create = async (name: string, parentId: number | null) => {
    const res = await demo.post(D, { name, parentId });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };

  /** Parent links and closure rows read straight from the tables. */
  async function rawTree(companyId: number) {
    const depts = await queryRows<{ id: string; parent_id: string | null }>(
      t.database.db,
      sql`select id, parent_id from department where company_id = ${companyId}`,
    );
    const closure = await queryRows<{ a: string; d: string; depth: number }>(
      t.database.db,
      sql`select ancestor_id as a, descendant_id as d, depth from department_closure where company_id = ${companyId}`,
    );
    return {
      parent: new Map(depts.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)])),
      closure: closure.map((r) => `${r.a}>${r.d}@${r.depth}`).sort(),
    };
  }

  /**
   * Walks every department's parent links to the top (failing on a loop) and checks the closure
   * is exactly the pairs that walk gives.
   */
  async function expectATree(companyId: number) {
    const { parent, closure } = await rawTree(companyId);
    const expected: string[] = [];
    for (const id of parent.keys()) {
      let at: number | null = id;
      let depth = 0;
      const seen = new Set<number>();
      while (at !== null) {
        expect(seen.has(at), `loop through department ${at}`).toBe(false);
        seen.add(at);
        expected.push(`${at}>${id}@${depth}`);
        at = parent.get(at) ?? null;
        depth++;
      }
    }
    expect(closure).toEqual(expected.sort());
  }

  beforeAll(async () => {
    t = await createTestApp();
    const token = await loginAs(t.app, 'demo');
    demo = caller(t.app, token);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    viewer = caller(t.app, await adminWithout(t, token, ['org:edit']));
    const [c] = await queryRows<{ id: string }>(t.database.db, sql`select id from company where name like '星河%'`);
    xinghe = Number(c?.id);
  });
  afterAll(() => t.close());

  it('answers the demo tree of three levels with head counts equal to counts made from the raw rows', async () => {
    const nodes = await tree();
    await expectATree(xinghe);
    const top = nodes.filter((n) => n.parentId === null);
    expect(top.length).toBe(1);
    const depthOf = (n: Node): number =>
      n.parentId === null ? 0 : 1 + depthOf(nodes.find((x) => x.id === n.parentId)!);
    expect(Math.max(...nodes.map(depthOf))).toBe(2);
    // Own in-service workers per department (a worker who has left is not counted) and the
    // subtree sums, counted here by walking parent_id.
    const own = await queryRows<{ d: string; n: string }>(
      t.database.db,
      sql`select department_id as d, count(*) as n from worker
          where company_id = ${xinghe} and department_id is not null and status = 'active' group by 1`,
    );
    const [left] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from worker where company_id = ${xinghe} and department_id is not null and status = 'left'`,
    );
    expect(Number(left?.n)).toBeGreaterThan(0);
    const ownOf = new Map(own.map((r) => [Number(r.d), Number(r.n)]));
    const under = (id: number): number =>
      (ownOf.get(id) ?? 0) + nodes.filter((n) => n.parentId === id).reduce((s, n) => s + under(n.id), 0);
    for (const n of nodes) {
      expect(n.ownCount, n.name).toBe(ownOf.get(n.id) ?? 0);
      expect(n.headCount, n.name).toBe(under(n.id));
    }
    const [all] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from worker where company_id = ${xinghe} and department_id is not null and status = 'active'`,
    );
    expect(top[0]!.headCount).toBe(Number(all?.n));
    expect(top[0]!.headCount).toBeGreaterThan(100);
  });

  it('adds, renames and orders departments, refusing bad names, unknown parents and a name twice among siblings', async () => {
    const root = await create('测试事业部', null);
    const a = await create('一组', root);
    const b = await create('二组', root);
    let nodes = await tree();
    expect(nodes.filter((n) => n.parentId === root).map((n) => n.name)).toEqual(['一组', '二组']);

    const twice = await demo.post(D, { name: '一组', parentId: root });
    expect(twice.body).toMatchObject({ status: 40000, message: '同级已有同名部门' });
    const empty = await demo.post(D, { name: '   ', parentId: root });
    expect(empty.body.status).toBe(40000);
    expect(empty.body.message).toContain('请输入部门名称');
    const noParent = await demo.post(D, { name: '三组', parentId: 99_999_999 });
    expect(noParent.body).toMatchObject({ status: 40000, message: '上级部门不存在' });

    expect((await demo.put(`${D}/${a}`, { name: '一组（新）' })).body.status).toBe(200);
    const clash = await demo.put(`${D}/${b}`, { name: '一组（新）' });
    expect(clash.body).toMatchObject({ status: 40000, message: '同级已有同名部门' });
    // Reorder: 二组 first.
    expect((await demo.put(`${D}/${b}/move`, { parentId: root, index: 0 })).body.status).toBe(200);
    nodes = await tree();
    expect(nodes.filter((n) => n.parentId === root).map((n) => n.name)).toEqual(['二组', '一组（新）']);
    await expectATree(xinghe);
  });

  it('refuses a move under the department itself or any department below it, and changes nothing', async () => {
    const root = await create('环检测', null);
    const child = await create('环检测-子', root);
    const grandchild = await create('环检测-孙', child);
    const before = await rawTree(xinghe);
    for (const parentId of [root, child, grandchild]) {
      const res = await demo.put(`${D}/${root}/move`, { parentId, index: 0 });
      expect(res.body).toMatchObject({ status: 40000, message: '不能移动到该部门自身或其下级部门之下' });
    }
    expect(await rawTree(xinghe)).toEqual(before);
    // A real move: the grandchild to the top, then the old root under it.
    expect((await demo.put(`${D}/${grandchild}/move`, { parentId: null, index: 0 })).body.status).toBe(200);
    expect((await demo.put(`${D}/${root}/move`, { parentId: grandchild, index: 0 })).body.status).toBe(200);
    const nodes = await tree();
    expect(nodes.find((n) => n.id === root)?.parentId).toBe(grandchild);
    expect(nodes.find((n) => n.id === child)?.parentId).toBe(root);
    await expectATree(xinghe);
  });

  it('leaves a tree when two departments are moved into each other at once', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await create(`交叉A${round}`, null);
      const b = await create(`交叉B${round}`, null);
      const [ab, ba] = await Promise.all([
        demo.put(`${D}/${a}/move`, { parentId: b, index: 0 }),
        demo.put(`${D}/${b}/move`, { parentId: a, index: 0 }),
      ]);
      // Exactly one of them passes; the other sees it and is refused as a loop.
      expect([ab.body.status, ba.body.status].sort()).toEqual([200, 40000]);
      await expectATree(xinghe);
    }
  });

  it('keeps a tree under many concurrent random moves', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await create(`乱序${i}`, null));
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const moves = Array.from({ length: 30 }, () => {
      const id = ids[rnd(ids.length)]!;
      const parentId = rnd(4) === 0 ? null : ids[rnd(ids.length)]!;
      return demo.put(`${D}/${id}/move`, { parentId, index: rnd(3) });
    });
    const results = await Promise.all(moves);
    for (const r of results) expect([200, 40000]).toContain(r.body.status);
    expect(results.some((r) => r.body.status === 200)).toBe(true);
    await expectATree(xinghe);
  });

  it('deletes only an empty department, with a clear message otherwise', async () => {
    const root = await create('待删除', null);
    const child = await create('待删除-子', root);
    const withChild = await demo.del(`${D}/${root}`);
    expect(withChild.body).toMatchObject({ status: 40900, message: '该部门下还有下级部门，不能删除' });
    const [w] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker where company_id = ${xinghe} order by id limit 1`,
    );
    const moved = await demo.post(`${D}/moveEmployees`, { workerIds: [Number(w?.id)], departmentId: child });
    expect(moved.body).toMatchObject({ status: 200, data: { moved: 1 } });
    const withWorker = await demo.del(`${D}/${child}`);
    expect(withWorker.body).toMatchObject({ status: 40900, message: '该部门下还有员工，不能删除' });
    // Moved on, the department is empty and goes; then its parent.
    const other = (await tree()).find((n) => n.name === '前端组')!;
    expect(
      (await demo.post(`${D}/moveEmployees`, { workerIds: [Number(w?.id)], departmentId: other.id })).body.status,
    ).toBe(200);
    expect((await demo.del(`${D}/${child}`)).body.status).toBe(200);
    expect((await demo.del(`${D}/${root}`)).body.status).toBe(200);
    expect((await tree()).some((n) => n.id === root || n.id === child)).toBe(false);
    await expectATree(xinghe);
  });

  it('moves workers between departments, all or none, and the list filters by the whole subtree', async () => {
    const nodes = await tree();
    const tech = nodes.find((n) => n.name === '技术部')!;
    const front = nodes.find((n) => n.name === '前端组')!;
    const ops = nodes.find((n) => n.name === '运营部')!;
    const inOps = await demo.get(WORKERS, { departmentId: ops.id, limit: 5 });
    const ids = inOps.body.data.rows.map((r: { id: number }) => r.id) as number[];
    expect(ids.length).toBeGreaterThan(1);

    // Another company's worker among them: refused, none moved.
    const [foreign] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker where company_id <> ${xinghe} order by id limit 1`,
    );
    const mixed = await demo.post(`${D}/moveEmployees`, {
      workerIds: [...ids, Number(foreign?.id)],
      departmentId: front.id,
    });
    expect(mixed.body).toMatchObject({ status: 40000, message: '所选员工不存在或不属于本企业' });
    const unchanged = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from worker where company_id = ${xinghe} and department_id = ${front.id} and id in ${ids}`,
    );
    expect(Number(unchanged[0]?.n)).toBe(0);

    const ok = await demo.post(`${D}/moveEmployees`, { workerIds: ids, departmentId: front.id });
    expect(ok.body).toMatchObject({ status: 200, data: { moved: ids.length } });

    // 技术部's list: its own workers and its teams', total and rows, against the raw rows.
    const sub = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker where company_id = ${xinghe} and department_id in
            (select id from department where company_id = ${xinghe} and (id = ${tech.id} or parent_id = ${tech.id}))
          order by created_at desc, id desc`,
    );
    const page = await demo.get(WORKERS, { departmentId: tech.id, limit: 100 });
    expect(page.body.data.total).toBe(sub.length);
    expect(page.body.data.rows.map((r: { id: number }) => r.id)).toEqual(sub.slice(0, 100).map((r) => Number(r.id)));
    for (const id of ids) expect(page.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    // With another filter too (counted, not from the counters).
    const active = await demo.get(WORKERS, { departmentId: tech.id, status: 'active', limit: 100 });
    const activeRaw = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from worker where company_id = ${xinghe} and status = 'active' and id in
            (select w.id from worker w join department d on d.company_id = w.company_id and d.id = w.department_id
             where w.company_id = ${xinghe} and (d.id = ${tech.id} or d.parent_id = ${tech.id}))`,
    );
    expect(active.body.data.total).toBe(Number(activeRaw[0]?.n));
    const headCount = (await tree()).find((n) => n.id === tech.id)!.headCount;
    expect(headCount).toBe(Number(activeRaw[0]?.n));
  });

  it('sets a leader from the admins or the workers, refusing other companies’ and unknown people', async () => {
    const nodes = await tree();
    const dept = nodes.find((n) => n.name === '市场部')!;
    const options = await demo.get(`${D}/leaderOptions`, { keyword: '' });
    expect(options.body.status).toBe(200);
    const admin = options.body.data.find((o: { kind: string }) => o.kind === 'admin');
    const worker = options.body.data.find((o: { kind: string }) => o.kind === 'worker');
    expect(admin && worker).toBeTruthy();
    expect((await demo.put(`${D}/${dept.id}/leader`, { leader: { kind: 'admin', id: admin.id } })).body.status).toBe(
      200,
    );
    expect((await tree()).find((n) => n.id === dept.id)?.leader).toEqual({
      kind: 'admin',
      id: admin.id,
      name: admin.name,
    });
    expect((await demo.put(`${D}/${dept.id}/leader`, { leader: { kind: 'worker', id: worker.id } })).body.status).toBe(
      200,
    );
    expect((await tree()).find((n) => n.id === dept.id)?.leader).toEqual({
      kind: 'worker',
      id: worker.id,
      name: worker.name,
    });

    // The leader cannot be deleted out from under the department.
    const [w] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from worker where company_id = ${xinghe} and id = ${worker.id}`,
    );
    expect(w).toBeDefined();
    const [foreignAdmin] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from admin where company_id <> ${xinghe} order by id limit 1`,
    );
    const bad = await demo.put(`${D}/${dept.id}/leader`, { leader: { kind: 'admin', id: Number(foreignAdmin?.id) } });
    expect(bad.body).toMatchObject({ status: 40000, message: '负责人不存在' });
    expect((await tree()).find((n) => n.id === dept.id)?.leader?.id).toBe(worker.id);
    expect((await demo.put(`${D}/${dept.id}/leader`, { leader: null })).body.status).toBe(200);
    expect((await tree()).find((n) => n.id === dept.id)?.leader).toBeNull();
  });

  it('refuses another company’s department ids on every route, and shows each company its own tree', async () => {
    const mine = (await tree()).find((n) => n.name === '技术部')!;
    const theirs = await tree(yunfan);
    expect(theirs.some((n) => n.id === mine.id)).toBe(false);
    expect(theirs.some((n) => n.name === '华南配送站')).toBe(true);
    expect((await yunfan.put(`${D}/${mine.id}`, { name: '改名' })).body.status).toBe(40400);
    expect((await yunfan.put(`${D}/${mine.id}/move`, { parentId: null, index: 0 })).body.status).toBe(40400);
    expect((await yunfan.put(`${D}/${mine.id}/leader`, { leader: null })).body.status).toBe(40400);
    expect((await yunfan.del(`${D}/${mine.id}`)).body.status).toBe(40400);
    const under = await yunfan.post(D, { name: '越界', parentId: mine.id });
    expect(under.body).toMatchObject({ status: 40000, message: '上级部门不存在' });
    const theirDept = theirs.find((n) => n.parentId !== null)!;
    const move = await yunfan.put(`${D}/${theirDept.id}/move`, { parentId: mine.id, index: 0 });
    expect(move.body).toMatchObject({ status: 40000, message: '上级部门不存在' });
    const workers = await yunfan.post(`${D}/moveEmployees`, { workerIds: [1], departmentId: mine.id });
    expect(workers.body).toMatchObject({ status: 40000, message: '部门不存在' });
    expect((await tree()).find((n) => n.id === mine.id)?.name).toBe('技术部');
  });

  it('lets an admin without org:edit read the tree but change nothing', async () => {
    expect((await tree(viewer)).length).toBeGreaterThan(0);
    const mine = (await tree()).find((n) => n.name === '技术部')!;
    for (const res of [
      await viewer.post(D, { name: '无权', parentId: null }),
      await viewer.put(`${D}/${mine.id}`, { name: '无权' }),
      await viewer.put(`${D}/${mine.id}/move`, { parentId: null, index: 0 }),
      await viewer.put(`${D}/${mine.id}/leader`, { leader: null }),
      await viewer.del(`${D}/${mine.id}`),
      await viewer.post(`${D}/moveEmployees`, { workerIds: [1], departmentId: mine.id }),
      await viewer.get(`${D}/leaderOptions`),
    ]) {
      expect(res.body.status).toBe(40301);
    }
    const none = caller(
      t.app,
      await adminWithout(t, (await loginAs(t.app, 'demo')) as string, ['org:view', 'org:edit']),
    );
    expect((await none.get(`${D}/tree`)).body.status).toBe(40301);
  });
});
