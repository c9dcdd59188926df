/**
 * 收款账户: the SQL of a worker's bank cards and Alipay accounts (at most one default across both
 * channels), and workers as payroll sees them (the payroll check, payouts): payees by ID hash
 * with their payout account of a channel, and the accounts' encrypted numbers.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { worker, workerAlipay, workerBankCard } from '../../../db/schema/index.ts';

export type NewBankCard = typeof workerBankCard.$inferInsert;
export type NewAlipay = typeof workerAlipay.$inferInsert;

/** A worker's default payout account as stored, before it has a worker id. */
export type NewDefaultAccount =
  | {
      channel: 'bank';
      values: Pick<NewBankCard, 'bankCode' | 'cardNumberEnc' | 'cardNumberHash' | 'cardNumberMasked' | 'branch'>;
    }
  | { channel: 'alipay'; values: Pick<NewAlipay, 'accountEnc' | 'accountHash' | 'accountMasked'> };

/**
 * Locks the worker whose accounts change (FOR UPDATE) and answers its name, the holder of every
 * account; undefined when the company has no such worker.
 */
export async function lockAccountHolder(db: DbOrTx, companyId: number, workerId: number) {
  const [row] = await db
    .select({ name: worker.name })
    .from(worker)
    .where(and(eq(worker.companyId, companyId), eq(worker.id, workerId)))
    .limit(1)
    .for('update', { of: worker });
  return row?.name;
}

export async function findBankCards(db: DbOrTx, companyId: number, workerId: number) {
  return db
    .select()
    .from(workerBankCard)
    .where(and(eq(workerBankCard.companyId, companyId), eq(workerBankCard.workerId, workerId)))
    .orderBy(desc(workerBankCard.isDefault), asc(workerBankCard.id));
}

export async function findAlipayAccounts(db: DbOrTx, companyId: number, workerId: number) {
  return db
    .select()
    .from(workerAlipay)
    .where(and(eq(workerAlipay.companyId, companyId), eq(workerAlipay.workerId, workerId)))
    .orderBy(desc(workerAlipay.isDefault), asc(workerAlipay.id));
}

export async function insertBankCards(db: DbOrTx, values: NewBankCard[]): Promise<void> {
  if (values.length) await db.insert(workerBankCard).values(values);
}

export async function insertAlipayAccounts(db: DbOrTx, values: NewAlipay[]): Promise<void> {
  if (values.length) await db.insert(workerAlipay).values(values);
}

export async function deleteBankCard(db: DbOrTx, companyId: number, workerId: number, id: number) {
  const rows = await db
    .delete(workerBankCard)
    .where(
      and(eq(workerBankCard.companyId, companyId), eq(workerBankCard.workerId, workerId), eq(workerBankCard.id, id)),
    )
    .returning({ isDefault: workerBankCard.isDefault });
  return rows[0];
}

export async function deleteAlipay(db: DbOrTx, companyId: number, workerId: number, id: number) {
  const rows = await db
    .delete(workerAlipay)
    .where(and(eq(workerAlipay.companyId, companyId), eq(workerAlipay.workerId, workerId), eq(workerAlipay.id, id)))
    .returning({ isDefault: workerAlipay.isDefault });
  return rows[0];
}

/** Clears the default flag on every account of the worker, both channels. */
export async function clearDefaults(db: DbOrTx, companyId: number, workerId: number) {
  await db
    .update(workerBankCard)
    .set({ isDefault: false })
    .where(and(eq(workerBankCard.companyId, companyId), eq(workerBankCard.workerId, workerId)));
  await db
    .update(workerAlipay)
    .set({ isDefault: false })
    .where(and(eq(workerAlipay.companyId, companyId), eq(workerAlipay.workerId, workerId)));
}

export async function setBankCardDefault(db: DbOrTx, companyId: number, workerId: number, id: number) {
  const rows = await db
    .update(workerBankCard)
    .set({ isDefault: true })
    .where(
      and(eq(workerBankCard.companyId, companyId), eq(workerBankCard.workerId, workerId), eq(workerBankCard.id, id)),
    )
    .returning({ id: workerBankCard.id });
  return rows.length > 0;
}

export async function setAlipayDefault(db: DbOrTx, companyId: number, workerId: number, id: number) {
  const rows = await db
    .update(workerAlipay)
    .set({ isDefault: true })
    .where(and(eq(workerAlipay.companyId, companyId), eq(workerAlipay.workerId, workerId), eq(workerAlipay.id, id)))
    .returning({ id: workerAlipay.id });
  return rows.length > 0;
}

export async function renameAccountHolders(db: DbOrTx, companyId: number, workerId: number, holderName: string) {
  await db
    .update(workerBankCard)
    .set({ holderName })
    .where(and(eq(workerBankCard.companyId, companyId), eq(workerBankCard.workerId, workerId)));
  await db
    .update(workerAlipay)
    .set({ holderName })
    .where(and(eq(workerAlipay.companyId, companyId), eq(workerAlipay.workerId, workerId)));
}

