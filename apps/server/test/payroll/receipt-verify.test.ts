/**
 * 回单验真 (issue 42): a receipt's PDF, when first drawn, is issued with a verification code and
 * its SHA-256 kept; anyone with the code, signed in or not, sees what it proves, masked, and the
 * hash of the PDF as issued. A malformed, a wrong and a never-issued code get one answer; checks
 * are limited per client address (42900, HTTP 429); each check is audited; a code leads to its
 * receipt alone. PGlite, and PostgreSQL with TEST_DATABASE_URL (row-level security: the lookup
 * crosses companies in the platform's scope).
 */
import { createHash } from 'node:crypto';
import {
  formatReceiptCode,
  RECEIPT_CHECK_LIMIT,
  RECEIPT_CODE_NOT_FOUND,
  receiptNo as receiptNoOf,
  type TReceiptVerification,
} from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { forgetOldReceiptChecks } from '../../src/modules/payroll/receipts/verification.ts';
import { download } from '../files.ts';
import { caller, createTestApp, freshIp, loginAs, type TestApp } from '../helpers.ts';
import { waitForExport } from '../worker/support.ts';

const VERIFY = '/api/public/receipt/verify';
const pdfUrl = (id: number) => `/api/emolument/receiptController/${id}/pdf`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const text = content.items.map((i) => ('str' in i ? i.str : '')).join('');
  await doc.destroy();
  return text;
}

interface Paid {
  id: number;
  companyId: number;
  holder: string;
  net: number;
  settled: string;
  masked: string;
}

