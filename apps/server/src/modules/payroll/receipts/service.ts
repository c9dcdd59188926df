/**
 * Receipts (回单, issue 18): every successful payout has an electronic receipt, listed, summed,
 * rendered as a PDF on request (the same bytes each time: the payout is final), and zipped by
 * the download centre for a batch or any filter. The first drawing issues it (回单验真, issue 42,
 * ADR 0029): a verification code and the QR code of the check page are printed on it, and the
 * code, the PDF's SHA-256 and the page's address are kept, so every later drawing is the same.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  PAYOUT_CHANNEL_LABELS,
  RECEIPT_CODE_ALPHABET,
  RECEIPT_CODE_LENGTH,
  payoutIdOfReceiptNo,
  payrollBatchNo,
  receiptNo,
  SCREEN_PATHS,
  type TExportJob,
  type TPage,
  type TReceipt,
  type TReceiptAmount,
  type TReceiptBatch,
  type TReceiptFilters,
  ZReceiptFilters,
} from '@flexpay/contract';
import type { ServiceContext } from '../../../core/context.ts';
import { chinaDay } from '../../../lib/china-time.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import { renderReceiptPdf } from '../../../lib/receipt-pdf.ts';
import type { AuthContext } from '../../../core/auth.ts';
import type { Exporter } from '../../../core/context.ts';
import * as exports from '../../export/service.ts';
import { BANKS } from '../../worker/rules.ts';
import * as repo from './repo.ts';

/** Receipts a zip holds at most (about 10 ms each to render). */
export const RECEIPT_ZIP_MAX = 20_000;
const ZIP_CHUNK = 200;

/** The filters of the API as the repository's, scoped to the company. */
function filtersOf(companyId: number, f: TReceiptFilters): repo.ReceiptFilters {
  if (f.paidFrom && f.paidTo && f.paidFrom > f.paidTo) throw invalidField('paidTo', '结束日期不能早于开始日期');
  return {
    companyId,
    batchId: f.batchId === undefined ? undefined : Number(f.batchId),
    name: f.name || undefined,
    // A number that names no payout finds nothing, like any other filter.
    payoutId: f.receiptNo ? (payoutIdOfReceiptNo(f.receiptNo) ?? -1) : undefined,
    paidFrom: f.paidFrom ? chinaDay(f.paidFrom).start : undefined,
    paidBefore: f.paidTo ? chinaDay(f.paidTo).end : undefined,
  };
}

function toReceipt(r: repo.ReceiptRow): TReceipt {
  const p = r.payout;
  // A succeeded payout always has its time; the creation time stands in for a row from before.
  const paidAt = (p.settledAt ?? p.createdAt).toISOString();
  return {
    id: p.id,
    receiptNo: receiptNo(p.id, paidAt),
    batchId: p.batchId,
    batchNo: payrollBatchNo(p.batchId, r.batchCreatedAt.toISOString()),
    batchTitle: r.batchTitle,
    period: r.period,
    payerName: r.payerName,
    clientName: r.clientName,
    payeeName: p.holderName,
    channel: p.channel as TReceipt['channel'],
    accountMasked: p.accountMasked,
    amountFen: p.netFen,
    ref: p.ref,
    paidAt,
  };
}

/** 回单: the company's receipts, newest first. */
export async function listReceipts(
  ctx: ServiceContext,
  auth: AuthContext,
  q: TReceiptFilters & { page: number; limit: number },
): Promise<TPage<TReceipt>> {
  const page = await repo.findReceiptPage(ctx.db, filtersOf(auth.companyId, q), q.page, q.limit);
  return { total: page.total, rows: page.rows.map(toReceipt) };
}

/** 回单金额: how many receipts match the filters and what they add up to. */
export function receiptAmount(ctx: ServiceContext, auth: AuthContext, q: TReceiptFilters): Promise<TReceiptAmount> {
  return repo.sumReceipts(ctx.db, filtersOf(auth.companyId, q));
}

/** The company's batches with receipts (getCompanyReceiptList), newest first. */
export async function listReceiptBatches(
  ctx: ServiceContext,
  auth: AuthContext,
  q: { page: number; limit: number; title?: string | undefined },
): Promise<TPage<TReceiptBatch>> {
  const page = await repo.findReceiptBatchPage(ctx.db, auth.companyId, q.title, q.page, q.limit);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.batchId,
      batchNo: payrollBatchNo(r.batchId, r.createdAt.toISOString()),
      batchTitle: r.title,
      period: r.period,
      payerName: r.payerName,
      count: r.count,
      amountFen: r.amountFen,
      lastPaidAt: (r.lastPaidAt ?? r.createdAt).toISOString(),
    })),
  };
}

const accountText = (r: repo.ReceiptRow) =>
  [
    PAYOUT_CHANNEL_LABELS[r.payout.channel as TReceipt['channel']] ?? r.payout.channel,
    r.payout.accountMasked,
    r.accountBank ? (BANKS.get(r.accountBank) ?? r.accountBank) : null,
  ]
    .filter(Boolean)
    .join(' ');

/** What a receipt is drawn with once issued: its code and the check page's public address. */
type Issue = Pick<repo.IssuedReceipt, 'code' | 'publicUrl'>;

