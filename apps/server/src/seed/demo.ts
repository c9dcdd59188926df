import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { creditCodeCheckChar } from '../lib/credit-code.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { queryRows, type Db } from '../db/client.ts';
import { ASYNC_ROUTES, ELEMENT_CODES, flattenRoutes, menuCodeOf } from '@flexpay/contract';
import type { FieldCipher } from '../lib/crypto.ts';
import { admin, adminRole, company, companyServiceCompany, jobType, role, serviceCompany } from '../db/schema/index.ts';
import { demoBranding } from './branding.ts';
import { seedContent } from './content.ts';
import { DEMO_OPERATOR, seedMoney } from './money.ts';
import { seedPayroll } from './payroll.ts';
import { seedChat } from './chat.ts';
import { seedAgreements } from './agreements.ts';
import { seedContracts } from './contracts.ts';
import { seedInvoices } from './invoices.ts';
import { seedTasks } from './tasks.ts';
import { addDepartmentTree } from '../modules/worker/organization/service.ts';
import { seedRealNames } from './real-names.ts';
import { createRng, generateWorker, insertGeneratedWorkers } from './workers.ts';

export { DEMO_LOGINS, DEMO_PASSWORD } from '../lib/demo-logins.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../lib/demo-logins.ts';

const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);

/** True when the database holds no company: the only state in which the demo data is seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from company`);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo logins that still sign in with the published demo password: harmless in demo mode,
 * an open door anywhere else, so the server warns about them when it starts outside demo mode.
 */
export async function findDemoLoginsInUse(db: Db): Promise<string[]> {
  const usernames = DEMO_LOGINS.map((l) => l.username);
  const rows = await db
    .select({ username: admin.username, passwordHash: admin.passwordHash, status: admin.status })
    .from(admin)
    .where(inArray(admin.username, usernames));
  const inUse: string[] = [];
  for (const row of rows) {
    if (row.status === 'enabled' && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) inUse.push(row.username);
  }
  return inUse.sort();
}

/** The warning the server logs at start when demo logins are open outside demo mode; undefined otherwise. */
export async function demoLoginsWarning(db: Db, demoMode: boolean): Promise<string | undefined> {
  if (demoMode) return undefined;
  const inUse = await findDemoLoginsInUse(db);
  if (!inUse.length) return undefined;
  return `演示模式已关闭，但演示账号 ${inUse.join('、')} 仍可用公开的演示密码登录：请修改其密码或停用这些账号`;
}

/**
 * Seeds the demo data of DOMAIN section 11 into an empty database, in one transaction. Returns
 * false and changes nothing when the database already has data, so it is safe to call on
 * every start.
 */
