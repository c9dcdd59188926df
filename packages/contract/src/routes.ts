/**
 * The route catalogue of spec section 2 with the Chinese titles of ROUTES.md. This is the only
 * list of routes and menu codes: the web router, sidebar, breadcrumb, tab titles, permission
 * filter and the server's menu seed all read it.
 */

export interface TRouteNode {
  /** Absolute for a top-level route (`/EmployeeManagement`), relative for a child (`listEmployee`). */
  path: string;
  /** The route name of the spec; the key the web uses to find the screen. */
  name: string;
  /** Chinese title: sidebar, breadcrumb, tab and page title. */
  title: string;
  /** Reachable but not in the sidebar. */
  hidden?: boolean;
  /** Where the bare parent path goes. */
  redirect?: string;
  /** Name of an @ant-design/icons icon. */
  icon?: string;
  children?: TRouteNode[];
}

export interface TPublicRoute {
  path: string;
  name: string;
  title: string;
}

const PUBLIC_CATALOGUE = [
  { path: '/login', name: 'login', title: '登录' },
  { path: '/authredirect', name: 'authredirect', title: '授权跳转' },
  { path: '/404', name: '404', title: '页面不存在' },
  { path: '/401', name: '401', title: '无权访问' },
  { path: '/pdfPreview', name: 'pdfPreview', title: '文件预览' },
  // ROUTES.md's public pages beyond the spec.
  { path: '/verify', name: 'verify', title: '回单验真' },
] as const satisfies readonly TPublicRoute[];

export const PUBLIC_ROUTES: readonly TPublicRoute[] = PUBLIC_CATALOGUE;

/** A catalogue route whose name is known to the type checker (so `screenPath` takes only real names). */
type TNamedRoute<N extends string> = TRouteNode & { name: N };

/** A parent route with its children, their names kept as literal types. */
const area = <const N extends string, const C extends string = never>(
  route: Omit<TRouteNode, 'name' | 'children'> & { name: N; children?: TNamedRoute<C>[] },
): TNamedRoute<N> & { children?: TNamedRoute<C>[] } => route;

/** A child's name is its path up to a param (`enterpriseContreactList/:id` -> `enterpriseContreactList`). */
type TChildName<P extends string> = P extends `${infer N}/${string}` ? N : P;

const child = <const P extends string>(path: P, title: string, hidden = false): TNamedRoute<TChildName<P>> => ({
  path,
  name: (path.split('/')[0] ?? path) as TChildName<P>,
  title,
  ...(hidden ? { hidden: true } : {}),
});

const HOME_CATALOGUE = area({
  path: '/',
  name: 'home',
  title: '首页',
  redirect: '/dashboard',
  icon: 'HomeOutlined',
  children: [{ path: 'dashboard', name: 'dashboard', title: '首页', icon: 'HomeOutlined' }],
});

/** The home route: always present for a signed-in admin, not subject to the menus map. */
export const HOME_ROUTE: TRouteNode = HOME_CATALOGUE;

