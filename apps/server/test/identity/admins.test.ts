import { PASSWORD_RULE_MESSAGE, type TAdminRow, type TRole } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  caller,
  createTestApp,
  DEMO_PASSWORD,
  freshIp,
  loginAs,
  type Caller,
  type Reply,
  type TestApp,
} from '../helpers.ts';

const USER = '/api/admin/user';
const PAGE = `${USER}/page`;
const LOGIN = '/api/auth/jwt/ecomapnyToken';
const INFO = '/api/admin/user/front/info';
const PASSWORD = 'Passw0rd!x';

const ROW_KEYS = [
  'createdAt',
  'description',
  'email',
  'id',
  'isOwner',
  'lastLoginAt',
  'lastLoginIp',
  'mobile',
  'name',
  'roles',
  'status',
  'username',
  'verifyMethod',
].sort();

interface AuditRow {
  action: string;
  result: string;
  status: number;
  target: string;
  admin_id: number | null;
  company_id: number | null;
  detail: Record<string, unknown> | null;
  message: string;
}

const paths = (res: Reply): string[] => (res.body.data?.errors ?? []).map((e: { path: string }) => e.path);

let seq = 0;
/** A username unique within this file. */
const uniqueUsername = (prefix = 'adm') => `${prefix}_${++seq}`;

