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
