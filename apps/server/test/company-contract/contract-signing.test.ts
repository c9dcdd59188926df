/**
 * 在线签署 (issue 38, point 7): the company signs its 待签署 contract with an SMS or authenticator
 * code of an admin holding `contract:sign`; a signature page (signer, company, time, the uploaded
 * PDF's SHA-256) is appended, the signed PDF is a new stored file, both hashes are kept, the
 * signing is audited and idempotent; refused with a wrong code, unless 待签署 and in force, without
 * the element, and for another company's contract (40400). The operator's 标记已签署 is a paper
 * signature. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { generateTotpSecret, totp } from '../../src/lib/totp.ts';
import { download, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin, serviceCompanyId } from '../money/support.ts';
import { adminWithout } from '../worker/support.ts';

const C = '/api/contract';
const OPS = '/api/ops/contract';
const DEMO_MOBILE = '13800000001';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 420]).drawText('Service agreement');
  return Buffer.from(await doc.save());
}

describe('在线签署 of a contract by the company', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let xinghe: number;
  let hainan: number;
  let serial = 0;
  let pdf: Buffer;
  const secret = generateTotpSecret();
  let step = 0;
  /** A fresh authenticator code of the demo admin (each step is accepted once). */
  const nextTotp = () => totp(secret, Date.now() + 30_000 * step++);

  const create = async (extra: Record<string, unknown> = {}) => {
    const up = await uploadTo(t.app, (await opsLogin(t.app)) as string, `${OPS}/upload?companyId=${xinghe}`, {
      name: '合同.pdf',
      content: pdf,
    });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    const res = await ops.post(OPS, {
      companyId: xinghe,
      serviceCompanyId: hainan,
      contractNo: `S-${process.pid}-${++serial}`,
      title: '灵活用工综合服务协议',
      type: 'service',
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      fileId: up.body.data.id as string,
      ...extra,
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; state: string };
  };
  const rowOf = async (id: number) =>
    (
      await queryRows<{ status: string; sign_method: string | null; signed_file_id: string | null }>(
        t.database.db,
        sql`select status, sign_method, signed_file_id from company_contract where id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    ops = caller(t.app, await opsLogin(t.app));
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    pdf = await contractPdf();
    await t.database.db.execute(
      sql`update admin set totp_secret = ${t.app.ctx.cipher.encrypt(secret)} where username = 'demo'`,
    );
  });
  afterAll(() => t.close());

  it('signs with an SMS code: a signature page appended, both hashes kept, audited', async () => {
    const pending = await create();
    const before = (await demo.get(`${C}/${pending.id}`)).body.data;
    expect(before).toMatchObject({ state: 'pending', actions: ['sign'], signature: null });
    expect((await demo.get(`${C}/signMethods`)).body.data).toEqual({ sms: true, totp: true, mobile: '138****0001' });

    // No code yet, then a wrong one: refused on the field, still 待签署.
    const noCode = await demo.post(`${C}/${pending.id}/sign`, { method: 'sms', code: '123456' });
    expect(noCode.body.status).toBe(40000);
    expect(noCode.body.data.errors[0]).toMatchObject({ path: 'code', message: '请先获取短信验证码（或验证码已过期）' });
    const sent = await demo.post(`${C}/signCode`);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    const [sms] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
    );
    expect(sms?.content).toContain('合同签署验证码');
    const code = /验证码为 (\d{6})/.exec(sms?.content ?? '')?.[1] ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await demo.post(`${C}/${pending.id}/sign`, { method: 'sms', token: sent.body.data.token, code: wrong });
    expect(bad.body.data.errors[0]).toMatchObject({ path: 'code', message: '短信验证码错误' });
    expect((await rowOf(pending.id))?.status).toBe('pending');

    const signed = await demo.post(`${C}/${pending.id}/sign`, { method: 'sms', token: sent.body.data.token, code });
    expect(signed.body.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({
      state: 'signed',
      actions: [],
      signature: { method: 'online', signerName: expect.any(String), originalSha256: sha256(pdf) },
    });
    expect(signed.body.data.signature.signerName.length).toBeGreaterThan(0);

    // The PDF now served is the signed one: the original's page and the signature page.
    const got = await download(t.app, demoToken, `${C}/${pending.id}/pdf`);
    expect(got.statusCode).toBe(200);
    expect(String(got.headers['content-disposition'])).toContain(encodeURIComponent('已签署'));
    expect(sha256(got.bytes)).toBe(signed.body.data.signature.signedSha256);
    const doc = await PDFDocument.load(got.bytes);
    expect(doc.getPageCount()).toBe(2);
    // The upload is kept as it was, the signed PDF is another stored file kept for good.
    const [files] = await queryRows<{ original: string; signed_exp: string | null; purpose: string }>(
      t.database.db,
      sql`select o.sha256 as original, s.expires_at as signed_exp, s.purpose
            from company_contract k join stored_file o on o.id = k.file_id join stored_file s on s.id = k.signed_file_id
           where k.id = ${pending.id}`,
    );
    expect(files).toEqual({ original: sha256(pdf), signed_exp: null, purpose: 'contract' });

    // The same code again cannot sign another contract.
    const other = await create();
    const reused = await demo.post(`${C}/${other.id}/sign`, { method: 'sms', token: sent.body.data.token, code });
    expect(reused.body.status).toBe(40000);
    expect((await rowOf(other.id))?.status).toBe('pending');

    const audit = await queryRows<{ action: string; result: string; target: string }>(
      t.database.db,
      sql`select action, result, target from audit_log where action = 'contract.sign' and target = ${`contract:${pending.id}`}`,
    );
    expect(audit.map((a) => a.result)).toContain('success');
  });

  it('signs with the authenticator, once: a second signing answers the same, nothing new stored', async () => {
    const pending = await create();
    const first = await demo.post(`${C}/${pending.id}/sign`, { method: 'totp', code: nextTotp() });
    expect(first.body.status, JSON.stringify(first.body)).toBe(200);
    const row = await rowOf(pending.id);
    expect(row).toMatchObject({ status: 'signed', sign_method: 'online' });
    const again = await demo.post(`${C}/${pending.id}/sign`, { method: 'totp', code: nextTotp() });
    expect(again.body.status).toBe(200);
    expect(again.body.data.signature).toEqual(first.body.data.signature);
    expect((await rowOf(pending.id))?.signed_file_id).toBe(row?.signed_file_id);
  });

  it('refuses unless 待签署 and in force', async () => {
    const expired = await create({ startDate: '2020-01-01', endDate: '2020-12-31' });
    const terminated = await create();
    expect((await ops.post(`${OPS}/${terminated.id}/terminate`, { reason: '提前终止' })).body.status).toBe(200);
    for (const id of [expired.id, terminated.id]) {
      const refused = await demo.post(`${C}/${id}/sign`, { method: 'totp', code: nextTotp() });
      expect(refused.body.status).toBe(40900);
      expect(refused.body.message).toBe('只有待签署且未到期的合同可以签署');
      expect((await rowOf(id))?.sign_method).toBeNull();
    }
  });

  it("answers 40400 for another company's contract, and needs contract:sign", async () => {
    const pending = await create();
    const cross = await yunfan.post(`${C}/${pending.id}/sign`, { method: 'totp', code: '123456' });
    expect(cross.body.status).toBe(40400);
    const noSign = caller(t.app, await adminWithout(t, demoToken, ['contract:sign']));
    expect((await noSign.get(`${C}/${pending.id}`)).body.status).toBe(200);
    for (const res of [
      await noSign.post(`${C}/${pending.id}/sign`, { method: 'totp', code: '123456' }),
      await noSign.post(`${C}/signCode`),
      await noSign.get(`${C}/signMethods`),
    ]) {
      expect(res.body.status).toBe(40301);
    }
    const bad = await demo.post(`${C}/${pending.id}/sign`, { method: 'fax', code: '' });
    expect(bad.body.status).toBe(40000);
    expect((await rowOf(pending.id))?.status).toBe('pending');
  });

  it("records the operator's 标记已签署 as a paper signature", async () => {
    const pending = await create();
    const marked = await ops.post(`${OPS}/${pending.id}/sign`);
    expect(marked.body.status).toBe(200);
    expect(marked.body.data.signature).toMatchObject({
      method: 'paper',
      signerName: '',
      originalSha256: sha256(pdf),
      signedSha256: null,
    });
    const seen = (await demo.get(`${C}/${pending.id}`)).body.data;
    expect(seen).toMatchObject({ state: 'signed', actions: [], signature: { method: 'paper' } });
  });
});
