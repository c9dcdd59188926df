import { describe, expect, it } from 'vitest';
import {
  consolePageAt,
  consolePages,
  ASYNC_ROUTES,
  HOME_ROUTE,
  PUBLIC_ROUTES,
  filterRoutesByMenus,
  flattenRoutes,
  fullPathOf,
  menuCodeOf,
  SCREEN_PATHS,
  screenPath,
} from './routes.ts';

/** The menu code of every catalogue path, written out by hand from ROUTES.md. */
const EXPECTED_CODES: Record<string, string> = {
  '/EmployeeManagement': 'EmployeeManagement',
  listEmployee: 'listEmployee',
  addEmployee: 'addEmployee',
  detailEmployee: 'detailEmployee',
  jobList: 'jobList',
  '/taskOrderManage': 'taskOrderManage',
  taskOrderManageIndex: 'taskOrderManageIndex',
  taskCenterIndex: 'taskCenterIndex',
  uploadAchievement: 'uploadAchievement',
  releaseTaskOrder: 'releaseTaskOrder',
  taskEnEdit: 'taskEnEdit',
  taskOrderDetails: 'taskOrderDetails',
  selectEmployees: 'selectEmployees',
  '/EmolumentManagement': 'EmolumentManagement',
  emolumentGrant: 'emolumentGrant',
  emolumentGrantNew: 'emolumentGrantNew',
  emolumentCheckList: 'emolumentCheckList',
  emolumentCheck: 'emolumentCheck',
  emolumentCheckVerify: 'emolumentCheckVerify',
  emolumentDetail: 'emolumentDetail',
  checkVerify: 'checkVerify',
  payRoll: 'payRoll',
  emolumentGrantRecord: 'emolumentGrantRecord',
  epaymentCenter: 'epaymentCenter',
  taskConfirmationIndex: 'taskConfirmationIndex',
  refundCenter: 'refundCenter',
  payConfirm: 'payConfirm',
  payRollDetail: 'payRollDetail',
  emolumentGrantDetails: 'emolumentGrantDetails',
  '/moneyManagement': 'moneyManagement',
  listMoney: 'listMoney',
  addMoney: 'addMoney',
  accountManagement: 'accountManagement',
  addAccount: 'addAccount',
  moneyDetail: 'moneyDetail',
  '/invoiceCenter': 'invoiceCenter',
  apply: 'apply',
  recordsList: 'recordsList',
  recordsDetails: 'recordsDetails',
  recordsEdit: 'recordsEdit',
  recordsCheck: 'recordsCheck',
  emolumentReceiptDetails: 'emolumentReceiptDetails',
  '/contract': 'contract',
  enterprise: 'enterprise',
  'enterpriseContreactList/:id': 'enterpriseContreactList/',
  'enterpriseContreactDetail/:id': 'enterpriseContreactDetail/',
  '/organization': 'organization',
  structure: 'structure',
  '/statisticalCenter': 'statisticalCenter',
  employeeAnalysis: 'employeeAnalysis',
  submitChart: 'submitChart',
  '/content': 'content',
  homeModule: 'homeModule',
  advertising: 'advertising',
  article: 'article',
  addHomeModule: 'addHomeModule',
  editHomeModule: 'editHomeModule',
  addAdvertising: 'addAdvertising',
  updateAdvertising: 'updateAdvertising',
  addArticle: 'addArticle',
  updateArticle: 'updateArticle',
  readArticle: 'readArticle',
  '/exportList': 'exportList',
  exportIndex: 'exportIndex',
  '/systemSetting': 'systemSetting',
  roleManage: 'roleManage',
  adminManage: 'adminManage',
  addUser: 'addUser',
  editUser: 'editUser',
  examineManage: 'examineManage',
  '/editPass': 'editPass',
  editPassIndex: 'editPassIndex',
  '/editAuthentication': 'editAuthentication',
  editAuthenticationIndex: 'editAuthenticationIndex',
  '/editSysMobile': 'editSysMobile',
};