const ASYNC_CATALOGUE = [
  area({
    path: '/EmployeeManagement',
    name: 'EmployeeManagement',
    title: '员工管理',
    icon: 'TeamOutlined',
    redirect: '/EmployeeManagement/listEmployee',
    children: [
      child('listEmployee', '员工列表'),
      child('addEmployee', '添加员工', true),
      child('detailEmployee', '员工详情', true),
      child('jobList', '工种管理'),
    ],
  }),
  area({
    path: '/taskOrderManage',
    name: 'taskOrderManage',
    title: '任务管理',
    icon: 'ProfileOutlined',
    redirect: '/taskOrderManage/taskOrderManageIndex',
    children: [
      child('taskOrderManageIndex', '企业任务列表'),
      child('taskCenterIndex', '任务中心'),
      child('uploadAchievement', '上传成果'),
      child('releaseTaskOrder', '发布需求'),
      child('taskEnEdit', '编辑任务', true),
      child('taskOrderDetails', '任务详情', true),
      child('selectEmployees', '选择人员', true),
    ],
  }),
  area({
    path: '/EmolumentManagement',
    name: 'EmolumentManagement',
    title: '薪酬管理',
    icon: 'PayCircleOutlined',
    redirect: '/EmolumentManagement/emolumentGrant',
    children: [
      child('emolumentGrant', '薪酬发放'),
      child('emolumentGrantNew', '新建发放', true),
      child('emolumentCheckList', '薪酬核对'),
      child('emolumentCheck', '核对明细', true),
      child('emolumentCheckVerify', '核对确认', true),
      child('emolumentDetail', '发放明细', true),
      child('checkVerify', '核验结果', true),
      child('payRoll', '批量支付'),
      child('emolumentGrantRecord', '发放记录'),
      child('epaymentCenter', '支付中心'),
      child('taskConfirmationIndex', '任务确认'),
      child('refundCenter', '退款中心'),
      child('payConfirm', '支付确认', true),
      child('payRollDetail', '支付详情', true),
      child('emolumentGrantDetails', '发放详情', true),
    ],
  }),
  area({
    path: '/moneyManagement',
    name: 'moneyManagement',
    title: '资金管理',
    icon: 'WalletOutlined',
    redirect: '/moneyManagement/listMoney',
    children: [
      child('listMoney', '资金账户'),
      child('addMoney', '账户充值'),
      child('accountManagement', '付款账户', true),
      child('addAccount', '添加付款账户', true),
      child('moneyDetail', '资金明细', true),
    ],
  }),
  area({
    path: '/invoiceCenter',
    name: 'invoiceCenter',
    title: '发票中心',
    icon: 'AccountBookOutlined',
    redirect: '/invoiceCenter/apply',
    children: [
      child('apply', '申请开票'),
      child('recordsList', '开票记录'),
      child('recordsDetails', '开票详情', true),
      child('recordsEdit', '编辑开票申请', true),
      child('recordsCheck', '发票核对', true),
      // In the menu (issue 38): without a batch it lists the batches that have receipts.
      child('emolumentReceiptDetails', '回单详情'),
    ],
  }),
  area({
    path: '/contract',
    name: 'contract',
    title: '合同管理',
    icon: 'FileProtectOutlined',
    redirect: '/contract/enterprise',
    children: [
      child('enterprise', '企业合同'),
      child('enterpriseContreactList/:id', '合同列表', true),
      child('enterpriseContreactDetail/:id', '合同详情', true),
    ],
  }),
  area({
    path: '/organization',
    name: 'organization',
    title: '组织管理',
    icon: 'ApartmentOutlined',
    redirect: '/organization/structure',
    children: [child('structure', '组织架构')],
  }),
  area({
    path: '/statisticalCenter',
    name: 'statisticalCenter',
    title: '统计中心',
    icon: 'BarChartOutlined',
    redirect: '/statisticalCenter/employeeAnalysis',
    children: [child('employeeAnalysis', '员工分析'), child('submitChart', '提交统计')],
  }),
  area({
    path: '/content',
    name: 'content',
    title: '内容管理',
    icon: 'ReadOutlined',
    redirect: '/content/homeModule',
    children: [
      child('homeModule', '首页模块'),
      child('advertising', '广告管理'),
      child('article', '文章管理'),
      child('addHomeModule', '添加模块', true),
      child('editHomeModule', '编辑模块', true),
      child('addAdvertising', '添加广告', true),
      child('updateAdvertising', '编辑广告', true),
      child('addArticle', '添加文章', true),
      child('updateArticle', '编辑文章', true),
      child('readArticle', '阅读文章', true),
    ],
  }),
  area({
    path: '/exportList',
    name: 'exportList',
    title: '下载中心',
    icon: 'DownloadOutlined',
    redirect: '/exportList/exportIndex',
    children: [child('exportIndex', '下载中心')],
  }),
  area({
    path: '/systemSetting',
    name: 'systemSetting',
    title: '系统设置',
    icon: 'SettingOutlined',
    redirect: '/systemSetting/roleManage',
    children: [
      child('roleManage', '角色管理'),
      child('adminManage', '管理员管理'),
      child('addUser', '添加管理员', true),
      child('editUser', '编辑管理员', true),
      child('examineManage', '审批管理'),
    ],
  }),
  area({
    path: '/editPass',
    name: 'editPass',
    title: '修改密码',
    hidden: true,
    redirect: '/editPass/editPassIndex',
    children: [child('editPassIndex', '修改密码', true)],
  }),
  area({
    path: '/editAuthentication',
    name: 'editAuthentication',
    title: '认证方式',
    hidden: true,
    redirect: '/editAuthentication/editAuthenticationIndex',
    children: [child('editAuthenticationIndex', '修改认证方式', true)],
  }),
  area({ path: '/editSysMobile', name: 'editSysMobile', title: '修改手机号', hidden: true }),
];

