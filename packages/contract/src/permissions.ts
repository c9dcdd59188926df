import { BUILT_SCREENS } from './routes.ts';

/**
 * Element codes (`area:action`) granted to roles and declared by every protected API route.
 * This is the only list: the role editor's tree, the server's checks and the web's button
 * visibility all read it (DOMAIN section 1).
 */
export const ELEMENT_GROUPS = [
  {
    area: 'employee',
    title: '员工管理',
    elements: {
      'employee:view': '查看员工',
      'employee:add': '添加员工',
      'employee:edit': '编辑员工',
      'employee:delete': '删除员工',
      'employee:import': '批量导入员工',
      'employee:export': '导出员工',
      'employee:sensitive': '查看完整证件与卡号',
      'employee:jobType': '管理工种',
      'employee:verify': '重新实名认证',
      'employee:sign': '发起签约',
    },
  },
  {
    area: 'task',
    title: '任务管理',
    elements: {
      'task:view': '查看任务',
      'task:publish': '发布任务',
      'task:edit': '新建与编辑任务',
      'task:assign': '选择人员',
      'task:answer': '记录接单',
      'task:deliver': '上传成果',
      'task:review': '验收成果',
      'task:confirm': '任务确认',
    },
  },
  {
    area: 'payroll',
    title: '薪酬管理',
    elements: {
      'payroll:view': '查看发放',
      'payroll:create': '新建发放',
      'payroll:check': '核对发放',
      'payroll:approve': '审批发放',
      'payroll:pay': '确认支付',
      'payroll:refund': '处理退款',
      'payroll:export': '导出发放记录',
    },
  },
  {
    area: 'money',
    title: '资金管理',
    elements: {
      'money:view': '查看资金',
      'money:topup': '账户充值',
      'money:account': '管理付款账户',
      'money:log': '查看操作日志',
    },
  },
  {
    area: 'invoice',
    title: '发票中心',
    elements: {
      'invoice:view': '查看发票',
      'invoice:apply': '申请开票',
      'invoice:edit': '管理开票信息',
    },
  },
  {
    area: 'contract',
    title: '合同管理',
    elements: {
      'contract:view': '查看合同',
      'contract:sign': '签署合同',
    },
  },
  {
    area: 'chat',
    title: '在线客服',
    elements: {
      'chat:view': '查看客服会话',
      'chat:send': '发送客服消息',
    },
  },
  {
    area: 'org',
    title: '组织管理',
    elements: {
      'org:view': '查看组织架构',
      'org:edit': '编辑组织架构',
    },
  },
  {
    area: 'stats',
    title: '统计中心',
    elements: {
      'stats:view': '查看统计',
      'stats:export': '导出统计',
    },
  },
  {
    area: 'content',
    title: '内容管理',
    elements: {
      'content:view': '查看内容',
      'content:edit': '编辑内容',
    },
  },
  {
    area: 'system',
    title: '系统设置',
    elements: {
      'system:role': '角色管理',
      'system:admin': '管理员管理',
      'system:approval': '审批管理',
    },
  },
] as const;

type TGroup = (typeof ELEMENT_GROUPS)[number];
export type TElementCode = { [G in TGroup as G['area']]: keyof G['elements'] }[TGroup['area']];

export const ELEMENT_CODES: readonly TElementCode[] = ELEMENT_GROUPS.flatMap(
  (g) => Object.keys(g.elements) as TElementCode[],
);

const ELEMENT_SET: ReadonlySet<string> = new Set(ELEMENT_CODES);

export function isElementCode(code: string): code is TElementCode {
  return ELEMENT_SET.has(code);
}

export function elementTitle(code: TElementCode): string {
  for (const g of ELEMENT_GROUPS) {
    const titles: Record<string, string> = g.elements;
    const title = titles[code];
    if (title) return title;
  }
  return code;
}

/**
 * The screen (route name of the catalogue) each element acts on. An element is offered in the
 * role editor only once its screen is built (`BUILT_SCREENS`): before that it would grant a
 * button nobody can see. A new element names its screen here, or the contract does not compile.
 */
export const ELEMENT_SCREENS: Readonly<Record<TElementCode, string>> = {
  'employee:view': 'listEmployee',
  'employee:add': 'addEmployee',
  'employee:edit': 'detailEmployee',
  'employee:delete': 'listEmployee',
  'employee:import': 'listEmployee',
  'employee:export': 'listEmployee',
  'employee:sensitive': 'detailEmployee',
  'employee:jobType': 'jobList',
  'employee:verify': 'detailEmployee',
  'employee:sign': 'listEmployee',
  'task:view': 'taskOrderManageIndex',
  'task:publish': 'releaseTaskOrder',
  'task:edit': 'taskEnEdit',
  'task:assign': 'selectEmployees',
  'task:answer': 'taskCenterIndex',
  'task:deliver': 'uploadAchievement',
  'task:review': 'taskCenterIndex',
  'task:confirm': 'taskConfirmationIndex',
  'payroll:view': 'emolumentGrant',
  'payroll:create': 'emolumentGrantNew',
  'payroll:check': 'emolumentCheckList',
  'payroll:approve': 'emolumentCheckVerify',
  'payroll:pay': 'payRoll',
  'payroll:refund': 'refundCenter',
  'payroll:export': 'emolumentGrantRecord',
  'money:view': 'listMoney',
  'money:topup': 'addMoney',
  'money:account': 'accountManagement',
  'money:log': 'listMoney',
  'invoice:view': 'recordsList',
  'invoice:apply': 'apply',
  'invoice:edit': 'recordsEdit',
  'contract:view': 'enterprise',
  'contract:sign': 'enterpriseContreactDetail',
  // The top bar's 在线客服 drawer: on every screen, shown from the home route.
  'chat:view': 'home',
  'chat:send': 'home',
  'org:view': 'structure',
  'org:edit': 'structure',
  'stats:view': 'employeeAnalysis',
  'stats:export': 'employeeAnalysis',
  'content:view': 'homeModule',
  'content:edit': 'homeModule',
  'system:role': 'roleManage',
  'system:admin': 'adminManage',
  'system:approval': 'examineManage',
};

/** What the top bar offers (在线客服) is tied to the home route, which is always there. */
export const TOP_BAR_SCREEN = 'home';

/** Whether an element's screen is built, so that granting it means something today. */
export function isElementAvailable(code: TElementCode): boolean {
  const screen = ELEMENT_SCREENS[code];
  return screen === TOP_BAR_SCREEN || BUILT_SCREENS.has(screen);
}

export interface TElementGroupEntry {
  area: string;
  title: string;
  elements: { code: TElementCode; title: string }[];
}

/** The element groups the role editor offers: available elements only, empty areas left out. */
export function availableElementGroups(): TElementGroupEntry[] {
  return ELEMENT_GROUPS.map((g) => ({
    area: g.area,
    title: g.title,
    elements: (Object.entries(g.elements) as [TElementCode, string][])
      .filter(([code]) => isElementAvailable(code))
      .map(([code, title]) => ({ code, title })),
  })).filter((g) => g.elements.length > 0);
}