export async function seedDemoData(db: Db, cipher: FieldCipher): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Serialise concurrent starts on one PostgreSQL: the second waits and then sees data.
    await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
    const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from company`);
    if ((existing?.n ?? 0) > 0) return false;

    const [xinghe, yunfan] = await tx
      .insert(company)
      .values([
        {
          name: '星河科技有限公司',
          creditCode: creditCode('91310115MA1K4XH8Q'),
          contactName: '林晓',
          contactPhone: '13800000001',
          address: '上海市浦东新区张江路 88 号',
          branding: demoBranding('xinghe'),
        },
        {
          name: '云帆物流有限公司',
          creditCode: creditCode('91440300MA5F7YF2L'),
          contactName: '周航',
          contactPhone: '13800000002',
          address: '深圳市南山区科技园南路 66 号',
          branding: demoBranding('yunfan'),
        },
      ])
      .returning({ id: company.id });
    if (!xinghe || !yunfan) throw new Error('seed: companies not inserted');

    const [service, service2] = await tx
      .insert(serviceCompany)
      .values([
        {
          name: '海南灵工服务有限公司',
          creditCode: creditCode('91460000MA5TLG6R0'),
          bankName: '招商银行海口分行',
          bankAccountName: '海南灵工服务有限公司',
          bankAccountNo: '898000112233445566',
        },
        {
          name: '江苏智薪人力资源有限公司',
          creditCode: creditCode('91320500MA1WXQ3K7'),
          bankName: '中国工商银行苏州工业园区支行',
          bankAccountName: '江苏智薪人力资源有限公司',
          bankAccountNo: '1102020509000123456',
        },
      ])
      .returning({ id: serviceCompany.id });
    if (!service || !service2) throw new Error('seed: service companies not inserted');

    await tx.insert(companyServiceCompany).values([
      ...[xinghe.id, yunfan.id].map((companyId) => ({
        companyId,
        serviceCompanyId: service.id,
        feeRateBp: 650,
        feeBearer: 'company',
        monthlyLimitFen: 9_800_000,
        singleMinFen: 100,
        singleMaxFen: 5_000_000,
        invoiceType: 'normal',
        invoiceContents: ['现代服务*服务费', '现代服务*技术服务费'],
      })),
      // 星河科技's second service company: other rules (个人承担, special invoices).
      {
        companyId: xinghe.id,
        serviceCompanyId: service2.id,
        feeRateBp: 800,
        feeBearer: 'worker',
        monthlyLimitFen: 5_000_000,
        singleMinFen: 1_000,
        singleMaxFen: 2_000_000,
        invoiceType: 'special',
        invoiceContents: ['人力资源服务*劳务派遣服务', '现代服务*人力资源外包服务'],
      },
    ]);

    const ownerRoles = await tx
      .insert(role)
      .values(
        [xinghe.id, yunfan.id].map((companyId) => ({
          companyId,
          name: '企业管理员',
          description: '企业主账号的角色，拥有全部权限',
          isOwnerRole: true,
        })),
      )
      .returning({ id: role.id, companyId: role.companyId });
    // 财务: everything but system settings and adding workers (DOMAIN section 11).
    const financeMenus = flattenRoutes(ASYNC_ROUTES)
      .filter(({ route, parent }) => (parent ?? route).name !== 'systemSetting' && route.name !== 'addEmployee')
      .map(({ route }) => menuCodeOf(route.path));
    const [financeRole] = await tx
      .insert(role)
      .values({
        companyId: xinghe.id,
        name: '财务',
        description: '薪酬发放、资金与发票',
        menuCodes: financeMenus,
        elementCodes: ELEMENT_CODES.filter((c) => !c.startsWith('system:') && c !== 'employee:add'),
      })
      .returning({ id: role.id });
    // 人事专员: workers, the organisation, 员工分析 (no export), task orders from publishing to
    // 任务确认, and creating and checking payroll batches; no approving or paying.
    const HR_PAYROLL_SCREENS = new Set([
      'taskConfirmationIndex',
      'emolumentGrant',
      'emolumentGrantNew',
      'emolumentCheckList',
      'emolumentCheck',
      'emolumentCheckVerify',
      'emolumentDetail',
      'checkVerify',
      'emolumentGrantDetails',
    ]);
    const hrMenus = flattenRoutes(ASYNC_ROUTES)
      .filter(
        ({ route, parent }) =>
          (parent ?? route).name === 'EmployeeManagement' ||
          (parent ?? route).name === 'taskOrderManage' ||
          (parent ?? route).name === 'organization' ||
          (parent ?? route).name === 'statisticalCenter' ||
          (route.name === 'EmolumentManagement' ? true : HR_PAYROLL_SCREENS.has(route.name)),
      )
      .map(({ route }) => menuCodeOf(route.path));
    const [hrRole] = await tx
      .insert(role)
      .values({
        companyId: xinghe.id,
        name: '人事专员',
        description: '员工管理、任务管理，新建与核对薪酬发放',
        menuCodes: hrMenus,
        elementCodes: ELEMENT_CODES.filter(
          (c) =>
            c.startsWith('employee:') ||
            c.startsWith('task:') ||
            c.startsWith('org:') ||
            c.startsWith('chat:') ||
            c === 'stats:view' ||
            ['payroll:view', 'payroll:create', 'payroll:check'].includes(c),
        ),
      })
      .returning({ id: role.id });
    if (!financeRole || !hrRole) throw new Error('seed: roles not inserted');

    const person = randomUUID();
    const admins = await tx
      .insert(admin)
      .values([
        {
          companyId: xinghe.id,
          username: 'demo',
          passwordHash,
          name: '林晓',
          mobile: '13800000001',
          email: 'demo@xinghe.example',
          description: '星河科技企业主账号',
          isOwner: true,
          linkGroup: person,
        },
        {
          companyId: yunfan.id,
          username: 'demo_yf',
          passwordHash,
          name: '林晓',
          mobile: '13800000001',
          email: 'demo@yunfan.example',
          description: '云帆物流企业主账号',
          isOwner: true,
          linkGroup: person,
        },
        {
          companyId: xinghe.id,
          username: 'finance',
          passwordHash,
          name: '王敏',
          mobile: '13800000003',
          email: 'finance@xinghe.example',
          description: '财务',
        },
        {
          companyId: xinghe.id,
          username: 'hr',
          passwordHash,
          name: '陈静',
          mobile: '13800000004',
          email: 'hr@xinghe.example',
          description: '人事专员',
        },
      ])
      .returning({ id: admin.id, companyId: admin.companyId, isOwner: admin.isOwner, username: admin.username });
    await tx.insert(adminRole).values(
      admins.map((a) => ({
        companyId: a.companyId,
        adminId: a.id,
        roleId: a.isOwner
          ? (ownerRoles.find((r) => r.companyId === a.companyId)?.id ?? 0)
          : a.username === 'hr'
            ? hrRole.id
            : financeRole.id,
      })),
    );

    await seedMoney(tx, { xinghe: xinghe.id, yunfan: yunfan.id, service: service.id, service2: service2.id }, admins);

    // Organisation, job types and workers (DOMAIN section 11): 150 in 星河科技, 50 in 云帆物流.
    const rng = createRng(20261121);
    const plan = [
      {
        companyId: xinghe.id,
        root: '星河科技',
        departments: [
          { name: '技术部', children: [{ name: '前端组' }, { name: '后端组' }, { name: '测试组' }] },
          { name: '运营部', children: [{ name: '内容运营组' }, { name: '用户运营组' }] },
          { name: '市场部', children: [{ name: '品牌组' }, { name: '渠道组' }] },
          { name: '客服中心', children: [{ name: '在线客服组' }, { name: '电话客服组' }] },
        ],
        jobTypes: [
          { name: '软件测试', code: 'QA', description: '功能与回归测试' },
          { name: '数据标注', code: 'LABEL', description: '图像、文本数据标注' },
          { name: '内容审核', code: 'REVIEW', description: '平台内容安全审核' },
          { name: '客服专员', code: 'CS', description: '在线与电话客服' },
        ],
        workers: 150,
      },
      {
        companyId: yunfan.id,
        root: '云帆物流',
        departments: [
          { name: '华南配送站', children: [{ name: '广州站' }, { name: '深圳站' }] },
          { name: '华东分拣中心', children: [{ name: '上海分拣组' }, { name: '杭州分拣组' }] },
          { name: '仓储部', children: [{ name: '一号仓' }, { name: '二号仓' }] },
        ],
        jobTypes: [
          { name: '快递配送', code: 'DELIVERY', description: '同城快递派送' },
          { name: '仓储分拣', code: 'SORT', description: '包裹分拣与打包' },
          { name: '装卸搬运', code: 'LOAD', description: '货物装卸' },
        ],
        workers: 50,
      },
    ];
    let serial = 0;
    for (const p of plan) {
      // Three levels: the company, its departments, their teams; workers spread over all but the top.
      const [, ...deptIds] = await addDepartmentTree(tx, p.companyId, null, [
        { name: p.root, children: p.departments },
      ]);
      const depts = deptIds.map((id) => ({ id }));
      const types = await tx
        .insert(jobType)
        .values(p.jobTypes.map((t) => ({ companyId: p.companyId, ...t })))
        .returning({ id: jobType.id });
      const generated = Array.from({ length: p.workers }, () =>
        generateWorker(
          rng,
          serial++,
          types.map((t) => t.id),
          depts.map((d) => d.id),
        ),
      );
      await insertGeneratedWorkers(tx, cipher, p.companyId, generated);
    }
    // 实名认证 of every seeded worker, before the demo pays any (issue 43).
    await seedRealNames(
      tx,
      plan.map((p) => p.companyId),
      xinghe.id,
    );

    const adminId = (username: string) => admins.find((a) => a.username === username)?.id ?? 0;
    await seedPayroll(
      tx,
      cipher,
      {
        xinghe: xinghe.id,
        service: service.id,
        demo: adminId('demo'),
        hr: adminId('hr'),
        finance: adminId('finance'),
      },
      new Date(),
    );
    const taskIds = { xinghe: xinghe.id, yunfan: yunfan.id, service: service.id, demoYf: adminId('demo_yf') };
    await seedTasks(tx, cipher, { ...taskIds, demo: adminId('demo') }, new Date());
    await seedContent(tx, { xinghe: xinghe.id, yunfan: yunfan.id }, new Date());
    await seedInvoices(tx, { xinghe: xinghe.id, service: service.id, demo: adminId('demo') }, new Date());
    await seedContracts(tx, new Date());
    await seedAgreements(tx, { xinghe: xinghe.id, service2: service2.id }, new Date());
    const [ops] = await queryRows<{ id: unknown }>(
      tx,
      sql`select id from operator where username = ${DEMO_OPERATOR.username}`,
    );
    await seedChat(tx, { xinghe: xinghe.id, demo: adminId('demo'), operator: Number(ops?.id) }, new Date());
    return true;
  });
}
