import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.ts';
import { creditCodeCheckChar } from '../../src/lib/credit-code.ts';

export const INFO = '/api/companystaff/ecompanyReceipt';
export const DEFAULT_INFO = `${INFO}/getDefaultEcompanyReceipt`;
export const I = '/api/invoice';
export const appUrl = (id: number) => `${I}/application/${id}`;
export const OPS = '/api/ops/invoice';
export const opsUrl = (id: number, action = '') => `${OPS}/${id}${action}`;

/** A minimal PDF: the upload checks the content, not the name. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A valid unified social credit code built from 17 characters. */
export const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);

export const infoBody = (extra: Record<string, unknown> = {}) => ({
  title: '星河科技有限公司',
  taxNo: creditCode('91310000MA1K00001'),
  addressPhone: '上海市浦东新区张江路 1 号 021-50001234',
  bankAccount: '招商银行上海张江支行 121900000010001',
  recipient: '王财务',
  recipientPhone: '13800000001',
  recipientAddress: '上海市浦东新区张江路 1 号 8 楼',
  ...extra,
});

let serial = 0;

/**
 * A paid batch (已完成) of the company with `items` paid items of `debitFen` each, inserted as
 * the payroll leaves one after its payouts succeed; answers its id.
 */
export async function paidBatch(
  db: Db,
  companyId: number,
  serviceCompanyId: number,
  items: number[],
  status = 'completed',
): Promise<number> {
  const n = ++serial;
  const [admin] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from admin where company_id = ${companyId} order by id limit 1`,
  );
  const total = items.reduce((s, x) => s + x, 0);
  const [batch] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into payroll_batch (company_id, title, period, service_company_id, channel, source, status,
                                   item_count, ok_count, amount_fen, debit_fen, created_by)
        values (${companyId}, ${`开票测试批次${n}`}, '2026-10', ${serviceCompanyId}, 'bank', 'workers', ${status},
                ${items.length}, ${items.length}, ${total}, ${total}, ${Number(admin?.id)})
        returning id`,
  );
  const batchId = Number(batch?.id);
  for (const [i, fen] of items.entries()) {
    await db.execute(
      sql`insert into payroll_item (company_id, batch_id, row_no, name, id_number_hash, id_number_masked,
                                    amount_fen, net_fen, debit_fen, check_result, pay_status)
          values (${companyId}, ${batchId}, ${i + 1}, ${`员工${i}`}, ${`hash-${n}-${i}`}, '1101**********0011',
                  ${fen}, ${fen}, ${fen}, 'ok', ${status === 'completed' ? 'paid' : null})`,
    );
  }
  return batchId;
}

/**
 * Where the kept amounts of 可开票金额 differ from the same amounts computed from the rows: each
 * batch's paid amount and count (payroll's, migration 0039), what applications take of each batch
 * (invoice's balance, migration 0047), then the totals per service company of both areas
 * (payroll's paid total, invoice's applied total and used-up batches). Empty when they agree.
 */
export async function keptInvoiceableMismatches(db: Db) {
  const applied = sql`(select x.company_id, x.batch_id, sum(x.amount_fen) as fen from invoice_application_batch x
                         join invoice_application ap on ap.company_id = x.company_id and ap.id = x.application_id
                        where ap.status in ('approving', 'pending', 'issued', 'mailed') group by x.company_id, x.batch_id)`;
  const batches = await queryRows<{ id: string; kept: string; rows: string }>(
    db,
    sql`select b.id, b.paid_fen || '/' || b.paid_count || '/' || coalesce(x.applied_fen, 0) || '/' || coalesce(x.paid_fen, b.paid_fen) as kept,
               coalesce(p.fen, 0) || '/' || coalesce(p.n, 0) || '/' || coalesce(a.fen, 0) || '/' || coalesce(p.fen, 0) as rows
          from payroll_batch b
          left join (select company_id, batch_id, sum(debit_fen) as fen, count(*) as n from payroll_item
                      where pay_status = 'paid' group by company_id, batch_id) p
                 on p.company_id = b.company_id and p.batch_id = b.id
          left join ${applied} a on a.company_id = b.company_id and a.batch_id = b.id
          left join invoice_batch_balance x on x.company_id = b.company_id and x.batch_id = b.id
         where b.paid_fen <> coalesce(p.fen, 0) or b.paid_count <> coalesce(p.n, 0)
            or coalesce(x.applied_fen, 0) <> coalesce(a.fen, 0) or coalesce(x.paid_fen, b.paid_fen) <> b.paid_fen`,
  );
  const totals = await queryRows<{ company_id: string; service_company_id: string; kept: string; rows: string }>(
    db,
    sql`select coalesce(k.company_id, r.company_id) as company_id,
               coalesce(k.service_company_id, r.service_company_id) as service_company_id,
               coalesce(k.paid, 0) || '/' || coalesce(k.batches, 0) || '/' || coalesce(k.applied, 0) || '/' || coalesce(k.used, 0) as kept,
               coalesce(r.paid, 0) || '/' || coalesce(r.batches, 0) || '/' || coalesce(r.applied, 0) || '/' || coalesce(r.used, 0) as rows
          from (select coalesce(p.company_id, t.company_id) as company_id,
                       coalesce(p.service_company_id, t.service_company_id) as service_company_id,
                       p.paid_fen as paid, p.batch_count as batches, t.applied_fen as applied, t.used_batches as used
                  from payroll_paid_total p
                  full join invoiceable_total t on t.company_id = p.company_id and t.service_company_id = p.service_company_id) k
          full join (select b.company_id, b.service_company_id, sum(coalesce(p.fen, 0)) as paid,
                            count(*) filter (where coalesce(p.fen, 0) > 0) as batches,
                            sum(coalesce(a.fen, 0)) as applied,
                            count(*) filter (where a.fen is not null and a.fen >= coalesce(p.fen, 0)) as used
                       from payroll_batch b
                       left join (select company_id, batch_id, sum(debit_fen) as fen from payroll_item
                                   where pay_status = 'paid' group by company_id, batch_id) p
                              on p.company_id = b.company_id and p.batch_id = b.id
                       left join ${applied} a on a.company_id = b.company_id and a.batch_id = b.id
                      where b.status in ('completed', 'partial')
                      group by b.company_id, b.service_company_id) r
            on r.company_id = k.company_id and r.service_company_id = k.service_company_id
         where coalesce(k.paid, 0) <> coalesce(r.paid, 0) or coalesce(k.batches, 0) <> coalesce(r.batches, 0)
            or coalesce(k.applied, 0) <> coalesce(r.applied, 0) or coalesce(k.used, 0) <> coalesce(r.used, 0)`,
  );
  return { batches, totals };
}
