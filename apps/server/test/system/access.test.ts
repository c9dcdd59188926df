/**
 * Access to every API route, walked from the routes' own declarations (`app.accessTable`), so a
 * route added later is checked without being listed here: without a token every route but the
 * public ones answers 40101, and a route guarded by an element answers 40301 to an admin whose
 * roles grant every element but that one. Neither changes any data.
 */
import { ASYNC_ROUTES, ELEMENT_CODES, flattenRoutes, menuCodeOf, type TElementCode } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { RouteAccess } from '../../src/plugins/auth.ts';
import {
  caller,
  createTestApp,
  loginAs,
  writtenWhenRefused,
  type Caller,
  type Reply,
  type TestApp,
} from '../helpers.ts';

const ALL_MENUS = flattenRoutes(ASYNC_ROUTES).map(({ route }) => menuCodeOf(route.path));
/** Tables a refused call may still write to: its audit record and the caller's session. */

describe('access to every API route', () => {
  let t: TestApp;
  let demo: Caller;
  let routes: readonly RouteAccess[];

  /** A digest of every row of every table a refused call must leave alone. */
  const snapshot = async () => {
    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      if (writtenWhenRefused(name)) continue;
      const [row] = await queryRows<{ digest: string | null }>(
        t.database.db,
        sql`select md5(string_agg(r::text, ',' order by r::text)) as digest from ${sql.identifier(name)} r`,
      );
      out[name] = row?.digest ?? '';
    }
    return out;
  };

  /** Calls a route with `1` for each path parameter and an empty JSON body where it takes one. */
  const call = (client: Caller, route: RouteAccess): Promise<Reply> => {
    const url = route.url.replace(/:[A-Za-z]+/g, '1');
    switch (route.method) {
      case 'GET':
        return client.get(url);
      case 'POST':
        return client.post(url, {});
      case 'PUT':
        return client.put(url, {});
      case 'DELETE':
        return client.del(url);
      default:
        throw new Error(`no call for ${route.method} ${route.url}`);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    routes = t.app.accessTable;
  });
  afterAll(() => t.close());

  it('knows every route with the access it declares', () => {
    const of = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.access;
    expect(of('GET', '/api/companystaff/employee/page')).toBe('employee:view');
    expect(of('POST', '/api/companystaff/employee')).toBe('employee:add');
    expect(of('DELETE', '/api/companystaff/employee/:id')).toBe('employee:delete');
    expect(of('POST', '/api/companystaff/employee/export')).toBe('employee:export');
    expect(of('POST', '/api/companystaff/ecompanyJobCategory')).toBe('employee:jobType');
    expect(of('POST', '/api/admin/file/upload')).toBe('session');
    expect(of('POST', '/api/auth/jwt/ecomapnyToken')).toBe('public');
    expect(routes.some((r) => r.method === 'HEAD')).toBe(false);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers 40101 without a token on every route that is not public, and changes nothing', async () => {
    const before = await snapshot();
    const anonymous = caller(t.app);
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await call(anonymous, route);
      const name = `${route.method} ${route.url}`;
      expect(res.statusCode, name).toBe(401);
      expect(res.body, name).toMatchObject({ status: 40101 });
      expect(res.body.data, name).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 40301 on every guarded route to an admin granted every element but its own, and changes nothing', async () => {
    // Operator routes belong to another login realm: an admin's token answers 40101 there
    // (test/money/money.test.ts walks them with an admin's and an operator's token).
    const guarded = [...new Set(routes.map((r) => r.access))].filter(
      (a): a is TElementCode => a !== 'public' && a !== 'session' && a !== 'operator',
    );
    expect(guarded.length).toBeGreaterThanOrEqual(9);
    let seq = 0;
    const clients = new Map<TElementCode, Caller>();
    for (const element of guarded) {
      const role = await demo.post('/api/admin/role', {
        name: `缺少权限${++seq}`,
        menuCodes: ALL_MENUS,
        elementCodes: ELEMENT_CODES.filter((code) => code !== element),
      });
      expect(role.body.status, element).toBe(200);
      const username = `access_${seq}`;
      const admin = await demo.post('/api/admin/user', {
        username,
        password: 'Passw0rd!x',
        name: '权限测试',
        mobile: '13900000000',
        roleIds: [role.body.data.id],
      });
      expect(admin.body.status, element).toBe(200);
      clients.set(element, caller(t.app, await loginAs(t.app, username, 'Passw0rd!x')));
    }
    const before = await snapshot();
    for (const route of routes) {
      const client = clients.get(route.access as TElementCode);
      if (!client) continue;
      const res = await call(client, route);
      const name = `${route.method} ${route.url} without ${route.access}`;
      expect(res.statusCode, name).toBe(403);
      expect(res.body, name).toEqual({ status: 40301, message: '当前用户无相关操作权限！' });
    }
    expect(await snapshot()).toEqual(before);
  });
});
