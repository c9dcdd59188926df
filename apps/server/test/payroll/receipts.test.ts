/**
 * Receipts (回单, issue 18): the list, the amount and the batches of the seeded paid batch, the
 * PDF (its text read back with pdf.js: both parties, the amount in figures and capitals, the
 * reference), the zip of a batch through the download centre, 发放记录's export; bad input,
 * permissions and another company.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { receiptNo as receiptNoOf, type TReceipt } from '@flexpay/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { fenToChineseCapital } from '../../src/lib/chinese-amount.ts';
import { download, readXlsx } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout, waitForExport } from '../worker/support.ts';

const P = '/api/emolument';
const PAGE = `${P}/receiptController/pageByCompany`;
const AMOUNT = `${P}/receiptRecordController/getReceiptAmount`;
const BATCHES = `${P}/emolumentDetail/getCompanyReceiptList`;
const pdfUrl = (id: number) => `${P}/receiptController/${id}/pdf`;
const exportDownload = (id: string) => `/api/admin/export/${id}/download`;

/** The text of every page of a PDF, as pdf.js reads it (through the fonts' ToUnicode maps). */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join('');
  }
  await doc.destroy();
  return text;
}

/** The entries of a zip: name and bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('receipts (回单)', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let paidBatch: number;
  let paid: { id: number; holder: string; net: number; ref: string; settled: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    const [batch] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from payroll_batch where status = 'partial' order by id limit 1`,
    );
    paidBatch = batch?.id ?? 0;
    paid = await queryRows(
      t.database.db,
      sql`select id::int as id, holder_name as holder, net_fen::int as net, ref, settled_at::text as settled
            from payout where batch_id = ${paidBatch} and status = 'succeeded' order by id desc`,
    );
  });
  afterAll(() => t.close());

  it("lists a receipt for each of the seeded batch's successful payouts, and none for its failure", async () => {
    expect(paid.length).toBeGreaterThan(1);
    const res = await demo.get(PAGE, { batchId: paidBatch, limit: 200 });
    expect(res.body.status).toBe(200);
    const rows = res.body.data.rows as TReceipt[];
    expect(res.body.data.total).toBe(paid.length);
    expect(rows.map((r) => r.id)).toEqual(paid.map((p) => p.id));
    const first = rows[0] as TReceipt;
    expect(first).toMatchObject({
      batchId: paidBatch,
      payeeName: paid[0]?.holder,
      amountFen: paid[0]?.net,
      ref: paid[0]?.ref,
      channel: 'bank',
      clientName: '星河科技有限公司',
    });
    expect(first.receiptNo).toBe(receiptNoOf(first.id, first.paidAt));
    expect(first.receiptNo).toMatch(/^HD\d{16}$/);
    expect(first.accountMasked).not.toMatch(/\d{12}/);
    // The failed payout has no receipt.
    const [failed] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from payout where batch_id = ${paidBatch} and status = 'failed' limit 1`,
    );
    expect(failed).toBeDefined();
    expect((await download(t.app, demoToken, pdfUrl(failed?.id ?? 0))).body).toMatchObject({
      status: 40400,
      message: '回单不存在',
    });
  });

  it('filters by name, 回单编号 and the day paid, and sums what it lists', async () => {
    const target = paid[1] ?? paid[0];
    if (!target) throw new Error('no payout');
    const byName = await demo.get(PAGE, { name: target.holder.slice(0, 2) });
    expect((byName.body.data.rows as TReceipt[]).every((r) => r.payeeName.startsWith(target.holder.slice(0, 2)))).toBe(
      true,
    );
    const no = receiptNoOf(target.id, new Date(target.settled).toISOString());
    const byNo = await demo.get(PAGE, { receiptNo: no.toLowerCase() });
    expect(byNo.body.data.rows.map((r: TReceipt) => r.id)).toEqual([target.id]);
    const amount = await demo.get(AMOUNT, { batchId: paidBatch });
    expect(amount.body.data).toEqual({ count: paid.length, amountFen: paid.reduce((s, p) => s + p.net, 0) });
    // Beijing days: the day it was paid finds it, the day after does not.
    const day = new Date(Date.parse(target.settled) + 8 * 3_600_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await demo.get(AMOUNT, { receiptNo: no, paidFrom: day, paidTo: day })).body.data.count).toBe(1);
    expect((await demo.get(AMOUNT, { receiptNo: no, paidFrom: next })).body.data.count).toBe(0);
  });

  it('refuses bad filters with Chinese messages', async () => {
    const bad = await demo.get(PAGE, { receiptNo: 'HD123' });
    expect(bad.body.status).toBe(40000);
    expect(JSON.stringify(bad.body)).toContain('回单编号格式不正确');
    const range = await demo.get(AMOUNT, { paidFrom: '2026-11-02', paidTo: '2026-11-01' });
    expect(range.body).toMatchObject({ status: 40000, message: '结束日期不能早于开始日期' });
    const day = await demo.get(PAGE, { paidFrom: '2026/11/01' });
    expect(JSON.stringify(day.body)).toContain('日期格式应为 YYYY-MM-DD');
    expect((await demo.get(PAGE, { batchId: 'x' })).body.status).toBe(40000);
  });

  it('lists the batches that have receipts with their count and amount', async () => {
    const res = await demo.get(BATCHES, { limit: 50 });
    expect(res.body.status).toBe(200);
    const row = (res.body.data.rows as { id: number; count: number; amountFen: number }[]).find(
      (r) => r.id === paidBatch,
    );
    expect(row).toMatchObject({ count: paid.length, amountFen: paid.reduce((s, p) => s + p.net, 0) });
  });

  it('renders the receipt as a PDF with the Chinese text embedded: parties, amount in figures and capitals, references', async () => {
    const target = paid[0];
    if (!target) throw new Error('no payout');
    const got = await download(t.app, demoToken, pdfUrl(target.id));
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toMatch(
      /^inline; filename=.*filename\*=UTF-8''%E5%9B%9E%E5%8D%95_HD/,
    );
    expect(got.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is a subset: the whole font is about 10 MB.
    expect(got.bytes.length).toBeLessThan(200_000);
    const text = (await pdfText(got.bytes)).replace(/\s+/g, '');
    const [service] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select s.name from service_company s join payout p on p.service_company_id = s.id where p.id = ${target.id}`,
    );
    for (const expected of [
      '电子回单',
      service?.name ?? '?',
      '星河科技有限公司',
      target.holder,
      `人民币${fenToChineseCapital(target.net)}`,
      target.ref,
      receiptNoOf(target.id, new Date(target.settled).toISOString()),
    ])
      expect(text).toContain(expected);
    expect(text).toContain((target.net / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    // The same receipt renders to the same bytes.
    expect((await download(t.app, demoToken, pdfUrl(target.id))).bytes.equals(got.bytes)).toBe(true);
  });

  it("zips a batch's receipts through the download centre", async () => {
    const res = await demo.post(`${P}/receiptController/export`, { batchId: paidBatch });
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'receipts', typeName: '电子回单', status: 'queued' });
    const row = await waitForExport(t, res.body.data.id);
    expect(row).toMatchObject({ status: 'done', progress: 100, row_count: paid.length });
    const got = await download(t.app, demoToken, exportDownload(res.body.data.id));
    expect(got.statusCode).toBe(200);
    expect(String(got.headers['content-disposition'])).toContain('.zip');
    const files = await unzip(got.bytes);
    expect(files.size).toBe(paid.length);
    for (const p of paid) {
      const name = [...files.keys()].find((n) =>
        n.startsWith(`回单_${receiptNoOf(p.id, new Date(p.settled).toISOString())}_`),
      );
      expect(name, `receipt of payout ${p.id}`).toBeDefined();
      expect(
        files
          .get(name ?? '')
          ?.subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Nothing to zip: a clear message, no job.
    const none = await demo.post(`${P}/receiptController/export`, { name: '没有这个人' });
    expect(none.body).toMatchObject({ status: 40000, message: '没有符合条件的回单' });
  });

  it("exports 发放记录 with the list's filters, ID numbers masked", async () => {
    const res = await demo.post(`${P}/emolumentGrantRecord/export`, { payStatus: 'paid' });
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'grantRecords', typeName: '发放记录' });
    const row = await waitForExport(t, res.body.data.id);
    expect(row?.status).toBe('done');
    const got = await download(t.app, demoToken, exportDownload(res.body.data.id));
    const [sheet] = await readXlsx(got.bytes);
    const [header, ...rows] = sheet?.rows ?? [];
    expect(header?.slice(0, 6)).toEqual(['批次号', '批次名称', '发放月份', '序号', '姓名', '身份证号']);
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payroll_item i join company c on c.id = i.company_id
           where c.name = '星河科技有限公司' and i.pay_status = 'paid'`,
    );
    expect(rows.length).toBe(counted?.n);
    expect(rows.every((r) => r[13] === '已支付')).toBe(true);
    expect(rows.every((r) => /^\d{3}\*+[\dX]{4}$/.test(r[5] ?? '') || /\*/.test(r[5] ?? ''))).toBe(true);
    // An ID number filter is kept masked in the job.
    const byId = await demo.post(`${P}/emolumentGrantRecord/export`, { idNumber: '110101199003077777' });
    expect(byId.body.data.filters.idNumber).toMatch(/\*/);
    expect(JSON.stringify(byId.body.data)).not.toContain('110101199003077777');
  });

  it('keeps every company to its own receipts, and asks for the elements', async () => {
    const target = paid[0];
    if (!target) throw new Error('no payout');
    expect((await yunfan.get(PAGE, { batchId: paidBatch })).body.data.total).toBe(0);
    expect((await yunfan.get(AMOUNT, {})).body.data.count).toBe(0);
    const other = await download(t.app, await loginAs(t.app, 'demo_yf'), pdfUrl(target.id));
    expect(other.body).toMatchObject({ status: 40400 });
    expect((await yunfan.post(`${P}/receiptController/export`, { batchId: paidBatch })).body.status).toBe(40000);

    const noView = caller(t.app, await adminWithout(t, demoToken, ['payroll:view']));
    expect((await noView.get(PAGE, {})).body.status).toBe(40301);
    expect((await noView.get(pdfUrl(target.id))).body.status).toBe(40301);
    const noExport = caller(t.app, await adminWithout(t, demoToken, ['payroll:export']));
    expect((await noExport.post(`${P}/emolumentGrantRecord/export`, {})).body.status).toBe(40301);
    expect((await download(t.app, undefined, pdfUrl(target.id))).statusCode).toBe(401);
  });
});
