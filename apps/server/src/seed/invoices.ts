/**
 * The demo's invoices (DOMAIN section 7, issue 27): 星河科技's 开票信息 (the default and a second
 * one), and on its paid batch (海南灵工) an invoice 已开票 and 已邮寄 with its PDF, an application
 * 待审核 in the operator's queue, and one 已驳回 to edit. Made through the invoice area's own
 * services inside the seed's transaction. The seed has no file store: the PDF's row is written
 * here under `companies/<id>/invoice/demo/`, and `writeDemoInvoices` puts its bytes into the store
 * at start-up (as the top-up vouchers are).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZInvoiceApplyBody, ZInvoiceInfoBody, type TApprovalType, type TInvoiceApplyBody } from '@flexpay/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import type { ApprovalOutcomeHandler } from '../core/approval.ts';
import type { AuthContext, OperatorContext } from '../core/auth.ts';
import type { ServiceContext } from '../core/context.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { company, invoiceApplication, serviceCompany, storedFile } from '../db/schema/index.ts';
import { creditCodeCheckChar } from '../lib/credit-code.ts';
import type { FileStore } from '../lib/file-store.ts';
import { renderReceiptPdf } from '../lib/receipt-pdf.ts';
import { Registry } from '../lib/registry.ts';
import {
  applyInvoice,
  issueInvoice,
  mailInvoice,
  onInvoiceApprovalDecided,
  rejectApplication,
} from '../modules/invoice/applications/service.ts';
import { createInfo } from '../modules/invoice/info/service.ts';

export interface InvoiceSeedIds {
  xinghe: number;
  /** 海南灵工. */
  service: number;
  demo: number;
}

const DEMO_INVOICE_NO = '24312000000012345678';
const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);
const demoKey = (companyId: number, id: string) => `companies/${companyId}/invoice/demo/${id}.pdf`;

export async function seedInvoices(tx: Tx, ids: InvoiceSeedIds, now: Date) {
  // What the services read of an app's context: the database, the clock and who decides a 开票 approval.
  const approvalOutcomes = new Registry<TApprovalType, ApprovalOutcomeHandler>('审批类型的结果处理');
  approvalOutcomes.add('invoice', onInvoiceApprovalDecided);
  const ctx = { db: tx, now: () => now, registry: { approvalOutcomes } } as unknown as ServiceContext;
  const auth = { companyId: ids.xinghe, adminId: ids.demo } as AuthContext;
  const [ops] = await queryRows<{ id: string | number }>(tx, sql`select id from operator order by id limit 1`);
  const op = { operatorId: Number(ops?.id ?? 0), username: 'ops', name: '平台运营', sessionId: '' } as OperatorContext;

  const info = await createInfo(
    ctx,
    auth,
    ZInvoiceInfoBody.parse({
      title: '星河科技有限公司',
      taxNo: creditCode('91310115MA1H8XK20'),
      addressPhone: '上海市浦东新区张江高科技园区碧波路 690 号 021-50801234',
      bankAccount: '招商银行上海张江支行 121909876510001',
      recipient: '李财务',
      recipientPhone: '13800138000',
      recipientAddress: '上海市浦东新区张江高科技园区碧波路 690 号 5 楼财务部',
      isDefault: true,
    }),
  );
  await createInfo(
    ctx,
    auth,
    ZInvoiceInfoBody.parse({
      title: '星河科技有限公司北京分公司',
      taxNo: creditCode('91110108MA01K2M34'),
      recipient: '赵会计',
      recipientPhone: '13900139000',
      recipientAddress: '北京市海淀区中关村大街 1 号',
    }),
  );

  // The paid batch (部分成功) of the payroll seed, and what it paid.
  const [batch] = await queryRows<{ id: string | number; paid: string | number }>(
    tx,
    sql`select b.id, coalesce(sum(i.debit_fen), 0) as paid
          from payroll_batch b join payroll_item i on i.company_id = b.company_id and i.batch_id = b.id
         where b.company_id = ${ids.xinghe} and b.status in ('completed', 'partial') and i.pay_status = 'paid'
         group by b.id order by b.id limit 1`,
  );
  if (!batch) return;
  const batchId = Number(batch.id);
  const paid = Number(batch.paid);
  const part = Math.floor(paid / 4);
  const body = (amountFen: number, content = '现代服务*服务费'): TInvoiceApplyBody =>
    ({
      serviceCompanyId: ids.service,
      batches: [{ batchId, amountFen }],
      infoId: info.id,
      invoiceType: 'normal',
      content,
      remark: '',
    }) satisfies TInvoiceApplyBody;
  const apply = (b: TInvoiceApplyBody) => applyInvoice(ctx, auth, ZInvoiceApplyBody.parse(b));

  // 已开票 and 已邮寄, with its PDF.
  const mailed = await apply(body(part * 2));
  const fileId = randomUUID();
  await tx.insert(storedFile).values({
    id: fileId,
    companyId: ids.xinghe,
    adminId: null,
    name: `发票_${DEMO_INVOICE_NO}.pdf`,
    contentType: 'application/pdf',
    size: 0,
    storageKey: demoKey(ids.xinghe, fileId),
    purpose: 'invoice',
  });
  await issueInvoice(ctx, op, mailed.id, { fileId, invoiceNo: DEMO_INVOICE_NO, invoiceDate: dateOf(now) });
  await mailInvoice(ctx, op, mailed.id, { courier: '顺丰速运', trackingNo: 'SF1402385561234' });

  // 已驳回, to edit and resubmit.
  const rejected = await apply(body(part, '现代服务*技术服务费'));
  await rejectApplication(ctx, op, rejected.id, '开票内容与合同约定不符，请改为"现代服务*服务费"');

  // 待审核, in the operator's queue.
  await apply(body(part));
}