/** Protected routes, in sidebar order. */
export const ASYNC_ROUTES: readonly TRouteNode[] = ASYNC_CATALOGUE;

/**
 * The menu code of a route path (spec section 6): the leading slash removed and everything
 * after a param marker `:` cut. `enterpriseContreactList/:id` -> `enterpriseContreactList/`.
 */
export function menuCodeOf(path: string): string {
  const withoutSlash = path.startsWith('/') ? path.slice(1) : path;
  const colon = withoutSlash.indexOf(':');
  return colon === -1 ? withoutSlash : withoutSlash.slice(0, colon);
}

/** Every route of the catalogue, depth first, with its parent. */
export function flattenRoutes(
  routes: readonly TRouteNode[] = ASYNC_ROUTES,
): { route: TRouteNode; parent: TRouteNode | null }[] {
  const out: { route: TRouteNode; parent: TRouteNode | null }[] = [];
  for (const route of routes) {
    out.push({ route, parent: null });
    for (const c of route.children ?? []) out.push({ route: c, parent: route });
  }
  return out;
}

/** The full path of a route: a child's path joined to its parent's. */
export function fullPathOf(route: TRouteNode, parent: TRouteNode | null): string {
  if (!parent) return route.path;
  return `${parent.path.replace(/\/$/, '')}/${route.path}`;
}

type TCatalogueRoute = (typeof ASYNC_CATALOGUE)[number] | typeof HOME_CATALOGUE;

/** Every route name of the catalogue: protected (parents and children), home and public. */
export type TScreenName =
  | TCatalogueRoute['name']
  | NonNullable<TCatalogueRoute['children']>[number]['name']
  | (typeof PUBLIC_CATALOGUE)[number]['name'];

/**
 * The full path of every route by its name (`emolumentGrant` -> `/EmolumentManagement/emolumentGrant`),
 * params left as templates (`/contract/enterpriseContreactList/:id`). The web links and
 * navigates with `screenPath`, so no screen path is spelled outside this catalogue.
 */
export const SCREEN_PATHS: Readonly<Record<TScreenName, string>> = Object.fromEntries([
  ...flattenRoutes([HOME_ROUTE, ...ASYNC_ROUTES]).map(({ route, parent }) => [route.name, fullPathOf(route, parent)]),
  ...PUBLIC_ROUTES.map((route) => [route.name, route.path]),
]) as Record<TScreenName, string>;

/** A value of a screen's param or query: `undefined` leaves a query key out. */
export type TScreenParams = Readonly<Record<string, string | number | undefined>>;

/**
 * The path of a screen: its `:param`s filled from `params`, the other params appended as the
 * query string (`screenPath('emolumentCheck', { id: 7 })` -> `/EmolumentManagement/emolumentCheck?id=7`).
 * Every value is URI-encoded, as `apiPath` does.
 */
export function screenPath(name: TScreenName, params: TScreenParams = {}): string {
  const query = new Map(Object.entries(params));
  const template = SCREEN_PATHS[name];
  const path = template.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = query.get(key);
    if (value === undefined) throw new Error(`页面 ${template} 缺少参数 ${key}`);
    query.delete(key);
    return encodeURIComponent(String(value));
  });
  const search = [...query]
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Names of the routes whose screens are built. A route whose screen is not built yet stays out
 * of the router and the menu seed (ROUTES.md): it is never shown as an empty page. Each area
 * adds its names here when its screens land.
 */
export const BUILT_SCREENS: ReadonlySet<string> = new Set<string>([
  'structure',
  'employeeAnalysis',
  'submitChart',
  'listEmployee',
  'addEmployee',
  'detailEmployee',
  'jobList',
  'taskOrderManageIndex',
  'releaseTaskOrder',
  'taskEnEdit',
  'taskOrderDetails',
  'selectEmployees',
  'uploadAchievement',
  'taskCenterIndex',
  'listMoney',
  'addMoney',
  'accountManagement',
  'addAccount',
  'moneyDetail',
  'emolumentGrant',
  'emolumentGrantNew',
  'emolumentCheckList',
  'emolumentCheck',
  'emolumentCheckVerify',
  'checkVerify',
  'emolumentGrantDetails',
  'emolumentDetail',
  'payRoll',
  'payConfirm',
  'payRollDetail',
  'refundCenter',
  'epaymentCenter',
  'emolumentGrantRecord',
  'emolumentReceiptDetails',
  'taskConfirmationIndex',
  'apply',
  'recordsList',
  'recordsDetails',
  'recordsEdit',
  'recordsCheck',
  'enterprise',
  'enterpriseContreactList',
  'enterpriseContreactDetail',
  'examineManage',
  'exportIndex',
  'roleManage',
  'adminManage',
  'addUser',
  'editUser',
  'editPassIndex',
  'editAuthenticationIndex',
  'editSysMobile',
  'homeModule',
  'addHomeModule',
  'editHomeModule',
  'advertising',
  'addAdvertising',
  'updateAdvertising',
  'article',
  'addArticle',
  'updateArticle',
  'readArticle',
]);

