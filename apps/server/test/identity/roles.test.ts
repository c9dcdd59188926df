import { ASYNC_ROUTES, ELEMENT_CODES, flattenRoutes, menuCodeOf, type TRole } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type Reply, type TestApp } from '../helpers.ts';

const ROLE = '/api/admin/role';
const PAGE = `${ROLE}/page`;
const OPTIONS = `${ROLE}/options`;

/** Every menu code of the catalogue, and the parent code of each child. */
const CATALOGUE = flattenRoutes(ASYNC_ROUTES).map(({ route, parent }) => ({
  code: menuCodeOf(route.path),
  parent: parent ? menuCodeOf(parent.path) : null,
}));
const ALL_MENUS = CATALOGUE.map((m) => m.code);
const PARENT = new Map(CATALOGUE.map((m) => [m.code, m.parent]));

interface AuditRow {
  action: string;
  result: string;
  status: number;
  target: string;
  admin_id: number | null;
  company_id: number | null;
}

const paths = (res: Reply): string[] => (res.body.data?.errors ?? []).map((e: { path: string }) => e.path);

let seq = 0;
/** A role name unique within this file. */
const uniqueName = (prefix = '角色') => `${prefix}${++seq}`;

describe('roles API (角色管理)', () => {
  let t: TestApp;
  let demo: Caller;
  let yf: Caller;
  let finance: Caller;
  let demoId: number;
  let financeId: number;
  let xingheId: number;
  let ownerRoleId: number;
  let financeRoleId: number;
  let yfOwnerRoleId: number;

  /** The current row of every role and grant: compared before and after a failed mutation. */
  const snapshot = async () => ({
    roles: await queryRows(t.database.db, sql`select * from role order by id`),
    grants: await queryRows(t.database.db, sql`select * from admin_role order by company_id, admin_id, role_id`),
  });

  const lastAudit = async (): Promise<AuditRow> => {
    const [row] = await queryRows<AuditRow>(
      t.database.db,
      sql`select action, result, status, target, admin_id::int as admin_id, company_id::int as company_id
          from audit_log order by id desc limit 1`,
    );
    if (!row) throw new Error('no audit row');
    return row;
  };
  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;

  const idOf = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(t.database.db, query);
    if (!row) throw new Error('seed row missing');
    return row.id;
  };

  /** Creates a role as demo and answers it. */
  const createRole = async (body: Record<string, unknown> = {}): Promise<TRole> => {
    const res = await demo.post(ROLE, { name: uniqueName(), ...body });
    expect(res.body.status).toBe(200);
    return res.body.data as TRole;
  };

  /** Creates an admin of 星河科技 holding these roles, and answers its id and a signed-in client. */
  const adminWithRoles = async (roleIds: number[]) => {
    const username = `role_user_${++seq}`;
    const res = await demo.post('/api/admin/user', {
      username,
      password: 'Passw0rd!x',
      name: '角色测试',
      mobile: '13900000000',
      roleIds,
    });
    expect(res.body.status).toBe(200);
    return { id: res.body.data.id as number, client: caller(t.app, await loginAs(t.app, username, 'Passw0rd!x')) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yf = caller(t.app, await loginAs(t.app, 'demo_yf'));
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    xingheId = await idOf(sql`select id::int as id from company where name = '星河科技有限公司'`);
    const yunfanId = await idOf(sql`select id::int as id from company where name = '云帆物流有限公司'`);
    demoId = await idOf(sql`select id::int as id from admin where username = 'demo'`);
    financeId = await idOf(sql`select id::int as id from admin where username = 'finance'`);
    ownerRoleId = await idOf(sql`select id::int as id from role where company_id = ${xingheId} and is_owner_role`);
    financeRoleId = await idOf(sql`select id::int as id from role where company_id = ${xingheId} and name = '财务'`);
    yfOwnerRoleId = await idOf(sql`select id::int as id from role where company_id = ${yunfanId} and is_owner_role`);
  });
  afterAll(() => t.close());

  // ── Access: every endpoint ─────────────────────────────────────────────────────────────────

  const endpoints = (): { name: string; call: (c: Caller) => Promise<Reply>; mutating: string | null }[] => [
    { name: 'GET /api/admin/role/page', call: (c) => c.get(PAGE), mutating: null },
    { name: 'GET /api/admin/role/options', call: (c) => c.get(OPTIONS), mutating: null },
    { name: 'GET /api/admin/role/:id', call: (c) => c.get(`${ROLE}/${financeRoleId}`), mutating: null },
    {
      name: 'POST /api/admin/role',
      call: (c) => c.post(ROLE, { name: '越权角色', elementCodes: ['system:role'] }),
      mutating: 'role.create',
    },
    {
      name: 'PUT /api/admin/role/:id',
      call: (c) => c.put(`${ROLE}/${financeRoleId}`, { name: '财务', elementCodes: [...ELEMENT_CODES] }),
      mutating: 'role.update',
    },
    { name: 'DELETE /api/admin/role/:id', call: (c) => c.del(`${ROLE}/${financeRoleId}`), mutating: 'role.delete' },
  ];

  describe('access to every endpoint', () => {
    it('answers 40101 without a token, changes nothing, and audits mutating calls as failures', async () => {
      const before = await snapshot();
      for (const e of endpoints()) {
        const res = await e.call(caller(t.app));
        expect(res.statusCode, e.name).toBe(401);
        expect(res.body.status, e.name).toBe(40101);
        expect(res.body.data, e.name).toBeUndefined();
        if (e.mutating) {
          expect(await lastAudit(), e.name).toMatchObject({
            action: e.mutating,
            result: 'failure',
            status: 40101,
            admin_id: null,
            company_id: null,
          });
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers 40003 to a signed-out session on every endpoint', async () => {
      const token = await loginAs(t.app, 'demo');
      expect((await caller(t.app, token).post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
      const before = await snapshot();
      for (const e of endpoints()) {
        const res = await e.call(caller(t.app, token));
        expect(res.statusCode, e.name).toBe(401);
        expect(res.body.status, e.name).toBe(40003);
        expect(res.body.data, e.name).toBeUndefined();
        if (e.mutating) {
          expect(await lastAudit(), e.name).toMatchObject({ action: e.mutating, result: 'failure', status: 40003 });
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers 40301 to finance (role 财务 lacks system:role and system:admin) on every endpoint', async () => {
      const before = await snapshot();
      for (const e of endpoints()) {
        const res = await e.call(finance);
        expect(res.statusCode, e.name).toBe(403);
        expect(res.body, e.name).toEqual({ status: 40301, message: '当前用户无相关操作权限！' });
        if (e.mutating) {
          expect(await lastAudit(), e.name).toMatchObject({
            action: e.mutating,
            result: 'failure',
            status: 40301,
            admin_id: financeId,
            company_id: xingheId,
          });
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('lets an admin whose role grants system:admin (but not system:role) read role options only', async () => {
      const role = await createRole({ menuCodes: ['adminManage'], elementCodes: ['system:admin'] });
      const { client } = await adminWithRoles([role.id]);
      expect((await client.get(OPTIONS)).body.status).toBe(200);
      expect((await client.get(PAGE)).body.status).toBe(40301);
      expect((await client.get(`${ROLE}/${role.id}`)).body.status).toBe(40301);
    });
  });

  // ── GET /api/admin/role/page ───────────────────────────────────────────────────────────────

  describe('GET /api/admin/role/page', () => {
    it('lists the seeded roles owner role first, the owner role granting the whole catalogue', async () => {
      const res = await demo.get(PAGE, { limit: 200 });
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(200);
      const rows = res.body.data.rows as TRole[];
      expect(res.body.data.total).toBe(rows.length);
      expect(rows[0]).toMatchObject({ id: ownerRoleId, name: '企业管理员', isOwnerRole: true, adminCount: 1 });
      expect([...(rows[0]?.menuCodes ?? [])].sort()).toEqual([...ALL_MENUS].sort());
      expect([...(rows[0]?.elementCodes ?? [])].sort()).toEqual([...ELEMENT_CODES].sort());
      const financeRole = rows.find((r) => r.id === financeRoleId);
      expect(financeRole).toMatchObject({ name: '财务', isOwnerRole: false, adminCount: 1 });
      expect(financeRole?.elementCodes).not.toContain('system:role');
      expect(financeRole?.menuCodes).not.toContain('systemSetting');
      expect(rows.map((r) => r.id)).not.toContain(yfOwnerRoleId);
    });

    it('pages with page and limit', async () => {
      await createRole();
      await createRole();
      const all = (await demo.get(PAGE, { limit: 200 })).body.data;
      const second = await demo.get(PAGE, { page: 2, limit: 1 });
      expect(second.body.data.total).toBe(all.total);
      expect(second.body.data.rows).toHaveLength(1);
      expect(second.body.data.rows[0].id).toBe(all.rows[1].id);
      const beyond = await demo.get(PAGE, { page: 1000, limit: 10 });
      expect(beyond.body.data).toEqual({ total: all.total, rows: [] });
    });

    it('filters by a trimmed, case-insensitive name fragment', async () => {
      const res = await demo.get(PAGE, { name: '  财 ' });
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.rows.map((r: TRole) => r.name)).toEqual(['财务']);
      const latin = await createRole({ name: 'Auditor Team' });
      const ci = await demo.get(PAGE, { name: 'auditor' });
      expect(ci.body.data.rows.map((r: TRole) => r.id)).toEqual([latin.id]);
      expect((await demo.get(PAGE, { name: '   ' })).body.data.total).toBe((await demo.get(PAGE)).body.data.total);
    });

    it('treats % and _ in the name filter as plain characters', async () => {
      const percent = await createRole({ name: '达标100%' });
      const underscore = await createRole({ name: 'ops_team' });
      await createRole({ name: 'opsXteam' });
      expect((await demo.get(PAGE, { name: '%' })).body.data.rows.map((r: TRole) => r.id)).toEqual([percent.id]);
      expect((await demo.get(PAGE, { name: 's_t' })).body.data.rows.map((r: TRole) => r.id)).toEqual([underscore.id]);
    });

    it('rejects bad paging and filter input with 40000 naming the field', async () => {
      const cases: [Record<string, string | number>, string][] = [
        [{ page: 0 }, 'querystring.page'],
        [{ page: 'abc' }, 'querystring.page'],
        [{ page: 1.5 }, 'querystring.page'],
        [{ limit: 0 }, 'querystring.limit'],
        [{ limit: 201 }, 'querystring.limit'],
        [{ limit: 'ten' }, 'querystring.limit'],
        [{ name: '名'.repeat(31) }, 'querystring.name'],
      ];
      for (const [query, path] of cases) {
        const res = await demo.get(PAGE, query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.body.status, JSON.stringify(query)).toBe(40000);
        expect(paths(res), JSON.stringify(query)).toContain(path);
      }
    });

    it('never lists another company’s roles', async () => {
      const res = await yf.get(PAGE, { limit: 200 });
      expect(res.body.data.rows.map((r: TRole) => r.id)).toEqual([yfOwnerRoleId]);
      expect(JSON.stringify(res.body)).not.toContain('财务');
      expect((await yf.get(PAGE, { name: '财务' })).body.data).toEqual({ total: 0, rows: [] });
    });
  });

  // ── GET /api/admin/role/options ────────────────────────────────────────────────────────────

  describe('GET /api/admin/role/options', () => {
    it('answers the id and name of every role of the company, in id order', async () => {
      const res = await demo.get(OPTIONS);
      expect(res.body.status).toBe(200);
      const options = res.body.data as { id: number; name: string }[];
      expect(options.slice(0, 2)).toEqual([
        { id: ownerRoleId, name: '企业管理员' },
        { id: financeRoleId, name: '财务' },
      ]);
      for (const o of options) expect(Object.keys(o).sort()).toEqual(['id', 'name']);
      expect(options.map((o) => o.id)).toEqual([...options.map((o) => o.id)].sort((a, b) => a - b));
      const total = (await demo.get(PAGE, { limit: 200 })).body.data.total;
      expect(options).toHaveLength(total);
    });

    it('ignores query parameters it does not know', async () => {
      const res = await demo.get(OPTIONS, { companyId: 999, name: 'x' });
      expect(res.body.status).toBe(200);
      expect(res.body.data.map((o: { id: number }) => o.id)).toContain(financeRoleId);
    });

    it('never offers another company’s roles', async () => {
      const res = await yf.get(OPTIONS);
      expect(res.body.data).toEqual([{ id: yfOwnerRoleId, name: '企业管理员' }]);
    });
  });

  // ── GET /api/admin/role/:id ────────────────────────────────────────────────────────────────

  describe('GET /api/admin/role/:id', () => {
    it('answers one role with its grants and admin count', async () => {
      const res = await demo.get(`${ROLE}/${financeRoleId}`);
      expect(res.body.status).toBe(200);
      const role = res.body.data as TRole;
      expect(role).toMatchObject({
        id: financeRoleId,
        name: '财务',
        description: '薪酬发放、资金与发票',
        isOwnerRole: false,
        adminCount: 1,
      });
      expect(role.elementCodes).toContain('payroll:pay');
      expect(role.elementCodes).not.toContain('employee:add');
      expect(new Date(role.createdAt).toISOString()).toBe(role.createdAt);
    });

    it('rejects an id that is not a positive integer with 40000', async () => {
      for (const id of ['abc', '0', '-3', '1.5', '1e3x', '99999999999999999999']) {
        const res = await demo.get(`${ROLE}/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
    });

    it('answers 40400 for an id that is no role', async () => {
      const res = await demo.get(`${ROLE}/987654321`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 40400, message: '角色不存在' });
    });
  });

  // ── POST /api/admin/role ───────────────────────────────────────────────────────────────────

  describe('POST /api/admin/role', () => {
    it('creates a role from trimmed input, dedupes and sorts its grants, and audits role.create', async () => {
      const res = await demo.post(ROLE, {
        name: '  出纳  ',
        description: '  负责付款  ',
        menuCodes: ['listMoney', 'moneyManagement', 'listMoney'],
        elementCodes: ['money:view', 'money:topup', 'money:view'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(200);
      const role = res.body.data as TRole;
      expect(role).toMatchObject({
        name: '出纳',
        description: '负责付款',
        isOwnerRole: false,
        adminCount: 0,
        menuCodes: ['listMoney', 'moneyManagement'],
        elementCodes: ['money:topup', 'money:view'],
      });
      expect((await demo.get(`${ROLE}/${role.id}`)).body.data).toEqual(role);
      expect(await lastAudit()).toMatchObject({
        action: 'role.create',
        result: 'success',
        status: 200,
        target: `role:${role.id}`,
        admin_id: demoId,
        company_id: xingheId,
      });
    });

    it('defaults description and grants to empty', async () => {
      const res = await demo.post(ROLE, { name: uniqueName('空角色') });
      expect(res.body.data).toMatchObject({ description: '', menuCodes: [], elementCodes: [] });
    });

    it('adds the parent menu of every granted child menu', async () => {
      const res = await demo.post(ROLE, {
        name: uniqueName(),
        menuCodes: ['roleManage', 'enterpriseContreactList/', 'emolumentGrant'],
      });
      expect(res.body.status).toBe(200);
      expect(res.body.data.menuCodes).toEqual([
        'EmolumentManagement',
        'contract',
        'emolumentGrant',
        'enterpriseContreactList/',
        'roleManage',
        'systemSetting',
      ]);
    });

    it('stores exactly the granted menus plus their parents, for any set of catalogue menus', async () => {
      await fc.assert(
        fc.asyncProperty(fc.subarray(ALL_MENUS, { maxLength: 12 }), async (menus) => {
          const res = await demo.post(ROLE, { name: uniqueName('随机'), menuCodes: menus });
          expect(res.body.status).toBe(200);
          const expected = new Set(menus);
          for (const m of menus) {
            const parent = PARENT.get(m);
            if (parent) expected.add(parent);
          }
          expect(res.body.data.menuCodes).toEqual([...expected].sort());
        }),
        { numRuns: 15 },
      );
    });

    it('rejects unknown menu or element codes with 40000 and creates nothing', async () => {
      const before = await snapshot();
      const menu = await demo.post(ROLE, { name: uniqueName(), menuCodes: ['listMoney', 'noSuchMenu'] });
      expect(menu.statusCode).toBe(400);
      expect(menu.body).toMatchObject({ status: 40000, message: '菜单 noSuchMenu 不存在' });
      expect(paths(menu)).toEqual(['menuCodes']);
      const element = await demo.post(ROLE, { name: uniqueName(), elementCodes: ['money:view', 'money:steal'] });
      expect(element.body).toMatchObject({ status: 40000, message: '操作权限 money:steal 不存在' });
      expect(paths(element)).toEqual(['elementCodes']);
      // A parent's path with a slash is no menu code; neither is a bare element area.
      expect((await demo.post(ROLE, { name: uniqueName(), menuCodes: ['/systemSetting'] })).body.status).toBe(40000);
      expect((await demo.post(ROLE, { name: uniqueName(), elementCodes: ['system'] })).body.status).toBe(40000);
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'role.create', result: 'failure', status: 40000, target: '' });
    });

    it('rejects a duplicate name (after trimming) with 40000 on name', async () => {
      const before = await snapshot();
      for (const name of ['财务', '  财务 ', '企业管理员']) {
        const res = await demo.post(ROLE, { name });
        expect(res.statusCode, name).toBe(400);
        expect(res.body, name).toMatchObject({ status: 40000, message: '角色名称已存在' });
        expect(paths(res), name).toEqual(['name']);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('allows the same name in another company', async () => {
      const res = await yf.post(ROLE, { name: '财务' });
      expect(res.body.status).toBe(200);
      expect(res.body.data.id).not.toBe(financeRoleId);
      expect((await demo.get(`${ROLE}/${financeRoleId}`)).body.data.name).toBe('财务');
    });

    it('answers one success and 40000 on name to the rest of simultaneous creations of one name', async () => {
      const name = uniqueName('并发');
      const replies = await Promise.all(Array.from({ length: 6 }, () => demo.post(ROLE, { name })));
      expect(replies.map((r) => r.body.status).sort()).toEqual([200, 40000, 40000, 40000, 40000, 40000]);
      for (const r of replies.filter((x) => x.body.status !== 200)) expect(paths(r)).toEqual(['name']);
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from role where company_id = ${xingheId} and name = ${name}`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('rejects missing, mistyped, blank and too long fields with 40000 and creates nothing', async () => {
      const before = await snapshot();
      const cases: [unknown, string, string?][] = [
        [{}, 'name', '请输入角色名称'],
        [{ name: 12 }, 'name'],
        [{ name: null }, 'name'],
        [{ name: '   ' }, 'name', '请输入角色名称'],
        [{ name: '名'.repeat(31) }, 'name', '角色名称最多 30 个字符'],
        [{ name: uniqueName(), description: 'x'.repeat(201) }, 'description', '角色描述最多 200 个字符'],
        [{ name: uniqueName(), description: 5 }, 'description'],
        [{ name: uniqueName(), menuCodes: 'listMoney' }, 'menuCodes'],
        [{ name: uniqueName(), menuCodes: [1] }, 'menuCodes.0'],
        [{ name: uniqueName(), elementCodes: { code: 'money:view' } }, 'elementCodes'],
        [{ name: uniqueName(), elementCodes: ['x'.repeat(101)] }, 'elementCodes.0'],
        [{ name: uniqueName(), menuCodes: Array.from({ length: 501 }, () => 'listMoney') }, 'menuCodes'],
      ];
      for (const [body, path, message] of cases) {
        const res = await demo.post(ROLE, body);
        const label = JSON.stringify(body).slice(0, 80);
        expect(res.statusCode, label).toBe(400);
        expect(res.body.status, label).toBe(40000);
        expect(paths(res), label).toContain(path);
        if (message) expect(res.body.data.errors[0].message, label).toBe(message);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('keeps a 30-character name and a 200-character description', async () => {
      const name = `长${++seq}`.padEnd(30, '名');
      const res = await demo.post(ROLE, { name: ` ${name} `, description: '述'.repeat(200) });
      expect(res.body.status).toBe(200);
      expect(res.body.data.name).toBe(name);
      expect(res.body.data.description).toHaveLength(200);
    });
  });

  // ── PUT /api/admin/role/:id ────────────────────────────────────────────────────────────────

  describe('PUT /api/admin/role/:id', () => {
    it('replaces name, description and grants, and audits role.update with the target', async () => {
      const role = await createRole({ menuCodes: ['listEmployee'], elementCodes: ['employee:view'] });
      const res = await demo.put(`${ROLE}/${role.id}`, {
        name: ' 薪酬专员 ',
        description: '核对与审批',
        menuCodes: ['emolumentCheckList'],
        elementCodes: ['payroll:check', 'payroll:approve'],
      });
      expect(res.body.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: role.id,
        name: '薪酬专员',
        description: '核对与审批',
        menuCodes: ['EmolumentManagement', 'emolumentCheckList'],
        elementCodes: ['payroll:approve', 'payroll:check'],
      });
      expect((await demo.get(`${ROLE}/${role.id}`)).body.data).toEqual(res.body.data);
      expect(await lastAudit()).toMatchObject({
        action: 'role.update',
        result: 'success',
        status: 200,
        target: `role:${role.id}`,
        admin_id: demoId,
      });
    });

    it('keeps its own name, and grants take effect on the next request of the role’s admins', async () => {
      const role = await createRole({ menuCodes: ['listEmployee'], elementCodes: ['employee:view'] });
      const { client } = await adminWithRoles([role.id]);
      expect((await client.get(PAGE)).body.status).toBe(40301);
      const res = await demo.put(`${ROLE}/${role.id}`, {
        name: role.name,
        menuCodes: ['roleManage'],
        elementCodes: ['system:role'],
      });
      expect(res.body.status).toBe(200);
      expect(res.body.data.adminCount).toBe(1);
      expect((await client.get(PAGE)).body.status).toBe(200);
      await demo.put(`${ROLE}/${role.id}`, { name: role.name });
      expect((await client.get(PAGE)).body.status).toBe(40301);
    });

    it('adds the parent menu of a granted child menu', async () => {
      const role = await createRole();
      const res = await demo.put(`${ROLE}/${role.id}`, { name: role.name, menuCodes: ['adminManage'] });
      expect(res.body.data.menuCodes).toEqual(['adminManage', 'systemSetting']);
    });

    it('rejects unknown codes with 40000 and leaves the role unchanged', async () => {
      const role = await createRole({ menuCodes: ['listEmployee'], elementCodes: ['employee:view'] });
      const before = await snapshot();
      const menu = await demo.put(`${ROLE}/${role.id}`, { name: '改名', menuCodes: ['ghostMenu'] });
      expect(menu.body.status).toBe(40000);
      expect(paths(menu)).toEqual(['menuCodes']);
      const element = await demo.put(`${ROLE}/${role.id}`, { name: '改名', elementCodes: ['employee:fly'] });
      expect(element.body.status).toBe(40000);
      expect(paths(element)).toEqual(['elementCodes']);
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({
        action: 'role.update',
        result: 'failure',
        status: 40000,
        target: `role:${role.id}`,
      });
    });

    it('rejects the name of another role with 40000 on name and leaves the role unchanged', async () => {
      const role = await createRole();
      const before = await snapshot();
      const res = await demo.put(`${ROLE}/${role.id}`, { name: ' 财务 ' });
      expect(res.body).toMatchObject({ status: 40000, message: '角色名称已存在' });
      expect(paths(res)).toEqual(['name']);
      expect(await snapshot()).toEqual(before);
    });

    it('rejects missing, mistyped, blank and too long fields with 40000 and leaves the role unchanged', async () => {
      const role = await createRole({ elementCodes: ['stats:view'] });
      const before = await snapshot();
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ name: ['x'] }, 'name'],
        [{ name: ' ' }, 'name'],
        [{ name: 'n'.repeat(31) }, 'name'],
        [{ name: 'ok', description: 'd'.repeat(201) }, 'description'],
        [{ name: 'ok', elementCodes: 'stats:view' }, 'elementCodes'],
        [{ name: 'ok', menuCodes: [null] }, 'menuCodes.0'],
      ];
      for (const [body, path] of cases) {
        const res = await demo.put(`${ROLE}/${role.id}`, body);
        expect(res.body.status, JSON.stringify(body)).toBe(40000);
        expect(paths(res), JSON.stringify(body)).toContain(path);
      }
      for (const id of ['abc', '0', '2.5', '99999999999999999999']) {
        const res = await demo.put(`${ROLE}/${id}`, { name: 'ok' });
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers one success and one 40000 on name when two roles are renamed to one name at once', async () => {
      const name = uniqueName('同名');
      for (let i = 0; i < 3; i++) {
        const [a, b] = [await createRole(), await createRole()];
        const target = `${name}-${i}`;
        const replies = await Promise.all([
          demo.put(`${ROLE}/${a.id}`, { name: target }),
          demo.put(`${ROLE}/${b.id}`, { name: target }),
        ]);
        expect(replies.map((r) => r.body.status).sort()).toEqual([200, 40000]);
        for (const r of replies.filter((x) => x.body.status !== 200)) expect(paths(r)).toEqual(['name']);
      }
    });

    it('answers 40400 for an id that is no role', async () => {
      const res = await demo.put(`${ROLE}/987654321`, { name: '不存在' });
      expect(res.body).toEqual({ status: 40400, message: '角色不存在' });
      expect(await lastAudit()).toMatchObject({ action: 'role.update', result: 'failure', status: 40400 });
    });

    describe('the owner role (企业管理员)', () => {
      const full = () => ({ menuCodes: [...ALL_MENUS], elementCodes: [...ELEMENT_CODES] });

      it('can be renamed and described when every grant is kept, and still grants everything', async () => {
        const res = await demo.put(`${ROLE}/${ownerRoleId}`, {
          name: '超级管理员',
          description: '全部权限',
          ...full(),
        });
        expect(res.body.status).toBe(200);
        expect(res.body.data).toMatchObject({ name: '超级管理员', description: '全部权限', isOwnerRole: true });
        expect([...res.body.data.elementCodes].sort()).toEqual([...ELEMENT_CODES].sort());
        const back = await demo.put(`${ROLE}/${ownerRoleId}`, { name: '企业管理员', ...full() });
        expect(back.body.data.name).toBe('企业管理员');
      });

      it('cannot be narrowed (40900) by dropping an element, a menu or everything; nothing changes', async () => {
        const before = await snapshot();
        const { menuCodes, elementCodes } = full();
        const bodies = [
          { name: '企业管理员', menuCodes, elementCodes: elementCodes.filter((c) => c !== 'system:role') },
          { name: '企业管理员', menuCodes: menuCodes.filter((c) => c !== 'roleManage'), elementCodes },
          { name: '企业管理员' },
          { name: '改名也不行', menuCodes: ['listMoney'], elementCodes: ['money:view'] },
        ];
        for (const body of bodies) {
          const res = await demo.put(`${ROLE}/${ownerRoleId}`, body);
          expect(res.statusCode).toBe(409);
          expect(res.body).toEqual({ status: 40900, message: '企业管理员角色拥有全部权限，不能缩小其权限' });
        }
        expect(await snapshot()).toEqual(before);
        expect(await lastAudit()).toMatchObject({
          action: 'role.update',
          result: 'failure',
          status: 40900,
          target: `role:${ownerRoleId}`,
        });
      });

      it('rejects unknown codes on the owner role too, with 40000', async () => {
        const before = await snapshot();
        const { menuCodes, elementCodes } = full();
        const res = await demo.put(`${ROLE}/${ownerRoleId}`, {
          name: '企业管理员',
          menuCodes: [...menuCodes, 'ghostMenu'],
          elementCodes,
        });
        expect(res.body.status).toBe(40000);
        expect(paths(res)).toEqual(['menuCodes']);
        expect(await snapshot()).toEqual(before);
      });

      it('cannot take the name of another role', async () => {
        const res = await demo.put(`${ROLE}/${ownerRoleId}`, { name: '财务', ...full() });
        expect(res.body.status).toBe(40000);
        expect(paths(res)).toEqual(['name']);
      });
    });
  });

  // ── DELETE /api/admin/role/:id ─────────────────────────────────────────────────────────────

  describe('DELETE /api/admin/role/:id', () => {
    it('deletes an unused role and audits role.delete with the target', async () => {
      const role = await createRole();
      const res = await demo.del(`${ROLE}/${role.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: 200, data: null });
      expect(await lastAudit()).toMatchObject({
        action: 'role.delete',
        result: 'success',
        status: 200,
        target: `role:${role.id}`,
        admin_id: demoId,
      });
      expect((await demo.get(`${ROLE}/${role.id}`)).body.status).toBe(40400);
      expect((await demo.get(OPTIONS)).body.data.map((o: { id: number }) => o.id)).not.toContain(role.id);
      const again = await demo.del(`${ROLE}/${role.id}`);
      expect(again.body).toEqual({ status: 40400, message: '角色不存在' });
    });

    it('refuses (40900) to delete a role assigned to an admin, and deletes it once unassigned', async () => {
      const role = await createRole();
      const { id: adminId } = await adminWithRoles([role.id]);
      const before = await snapshot();
      const res = await demo.del(`${ROLE}/${role.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.body).toEqual({ status: 40900, message: '该角色已分配给 1 个管理员，不能删除' });
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'role.delete', result: 'failure', status: 40900 });

      const unassign = await demo.put(`/api/admin/user/${adminId}`, {
        name: '角色测试',
        mobile: '13900000000',
        roleIds: [],
      });
      expect(unassign.body.status).toBe(200);
      expect((await demo.get(`${ROLE}/${role.id}`)).body.data.adminCount).toBe(0);
      expect((await demo.del(`${ROLE}/${role.id}`)).body.status).toBe(200);
    });

    it('never answers 500 when a role is deleted while it is being assigned, and leaves no dangling grant', async () => {
      for (let i = 0; i < 4; i++) {
        const role = await createRole();
        const [deleted, assigned] = await Promise.all([
          demo.del(`${ROLE}/${role.id}`),
          demo.post('/api/admin/user', {
            username: `race_role_${++seq}`,
            password: 'Passw0rd!x',
            name: '并发',
            mobile: '13900000000',
            roleIds: [role.id],
          }),
        ]);
        const outcome = [deleted.body.status, assigned.body.status];
        expect([
          [200, 40000],
          [40900, 200],
        ]).toContainEqual(outcome);
        if (assigned.body.status !== 200) expect(paths(assigned)).toEqual(['roleIds']);
      }
      const dangling = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from admin_role ar where not exists (select 1 from role r where r.id = ar.role_id)`,
      );
      expect(dangling[0]?.n).toBe(0);
    });

    it('refuses (40900) to delete the seeded 财务 role held by finance', async () => {
      const res = await demo.del(`${ROLE}/${financeRoleId}`);
      expect(res.body).toEqual({ status: 40900, message: '该角色已分配给 1 个管理员，不能删除' });
      expect((await demo.get(`${ROLE}/${financeRoleId}`)).body.data.name).toBe('财务');
    });

    it('refuses (40900) to delete the owner role, even when no admin holds it', async () => {
      const before = await snapshot();
      const res = await demo.del(`${ROLE}/${ownerRoleId}`);
      expect(res.body).toEqual({ status: 40900, message: '企业管理员角色不能删除' });
      await t.database.db.execute(sql`delete from admin_role where role_id = ${ownerRoleId}`);
      try {
        expect((await demo.del(`${ROLE}/${ownerRoleId}`)).body.status).toBe(40900);
      } finally {
        await t.database.db.execute(
          sql`insert into admin_role (company_id, admin_id, role_id) values (${xingheId}, ${demoId}, ${ownerRoleId})`,
        );
      }
      expect(await snapshot()).toEqual(before);
    });

    it('rejects an id that is not a positive integer with 40000 and deletes nothing', async () => {
      const before = await snapshot();
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const res = await demo.del(`${ROLE}/${id}`);
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'role.delete', result: 'failure', status: 40000 });
    });
  });

  // ── Another company ────────────────────────────────────────────────────────────────────────

  describe('another company’s roles', () => {
    it('answer 40400 to demo_yf on every endpoint by id, without their data, and stay unchanged', async () => {
      const before = await snapshot();
      const auditsBefore = await auditCount();
      const replies = [
        await yf.get(`${ROLE}/${financeRoleId}`),
        await yf.put(`${ROLE}/${financeRoleId}`, { name: '被改名', elementCodes: [...ELEMENT_CODES] }),
        await yf.del(`${ROLE}/${financeRoleId}`),
        await yf.get(`${ROLE}/${ownerRoleId}`),
        await yf.put(`${ROLE}/${ownerRoleId}`, { name: '被改名' }),
        await yf.del(`${ROLE}/${ownerRoleId}`),
      ];
      for (const res of replies) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toEqual({ status: 40400, message: '角色不存在' });
      }
      expect(await snapshot()).toEqual(before);
      expect(await auditCount()).toBe(auditsBefore + 4);
      expect(await lastAudit()).toMatchObject({ action: 'role.delete', result: 'failure', status: 40400 });
    });

    it('answer 40400 to demo for demo_yf’s owner role', async () => {
      expect((await demo.get(`${ROLE}/${yfOwnerRoleId}`)).body.status).toBe(40400);
      expect((await demo.del(`${ROLE}/${yfOwnerRoleId}`)).body.status).toBe(40400);
    });
  });
});