describe('回单验真 (receipt verification)', () => {
  let t: TestApp;
  let demoToken: string;
  let paid: Paid[];

  const issuedOf = (payoutId: number) =>
    queryRows<{ code: string; sha256: string; publicUrl: string }>(
      t.database.db,
      sql`select code, sha256, public_url as "publicUrl" from payout_receipt where payout_id = ${payoutId}`,
    );

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://hr.example.com' });
    demoToken = await loginAs(t.app, 'demo');
    paid = await queryRows<Paid>(
      t.database.db,
      sql`select p.id::int as id, p.company_id::int as "companyId", p.holder_name as holder, p.net_fen::int as net,
                 p.settled_at::text as settled, p.account_masked as masked
            from payout p join company c on c.id = p.company_id
           where p.status = 'succeeded' and c.name = '星河科技有限公司' order by p.id limit 3`,
    );
  });
  afterAll(() => t.close());

  it('issues a receipt when its PDF is first drawn: a code printed on it, the SHA-256 of those bytes kept', async () => {
    const target = paid[0];
    if (!target) throw new Error('no paid payout in the seed');
    expect(await issuedOf(target.id)).toEqual([]);
    const first = await download(t.app, demoToken, pdfUrl(target.id));
    expect(first.statusCode).toBe(200);
    const [issued] = await issuedOf(target.id);
    expect(issued?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(issued?.sha256).toBe(sha256(first.bytes));
    expect(issued?.publicUrl).toBe('https://hr.example.com');
    const text = await pdfText(first.bytes);
    expect(text).toContain(formatReceiptCode(issued?.code ?? ''));
    expect(text).toContain('https://hr.example.com/verify');
    // Drawn again: the same code, the same bytes, so the kept hash stays true.
    const again = await download(t.app, demoToken, pdfUrl(target.id));
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    expect(await issuedOf(target.id)).toEqual([issued]);
  });

  it('verifies a receipt by its code without signing in: masked facts and the PDF hash, audited', async () => {
    const target = paid[0];
    if (!target) throw new Error('no paid payout');
    const pdf = await download(t.app, demoToken, pdfUrl(target.id));
    const [issued] = await issuedOf(target.id);
    const code = issued?.code ?? '';
    const ip = freshIp();
    // As printed (groups), in lower case, with spaces: the same receipt.
    const res = await caller(t.app, undefined, ip).post(VERIFY, { code: ` ${formatReceiptCode(code).toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const data = res.body.data as TReceiptVerification;
    const paidAt = new Date(target.settled).toISOString();
    expect(data).toEqual({
      receiptNo: receiptNoOf(target.id, paidAt),
      payerName: expect.any(String),
      clientName: '星河科技有限公司',
      payeeNameMasked: `${[...target.holder][0]}${'*'.repeat([...target.holder].length - 1)}`,
      channel: 'bank',
      accountMasked: target.masked,
      amountFen: target.net,
      paidAt,
      status: 'paid',
      sha256: sha256(pdf.bytes),
      issuedAt: expect.any(String),
    });
    expect(data.payeeNameMasked).not.toContain(target.holder.slice(1));
    expect(data.accountMasked).not.toMatch(/\d{9}/);
    const [audit] = await queryRows<{ companyId: number | null; target: string; result: string; ip: string }>(
      t.database.db,
      sql`select company_id::int as "companyId", target, result, ip from audit_log
           where action = 'payroll.receipts.verify' and ip = ${ip} order by id desc limit 1`,
    );
    expect(audit).toEqual({ companyId: null, target: `payout:${target.id}`, result: 'success', ip });
  });

  it("refuses a changed PDF: its SHA-256 is not the receipt's", async () => {
    const target = paid[0];
    if (!target) throw new Error('no paid payout');
    const pdf = await download(t.app, demoToken, pdfUrl(target.id));
    const [issued] = await issuedOf(target.id);
    const res = await caller(t.app, undefined, freshIp()).post(VERIFY, { code: issued?.code });
    // One byte changed (an edited amount would change more): the hash the page compares differs.
    const changed = Buffer.from(pdf.bytes);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1;
    expect(res.body.data.sha256).toBe(sha256(pdf.bytes));
    expect(sha256(changed)).not.toBe(res.body.data.sha256);
  });

  it('answers a wrong, a never-issued and a malformed code the same way, and audits them as failures', async () => {
    const ip = freshIp();
    const client = caller(t.app, undefined, ip);
    const answers = [];
    for (const code of ['ABCD-EFGH-JKMN-PQRS-TVWX', '0000-0000-0000-0000-0000', 'not a code', '', "' or 1=1 --"]) {
      const res = await client.post(VERIFY, { code });
      answers.push({ statusCode: res.statusCode, body: res.body });
    }
    for (const answer of answers) {
      expect(answer).toEqual({ statusCode: 404, body: { status: 40400, message: RECEIPT_CODE_NOT_FOUND } });
    }
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log
           where action = 'payroll.receipts.verify' and ip = ${ip} and result = 'failure' and status = 40400`,
    );
    expect(audit?.n).toBe(5);
  });

  it(`limits each client address to ${RECEIPT_CHECK_LIMIT} checks in 10 minutes, found or not (429 with the envelope)`, async () => {
    const target = paid[0];
    if (!target) throw new Error('no paid payout');
    const [issued] = await issuedOf(target.id);
    const ip = freshIp();
    const client = caller(t.app, undefined, ip);
    for (let i = 0; i < RECEIPT_CHECK_LIMIT - 1; i++) {
      expect((await client.post(VERIFY, { code: 'ABCD-EFGH-JKMN-PQRS-TVWX' })).statusCode).toBe(404);
    }
    expect((await client.post(VERIFY, { code: issued?.code })).statusCode).toBe(200);
    const over = await client.post(VERIFY, { code: issued?.code });
    expect(over.statusCode).toBe(429);
    expect(over.body).toEqual({ status: 42900, message: expect.stringMatching(/验真次数过多，请 10 分钟后再试/) });
    // Another address is not held back.
    expect((await caller(t.app, undefined, freshIp()).post(VERIFY, { code: issued?.code })).statusCode).toBe(200);
  });

  it('forgets the checks older than the window, hourly: they no longer count', async () => {
    const ip = freshIp();
    const client = caller(t.app, undefined, ip);
    await client.post(VERIFY, { code: 'ABCD-EFGH-JKMN-PQRS-TVWX' });
    const countOf = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from receipt_check where ip = ${ip}`,
        )
      )[0]?.n;
    expect(await countOf()).toBe(1);
    await asPlatform('a test of the checks upkeep', () => forgetOldReceiptChecks(t.app.ctx));
    expect(await countOf()).toBe(1);
    await t.database.db.execute(
      sql`update receipt_check set created_at = created_at - interval '11 minutes' where ip = ${ip}`,
    );
    await asPlatform('a test of the checks upkeep', () => forgetOldReceiptChecks(t.app.ctx));
    expect(await countOf()).toBe(0);
  });

  it('leads to nothing but the receipt: no ids, names or accounts in clear, nothing from a signed-in caller', async () => {
    const [a, b] = paid;
    if (!a || !b) throw new Error('two paid payouts needed');
    await download(t.app, demoToken, pdfUrl(a.id));
    const [issued] = await issuedOf(a.id);
    // A caller of another company gets the same answer as anyone: the code's receipt only.
    const other = caller(t.app, await loginAs(t.app, 'demo_yf'), freshIp());
    const res = await other.post(VERIFY, { code: issued?.code, payoutId: b.id, companyId: b.companyId });
    expect(res.body.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'accountMasked',
        'amountFen',
        'channel',
        'clientName',
        'issuedAt',
        'paidAt',
        'payeeNameMasked',
        'payerName',
        'receiptNo',
        'sha256',
        'status',
      ].sort(),
    );
    const text = JSON.stringify(res.body.data);
    expect(text).not.toContain(a.holder);
    expect(text).not.toContain(b.holder);
    expect(text).not.toContain(issued?.code);
    // b was never drawn: it has no code, so nothing can reach it.
    expect(await issuedOf(b.id)).toEqual([]);
    // Nothing else answers at the address.
    expect((await t.app.inject({ method: 'GET', url: VERIFY })).statusCode).toBe(404);
  });

  it('issues the receipts a zip holds, each PDF hashing to its kept SHA-256', async () => {
    const target = paid[2];
    if (!target) throw new Error('no third paid payout');
    const demo = caller(t.app, demoToken);
    const [row] = await queryRows<{ batchId: number }>(
      t.database.db,
      sql`select batch_id::int as "batchId" from payout where id = ${target.id}`,
    );
    const started = await demo.post('/api/emolument/receiptController/export', { batchId: row?.batchId });
    expect(started.body.status).toBe(200);
    expect((await waitForExport(t, started.body.data.id as string)).status).toBe('done');
    const [issued] = await issuedOf(target.id);
    expect(issued?.code).toMatch(/^[0-9A-Z]{20}$/);
    const pdf = await download(t.app, demoToken, pdfUrl(target.id));
    expect(sha256(pdf.bytes)).toBe(issued?.sha256);
  });
});
