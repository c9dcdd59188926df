/**
 * The demo's contracts (DOMAIN section 8, issue 27): for every company and each of its service
 * companies, a service agreement 已签署 for this year and next, and last year's, 已到期 (signed,
 * its end date passed). Made through the contract area's own service inside the seed's
 * transaction. The seed has no file store: the PDFs' rows are written here under
 * `companies/<id>/contract/demo/`, and `writeDemoContracts` draws their bytes into the store at
 * start-up (as the invoices' are).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beijingDay, CONTRACT_TYPE_LABELS, ZContractCreateBody, type TContractType } from '@flexpay/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import type { OperatorContext } from '../core/auth.ts';
import type { ServiceContext } from '../core/context.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { company, companyContract, serviceCompany, storedFile } from '../db/schema/index.ts';
import { renderContractPdf } from '../lib/contract-pdf.ts';
import type { FileStore } from '../lib/file-store.ts';
import { createContract } from '../modules/company-contract/service.ts';

const demoKey = (companyId: number, id: string) => `companies/${companyId}/contract/demo/${id}.pdf`;

export const DEMO_CONTRACT_CLAUSES = [
  '甲方委托乙方为其灵活用工人员提供任务分包、报酬结算、个税代扣代缴及开具发票等服务。',
  '甲方按月向乙方预付服务款项，乙方在收到款项后按甲方提交的发放批次向人员支付报酬。',
  '服务费按双方确认的费用规则计算，乙方就服务费及代发报酬向甲方开具增值税发票。',
  '双方对履约中知悉的对方商业信息及人员个人信息负有保密义务，合同终止后仍然有效。',
];

export async function seedContracts(tx: Tx, now: Date) {
  const ctx = { db: tx, now: () => now } as unknown as ServiceContext;
  const [ops] = await queryRows<{ id: string | number }>(tx, sql`select id from operator order by id limit 1`);
  const op = { operatorId: Number(ops?.id ?? 0), username: 'ops', name: '平台运营', sessionId: '' } as OperatorContext;
  const links = await queryRows<{ company_id: string | number; service_company_id: string | number }>(
    tx,
    sql`select company_id, service_company_id from company_service_company order by company_id, service_company_id`,
  );
  const year = Number(beijingDay(now).slice(0, 4));
  let n = 0;
  for (const link of links) {
    const companyId = Number(link.company_id);
    const serviceCompanyId = Number(link.service_company_id);
    const contracts = [
      { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
      { from: `${year}-01-01`, to: `${year + 1}-12-31` },
    ];
    for (const term of contracts) {
      n += 1;
      const fileId = randomUUID();
      const contractNo = `HT${term.from.slice(0, 4)}${String(n).padStart(4, '0')}`;
      await tx.insert(storedFile).values({
        id: fileId,
        companyId,
        adminId: null,
        name: `合同_${contractNo}.pdf`,
        contentType: 'application/pdf',
        size: 0,
        storageKey: demoKey(companyId, fileId),
        purpose: 'contract',
      });
      await createContract(
        ctx,
        op,
        ZContractCreateBody.parse({
          companyId,
          serviceCompanyId,
          contractNo,
          title: `灵活用工综合服务协议（${term.from.slice(0, 4)} 年起）`,
          type: 'service',
          startDate: term.from,
          endDate: term.to,
          signed: true,
          fileId,
        }),
      );
    }
  }
}

/** Draws the demo contracts' PDFs into the file store where they are missing, and records their size. */
export async function writeDemoContracts(db: Db, files: FileStore): Promise<void> {
  const rows = await db
    .select({
      id: storedFile.id,
      key: storedFile.storageKey,
      contractNo: companyContract.contractNo,
      title: companyContract.title,
      type: companyContract.type,
      startDate: companyContract.startDate,
      endDate: companyContract.endDate,
      createdAt: companyContract.createdAt,
      companyName: company.name,
      serviceCompanyName: serviceCompany.name,
    })
    .from(storedFile)
    .innerJoin(
      companyContract,
      and(eq(companyContract.companyId, storedFile.companyId), eq(companyContract.fileId, storedFile.id)),
    )
    .innerJoin(company, eq(company.id, storedFile.companyId))
    .innerJoin(serviceCompany, eq(serviceCompany.id, companyContract.serviceCompanyId))
    .where(like(storedFile.storageKey, 'companies/%/contract/demo/%'));
  for (const r of rows) {
    const present = await files.size(r.key).then(
      () => true,
      () => false,
    );
    if (present) continue;
    const bytes = await renderContractPdf({
      contractNo: r.contractNo,
      title: r.title,
      companyName: r.companyName,
      serviceCompanyName: r.serviceCompanyName,
      typeLabel: CONTRACT_TYPE_LABELS[r.type as TContractType] ?? r.type,
      startDate: r.startDate,
      endDate: r.endDate,
      clauses: DEMO_CONTRACT_CLAUSES,
      at: r.createdAt,
    });
    const size = await files.write(r.key, Readable.from([Buffer.from(bytes)]));
    await db.update(storedFile).set({ size }).where(eq(storedFile.id, r.id));
  }
}