describe('menuCodeOf', () => {
  const all = flattenRoutes(ASYNC_ROUTES);

  it('covers exactly the catalogue of ROUTES.md', () => {
    expect(all.map(({ route }) => route.path).sort()).toEqual(Object.keys(EXPECTED_CODES).sort());
  });

  it.each(all.map(({ route }) => [route.path, EXPECTED_CODES[route.path]] as const))(
    'turns %s into %s',
    (path, code) => {
      expect(menuCodeOf(path)).toBe(code);
    },
  );

  it('removes only one leading slash and cuts at the first param marker', () => {
    expect(menuCodeOf('/a/b/:id/:x')).toBe('a/b/');
    expect(menuCodeOf('plain')).toBe('plain');
    expect(menuCodeOf(':id')).toBe('');
  });

  it('gives unique codes', () => {
    const codes = all.map(({ route }) => menuCodeOf(route.path));
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('catalogue', () => {
  it('has a Chinese title on every route', () => {
    const routes = [...flattenRoutes(ASYNC_ROUTES), ...flattenRoutes([HOME_ROUTE])].map((r) => r.route);
    for (const r of [...routes, ...PUBLIC_ROUTES]) expect(r.title).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('redirects every parent with children to one of its own children', () => {
    for (const parent of ASYNC_ROUTES) {
      if (!parent.children) continue;
      const targets = parent.children.map((c) => fullPathOf(c, parent));
      expect(targets).toContain(parent.redirect);
    }
  });
});

describe('filterRoutesByMenus', () => {
  it('keeps a parent and only the permitted children', () => {
    const kept = filterRoutesByMenus(ASYNC_ROUTES, { EmployeeManagement: true, listEmployee: true, jobList: false });
    expect(kept.map((r) => r.path)).toEqual(['/EmployeeManagement']);
    expect(kept[0]?.children?.map((c) => c.path)).toEqual(['listEmployee']);
  });

  it('drops children whose parent is not permitted', () => {
    expect(filterRoutesByMenus(ASYNC_ROUTES, { listEmployee: true })).toEqual([]);
  });

  it('matches a param route by its cut code', () => {
    const kept = filterRoutesByMenus(ASYNC_ROUTES, { contract: true, 'enterpriseContreactList/': true });
    expect(kept[0]?.children?.map((c) => c.path)).toEqual(['enterpriseContreactList/:id']);
  });
});

describe('screenPath', () => {
  it('knows every route by a name of its own, public routes and home included', () => {
    const names = [
      ...flattenRoutes([HOME_ROUTE, ...ASYNC_ROUTES]).map(({ route }) => route.name),
      ...PUBLIC_ROUTES.map((route) => route.name),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(SCREEN_PATHS).sort()).toEqual([...names].sort());
  });

  it('gives the full path of a child, a parent, home and a public route', () => {
    expect(screenPath('emolumentGrant')).toBe('/EmolumentManagement/emolumentGrant');
    expect(screenPath('editSysMobile')).toBe('/editSysMobile');
    expect(screenPath('dashboard')).toBe('/dashboard');
    expect(screenPath('home')).toBe('/');
    expect(screenPath('pdfPreview')).toBe('/pdfPreview');
  });

  it('appends the params as a URI-encoded query, leaving out undefined ones', () => {
    expect(screenPath('emolumentCheck', { id: 7 })).toBe('/EmolumentManagement/emolumentCheck?id=7');
    expect(screenPath('listMoney', { tab: 'topups', from: undefined })).toBe('/moneyManagement/listMoney?tab=topups');
    expect(screenPath('pdfPreview', { url: '/api/x?a=1&b=2', name: '回单 1.pdf' })).toBe(
      '/pdfPreview?url=%2Fapi%2Fx%3Fa%3D1%26b%3D2&name=%E5%9B%9E%E5%8D%95%201.pdf',
    );
  });

  it('fills a path param and refuses a missing one', () => {
    expect(screenPath('enterpriseContreactList', { id: 'a/b', page: 2 })).toBe(
      '/contract/enterpriseContreactList/a%2Fb?page=2',
    );
    expect(() => screenPath('enterpriseContreactList')).toThrow('缺少参数 id');
  });
});

describe('consolePages', () => {
  it('offers 首页 and the menu’s built pages by their sidebar names, nothing hidden or with a param', () => {
    const pages = consolePages();
    expect(pages[0]).toEqual({ path: '/dashboard', title: '首页' });
    expect(consolePageAt('/EmolumentManagement/emolumentGrant')?.title).toBe('薪酬管理 / 薪酬发放');
    // A parent holding one page is no menu level of its own.
    expect(consolePageAt('/exportList/exportIndex')?.title).toBe('下载中心');
    expect(consolePageAt('/EmployeeManagement/addEmployee')).toBeUndefined();
    expect(consolePageAt('/content/readArticle')).toBeUndefined();
    expect(consolePageAt('/contract/enterpriseContreactList/:id')).toBeUndefined();
    expect(consolePageAt('/EmolumentManagement')).toBeUndefined();
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
  });
});