// ── Payees (payroll) ────────────────────────────────────────────────────────────────────────

/** A worker as a payroll check sees it: who, whether 在职, and the payout account for a channel. */
export interface PayeeRow {
  idNumberHash: string;
  workerId: number;
  name: string;
  idNumberMasked: string;
  status: string;
  accountId: number | null;
  accountMasked: string | null;
  accountBank: string | null;
  accountHolder: string | null;
  /** unverified | verifying | verified | failed (实名认证). */
  realNameStatus: string;
  /** The provider's reason of a failed verification (its latest check), else ''. */
  realNameReason: string;
  /** The highest agreement version signed with `signedWith`'s service company, or null. */
  signedVersion: number | null;
}

/**
 * The company's workers named by these ID hashes (or ids), each with its payout account for the
 * channel: the default one when it is of that channel, else the newest of that channel. One
 * statement for a whole batch (100,000 hashes): the worker by the (company_id, id_number_hash)
 * key, the account by the (company_id, worker_id, …) key.
 */
export async function findPayees(
  db: DbOrTx,
  companyId: number,
  channel: 'bank' | 'alipay',
  by: { hashes: string[] } | { ids: number[] },
  /** The service company whose signed agreements to read (签约); none read without it. */
  signedWith?: number,
): Promise<PayeeRow[]> {
  const match =
    'hashes' in by
      ? sql`w.id_number_hash = any(${sql.param(by.hashes)}::text[])`
      : sql`w.id = any(${sql.param(by.ids)}::bigint[])`;
  if (('hashes' in by ? by.hashes : by.ids).length === 0) return [];
  const account =
    channel === 'bank'
      ? sql`select a.id, a.card_number_masked as masked, a.bank_code as bank, a.holder_name as holder
              from worker_bank_card a
             where a.company_id = w.company_id and a.worker_id = w.id
             order by a.is_default desc, a.id desc limit 1`
      : sql`select a.id, a.account_masked as masked, null::varchar as bank, a.holder_name as holder
              from worker_alipay a
             where a.company_id = w.company_id and a.worker_id = w.id
             order by a.is_default desc, a.id desc limit 1`;
  const rows = await queryRows<{
    id_number_hash: string;
    worker_id: string | number;
    name: string;
    id_number_masked: string;
    status: string;
    account_id: string | number | null;
    masked: string | null;
    bank: string | null;
    holder: string | null;
    real_name_status: string;
    real_name_reason: string | null;
    signed_version: number | null;
  }>(
    db,
    sql`select w.id_number_hash, w.id as worker_id, w.name, w.id_number_masked, w.status,
               acc.id as account_id, acc.masked, acc.bank, acc.holder, w.real_name_status,
               case when w.real_name_status = 'failed' then
                 (select c.reason from worker_real_name_check c
                   where c.company_id = w.company_id and c.worker_id = w.id and c.status = 'failed'
                   order by c.id desc limit 1)
               end as real_name_reason,
               ${
                 signedWith === undefined
                   ? sql`null::int`
                   : sql`(select max(a.version) from worker_agreement a
                           where a.company_id = w.company_id and a.service_company_id = ${signedWith}
                             and a.worker_id = w.id and a.status = 'signed')`
               } as signed_version
          from worker w
          left join lateral (${account}) acc on true
         where w.company_id = ${companyId} and ${match}`,
  );
  return rows.map((r) => ({
    idNumberHash: r.id_number_hash,
    workerId: Number(r.worker_id),
    name: r.name,
    idNumberMasked: r.id_number_masked,
    status: r.status,
    accountId: r.account_id === null ? null : Number(r.account_id),
    accountMasked: r.masked,
    accountBank: r.bank,
    accountHolder: r.holder,
    realNameStatus: r.real_name_status,
    realNameReason: r.real_name_reason ?? '',
    signedVersion: r.signed_version === null ? null : Number(r.signed_version),
  }));
}

/** The encrypted numbers of payout accounts by id (a payout sends the full number to the provider). */
export async function findAccountCiphers(
  db: DbOrTx,
  companyId: number,
  channel: 'bank' | 'alipay',
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows =
    channel === 'bank'
      ? await db
          .select({ id: workerBankCard.id, enc: workerBankCard.cardNumberEnc })
          .from(workerBankCard)
          .where(
            and(eq(workerBankCard.companyId, companyId), sql`${workerBankCard.id} = any(${sql.param(ids)}::bigint[])`),
          )
      : await db
          .select({ id: workerAlipay.id, enc: workerAlipay.accountEnc })
          .from(workerAlipay)
          .where(
            and(eq(workerAlipay.companyId, companyId), sql`${workerAlipay.id} = any(${sql.param(ids)}::bigint[])`),
          );
  return new Map(rows.map((r) => [r.id, r.enc]));
}
