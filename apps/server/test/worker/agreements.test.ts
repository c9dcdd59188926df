/**
 * 签约 through the API (issue 43): an operator uploads a service company's agreement template
 * (/ops); 发起签约 for one worker, a selection or all matching a filter runs as a job; the sandbox's
 * SMS link followed with its code signs; the signed PDF is kept with its SHA-256 and the worker is
 * 已签约; the payroll check then pays them. Bad input, permissions and another company's data.
 */
import { createHash } from 'node:crypto';
import type { TWorkerAgreement } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { withoutCompany } from '../../src/db/scope.ts';
import type { SandboxSigningProvider } from '../../src/modules/signing-sandbox/provider.ts';
import { PNG_BYTES, testCardNumber, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { opsLogin, serviceCompanyId } from '../money/support.ts';
import { waitFor } from '../wait-for.ts';
import { adminWithout, waitForRealName } from './support.ts';

const BASE = '/api/companystaff/employee';
const TEMPLATES = (id: number) => `/api/ops/serviceCompany/${id}/agreementTemplate`;

async function templatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Cooperation agreement');
  return Buffer.from(await doc.save());
}

describe('签约 (agreements)', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let yunfan: Caller;
  let yunfanToken: string;
  let opsToken: string;
  let hainan: number;
  let jiangsu: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfanToken = await loginAs(t.app, 'demo_yf');
    yunfan = caller(t.app, yunfanToken);
    opsToken = await opsLogin(t.app);
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  const provider = () => t.app.ctx.signingProvider as SandboxSigningProvider;

  const newWorker = async (name: string) => {
    const n = ++serial;
    const res = await demo.post(BASE, {
      name,
      idNumber: testIdNumber(50_000 + n),
      mobile: `135${String(10_000_000 + n).slice(-8)}`,
      joinedAt: '2026-01-05',
      bankCard: { bankCode: 'ICBC', cardNumber: testCardNumber(60_000 + n), branch: '' },
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    await waitForRealName(demo, res.body.data.id);
    return res.body.data.id as number;
  };

  const agreementsOf = async (id: number): Promise<TWorkerAgreement[]> =>
    (await demo.get(`${BASE}/${id}/agreement`)).body.data;
  const settledAgreement = (id: number, status: string) =>
    waitFor(
      () => agreementsOf(id),
      (list) => list.length > 0 && list[0]?.status === status,
      { what: `worker ${id}'s agreement ${status}` },
    ).then((list) => {
      const [first] = list;
      if (!first) throw new Error('no agreement');
      return first;
    });

  it('uploads a service company’s agreement template at /ops, versioned, and refuses what is not a PDF', async () => {
    const up = await uploadTo(
      t.app,
      opsToken,
      `${TEMPLATES(hainan)}?title=${encodeURIComponent('共享经济合作伙伴协议')}&requiresResign=true`,
      {
        name: '合作协议.pdf',
        content: await templatePdf(),
      },
    );
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ version: 1, title: '共享经济合作伙伴协议', requiresResign: true });
    const png = await uploadTo(t.app, opsToken, `${TEMPLATES(hainan)}?title=x&requiresResign=true`, {
      name: 'a.pdf',
      content: PNG_BYTES,
    });
    expect(png.body).toMatchObject({ status: 40000, message: '不支持的文件类型，仅支持 PDF 文件' });
    const noTitle = await uploadTo(t.app, opsToken, `${TEMPLATES(hainan)}?requiresResign=true`, {
      name: 'a.pdf',
      content: await templatePdf(),
    });
    expect(noTitle.body.status).toBe(40000);
    expect(
      (
        await uploadTo(t.app, opsToken, `${TEMPLATES(999_999)}?title=x&requiresResign=true`, {
          name: 'a.pdf',
          content: await templatePdf(),
        })
      ).body.status,
    ).toBe(40400);
    // A company admin's token opens no operator route.
    expect((await demo.get(TEMPLATES(hainan))).body.status).toBe(40101);
    const list = await caller(t.app, opsToken).get(TEMPLATES(hainan));
    expect(list.body.data).toHaveLength(1);
    const all = (await caller(t.app, opsToken).get('/api/ops/agreementTemplate/serviceCompanies')).body.data as {
      id: number;
      templates: unknown[];
    }[];
    expect(all.find((c) => c.id === hainan)?.templates).toHaveLength(1);
    // 江苏智薪's is the demo's.
    expect(all.find((c) => c.id === jiangsu)?.templates).toMatchObject([{ version: 1, title: '共享经济合作伙伴协议' }]);
    const pdf = await t.app.inject({
      url: `/api/ops/agreementTemplate/${list.body.data[0].id}/pdf`,
      headers: { authorization: opsToken },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('发起签约 for one worker: SMS with a code and a link; following it signs; the PDF is kept with its SHA-256', async () => {
    const id = await newWorker('签约甲');
    const res = await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan, workerIds: [id] });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const sent = await settledAgreement(id, 'signing');
    expect(sent).toMatchObject({
      version: 1,
      title: '共享经济合作伙伴协议',
      isCurrent: true,
      serviceCompanyId: hainan,
    });
    expect((await demo.get(`${BASE}/${id}`)).body.data.contractStatus).toBe('signing');
    // The SMS: the code and the link, in the outbox.
    const [sms] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where purpose = 'sign' order by id desc limit 1`,
    );
    const link = await withoutCompany(() => provider().linkOf(sent.providerRef ?? ''));
    expect(sms?.content).toContain(`验证码 ${link?.code}`);
    expect(sms?.content).toContain(`/api/sandbox/signing/${link?.token}`);
    // A wrong code signs nothing.
    const wrong = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=000000x` });
    expect(wrong.statusCode).toBe(400);
    const follow = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=${link?.code}` });
    expect(follow.statusCode).toBe(200);
    expect(follow.body).toContain('签署完成');
    const signed = await settledAgreement(id, 'signed');
    expect((await demo.get(`${BASE}/${id}`)).body.data.contractStatus).toBe('signed');
    const pdf = await t.app.inject({
      url: `${BASE}/${id}/agreement/${signed.id}/pdf`,
      headers: { authorization: demoToken },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(signed.signedSha256);
    // Another company sees neither the agreements nor the PDF.
    expect((await yunfan.get(`${BASE}/${id}/agreement`)).body.status).toBe(40400);
    const theirs = await t.app.inject({
      url: `${BASE}/${id}/agreement/${signed.id}/pdf`,
      headers: { authorization: yunfanToken },
    });
    expect(JSON.parse(theirs.body)).toMatchObject({ status: 40400, message: '签约文件不存在' });

    // Verified and signed: the check pays them.
    const batch = await demo.post('/api/emolument/emolumentGrant', {
      title: '签约后发放',
      period: thisPeriod(),
      serviceCompanyId: hainan,
      channel: 'bank',
      source: 'workers',
    });
    const batchId = batch.body.data.id as number;
    await demo.post(`/api/emolument/emolumentGrant/${batchId}/items`, { items: [{ workerId: id, amountFen: 10_000 }] });
    const checked = await demo.post(`/api/emolument/emolumentGrant/${batchId}/check`);
    expect(checked.body.data).toMatchObject({ status: 'confirming', okCount: 1 });
  });

  it('发起签约 for all matching a filter: the verified are sent, the others passed over', async () => {
    const a = await newWorker('批签乙');
    const b = await newWorker('批签丙');
    const failed = await newWorker('批签认证失败');
    const res = await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan, filter: { name: '批签' } });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    await settledAgreement(a, 'signing');
    await settledAgreement(b, 'signing');
    expect(await agreementsOf(failed)).toEqual([]);
  });

  it('refuses bad input with its reason, and an admin without employee:sign', async () => {
    const id = await newWorker('签约丁');
    // A service company of 星河科技 without any agreement template.
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into service_company (name, credit_code) values ('无协议服务有限公司', '91110000MA00000001') returning id::int as id`,
    );
    const bare = row?.id ?? 0;
    const [xinghe] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from company where name = '星河科技有限公司'`,
    );
    await t.database.db.execute(
      sql`insert into company_service_company (company_id, service_company_id, fee_rate_bp) values (${xinghe?.id}, ${bare}, 600)`,
    );
    expect((await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan })).body).toMatchObject({
      status: 40000,
      message: expect.stringContaining('请选择员工，或按筛选条件发起'),
    });
    expect(
      (await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: 999_999, workerIds: [id] })).body,
    ).toMatchObject({
      status: 40000,
      message: '该服务商未与本企业合作或已停用，请重新选择',
    });
    expect((await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: bare, workerIds: [id] })).body).toMatchObject(
      {
        status: 40900,
        message: '该服务商尚未上传合作协议模板，暂不能发起签约，请联系平台',
      },
    );
    const theirs = (await yunfan.get(`${BASE}/page`, { limit: 1 })).body.data.rows[0].id as number;
    expect(
      (await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan, workerIds: [theirs] })).body,
    ).toMatchObject({
      status: 40000,
      message: '员工不存在',
    });
    const limited = caller(t.app, await adminWithout(t, demoToken, ['employee:sign']));
    expect(
      (await limited.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan, workerIds: [id] })).body.status,
    ).toBe(40301);
    expect(await agreementsOf(id)).toEqual([]);
  });
});