describe('admins API (管理员管理)', () => {
  let t: TestApp;
  let demo: Caller;
  let yf: Caller;
  let demoId: number;
  let yfId: number;
  let financeId: number;
  let xingheId: number;
  let ownerRoleId: number;
  let financeRoleId: number;
  let yfOwnerRoleId: number;
  /** A role granting nothing: every new admin needs one. */
  let baseRoleId: number;

  /** Every admin, grant and session: compared before and after a failed mutation. */
  const snapshot = async () => ({
    admins: await queryRows(t.database.db, sql`select * from admin order by id`),
    grants: await queryRows(t.database.db, sql`select * from admin_role order by company_id, admin_id, role_id`),
    sessions: await queryRows(
      t.database.db,
      sql`select id, admin_id, revoked_at, revoked_reason from session order by created_at, id`,
    ),
  });

  const lastAudit = async (): Promise<AuditRow> => {
    const [row] = await queryRows<AuditRow>(
      t.database.db,
      sql`select action, result, status, target, admin_id::int as admin_id, company_id::int as company_id, detail, message
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

  const passwordHashOf = async (id: number) =>
    (await queryRows<{ h: string }>(t.database.db, sql`select password_hash as h from admin where id = ${id}`))[0]?.h;

  /** Signs in on a fresh IP and answers the whole reply (login may be meant to fail). */
  const tryLogin = (username: string, password: string) =>
    caller(t.app, undefined, freshIp()).post(LOGIN, { username, password });

  /** Creates an admin of 星河科技 as demo and answers its row. */
  const createAdmin = async (body: Record<string, unknown> = {}): Promise<TAdminRow> => {
    const res = await demo.post(USER, {
      username: uniqueUsername(),
      password: PASSWORD,
      name: '测试管理员',
      mobile: '13900000000',
      roleIds: [baseRoleId],
      ...body,
    });
    expect(res.body.status).toBe(200);
    return res.body.data as TAdminRow;
  };

  /** A role of 星河科技 granting these elements. */
  const createRole = async (elementCodes: string[]): Promise<TRole> => {
    const res = await demo.post('/api/admin/role', { name: `角色${++seq}`, elementCodes });
    expect(res.body.status).toBe(200);
    return res.body.data as TRole;
  };

  /** A non-owner admin whose role grants system:admin, signed in. */
  const manager = async () => {
    const role = await createRole(['system:admin']);
    const row = await createAdmin({ roleIds: [role.id] });
    return { row, client: caller(t.app, await loginAs(t.app, row.username, PASSWORD)) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    yf = caller(t.app, await loginAs(t.app, 'demo_yf'));
    xingheId = await idOf(sql`select id::int as id from company where name = '星河科技有限公司'`);
    const yunfanId = await idOf(sql`select id::int as id from company where name = '云帆物流有限公司'`);
    demoId = await idOf(sql`select id::int as id from admin where username = 'demo'`);
    yfId = await idOf(sql`select id::int as id from admin where username = 'demo_yf'`);
    financeId = await idOf(sql`select id::int as id from admin where username = 'finance'`);
    ownerRoleId = await idOf(sql`select id::int as id from role where company_id = ${xingheId} and is_owner_role`);
    financeRoleId = await idOf(sql`select id::int as id from role where company_id = ${xingheId} and name = '财务'`);
    yfOwnerRoleId = await idOf(sql`select id::int as id from role where company_id = ${yunfanId} and is_owner_role`);
    baseRoleId = (await createRole([])).id;
  });
  afterAll(() => t.close());

  // ── Access: every endpoint ─────────────────────────────────────────────────────────────────

  const validUpdate = () => ({ name: '王敏', mobile: '13800000003', roleIds: [ownerRoleId] });
  const endpoints = (): { name: string; call: (c: Caller) => Promise<Reply>; mutating: string | null }[] => [
    { name: 'GET /api/admin/user/page', call: (c) => c.get(PAGE), mutating: null },
    { name: 'GET /api/admin/user/:id', call: (c) => c.get(`${USER}/${financeId}`), mutating: null },
    {
      name: 'POST /api/admin/user',
      call: (c) => c.post(USER, { username: 'sneaky_admin', password: PASSWORD, name: '越权', mobile: '13900000009' }),
      mutating: 'admin.create',
    },
    {
      name: 'PUT /api/admin/user/:id',
      call: (c) => c.put(`${USER}/${financeId}`, validUpdate()),
      mutating: 'admin.update',
    },
    {
      name: 'PUT /api/admin/user/:id/status',
      call: (c) => c.put(`${USER}/${demoId}/status`, { status: 'disabled' }),
      mutating: 'admin.status',
    },
    {
      name: 'PUT /api/admin/user/:id/password',
      call: (c) => c.put(`${USER}/${demoId}/password`, { password: 'Hijack123' }),
      mutating: 'admin.resetPassword',
    },
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

    it('answers 40301 to finance (role 财务 lacks system:admin) on every endpoint', async () => {
      const finance = caller(t.app, await loginAs(t.app, 'finance'));
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
      expect((await tryLogin('demo', DEMO_PASSWORD)).body.status).toBe(200);
    });
  });

  // ── GET /api/admin/user/page ───────────────────────────────────────────────────────────────

  describe('GET /api/admin/user/page', () => {
    it('lists the company’s admins owner first, with their roles and no secrets', async () => {
      const res = await demo.get(PAGE, { limit: 200 });
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(200);
      const rows = res.body.data.rows as TAdminRow[];
      expect(res.body.data.total).toBe(rows.length);
      expect(rows[0]).toMatchObject({
        id: demoId,
        username: 'demo',
        name: '林晓',
        isOwner: true,
        status: 'enabled',
        verifyMethod: 'password',
        roles: [{ id: ownerRoleId, name: '企业管理员' }],
      });
      expect(rows.find((r) => r.id === financeId)).toMatchObject({
        username: 'finance',
        isOwner: false,
        mobile: '138****0003',
        roles: [{ id: financeRoleId, name: '财务' }],
      });
      expect(rows[0]?.lastLoginAt).toEqual(expect.any(String));
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
      expect(JSON.stringify(res.body)).not.toContain('$argon2');
      expect(rows.map((r) => r.username)).not.toContain('demo_yf');
    });

    it('pages with page and limit', async () => {
      await createAdmin();
      const all = (await demo.get(PAGE, { limit: 200 })).body.data;
      const second = await demo.get(PAGE, { page: 2, limit: 1 });
      expect(second.body.data.total).toBe(all.total);
      expect(second.body.data.rows.map((r: TAdminRow) => r.id)).toEqual([all.rows[1].id]);
      expect((await demo.get(PAGE, { page: 500 })).body.data).toEqual({ total: all.total, rows: [] });
    });

    it('filters by trimmed fragments of username, name and mobile, by status and by role', async () => {
      const role = await createRole(['stats:view']);
      const a = await createAdmin({ username: 'flt_a1', name: '筛选甲', mobile: '13711112222', roleIds: [role.id] });
      const b = await createAdmin({ username: 'FLT_b1', name: '筛选乙', mobile: '13733334444', status: 'disabled' });
      const x = await createAdmin({ username: 'fltxa1', name: '其他', mobile: '13755556666', roleIds: [role.id] });
      const ids = async (query: Record<string, string | number>) => {
        const res = await demo.get(PAGE, query);
        expect(res.body.status, JSON.stringify(query)).toBe(200);
        return (res.body.data.rows as TAdminRow[]).map((r) => r.id);
      };
      expect(await ids({ username: ' flt_ ' })).toEqual([a.id, b.id]);
      expect(await ids({ username: 'flt' })).toEqual([a.id, b.id, x.id]);
      expect(await ids({ name: ' 筛选 ' })).toEqual([a.id, b.id]);
      expect(await ids({ mobile: '3333' })).toEqual([b.id]);
      expect(await ids({ status: 'disabled', username: 'flt' })).toEqual([b.id]);
      expect(await ids({ status: 'enabled', username: 'flt' })).toEqual([a.id, x.id]);
      expect(await ids({ roleId: role.id })).toEqual([a.id, x.id]);
      expect(await ids({ roleId: role.id, name: '筛选' })).toEqual([a.id]);
      expect(await ids({ roleId: financeRoleId })).toEqual([financeId]);
      expect(await ids({ username: '%' })).toEqual([]);
      expect(await ids({ username: '   ' })).toHaveLength((await demo.get(PAGE, { limit: 200 })).body.data.total);
    });

    it('rejects bad paging and filter input with 40000 naming the field', async () => {
      const cases: [Record<string, string | number>, string][] = [
        [{ page: 0 }, 'querystring.page'],
        [{ page: 'first' }, 'querystring.page'],
        [{ limit: 201 }, 'querystring.limit'],
        [{ limit: 2.5 }, 'querystring.limit'],
        [{ status: 'frozen' }, 'querystring.status'],
        [{ roleId: 'abc' }, 'querystring.roleId'],
        [{ roleId: 0 }, 'querystring.roleId'],
        [{ roleId: '99999999999999999999' }, 'querystring.roleId'],
        [{ username: 'u'.repeat(33) }, 'querystring.username'],
        [{ name: '名'.repeat(51) }, 'querystring.name'],
        [{ mobile: '139000000001' }, 'querystring.mobile'],
      ];
      for (const [query, path] of cases) {
        const res = await demo.get(PAGE, query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.body.status, JSON.stringify(query)).toBe(40000);
        expect(paths(res), JSON.stringify(query)).toContain(path);
      }
    });

    it('never lists another company’s admins, whatever the filter', async () => {
      const res = await yf.get(PAGE, { limit: 200 });
      expect(res.body.data.rows.map((r: TAdminRow) => r.username)).toEqual(['demo_yf']);
      expect((await yf.get(PAGE, { username: 'finance' })).body.data).toEqual({ total: 0, rows: [] });
      expect((await yf.get(PAGE, { roleId: financeRoleId })).body.data).toEqual({ total: 0, rows: [] });
      expect((await demo.get(PAGE, { roleId: yfOwnerRoleId })).body.data).toEqual({ total: 0, rows: [] });
    });
  });

  // ── GET /api/admin/user/:id ────────────────────────────────────────────────────────────────

  describe('GET /api/admin/user/:id', () => {
    it('answers one admin with its roles and no secrets', async () => {
      const res = await demo.get(`${USER}/${financeId}`);
      expect(res.body.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: financeId,
        username: 'finance',
        name: '王敏',
        email: 'finance@xinghe.example',
        isOwner: false,
        roles: [{ id: financeRoleId, name: '财务' }],
      });
      expect(Object.keys(res.body.data).sort()).toEqual(ROW_KEYS);
      expect(JSON.stringify(res.body)).not.toContain('$argon2');
    });

    it('rejects an id that is not a positive integer with 40000', async () => {
      for (const id of ['abc', '0', '-2', '3.5', '99999999999999999999']) {
        const res = await demo.get(`${USER}/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
    });

    it('answers 40400 for an id that is no admin', async () => {
      const res = await demo.get(`${USER}/987654321`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 40400, message: '管理员不存在' });
    });
  });

  // ── POST /api/admin/user ───────────────────────────────────────────────────────────────────

  describe('POST /api/admin/user', () => {
    it('creates an enabled admin from trimmed input with its roles, who can then sign in; audits admin.create', async () => {
      const res = await demo.post(USER, {
        username: '  new_admin1 ',
        password: PASSWORD,
        name: '  张三 ',
        mobile: ' 13912345678 ',
        email: ' zhang@xinghe.example ',
        description: ' 新同事 ',
        roleIds: [financeRoleId, financeRoleId],
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(200);
      const row = res.body.data as TAdminRow;
      expect(row).toMatchObject({
        username: 'new_admin1',
        name: '张三',
        mobile: '139****5678',
        email: 'zhang@xinghe.example',
        description: '新同事',
        status: 'enabled',
        isOwner: false,
        verifyMethod: 'password',
        roles: [{ id: financeRoleId, name: '财务' }],
        lastLoginAt: null,
        lastLoginIp: null,
      });
      expect((await demo.get(`${USER}/${row.id}`)).body.data).toEqual(row);
      expect(await lastAudit()).toMatchObject({
        action: 'admin.create',
        result: 'success',
        status: 200,
        target: `admin:${row.id}`,
        admin_id: demoId,
        company_id: xingheId,
      });
      expect(await passwordHashOf(row.id)).toMatch(/^\$argon2id\$/);
      const token = await loginAs(t.app, 'new_admin1', PASSWORD);
      const info = (await caller(t.app, token).get(INFO)).body.data;
      expect(info).toMatchObject({ username: 'new_admin1', companyName: '星河科技有限公司', isOwner: false });
      expect(info.elements.map((e: { code: string }) => e.code)).toContain('payroll:pay');
    });

    it('defaults email and description to empty', async () => {
      const row = await createAdmin();
      expect(row).toMatchObject({ email: '', description: '', roles: [{ id: baseRoleId }], status: 'enabled' });
    });

    it('refuses an admin without a role with 40000 on roleIds and creates nothing', async () => {
      const before = await snapshot();
      for (const roleIds of [undefined, []]) {
        const res = await demo.post(USER, {
          username: uniqueUsername(),
          password: PASSWORD,
          name: '无角色',
          mobile: '13900000000',
          roleIds,
        });
        expect(res.statusCode, JSON.stringify(roleIds)).toBe(400);
        expect(res.body.status).toBe(40000);
        expect(res.body.data.errors).toEqual([{ path: 'roleIds', message: '请至少选择一个角色' }]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('creates a disabled admin when asked, whose sign-in is refused', async () => {
      const row = await createAdmin({ status: 'disabled' });
      expect(row.status).toBe('disabled');
      const res = await tryLogin(row.username, PASSWORD);
      expect(res.body).toMatchObject({ status: 40001, message: '账号已停用，请联系企业管理员' });
    });

    it('rejects a weak password with 40000 on password and creates nothing', async () => {
      const before = await snapshot();
      for (const password of ['abcdefgh', '12345678', 'abc1234', 'Ab1'.repeat(22)]) {
        const res = await demo.post(USER, {
          username: uniqueUsername(),
          password,
          name: '弱',
          mobile: '13900000000',
          roleIds: [baseRoleId],
        });
        expect(res.statusCode, password).toBe(400);
        expect(res.body.status, password).toBe(40000);
        expect(res.body.data.errors, password).toEqual([{ path: 'password', message: PASSWORD_RULE_MESSAGE }]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('rejects missing, mistyped, malformed and too long fields with 40000 and creates nothing', async () => {
      const before = await snapshot();
      const ok = () => ({
        username: uniqueUsername(),
        password: PASSWORD,
        name: '张三',
        mobile: '13900000000',
        roleIds: [baseRoleId],
      });
      const cases: [unknown, string, string?][] = [
        [{}, 'username'],
        [{ ...ok(), username: undefined }, 'username'],
        [{ ...ok(), password: undefined }, 'password', '请输入密码'],
        [{ ...ok(), name: undefined }, 'name'],
        [{ ...ok(), mobile: undefined }, 'mobile'],
        [{ ...ok(), username: 12345 }, 'username'],
        [{ ...ok(), username: 'abc' }, 'username'],
        [{ ...ok(), username: `u${'x'.repeat(32)}` }, 'username', '用户名最多 32 个字符'],
        [{ ...ok(), username: 'bad name' }, 'username'],
        [{ ...ok(), username: '张三丰四' }, 'username'],
        [{ ...ok(), password: 12345678 }, 'password'],
        [{ ...ok(), name: '   ' }, 'name', '请输入姓名'],
        [{ ...ok(), name: '名'.repeat(51) }, 'name', '姓名最多 50 个字符'],
        [{ ...ok(), mobile: '12345678901' }, 'mobile', '请输入正确的 11 位手机号'],
        [{ ...ok(), mobile: '1391234567' }, 'mobile'],
        [{ ...ok(), mobile: 13912345678 }, 'mobile'],
        [{ ...ok(), email: 'not-an-email' }, 'email', '请输入正确的邮箱'],
        [{ ...ok(), email: `${'e'.repeat(96)}@a.cn` }, 'email', '邮箱最多 100 个字符'],
        [{ ...ok(), description: 'd'.repeat(201) }, 'description', '备注最多 200 个字符'],
        [{ ...ok(), status: 'frozen' }, 'status'],
        [{ ...ok(), roleIds: String(financeRoleId) }, 'roleIds'],
        [{ ...ok(), roleIds: [String(financeRoleId)] }, 'roleIds.0'],
        [{ ...ok(), roleIds: [0] }, 'roleIds.0'],
        [{ ...ok(), roleIds: [1.5] }, 'roleIds.0'],
        [{ ...ok(), roleIds: [1e20] }, 'roleIds.0'],
        [{ ...ok(), roleIds: Array.from({ length: 51 }, () => financeRoleId) }, 'roleIds'],
      ];
      for (const [body, path, message] of cases) {
        const res = await demo.post(USER, body);
        const label = JSON.stringify(body).slice(0, 100);
        expect(res.statusCode, label).toBe(400);
        expect(res.body.status, label).toBe(40000);
        expect(paths(res), label).toContain(path);
        if (message) expect(res.body.data.errors.find((e: { path: string }) => e.path === path).message).toBe(message);
      }
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'admin.create', result: 'failure', status: 40000, target: '' });
    });

    it('rejects a username already used, in this company or another, with 40000 on username', async () => {
      const before = await snapshot();
      for (const username of ['finance', ' finance ', 'demo_yf', 'demo']) {
        const res = await demo.post(USER, {
          username,
          password: PASSWORD,
          name: '重名',
          mobile: '13900000000',
          roleIds: [baseRoleId],
        });
        expect(res.statusCode, username).toBe(400);
        expect(res.body, username).toMatchObject({ status: 40000, message: '用户名已被使用' });
        expect(paths(res), username).toEqual(['username']);
      }
      expect(await snapshot()).toEqual(before);
      expect((await tryLogin('finance', DEMO_PASSWORD)).body.status).toBe(200);
    });

    it('answers one success and one 40000 on username to two simultaneous creations of one username', async () => {
      const username = uniqueUsername('race');
      const body = { username, password: PASSWORD, name: '并发', mobile: '13900000000', roleIds: [baseRoleId] };
      const replies = await Promise.all([demo.post(USER, body), demo.post(USER, body)]);
      expect(replies.map((r) => r.body.status).sort()).toEqual([200, 40000]);
      const failed = replies.find((r) => r.body.status !== 200);
      expect(failed && paths(failed)).toEqual(['username']);
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from admin where username = ${username}`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('rejects roles of another company or unknown roles with 40000 on roleIds and creates nothing', async () => {
      const before = await snapshot();
      for (const roleIds of [[yfOwnerRoleId], [financeRoleId, yfOwnerRoleId], [987654321]]) {
        const res = await demo.post(USER, {
          username: uniqueUsername(),
          password: PASSWORD,
          name: '越界',
          mobile: '13900000000',
          roleIds,
        });
        expect(res.statusCode, JSON.stringify(roleIds)).toBe(400);
        expect(res.body, JSON.stringify(roleIds)).toMatchObject({ status: 40000, message: '所选角色不存在' });
        expect(paths(res)).toEqual(['roleIds']);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  // ── PUT /api/admin/user/:id ────────────────────────────────────────────────────────────────

  describe('PUT /api/admin/user/:id', () => {
    it('edits name, mobile, email, description and roles from trimmed input; audits admin.update', async () => {
      const row = await createAdmin({ roleIds: [financeRoleId] });
      const role = await createRole(['stats:view']);
      const hash = await passwordHashOf(row.id);
      const res = await demo.put(`${USER}/${row.id}`, {
        name: ' 李四 ',
        mobile: '13611112222',
        email: 'li@xinghe.example',
        description: ' 调岗 ',
        roleIds: [role.id],
      });
      expect(res.body.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: row.id,
        username: row.username,
        name: '李四',
        mobile: '136****2222',
        email: 'li@xinghe.example',
        description: '调岗',
        roles: [{ id: role.id, name: role.name }],
      });
      expect((await demo.get(`${USER}/${row.id}`)).body.data).toEqual(res.body.data);
      expect(await passwordHashOf(row.id)).toBe(hash);
      expect(await lastAudit()).toMatchObject({
        action: 'admin.update',
        result: 'success',
        status: 200,
        target: `admin:${row.id}`,
        admin_id: demoId,
      });
    });

    it('masks mobiles in the list and the detail; the masked value sent back keeps the stored number', async () => {
      const row = await createAdmin({ mobile: '13512345678' });
      const storedMobile = async () =>
        (await queryRows<{ m: string }>(t.database.db, sql`select mobile as m from admin where id = ${row.id}`))[0]?.m;
      expect(row.mobile).toBe('135****5678');
      const list = (await demo.get(PAGE, { limit: 200 })).body.data.rows as TAdminRow[];
      for (const r of list) expect(r.mobile, r.username).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(JSON.stringify(list)).not.toContain('13512345678');
      expect((await demo.get(`${USER}/${row.id}`)).body.data.mobile).toBe('135****5678');

      const kept = await demo.put(`${USER}/${row.id}`, {
        name: '改名',
        mobile: ' 135****5678 ',
        roleIds: [baseRoleId],
      });
      expect(kept.body.status).toBe(200);
      expect(kept.body.data).toMatchObject({ name: '改名', mobile: '135****5678' });
      expect(await storedMobile()).toBe('13512345678');

      const before = await snapshot();
      const other = await demo.put(`${USER}/${row.id}`, { name: '改名', mobile: '135****0000', roleIds: [baseRoleId] });
      expect(other.body).toMatchObject({ status: 40000, message: '请输入完整的 11 位新手机号' });
      expect(paths(other)).toEqual(['mobile']);
      expect(await snapshot()).toEqual(before);

      const replaced = await demo.put(`${USER}/${row.id}`, {
        name: '改名',
        mobile: '13687654321',
        roleIds: [baseRoleId],
      });
      expect(replaced.body.data.mobile).toBe('136****4321');
      expect(await storedMobile()).toBe('13687654321');
    });

    it('ignores username, status, password and owner flag in the edit body', async () => {
      const row = await createAdmin();
      const hash = await passwordHashOf(row.id);
      const res = await demo.put(`${USER}/${row.id}`, {
        name: '改名',
        mobile: '13900000000',
        username: 'hijacked_name',
        status: 'disabled',
        password: 'Other1234',
        isOwner: true,
      });
      expect(res.body.status).toBe(200);
      expect(res.body.data).toMatchObject({ username: row.username, status: 'enabled', isOwner: false, name: '改名' });
      expect(await passwordHashOf(row.id)).toBe(hash);
    });

    it('removes every role with an empty roleIds, and role changes take effect on the admin’s next request', async () => {
      const row = await createAdmin();
      const client = caller(t.app, await loginAs(t.app, row.username, PASSWORD));
      expect((await client.get(PAGE)).body.status).toBe(40301);
      const role = await createRole(['system:admin']);
      await demo.put(`${USER}/${row.id}`, { name: row.name, mobile: row.mobile, roleIds: [role.id] });
      expect((await client.get(PAGE)).body.status).toBe(200);
      const cleared = await demo.put(`${USER}/${row.id}`, { name: row.name, mobile: row.mobile, roleIds: [] });
      expect(cleared.body.data.roles).toEqual([]);
      expect((await client.get(PAGE)).body.status).toBe(40301);
    });

    it('rejects missing, mistyped, malformed and too long fields with 40000 and leaves the admin unchanged', async () => {
      const row = await createAdmin({ roleIds: [financeRoleId] });
      const before = await snapshot();
      const ok = () => ({ name: '张三', mobile: '13900000000' });
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ mobile: '13900000000' }, 'name'],
        [{ name: '张三' }, 'mobile'],
        [{ ...ok(), name: 7 }, 'name'],
        [{ ...ok(), name: '  ' }, 'name'],
        [{ ...ok(), name: 'n'.repeat(51) }, 'name'],
        [{ ...ok(), mobile: '23900000000' }, 'mobile'],
        [{ ...ok(), email: 'a@' }, 'email'],
        [{ ...ok(), description: 'd'.repeat(201) }, 'description'],
        [{ ...ok(), roleIds: [-1] }, 'roleIds.0'],
        [{ ...ok(), roleIds: 'all' }, 'roleIds'],
      ];
      for (const [body, path] of cases) {
        const res = await demo.put(`${USER}/${row.id}`, body);
        expect(res.body.status, JSON.stringify(body)).toBe(40000);
        expect(paths(res), JSON.stringify(body)).toContain(path);
      }
      for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
        const res = await demo.put(`${USER}/${id}`, ok());
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'admin.update', result: 'failure', status: 40000 });
    });

    it('rejects roles of another company with 40000 on roleIds and leaves the admin unchanged', async () => {
      const row = await createAdmin({ roleIds: [financeRoleId] });
      const before = await snapshot();
      const res = await demo.put(`${USER}/${row.id}`, {
        name: '越界',
        mobile: '13900000000',
        roleIds: [financeRoleId, yfOwnerRoleId],
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({ status: 40000, message: '所选角色不存在' });
      expect(paths(res)).toEqual(['roleIds']);
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({
        action: 'admin.update',
        result: 'failure',
        status: 40000,
        target: `admin:${row.id}`,
      });
    });

    it('answers 40400 for an id that is no admin', async () => {
      const res = await demo.put(`${USER}/987654321`, { name: '无', mobile: '13900000000' });
      expect(res.body).toEqual({ status: 40400, message: '管理员不存在' });
      expect(await lastAudit()).toMatchObject({ action: 'admin.update', result: 'failure', status: 40400 });
    });
  });

  // ── PUT /api/admin/user/:id/status ─────────────────────────────────────────────────────────

  describe('PUT /api/admin/user/:id/status', () => {
    it('disables an admin, ending its sessions, and enables it again; audits admin.status', async () => {
      const row = await createAdmin();
      const token = await loginAs(t.app, row.username, PASSWORD);
      const off = await demo.put(`${USER}/${row.id}/status`, { status: 'disabled' });
      expect(off.body).toEqual({ status: 200, data: null });
      expect(await lastAudit()).toMatchObject({
        action: 'admin.status',
        result: 'success',
        status: 200,
        target: `admin:${row.id}`,
        admin_id: demoId,
        detail: { status: 'disabled' },
      });
      expect((await demo.get(`${USER}/${row.id}`)).body.data.status).toBe('disabled');
      expect((await caller(t.app, token).get(INFO)).body.status).toBe(40003);
      const sessions = await queryRows<{ revoked_reason: string | null }>(
        t.database.db,
        sql`select revoked_reason from session where admin_id = ${row.id}`,
      );
      expect(sessions).toEqual([{ revoked_reason: 'disabled' }]);

      const on = await demo.put(`${USER}/${row.id}/status`, { status: 'enabled' });
      expect(on.body.status).toBe(200);
      expect(await lastAudit()).toMatchObject({ action: 'admin.status', detail: { status: 'enabled' } });
      expect((await demo.get(`${USER}/${row.id}`)).body.data.status).toBe('enabled');
      expect((await tryLogin(row.username, PASSWORD)).body.status).toBe(200);
      expect((await caller(t.app, token).get(INFO)).body.status).toBe(40003);
    });

    it('disabling finance makes its existing token answer 40003 and its sign-in 40001 账号已停用', async () => {
      const financeToken = await loginAs(t.app, 'finance');
      expect((await caller(t.app, financeToken).get(INFO)).body.status).toBe(200);
      try {
        expect((await demo.put(`${USER}/${financeId}/status`, { status: 'disabled' })).body.status).toBe(200);
        const stale = await caller(t.app, financeToken).get(INFO);
        expect(stale.statusCode).toBe(401);
        expect(stale.body.status).toBe(40003);
        const login = await tryLogin('finance', DEMO_PASSWORD);
        expect(login.statusCode).toBe(400);
        expect(login.body).toEqual({ status: 40001, message: '账号已停用，请联系企业管理员' });
        const listed = await demo.get(PAGE, { status: 'disabled', username: 'finance' });
        expect(listed.body.data.rows.map((r: TAdminRow) => r.id)).toEqual([financeId]);
      } finally {
        await demo.put(`${USER}/${financeId}/status`, { status: 'enabled' });
      }
      expect((await tryLogin('finance', DEMO_PASSWORD)).body.status).toBe(200);
    });

    it('refuses (40900) to disable the signed-in admin itself or the owner, and changes nothing', async () => {
      const { row, client } = await manager();
      const before = await snapshot();
      const self = await client.put(`${USER}/${row.id}/status`, { status: 'disabled' });
      expect(self.statusCode).toBe(409);
      expect(self.body).toEqual({ status: 40900, message: '不能停用当前登录的账号' });
      const owner = await client.put(`${USER}/${demoId}/status`, { status: 'disabled' });
      expect(owner.body).toEqual({ status: 40900, message: '企业主账号不能停用' });
      expect(await lastAudit()).toMatchObject({
        action: 'admin.status',
        result: 'failure',
        status: 40900,
        target: `admin:${demoId}`,
        admin_id: row.id,
      });
      const ownerSelf = await demo.put(`${USER}/${demoId}/status`, { status: 'disabled' });
      expect(ownerSelf.body.status).toBe(40900);
      expect(await snapshot()).toEqual(before);
      expect((await demo.get(INFO)).body.status).toBe(200);
      expect((await client.get(PAGE)).body.status).toBe(200);
    });

    it('lets a manager with system:admin disable another ordinary admin', async () => {
      const { client } = await manager();
      const target = await createAdmin();
      expect((await client.put(`${USER}/${target.id}/status`, { status: 'disabled' })).body.status).toBe(200);
      expect((await demo.get(`${USER}/${target.id}`)).body.data.status).toBe('disabled');
    });

    it('rejects a missing, unknown or mistyped status and a bad id with 40000, changing nothing', async () => {
      const row = await createAdmin();
      const before = await snapshot();
      for (const body of [{}, { status: 'frozen' }, { status: 0 }, { status: ' disabled ' }, { status: null }]) {
        const res = await demo.put(`${USER}/${row.id}/status`, body);
        expect(res.body.status, JSON.stringify(body)).toBe(40000);
        expect(paths(res), JSON.stringify(body)).toEqual(['status']);
        expect(res.body.data.errors[0].message).toBe('状态不正确');
      }
      for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
        const res = await demo.put(`${USER}/${id}/status`, { status: 'disabled' });
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers 40400 for an id that is no admin', async () => {
      const res = await demo.put(`${USER}/987654321/status`, { status: 'disabled' });
      expect(res.body).toEqual({ status: 40400, message: '管理员不存在' });
    });
  });

  // ── PUT /api/admin/user/:id/password ───────────────────────────────────────────────────────

  describe('PUT /api/admin/user/:id/password', () => {
    it('sets the new password, revokes every session of that admin only, and audits admin.resetPassword', async () => {
      const row = await createAdmin();
      const first = await loginAs(t.app, row.username, PASSWORD);
      const second = await loginAs(t.app, row.username, PASSWORD);
      const financeToken = await loginAs(t.app, 'finance');
      const res = await demo.put(`${USER}/${row.id}/password`, { password: 'N3wSecret!' });
      expect(res.body).toEqual({ status: 200, data: null });
      const audit = await lastAudit();
      expect(audit).toMatchObject({
        action: 'admin.resetPassword',
        result: 'success',
        status: 200,
        target: `admin:${row.id}`,
        admin_id: demoId,
      });
      expect(JSON.stringify(audit)).not.toContain('N3wSecret');
      for (const token of [first, second]) {
        const stale = await caller(t.app, token).get(INFO);
        expect(stale.statusCode).toBe(401);
        expect(stale.body.status).toBe(40003);
      }
      const reasons = await queryRows<{ revoked_reason: string | null }>(
        t.database.db,
        sql`select revoked_reason from session where admin_id = ${row.id}`,
      );
      expect(reasons).toEqual([{ revoked_reason: 'password_reset' }, { revoked_reason: 'password_reset' }]);
      expect((await caller(t.app, financeToken).get(INFO)).body.status).toBe(200);
      expect((await demo.get(INFO)).body.status).toBe(200);
      expect((await tryLogin(row.username, PASSWORD)).body).toMatchObject({
        status: 40001,
        message: '用户名或密码错误',
      });
      const fresh = await loginAs(t.app, row.username, 'N3wSecret!');
      expect((await caller(t.app, fresh).get(INFO)).body.data.username).toBe(row.username);
    });

    it('rejects a weak, missing, mistyped or too long password with 40000 and keeps the old one', async () => {
      const row = await createAdmin();
      const before = await snapshot();
      for (const body of [
        { password: 'onlyletters' },
        { password: '1234567890' },
        { password: 'ab12' },
        { password: `Ab1${'x'.repeat(62)}` },
      ]) {
        const res = await demo.put(`${USER}/${row.id}/password`, body);
        expect(res.statusCode, body.password).toBe(400);
        expect(res.body.data.errors, body.password).toEqual([{ path: 'password', message: PASSWORD_RULE_MESSAGE }]);
      }
      for (const body of [{}, { password: 12345678 }, { password: null }]) {
        const res = await demo.put(`${USER}/${row.id}/password`, body);
        expect(res.body.status, JSON.stringify(body)).toBe(40000);
        expect(paths(res), JSON.stringify(body)).toEqual(['password']);
      }
      for (const id of ['abc', '0', '-5', '99999999999999999999']) {
        const res = await demo.put(`${USER}/${id}/password`, { password: 'N3wSecret!' });
        expect(res.body.status, id).toBe(40000);
        expect(paths(res), id).toContain('params.id');
      }
      expect(await snapshot()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'admin.resetPassword', result: 'failure', status: 40000 });
      expect((await tryLogin(row.username, PASSWORD)).body.status).toBe(200);
    });

    it('refuses (40900) to reset the caller’s own password or, for a non-owner, the owner’s', async () => {
      const { row, client } = await manager();
      const before = await snapshot();
      const self = await client.put(`${USER}/${row.id}/password`, { password: 'N3wSecret!' });
      expect(self.statusCode).toBe(409);
      expect(self.body).toEqual({ status: 40900, message: '请在“修改密码”中修改自己的密码' });
      const owner = await client.put(`${USER}/${demoId}/password`, { password: 'N3wSecret!' });
      expect(owner.body).toEqual({ status: 40900, message: '不能重置企业主账号的密码' });
      expect(await lastAudit()).toMatchObject({
        action: 'admin.resetPassword',
        result: 'failure',
        status: 40900,
        target: `admin:${demoId}`,
      });
      expect((await demo.put(`${USER}/${demoId}/password`, { password: 'N3wSecret!' })).body.status).toBe(40900);
      expect(await snapshot()).toEqual(before);
      expect((await tryLogin('demo', DEMO_PASSWORD)).body.status).toBe(200);
    });

    it('answers 40400 for an id that is no admin', async () => {
      const res = await demo.put(`${USER}/987654321/password`, { password: 'N3wSecret!' });
      expect(res.body).toEqual({ status: 40400, message: '管理员不存在' });
    });
  });

  // ── Another company ────────────────────────────────────────────────────────────────────────

  describe('another company’s admins', () => {
    it('answer 40400 to demo_yf on every endpoint by id, without their data, and stay unchanged', async () => {
      const financeToken = await loginAs(t.app, 'finance');
      const before = await snapshot();
      const auditsBefore = await auditCount();
      for (const id of [financeId, demoId]) {
        const replies = [
          await yf.get(`${USER}/${id}`),
          await yf.put(`${USER}/${id}`, { name: '被改名', mobile: '13900000000', roleIds: [yfOwnerRoleId] }),
          await yf.put(`${USER}/${id}/status`, { status: 'disabled' }),
          await yf.put(`${USER}/${id}/password`, { password: 'Hijack123' }),
        ];
        for (const res of replies) {
          expect(res.statusCode).toBe(404);
          expect(res.body).toEqual({ status: 40400, message: '管理员不存在' });
        }
      }
      expect(await auditCount()).toBe(auditsBefore + 6);
      expect(await lastAudit()).toMatchObject({
        action: 'admin.resetPassword',
        result: 'failure',
        status: 40400,
        admin_id: yfId,
      });
      expect(await snapshot()).toEqual(before);
      expect((await caller(t.app, financeToken).get(INFO)).body.status).toBe(200);
      expect((await tryLogin('finance', DEMO_PASSWORD)).body.status).toBe(200);
    });

    it('answer 40400 to demo for demo_yf', async () => {
      expect((await demo.get(`${USER}/${yfId}`)).body.status).toBe(40400);
      expect((await demo.put(`${USER}/${yfId}/status`, { status: 'disabled' })).body.status).toBe(40400);
      expect((await yf.get(INFO)).body.status).toBe(200);
    });

    it('refuses demo_yf assigning demo’s roles to its own admins (40000 on roleIds)', async () => {
      const before = await snapshot();
      const res = await yf.put(`${USER}/${yfId}`, { name: '林晓', mobile: '13800000001', roleIds: [financeRoleId] });
      expect(res.body.status).toBe(40000);
      expect(paths(res)).toEqual(['roleIds']);
      const created = await yf.post(USER, {
        username: uniqueUsername('yf'),
        password: PASSWORD,
        name: '云帆',
        mobile: '13900000000',
        roleIds: [ownerRoleId],
      });
      expect(created.body.status).toBe(40000);
      expect(paths(created)).toEqual(['roleIds']);
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe('owner protections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets only the owner hand out the owner role and edit the owner account', async () => {
    const demo = caller(t.app, await loginAs(t.app, 'demo'));
    const roles = (await demo.get('/api/admin/role/options')).body.data as { id: number; name: string }[];
    const ownerRole = roles.find((r) => r.name === '企业管理员');
    const managerRole = (
      await demo.post('/api/admin/role', {
        name: '管理员主管',
        menuCodes: ['adminManage'],
        elementCodes: ['system:admin'],
      })
    ).body.data as { id: number };
    const created = await demo.post('/api/admin/user', {
      username: 'manager01',
      password: 'Manager@123',
      name: '赵主管',
      mobile: '13700000001',
      roleIds: [managerRole.id],
    });
    expect(created.body.status).toBe(200);
    const manager = caller(t.app, await loginAs(t.app, 'manager01', 'Manager@123'));
    const self = await manager.put(`/api/admin/user/${created.body.data.id}`, {
      name: '赵主管',
      mobile: '13700000001',
      roleIds: [managerRole.id, ownerRole?.id],
    });
    expect(self.body).toMatchObject({
      status: 40000,
      data: { errors: [{ path: 'roleIds', message: '只有企业主账号可以分配企业管理员角色' }] },
    });
    const owners = (await manager.get('/api/admin/user/page', { username: 'demo' })).body.data.rows as {
      id: number;
      username: string;
    }[];
    const ownerRow = owners.find((r) => r.username === 'demo');
    const editOwner = await manager.put(`/api/admin/user/${ownerRow?.id}`, {
      name: '林晓',
      mobile: '13600000000',
      roleIds: [],
    });
    expect(editOwner.body).toMatchObject({ status: 40900, message: '企业主账号的信息只能由其本人修改' });
    expect((await demo.get(`/api/admin/user/${ownerRow?.id}`)).body.data.mobile).toBe('138****0001');
  });
});
