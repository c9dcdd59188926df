/**
 * The sandbox signing provider through the API (issue 43, ADR 0031): its requests are kept in the
 * database, so a link sent before a restart (a new provider on the same database) still signs; its
 * rules answer 签约失败 (refused when sent, declined on the page), which the worker's agreements show
 * with the reason and 发起签约 sends again; the signing job paces its sends under the provider's
 * rate. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { TWorkerAgreement } from '@flexpay/contract';
import { API } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { inCompany, withoutCompany } from '../../src/db/scope.ts';
import { collectSigned } from '../../src/modules/worker/agreements/service.ts';
import {
  createSandboxSigningProvider,
  type SandboxSigningProvider,
} from '../../src/modules/signing-sandbox/provider.ts';
import { testCardNumber, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin, serviceCompanyId } from '../money/support.ts';
import { waitFor } from '../wait-for.ts';
import { waitForRealName } from './support.ts';

const BASE = '/api/companystaff/employee';

async function templatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Cooperation agreement');
  return Buffer.from(await doc.save());
}

describe('the sandbox signing provider', () => {
  let t: TestApp;
  let demo: Caller;
  let hainan: number;
  let xinghe: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    const up = await uploadTo(
      t.app,
      await opsLogin(t.app),
      `/api/ops/serviceCompany/${hainan}/agreementTemplate?title=${encodeURIComponent('共享经济合作伙伴协议')}&requiresResign=true`,
      { name: '合作协议.pdf', content: await templatePdf() },
    );
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
  });
  afterAll(() => t.close());

  const provider = () => t.app.ctx.signingProvider as SandboxSigningProvider;

  const newWorker = async (name: string, mobile = `137${String(10_000_000 + serial + 1).slice(-8)}`) => {
    const n = ++serial;
    const res = await demo.post(BASE, {
      name,
      idNumber: testIdNumber(70_000 + n),
      mobile,
      joinedAt: '2026-01-05',
      bankCard: { bankCode: 'ICBC', cardNumber: testCardNumber(80_000 + n), branch: '' },
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(await waitForRealName(demo, res.body.data.id)).toBe('verified');
    return res.body.data.id as number;
  };
  const send = async (workerIds: number[]) => {
    const res = await demo.post(`${BASE}/agreement/send`, { serviceCompanyId: hainan, workerIds });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
  };
  const agreementsOf = async (id: number): Promise<TWorkerAgreement[]> =>
    (await demo.get(`${BASE}/${id}/agreement`)).body.data;
  const settled = (id: number, status: string, notId?: number, timeoutMs = 30_000) =>
    waitFor(
      () => agreementsOf(id),
      (list) => list[0]?.status === status && list[0].id !== notId,
      { what: `worker ${id}'s agreement ${status}`, timeoutMs },
    ).then((list) => list[0] as TWorkerAgreement);
  const smsTo = async (mobile: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from sms_outbox where purpose = 'sign' and mobile = ${mobile}`,
      )
    )[0]?.n ?? 0;

  it('keeps its requests in the database: a link sent before a restart signs after it', async () => {
    const id = await newWorker('沙箱签约甲');
    await send([id]);
    const sent = await settled(id, 'signing');
    // A new provider on the same database: what another process, or this one restarted, holds.
    const signedHere: string[] = [];
    const restarted = createSandboxSigningProvider({
      sms: t.app.ctx.sms,
      db: t.app.ctx.db,
      publicUrl: '',
      now: () => new Date(),
      linkPath: API.sandbox.signing,
    });
    // As the other process's agreements area does: it collects what its provider signed.
    restarted.onSigned(async ({ ref, providerRef }) => {
      signedHere.push(ref);
      await inCompany(xinghe, () => collectSigned(t.app.ctx, xinghe, ref, providerRef));
    });
    const link = await withoutCompany(() => restarted.linkOf(sent.providerRef ?? ''));
    expect(link).toEqual(await withoutCompany(() => provider().linkOf(sent.providerRef ?? '')));
    expect(await withoutCompany(() => restarted.follow(link?.token ?? '', link?.code ?? ''))).toMatchObject({
      ok: true,
      title: '共享经济合作伙伴协议',
    });
    expect(signedHere).toHaveLength(1);
    const signed = await settled(id, 'signed');
    expect(signed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await demo.get(`${BASE}/${id}`)).body.data.contractStatus).toBe('signed');
    // The app's own provider reads what the other one wrote: the link is signed already.
    expect(
      (await withoutCompany(() => provider().fetchSigned(sent.providerRef ?? '')))?.pdf.byteLength,
    ).toBeGreaterThan(0);
    const followed = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=${link?.code}` });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('签署完成');
    expect(signedHere).toHaveLength(1);
  });

  it('answers 签约失败 by its rules: refused when sent (no SMS), shown with the reason; 发起签约 sends again', async () => {
    const refused = await newWorker('签约失败乙');
    const noSms = await newWorker('沙箱签约丙', '13900000000');
    await send([refused, noSms]);
    const a = await settled(refused, 'failed');
    expect(a).toMatchObject({ status: 'failed', reason: '签署人身份核验未通过' });
    expect(a.providerRef).toMatch(/^SS[0-9A-F]{20}$/);
    expect(await settled(noSms, 'failed')).toMatchObject({ reason: '手机号无法接收短信' });
    expect(await smsTo('13900000000')).toBe(0);
    expect((await demo.get(`${BASE}/${refused}`)).body.data.contractStatus).toBe('unsigned');
    // Sent again: a new request (a new ref), refused again by the same rule.
    await send([refused]);
    const again = await settled(refused, 'failed', a.id);
    expect(again.id).not.toBe(a.id);
    expect(await agreementsOf(refused)).toHaveLength(1);
  });

  it('answers 签约失败 when the signer declines on the page, and the worker is 未签约 again', async () => {
    const id = await newWorker('拒签丁');
    await send([id]);
    const sent = await settled(id, 'signing');
    expect((await demo.get(`${BASE}/${id}`)).body.data.contractStatus).toBe('signing');
    const link = await withoutCompany(() => provider().linkOf(sent.providerRef ?? ''));
    const page = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=${link?.code}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('已拒绝签署《共享经济合作伙伴协议》');
    expect(await settled(id, 'failed')).toMatchObject({ reason: '签署人拒绝签署', signedSha256: null });
    expect((await demo.get(`${BASE}/${id}`)).body.data.contractStatus).toBe('unsigned');
    // The link answers the same afterwards.
    const later = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=${link?.code}` });
    expect(later.body).toContain('签署未完成：签署人拒绝签署');
  });

  it('paces its sends under the provider’s rate: none refused', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await newWorker(`沙箱限速${String.fromCharCode(0x4e00 + i)}`));
    const refusedBefore = provider().refusedForRate;
    provider().ratePerSecond = 3;
    const started = Date.now();
    try {
      await send(ids);
      // Sent by one job run at three a second; that run waits its turn behind the earlier tests'
      // runs of the same queue, which took over 30 s twice with the whole tier beside other work.
      for (const id of ids) await settled(id, 'signing', undefined, 120_000);
    } finally {
      provider().ratePerSecond = 50;
    }
    // Eight at two a window (98% of 3): four windows, three waits of about a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(provider().refusedForRate).toBe(refusedBefore);
  }, 180_000);
});