/** A page of the console a link may open (首页模块): its path and its menu name. */
export interface TConsolePage {
  path: string;
  /** The sidebar's words: `薪酬管理 / 薪酬发放`, or `首页`. */
  title: string;
}

/**
 * The pages of the sidebar a 首页模块 may link to: 首页 and every built screen shown in the menu
 * whose path needs no parameter, in sidebar order, named as the sidebar names them.
 */
export function consolePages(): TConsolePage[] {
  const out: TConsolePage[] = [{ path: SCREEN_PATHS.dashboard, title: '首页' }];
  for (const { route, parent } of flattenRoutes(availableRoutes())) {
    if (route.children || route.hidden || parent?.hidden || route.path.includes(':')) continue;
    // A parent of one page is no menu level of its own (下载中心): the page's name alone.
    const shown = parent?.children?.filter((c) => !c.hidden).length ?? 0;
    out.push({
      path: fullPathOf(route, parent),
      title: parent && shown > 1 ? `${parent.title} / ${route.title}` : route.title,
    });
  }
  return out;
}

/** The console page at `path` (a link of a 首页模块), if it is one. */
export function consolePageAt(path: string): TConsolePage | undefined {
  return consolePages().find((p) => p.path === path);
}

/** Whether a route's screen is built: a parent is available when any child is. */
export function isAvailable(route: TRouteNode): boolean {
  if (route.children?.length) return route.children.some(isAvailable);
  return BUILT_SCREENS.has(route.name);
}

/** Catalogue routes whose screens exist, children filtered the same way. */
export function availableRoutes(routes: readonly TRouteNode[] = ASYNC_ROUTES): TRouteNode[] {
  return routes.filter(isAvailable).map((r) => (r.children ? { ...r, children: r.children.filter(isAvailable) } : r));
}

/**
 * The personal pages (修改密码, 修改认证方式, 修改手机号, and 下载中心, which lists the admin's own
 * exports): every admin has them whatever its roles, so the role editor does not offer them and
 * the server adds them to every admin's menus (an admin who may export always finds the file).
 */
export const PERSONAL_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'editPass',
  'editAuthentication',
  'editSysMobile',
  'exportList',
]);

/** Menu codes of the personal pages and their children. */
export function personalMenuCodes(routes: readonly TRouteNode[] = ASYNC_ROUTES): string[] {
  return flattenRoutes(routes.filter((r) => PERSONAL_ROUTE_NAMES.has(r.name))).map(({ route }) =>
    menuCodeOf(route.path),
  );
}

/** What the role editor offers: the available catalogue without the personal pages. */
export function grantableRoutes(routes: readonly TRouteNode[] = ASYNC_ROUTES): TRouteNode[] {
  return availableRoutes(routes).filter((r) => !PERSONAL_ROUTE_NAMES.has(r.name));
}

/** All menu codes of the available catalogue: what an owner admin is granted. */
export function allMenuCodes(routes: readonly TRouteNode[] = ASYNC_ROUTES): string[] {
  return flattenRoutes(availableRoutes(routes)).map(({ route }) => menuCodeOf(route.path));
}

/**
 * Spec section 6: a route is kept only when its menu code has a truthy entry in the menus map;
 * children are filtered recursively.
 */
export function filterRoutesByMenus(
  routes: readonly TRouteNode[],
  menus: Readonly<Record<string, boolean | undefined>>,
): TRouteNode[] {
  const kept: TRouteNode[] = [];
  for (const route of routes) {
    if (!menus[menuCodeOf(route.path)]) continue;
    kept.push(route.children ? { ...route, children: filterRoutesByMenus(route.children, menus) } : route);
  }
  return kept;
}
