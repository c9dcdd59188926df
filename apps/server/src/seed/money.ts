/**
 * Demo money data (DOMAIN section 11, issue 16 point 8): the operator `ops`, payment accounts,
 * a confirmed top-up with its ledger entries (posted through the ledger module, as the console
 * does) and a pending one waiting in the operator's queue.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { like } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { operator, paymentAccount, storedFile, topup } from '../db/schema/index.ts';
import type { FileStore } from '../lib/file-store.ts';
import { hashPassword } from '../lib/password.ts';
import { confirmTopup } from '../modules/money/service.ts';

/** The demo vouchers' image (a 1×1 PNG), kept under `companies/<id>/upload/demo/`. */
const DEMO_VOUCHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Writes the demo vouchers' bytes into the file store where they are missing (the seed runs in
 * a transaction without the store), so the operator sees them beside the amounts.
 */
export async function writeDemoVouchers(db: Db, files: FileStore): Promise<void> {
  const rows = await db
    .select({ key: storedFile.storageKey })
    .from(storedFile)
    .where(like(storedFile.storageKey, 'companies/%/upload/demo/%'));
  for (const { key } of rows) {
    const present = await files.size(key).then(
      () => true,
      () => false,
    );
    if (!present) await files.write(key, Readable.from([DEMO_VOUCHER_PNG]));
  }
}

export const DEMO_OPERATOR = { username: 'ops', password: 'Ops@123456', name: '平台运营' } as const;

interface Ids {
  xinghe: number;
  yunfan: number;
  service: number;
  service2: number;
}

export async function seedMoney(tx: Tx, ids: Ids, admins: { id: number; companyId: number; isOwner: boolean }[]) {
  const [ops] = await tx
    .insert(operator)
    .values({
      username: DEMO_OPERATOR.username,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      name: DEMO_OPERATOR.name,
    })
    .returning({ id: operator.id });
  if (!ops) throw new Error('seed: operator not inserted');

  const accounts = await tx
    .insert(paymentAccount)
    .values([
      {
        companyId: ids.xinghe,
        bank: '招商银行',
        accountName: '星河科技有限公司',
        accountNo: '121908765410201',
        branch: '上海张江支行',
        isDefault: true,
      },
      {
        companyId: ids.xinghe,
        bank: '中国建设银行',
        accountName: '星河科技有限公司',
        accountNo: '31050161373600001234',
        branch: '上海浦东分行',
      },
      {
        companyId: ids.yunfan,
        bank: '平安银行',
        accountName: '云帆物流有限公司',
        accountNo: '15000098765432',
        branch: '深圳科技园支行',
        isDefault: true,
      },
    ])
    .returning();
  const payer = accounts[0];
  if (!payer) throw new Error('seed: payment accounts not inserted');

  const owner = admins.find((a) => a.companyId === ids.xinghe && a.isOwner);
  const vouchers = [randomUUID(), randomUUID()];
  await tx.insert(storedFile).values(
    vouchers.map((id) => ({
      id,
      companyId: ids.xinghe,
      adminId: owner?.id ?? null,
      name: '转账凭证.png',
      contentType: 'image/png',
      size: DEMO_VOUCHER_PNG.length,
      storageKey: `companies/${ids.xinghe}/upload/demo/${id}.png`,
      purpose: 'upload',
    })),
  );
  const payerColumns = { payerBank: payer.bank, payerAccountName: payer.accountName, payerAccountNo: payer.accountNo };
  const [confirmed, pending] = await tx
    .insert(topup)
    .values([
      {
        companyId: ids.xinghe,
        serviceCompanyId: ids.service,
        amountFen: 50_000_000,
        ...payerColumns,
        voucherFileId: vouchers[0] as string,
        remark: '11 月发薪备付金',
        createdBy: owner?.id ?? null,
      },
      {
        companyId: ids.xinghe,
        serviceCompanyId: ids.service2,
        amountFen: 20_000_000,
        ...payerColumns,
        voucherFileId: vouchers[1] as string,
        remark: '江苏项目备付金',
        createdBy: owner?.id ?? null,
      },
    ])
    .returning({ id: topup.id });
  if (!confirmed || !pending) throw new Error('seed: top-ups not inserted');
  await confirmTopup(tx, confirmed.id, ops.id, new Date());
}
