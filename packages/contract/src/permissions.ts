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
    },
  },
  {
    area: 'task',
    title: '任务管理',
    elements: {
      'task:view': '查看任务',
      'task:publish': '发布任务',
      'task:edit': '编辑任务',
      'task:assign': '选择人员',
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
