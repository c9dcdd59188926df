import {
  ELEMENT_CODES,
  isElementAvailable,
  flattenRoutes,
  grantableRoutes,
  menuCodeOf,
  personalMenuCodes,
  type TMenuNode,
} from '@flexpay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role } from '../../src/db/schema/index.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

const INFO = '/api/admin/user/front/info';
const MENUS = '/api/admin/user/front/menus';
const MENU_ALL = '/api/admin/user/front/menu/all';
const PERSONAL = [
  'editPass',
  'editPassIndex',
  'editAuthentication',
  'editAuthenticationIndex',
  'editSysMobile',
  'exportList',
  'exportIndex',
];
const PASSWORD = 'Passw0rd!x';

function codesOf(nodes: readonly TMenuNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);
}

describe('the role editor and the personal pages', () => {
  let t: TestApp;
  let demo: Caller;
  let seq = 0;

  /** A role granting these codes, and a signed-in admin holding only it. */
  const adminWith = async (menuCodes: string[], elementCodes: string[] = []) => {
    const role = await demo.post('/api/admin/role', { name: `编辑器${++seq}`, menuCodes, elementCodes });
    expect(role.body.status).toBe(200);
    const username = `editor_${seq}`;
    const created = await demo.post('/api/admin/user', {
      username,
      password: PASSWORD,
      name: '角色编辑',
      mobile: '13900000000',
      roleIds: [role.body.data.id],
    });
    expect(created.body.status).toBe(200);
    return { roleId: role.body.data.id as number, client: caller(t.app, await loginAs(t.app, username, PASSWORD)) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
  });
  afterAll(() => t.close());

  it('names the personal pages of the catalogue', () => {
    expect(personalMenuCodes().sort()).toEqual([...PERSONAL].sort());
  });

  it('offers only the built screens without the personal pages, each code once', async () => {
    const all = (await demo.get(MENU_ALL)).body.data as { menus: TMenuNode[]; elements: unknown[] };
    const codes = codesOf(all.menus);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of PERSONAL) expect(codes).not.toContain(code);
    expect(codes.sort()).toEqual(
      flattenRoutes(grantableRoutes())
        .map(({ route }) => menuCodeOf(route.path))
        .sort(),
    );
    expect(codes).toEqual(expect.arrayContaining(['structure', 'employeeAnalysis', 'homeModule', 'article']));
    expect(codes).toContain('recordsList');
    expect(codes).toEqual(expect.arrayContaining(['contract', 'enterprise', 'enterpriseContreactList/']));
    expect(codes).toContain('taskOrderManage');
    expect(codes).toEqual(
      expect.arrayContaining([
        'listEmployee',
        'jobList',
        'roleManage',
        'adminManage',
        'listMoney',
        'moneyDetail',
        'EmolumentManagement',
        'emolumentGrant',
        'emolumentCheck',
        'examineManage',
      ]),
    );
  });

  it('offers only the elements whose screens are built, and every one of those', async () => {
    const all = (await demo.get(MENU_ALL)).body.data as {
      elements: { area: string; elements: { code: string; title: string }[] }[];
    };
    const offered = all.elements.flatMap((g) => g.elements.map((e) => e.code));
    expect(all.elements.map((g) => g.area)).toEqual([
      'employee',
      'task',
      'payroll',
      'money',
      'invoice',
      'contract',
      'chat',
      'org',
      'stats',
      'content',
      'system',
    ]);
    expect(offered).toEqual(expect.arrayContaining(['content:view', 'content:edit']));
    expect(offered.sort()).toEqual(ELEMENT_CODES.filter((c) => isElementAvailable(c)).sort());
    expect(offered).toContain('employee:sensitive');
    expect(offered).toContain('system:admin');
    expect(offered).toEqual(expect.arrayContaining(['money:view', 'money:topup', 'money:account', 'money:log']));
    expect(offered).toEqual(
      expect.arrayContaining(['payroll:view', 'payroll:create', 'payroll:check', 'payroll:approve', 'system:approval']),
    );
    expect(offered).toEqual(expect.arrayContaining(['payroll:pay', 'payroll:refund']));
    expect(offered).toContain('contract:view');
    expect(offered).toEqual(expect.arrayContaining(['invoice:view', 'invoice:apply', 'invoice:edit']));
    expect(offered).toContain('task:view');
    expect(offered).toEqual(expect.arrayContaining(['org:view', 'org:edit', 'stats:view', 'stats:export']));
  });

  it('gives an admin whose role grants no menu the personal pages, and lets it use them', async () => {
    const { client } = await adminWith([]);
    const info = (await client.get(INFO)).body.data as { menus: { code: string }[] };
    expect(info.menus.map((m) => m.code).sort()).toEqual([...PERSONAL].sort());
    const tree = (await client.get(MENUS)).body.data as TMenuNode[];
    expect(codesOf(tree).sort()).toEqual([...PERSONAL].sort());
    const changed = await client.put('/api/admin/user/personal/password', {
      oldPassword: PASSWORD,
      newPassword: 'Passw0rd!y',
    });
    expect(changed.body.status).toBe(200);
  });

  it('adds the personal pages to what a role grants, the same whether or not the role lists them', async () => {
    const { client: without } = await adminWith(['adminManage'], ['system:admin']);
    const { client: withThem } = await adminWith(['adminManage', ...PERSONAL], ['system:admin']);
    const menusOf = async (c: Caller) =>
      ((await c.get(INFO)).body.data as { menus: { code: string }[] }).menus.map((m) => m.code).sort();
    expect(await menusOf(without)).toEqual(['adminManage', 'systemSetting', ...PERSONAL].sort());
    expect(await menusOf(withThem)).toEqual(await menusOf(without));
  });

  it('keeps the personal pages for a role stored without them, and for the seeded finance role', async () => {
    const { roleId, client } = await adminWith(['listEmployee']);
    // Roles written before this rule may or may not list the personal codes: both keep working.
    await t.database.db
      .update(role)
      .set({ menuCodes: ['EmployeeManagement', 'listEmployee'] })
      .where(eq(role.id, roleId));
    const menus = ((await client.get(INFO)).body.data as { menus: { code: string }[] }).menus.map((m) => m.code);
    expect(menus).toEqual(expect.arrayContaining(['listEmployee', ...PERSONAL]));
    const finance = caller(t.app, await loginAs(t.app, 'finance'));
    const financeMenus = ((await finance.get(INFO)).body.data as { menus: { code: string }[] }).menus.map(
      (m) => m.code,
    );
    expect(financeMenus).toEqual(expect.arrayContaining(PERSONAL));
  });
});
