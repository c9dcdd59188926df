/**
 * The demo's 签约 (issue 43, ADR 0031): 江苏智薪's cooperation agreement (共享经济合作伙伴协议 第 1
 * 版, a platform file drawn like the demo contracts) and 星河科技's workers in every state of it:
 * 已签约 (the signed PDF in the company's file store, with its SHA-256, as the sandbox provider
 * would have returned it), 签约中 (the sandbox's request, so its link signs in demo mode), 签约失败
 * (with the provider's reason), and every other worker 未签约. The agreement is 江苏智薪's only:
 * 海南灵工, through which the demo's batches, tasks and the tests' new workers are paid, has none,
 * so it asks no signature of them (a service company without a template asks for none).
 *
 * The seed has no file store: rows name `platform/agreement/demo/…` and
 * `companies/<id>/agreement/demo/…`, and `writeDemoAgreements` draws the bytes into the store at
 * start-up. Both PDFs are a function of their rows (fixed times), so the SHA-256 kept here is the
 * hash of what is drawn there.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { renderContractPdf } from '../lib/contract-pdf.ts';
import { appendSignaturePage } from '../lib/contract-signature-pdf.ts';
import type { FileStore } from '../lib/file-store.ts';
import { sandboxSigningRef } from '../modules/signing-sandbox/provider.ts';
import { insertRequest, keepDocument, markSigned } from '../modules/signing-sandbox/repo.ts';

export const DEMO_AGREEMENT_TITLE = '共享经济合作伙伴协议';
const templateKey = (serviceCompanyId: number) => `platform/agreement/demo/${serviceCompanyId}-v1.pdf`;
const signedKey = (companyId: number, id: string) => `companies/${companyId}/agreement/demo/${id}.pdf`;
/** The template's time (its metadata), fixed so its bytes are. */
const TEMPLATE_AT = new Date('2026-01-01T00:00:00.000Z');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** How many of 星河科技's verified workers are in each state. */
const SIGNED = 10;
const SIGNING = 2;
const FAILED = ['手机号无法接收短信', '签署人拒绝签署'];
const failureOf = (i: number) => FAILED[(i - SIGNED - SIGNING) % FAILED.length] ?? '';

const CLAUSES = [
  '乙方（服务商）委托甲方（灵活就业人员）按任务要求独立完成约定的服务事项，双方不构成劳动关系。',
  '乙方按任务完成情况向甲方结算服务报酬，并依法代扣代缴个人所得税。',
  '甲方保证所提供的身份信息及收款账户真实、有效，并同意乙方为结算需要进行实名认证。',
  '双方对履约中知悉的对方信息负有保密义务，本协议以电子签署方式订立，与纸质协议具有同等效力。',
];

async function templatePdf(serviceCompanyName: string): Promise<Uint8Array> {
  return renderContractPdf({
    contractNo: 'XY-V1',
    title: DEMO_AGREEMENT_TITLE,
    companyName: '灵活就业人员（签署人）',
    serviceCompanyName,
    typeLabel: '合作协议',
    startDate: '2026-01-01',
    endDate: '2030-12-31',
    clauses: CLAUSES,
    at: TEMPLATE_AT,
  });
}

/** What the sandbox provider appends when a worker signs (modules/signing-sandbox/provider.ts). */
function signedPdf(template: Uint8Array, ref: string, signerName: string, signedAt: Date) {
  return appendSignaturePage(template, {
    contractNo: ref,
    title: DEMO_AGREEMENT_TITLE,
    companyName: signerName,
    serviceCompanyName: '（沙箱电子签约）',
    signerName,
    methodLabel: '短信验证码',
    signedAt,
    originalSha256: sha256(template),
  });
}

export interface AgreementSeedIds {
  xinghe: number;
  /** 江苏智薪, 星河科技's second service company. */
  service2: number;
}