const dateOf = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Writes the demo invoices' PDFs into the file store where they are missing, and records their
 * size. The PDF is drawn with the receipts' renderer (pdf-lib, the embedded Chinese font).
 */
export async function writeDemoInvoices(db: Db, files: FileStore): Promise<void> {
  const rows = await db
    .select({
      id: storedFile.id,
      key: storedFile.storageKey,
      companyId: storedFile.companyId,
      amountFen: invoiceApplication.amountFen,
      invoiceNo: invoiceApplication.invoiceNo,
      issuedAt: invoiceApplication.issuedAt,
      content: invoiceApplication.content,
      companyName: company.name,
      serviceCompanyName: serviceCompany.name,
      applicationId: invoiceApplication.id,
    })
    .from(storedFile)
    .innerJoin(
      invoiceApplication,
      and(eq(invoiceApplication.companyId, storedFile.companyId), eq(invoiceApplication.invoiceFileId, storedFile.id)),
    )
    .innerJoin(company, eq(company.id, storedFile.companyId))
    .innerJoin(serviceCompany, eq(serviceCompany.id, invoiceApplication.serviceCompanyId))
    .where(like(storedFile.storageKey, 'companies/%/invoice/demo/%'));
  for (const r of rows) {
    const present = await files.size(r.key).then(
      () => true,
      () => false,
    );
    if (present) continue;
    const bytes = await renderReceiptPdf({
      receiptNo: r.invoiceNo ?? String(r.applicationId),
      paidAt: r.issuedAt ?? new Date(),
      payerName: r.serviceCompanyName,
      clientName: r.companyName,
      payeeName: r.companyName,
      payeeAccount: '增值税普通发票（演示）',
      amountFen: r.amountFen,
      purpose: r.content,
      reference: r.invoiceNo ?? '',
      batchNo: `FP${String(r.applicationId).padStart(8, '0')}`,
    });
    const size = await files.write(r.key, Readable.from([Buffer.from(bytes)]));
    await db.update(storedFile).set({ size }).where(eq(storedFile.id, r.id));
  }
}