/** The PDF of one receipt. */
function renderRow(r: repo.ReceiptRow, issue: Issue): Promise<Uint8Array> {
  const receipt = toReceipt(r);
  return renderReceiptPdf({
    receiptNo: receipt.receiptNo,
    paidAt: new Date(receipt.paidAt),
    payerName: receipt.payerName,
    clientName: receipt.clientName,
    payeeName: receipt.payeeName,
    payeeAccount: accountText(r),
    amountFen: receipt.amountFen,
    purpose: receipt.batchTitle.includes(receipt.period)
      ? `劳务报酬：${receipt.batchTitle}`
      : `劳务报酬：${receipt.period} ${receipt.batchTitle}`,
    reference: receipt.ref,
    batchNo: receipt.batchNo,
    verification: { code: issue.code, pageUrl: `${issue.publicUrl}${SCREEN_PATHS.verify}` },
  });
}

/** A new verification code: 20 characters of Crockford's base32, 100 random bits. */
export function newReceiptCode(): string {
  let code = '';
  for (let i = 0; i < RECEIPT_CODE_LENGTH; i++) code += RECEIPT_CODE_ALPHABET[randomInt(RECEIPT_CODE_ALPHABET.length)];
  return code;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The PDFs of receipts of one company, in the order of `rows`: drawn with the code each was
 * issued with, or issued now (a fresh code, the PDF drawn with it, its SHA-256 kept). Two
 * requests issuing one receipt at once keep the first code; the other draws again with it.
 */
async function issuedPdfs(ctx: ServiceContext, companyId: number, rows: repo.ReceiptRow[]): Promise<Uint8Array[]> {
  const ids = rows.map((r) => r.payout.id);
  const issued = new Map((await repo.findIssuedReceipts(ctx.db, companyId, ids)).map((i) => [i.payoutId, i]));
  const pdfs = new Map<number, Uint8Array>();
  const fresh: Omit<repo.IssuedReceipt, 'issuedAt'>[] = [];
  const publicUrl = publicUrlOf(ctx);
  for (const row of rows) {
    const known = issued.get(row.payout.id);
    const issue = known ?? { code: newReceiptCode(), publicUrl };
    const pdf = await renderRow(row, issue);
    pdfs.set(row.payout.id, pdf);
    if (!known) fresh.push({ companyId, payoutId: row.payout.id, ...issue, sha256: sha256Hex(pdf) });
  }
  const written = await repo.insertIssuedReceipts(ctx.db, fresh, ctx.now());
  const lost = fresh.filter((f) => !written.has(f.payoutId)).map((f) => f.payoutId);
  if (lost.length) {
    const first = await repo.findIssuedReceipts(ctx.db, companyId, lost);
    for (const issue of first) {
      const row = rows.find((r) => r.payout.id === issue.payoutId);
      if (row) pdfs.set(issue.payoutId, await renderRow(row, issue));
    }
  }
  return rows.map((r) => {
    const pdf = pdfs.get(r.payout.id);
    if (!pdf) throw new Error(`receipt ${r.payout.id} not drawn`);
    return pdf;
  });
}

/** The address the public reaches the console at (PUBLIC_URL), without a trailing slash. */
const publicUrlOf = (ctx: ServiceContext) => ctx.config.publicUrl ?? `http://localhost:${ctx.config.port || 8080}`;

/** A receipt's file name: 回单_HD2026112400001234_张三.pdf (no path characters from the name). */
const fileNameOf = (receipt: Pick<TReceipt, 'receiptNo' | 'payeeName'>) =>
  `回单_${receipt.receiptNo}_${receipt.payeeName.replace(/[\\/:*?"<>|\s]/g, '')}.pdf`;

/** One receipt's PDF, of the company's own payouts only. */
export async function receiptPdf(ctx: ServiceContext, auth: AuthContext, id: number) {
  const row = await repo.findReceipt(ctx.db, auth.companyId, id);
  if (!row) throw notFound('回单不存在');
  const [pdf] = await issuedPdfs(ctx, auth.companyId, [row]);
  if (!pdf) throw new Error(`receipt ${id} not drawn`);
  return { fileName: fileNameOf(toReceipt(row)), body: Buffer.from(pdf) };
}

/** 下载全部回单: the matching receipts as one zip, made by the download centre. */
export async function requestReceiptsExport(
  ctx: ServiceContext,
  jobs: JobQueue,
  auth: AuthContext,
  filters: TReceiptFilters,
): Promise<TExportJob> {
  const { count } = await repo.sumReceipts(ctx.db, filtersOf(auth.companyId, filters));
  if (count === 0) throw invalidField('batchId', '没有符合条件的回单');
  if (count > RECEIPT_ZIP_MAX)
    throw invalidField('batchId', `一次最多打包 ${RECEIPT_ZIP_MAX} 张回单（当前 ${count} 张），请按批次或日期缩小范围`);
  return exports.requestExport(ctx, jobs, auth, 'receipts', { ...filters });
}

/** The download centre's maker of receipt zips: each matching receipt's PDF, newest first. */
export const receiptsExporter: Exporter = async (ctx, job) => {
  const parsed = ZReceiptFilters.safeParse(job.filters);
  if (!parsed.success) throw new exports.ExportFailure('导出条件无效，请重新导出');
  const filters = filtersOf(job.companyId, parsed.data);
  const { count } = await repo.sumReceipts(ctx.db, filters);
  async function* files() {
    for await (const rows of repo.iterateReceipts(ctx.db, filters, ZIP_CHUNK)) {
      const pdfs = await issuedPdfs(ctx, job.companyId, rows);
      yield rows.map((row, i) => {
        const receipt = toReceipt(row);
        const data = pdfs[i];
        if (!data) throw new Error(`receipt ${row.payout.id} not drawn`);
        // 回单编号 is unique: so is the file name.
        return { name: fileNameOf(receipt), data, mtime: new Date(receipt.paidAt) };
      });
    }
  }
  return { kind: 'zip', total: count, files: files() };
};