export async function seedAgreements(tx: Tx, ids: AgreementSeedIds, now: Date): Promise<void> {
  // The generator's contract statuses had no agreement behind them: every worker starts 未签约.
  await tx.execute(sql`update worker set contract_status = 'unsigned' where contract_status <> 'unsigned'`);
  const [sc] = await queryRows<{ name: string }>(tx, sql`select name from service_company where id = ${ids.service2}`);
  const template = await templatePdf(sc?.name ?? '');
  const [tpl] = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into service_agreement_template
          (service_company_id, version, title, file_key, file_name, size, sha256, requires_resign, created_at)
        values (${ids.service2}, 1, ${DEMO_AGREEMENT_TITLE}, ${templateKey(ids.service2)}, ${`${DEMO_AGREEMENT_TITLE}.pdf`},
                ${template.length}, ${sha256(template)}, true, ${TEMPLATE_AT.toISOString()})
        returning id`,
  );
  const templateId = Number(tpl?.id);
  // 在职, 已认证 workers with a bank card, oldest first: who 发起签约 would have reached.
  const workers = await queryRows<{ id: string | number; name: string; mobile: string }>(
    tx,
    sql`select w.id, w.name, w.mobile from worker w
         where w.company_id = ${ids.xinghe} and w.status = 'active' and w.real_name_status = 'verified'
           and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
         order by w.id limit ${SIGNED + SIGNING + FAILED.length}`,
  );
  await keepDocument(tx, sha256(template), template);
  for (const [i, w] of workers.entries()) {
    const status = i < SIGNED ? 'signed' : i < SIGNED + SIGNING ? 'signing' : 'failed';
    const sentAt = new Date(now.getTime() - (30 - i) * 86_400_000);
    const [row] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into worker_agreement (company_id, worker_id, service_company_id, template_id, version, status, created_at, sent_at)
          values (${ids.xinghe}, ${Number(w.id)}, ${ids.service2}, ${templateId}, 1, 'queued',
                  ${sentAt.toISOString()}, ${sentAt.toISOString()})
          returning id`,
    );
    const id = Number(row?.id);
    const ref = `SA${ids.xinghe}-${id}`;
    const reason = status === 'failed' ? failureOf(i) : '';
    // The sandbox's books: the request as it was sent (refused, or waiting for its link).
    const request = await insertRequest(tx, {
      ref,
      providerRef: sandboxSigningRef(ref),
      token: randomUUID().replace(/-/g, ''),
      code: String(100_000 + ((id * 7_919) % 900_000)),
      signerName: w.name,
      signerMobile: w.mobile,
      documentTitle: DEMO_AGREEMENT_TITLE,
      documentSha256: sha256(template),
      status: status === 'failed' ? 'failed' : 'sent',
      reason,
    });
    const providerRef = request.providerRef;
    if (status === 'signing') {
      await tx.execute(
        sql`update worker_agreement set status = 'signing', provider_ref = ${providerRef} where company_id = ${ids.xinghe} and id = ${id}`,
      );
    } else if (status === 'failed') {
      await tx.execute(
        sql`update worker_agreement set status = 'failed', provider_ref = ${providerRef}, reason = ${reason}
             where company_id = ${ids.xinghe} and id = ${id}`,
      );
    } else {
      // Signed a minute after it was sent; the PDF's bytes are drawn at start-up from these rows.
      const signedAt = new Date(sentAt.getTime() + 60_000);
      const pdf = await signedPdf(template, ref, w.name, signedAt);
      await markSigned(tx, ref, pdf, signedAt);
      const fileId = randomUUID();
      await tx.execute(
        sql`insert into stored_file (id, company_id, admin_id, name, content_type, size, storage_key, purpose)
            values (${fileId}, ${ids.xinghe}, null, ${`合作协议-${w.name}-v1.pdf`}, 'application/pdf', ${pdf.length},
                    ${signedKey(ids.xinghe, fileId)}, 'agreement')`,
      );
      await tx.execute(
        sql`update worker_agreement set status = 'signed', provider_ref = ${providerRef}, signed_file_id = ${fileId},
                   signed_sha256 = ${sha256(pdf)}, signed_at = ${signedAt.toISOString()}
             where company_id = ${ids.xinghe} and id = ${id}`,
      );
    }
    if (status !== 'failed') {
      await tx.execute(
        sql`update worker set contract_status = ${status} where company_id = ${ids.xinghe} and id = ${Number(w.id)}`,
      );
    }
  }
}

/**
 * Draws the demo's agreement template and signed agreements into the file store where they are
 * missing (after a seed, and on each start, as the other demo files).
 */
export async function writeDemoAgreements(db: Db, files: FileStore): Promise<void> {
  const templates = await queryRows<{ id: string | number; file_key: string; name: string }>(
    db,
    sql`select t.id, t.file_key, s.name from service_agreement_template t
          join service_company s on s.id = t.service_company_id
         where t.file_key like 'platform/agreement/demo/%'`,
  );
  const present = (key: string) =>
    files.size(key).then(
      () => true,
      () => false,
    );
  for (const t of templates) {
    const template = await templatePdf(t.name);
    if (!(await present(t.file_key))) await files.write(t.file_key, Readable.from([Buffer.from(template)]));
    const signed = await queryRows<{
      key: string;
      ref_company: string | number;
      id: string | number;
      name: string;
      signed_at: string | Date;
    }>(
      db,
      sql`select f.storage_key as key, a.company_id as ref_company, a.id, w.name, a.signed_at
            from worker_agreement a
            join stored_file f on f.company_id = a.company_id and f.id = a.signed_file_id
            join worker w on w.company_id = a.company_id and w.id = a.worker_id
           where a.template_id = ${Number(t.id)} and f.storage_key like 'companies/%/agreement/demo/%'`,
    );
    for (const s of signed) {
      if (await present(s.key)) continue;
      const pdf = await signedPdf(
        template,
        `SA${Number(s.ref_company)}-${Number(s.id)}`,
        s.name,
        new Date(s.signed_at),
      );
      await files.write(s.key, Readable.from([Buffer.from(pdf)]));
    }
  }
}
