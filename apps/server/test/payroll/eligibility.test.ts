/**
 * 仅向已实名认证并已签约的员工发放 (issue 43): the payroll check refuses a worker who is not 已认证
 * or has not signed the service company's current agreement, each with its reason; a verified and
 * signed worker passes; a provider outage leaves workers 认证中 and the check says so; the link's
 * setting (the operator's 费用规则) turns it off. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { SandboxIdentityProvider } from '../../src/modules/identity-sandbox/provider.ts';
import { testCardNumber, testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { companyId as companyIdOf, opsLogin, serviceCompanyId } from '../money/support.ts';
import { waitForRealName } from '../worker/support.ts';

const P = '/api/emolument';
const batchUrl = (id: number, action = '') => `${P}/emolumentGrant/${id}${action}`;
const TITLE = '共享经济合作伙伴协议';

describe('the payroll check refuses who may not be paid (实名认证, 签约)', () => {
  let t: TestApp;
  let demo: Caller;
  let hr: Caller;
  let ops: Caller;
  let hainan: number;
  let xinghe: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    ops = caller(t.app, await opsLogin(t.app));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    xinghe = await companyIdOf(t.database.db, '星河科技有限公司');
  });
  afterAll(() => t.close());

  const provider = () => t.app.ctx.identityProvider as SandboxIdentityProvider;

  const newWorker = async (name: string, wait = true) => {
    const n = ++serial;
    const res = await demo.post('/api/companystaff/employee', {
      name,
      idNumber: testIdNumber(20_000 + n),
      mobile: `136${String(10_000_000 + n).slice(-8)}`,
      joinedAt: '2026-01-05',
      bankCard: { bankCode: 'ICBC', cardNumber: testCardNumber(30_000 + n), branch: '' },
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    if (wait) await waitForRealName(demo, id);
    return id;
  };

  /** The service company's agreement, version `version` (as an operator's upload leaves it). */
  const addTemplate = async (version: number, requiresResign = true) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into service_agreement_template (service_company_id, version, title, file_key, file_name, size, sha256, requires_resign)
          values (${hainan}, ${version}, ${TITLE}, ${`platform/agreements/${hainan}/v${version}.pdf`}, 'a.pdf', 1,
                  ${'0'.repeat(64)}, ${requiresResign})
          returning id::int as id`,
    );
    return row?.id ?? 0;
  };

  /** The worker's signed agreement of this template (as the signing provider's answer leaves it). */
  const signed = async (workerId: number, templateId: number, version: number) => {
    const [file] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into stored_file (company_id, name, content_type, size, storage_key, purpose)
          values (${xinghe}, 'signed.pdf', 'application/pdf', 1, ${`test/signed-${workerId}-${version}`}, 'agreement')
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into worker_agreement (company_id, worker_id, service_company_id, template_id, version, status,
                                        signed_file_id, signed_sha256, signed_at)
          values (${xinghe}, ${workerId}, ${hainan}, ${templateId}, ${version}, 'signed', ${file?.id}, ${'1'.repeat(64)}, now())`,
    );
  };

  const checkedReasons = async (workerIds: number[]) => {
    const created = await hr.post(`${P}/emolumentGrant`, {
      title: '资格核对',
      period: thisPeriod(),
      serviceCompanyId: hainan,
      channel: 'bank',
      source: 'workers',
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const added = await hr.post(batchUrl(id, '/items'), {
      items: workerIds.map((workerId) => ({ workerId, amountFen: 10_000 })),
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(200);
    const checked = await hr.post(batchUrl(id, '/check'));
    expect(checked.body.status, JSON.stringify(checked.body)).toBe(200);
    const page = await demo.get(`${P}/emolumentDetail/page`, { batchId: id, limit: 100 });
    const rows = page.body.data.rows as { workerId: number; checkResult: string; checkReasons: string[] }[];
    return { batch: checked.body.data, byWorker: new Map(rows.map((r) => [r.workerId, r.checkReasons])) };
  };

  it('refuses the unverified, the failed, the verifying and the unsigned with their reasons; pays the verified and signed', async () => {
    const v1 = await addTemplate(1);
    const unverified = await newWorker('资格甲');
    await t.database.db.execute(sql`update worker set real_name_status = 'unverified' where id = ${unverified}`);
    const failed = await newWorker('认证失败乙');
    const unsigned = await newWorker('资格丙');
    const good = await newWorker('资格丁');
    for (const w of [unverified, failed, good]) await signed(w, v1, 1);
    provider().down = true;
    let verifying = 0;
    try {
      verifying = await newWorker('资格戊', false);
      await t.app.realNameWork.run(xinghe);
      const { batch, byWorker } = await checkedReasons([unverified, failed, unsigned, good, verifying]);
      expect(byWorker.get(unverified)).toEqual(['未实名认证']);
      expect(byWorker.get(failed)).toEqual(['实名认证失败：姓名与身份证号不一致']);
      expect(byWorker.get(unsigned)).toEqual([`未签署《${TITLE}》`]);
      expect(byWorker.get(good)).toEqual([]);
      expect(byWorker.get(verifying)).toEqual(['实名认证中：认证结果返回后请重新核对', `未签署《${TITLE}》`]);
      expect(batch).toMatchObject({ status: 'checking', okCount: 1, failedCount: 4 });
    } finally {
      provider().down = false;
    }
  });

  it('asks for the new version where it requires signing again, and not where it does not', async () => {
    const good = await newWorker('资格己');
    const [v1] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from service_agreement_template where service_company_id = ${hainan} and version = 1`,
    );
    await signed(good, v1?.id ?? 0, 1);
    await addTemplate(2, false);
    expect((await checkedReasons([good])).byWorker.get(good)).toEqual([]);
    await addTemplate(3, true);
    expect((await checkedReasons([good])).byWorker.get(good)).toEqual([`未签署《${TITLE}》第 3 版（已签署第 1 版）`]);
  });

  it('pays them all once the operator turns the setting off for the company and service company', async () => {
    const unsigned = await newWorker('资格庚');
    const rules = (await demo.get('/api/companystaff/ecompanyCostRules/selectOcompanyByEcompanyId')).body.data;
    const rule = (rules as { serviceCompanyId: number }[]).find((r) => r.serviceCompanyId === hainan);
    expect(rule, JSON.stringify(rules)).toBeDefined();
    const {
      serviceCompanyId: _s,
      serviceCompanyName: _n,
      receivingBank: _b,
      ...body
    } = rule as Record<string, unknown>;
    const off = await ops.put(`/api/ops/company/${xinghe}/serviceCompany/${hainan}`, {
      ...body,
      payVerifiedOnly: false,
    });
    expect(off.body.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.payVerifiedOnly).toBe(false);
    try {
      expect((await checkedReasons([unsigned])).byWorker.get(unsigned)).toEqual([]);
    } finally {
      await ops.put(`/api/ops/company/${xinghe}/serviceCompany/${hainan}`, { ...body, payVerifiedOnly: true });
    }
  });
});
