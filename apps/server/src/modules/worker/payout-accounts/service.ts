/**
 * 收款账户: a worker's bank cards and Alipay accounts (add, set as default, remove; the first is the
 * default, at most one across both channels), the accounts as the worker's detail shows them, and
 * payees for payroll. The worker's own service builds on this folder, never the reverse: the
 * account routes answer with the worker's detail through the function `index.ts` hands them.
 */
import type { TAlipayAccount, TBankCard } from '@flexpay/contract';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { sqlStateOf, type DbOrTx } from '../../../db/client.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { queueVerification } from '../real-name/service.ts';
import * as repo from './repo.ts';
import { alipayColumns, BANKS, bankCardColumns } from './rules.ts';

export type Channel = 'bank' | 'alipay';

/** Locks the worker (its accounts change) and answers its name, the holder of every account. */
async function lockHolder(db: DbOrTx, companyId: number, workerId: number) {
  const name = await repo.lockAccountHolder(db, companyId, workerId);
  if (name === undefined) throw notFound('员工不存在');
  return name;
}

async function onDuplicateAccount<T>(write: Promise<T>, path: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (sqlStateOf(err) === '23505') throw invalidField(path, '该账户已添加');
    throw err;
  }
}

/** The worker's default bank card (the 三要素 of 实名认证), or null. */
async function defaultCardId(db: DbOrTx, companyId: number, workerId: number): Promise<number | null> {
  return (await repo.findBankCards(db, companyId, workerId)).find((c) => c.isDefault)?.id ?? null;
}

/**
 * Runs `change` on the worker's accounts; when it changed the default bank card, the worker's
 * real name is verified again (issue 43: the card is part of 三要素). The route kicks the job.
 */
async function reverifyOnDefaultCardChange(
  db: DbOrTx,
  companyId: number,
  workerId: number,
  change: () => Promise<void>,
) {
  const before = await defaultCardId(db, companyId, workerId);
  await change();
  if ((await defaultCardId(db, companyId, workerId)) !== before) {
    await queueVerification(db, companyId, 'changed', { ids: [workerId] });
  }
}

/** Whether a new account becomes the default: when asked, or when the worker has none yet. */
async function takesDefault(db: DbOrTx, companyId: number, workerId: number, asked: boolean) {
  const existing = [
    ...(await repo.findBankCards(db, companyId, workerId)),
    ...(await repo.findAlipayAccounts(db, companyId, workerId)),
  ];
  // The first account is the default whatever was asked.
  const isDefault = asked || existing.length === 0;
  if (isDefault) await repo.clearDefaults(db, companyId, workerId);
  return isDefault;
}

export async function addBankCard(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
  input: { bankCode: string; cardNumber: string; branch: string; isDefault: boolean },
): Promise<void> {
  const card = bankCardColumns(ctx.cipher, input);
  if (!card.ok) throw invalidField(card.problem.path, card.problem.message);
  await onDuplicateAccount(
    ctx.db.transaction(async (tx) => {
      const holderName = await lockHolder(tx, auth.companyId, workerId);
      await reverifyOnDefaultCardChange(tx, auth.companyId, workerId, async () => {
        const isDefault = await takesDefault(tx, auth.companyId, workerId, input.isDefault);
        await repo.insertBankCards(tx, [
          { ...card.values, companyId: auth.companyId, workerId, holderName, isDefault },
        ]);
      });
    }),
    'cardNumber',
  );
}

export async function addAlipay(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
  input: { account: string; isDefault: boolean },
): Promise<void> {
  await onDuplicateAccount(
    ctx.db.transaction(async (tx) => {
      const holderName = await lockHolder(tx, auth.companyId, workerId);
      await reverifyOnDefaultCardChange(tx, auth.companyId, workerId, async () => {
        const isDefault = await takesDefault(tx, auth.companyId, workerId, input.isDefault);
        await repo.insertAlipayAccounts(tx, [
          { ...alipayColumns(ctx.cipher, input.account), companyId: auth.companyId, workerId, holderName, isDefault },
        ]);
      });
    }),
    'account',
  );
}

export async function setDefaultAccount(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
  channel: Channel,
  accountId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockHolder(tx, auth.companyId, workerId);
    await reverifyOnDefaultCardChange(tx, auth.companyId, workerId, async () => {
      await repo.clearDefaults(tx, auth.companyId, workerId);
      const found =
        channel === 'bank'
          ? await repo.setBankCardDefault(tx, auth.companyId, workerId, accountId)
          : await repo.setAlipayDefault(tx, auth.companyId, workerId, accountId);
      if (!found) throw notFound('收款账户不存在');
    });
  });
}

/** Removes an account; when it was the default, the oldest remaining one becomes the default. */
export async function removeAccount(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
  channel: Channel,
  accountId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockHolder(tx, auth.companyId, workerId);
    await reverifyOnDefaultCardChange(tx, auth.companyId, workerId, async () => {
      const removed =
        channel === 'bank'
          ? await repo.deleteBankCard(tx, auth.companyId, workerId, accountId)
          : await repo.deleteAlipay(tx, auth.companyId, workerId, accountId);
      if (!removed) throw notFound('收款账户不存在');
      if (!removed.isDefault) return;
      const [card] = await repo.findBankCards(tx, auth.companyId, workerId);
      if (card) {
        await repo.setBankCardDefault(tx, auth.companyId, workerId, card.id);
        return;
      }
      const [alipay] = await repo.findAlipayAccounts(tx, auth.companyId, workerId);
      if (alipay) await repo.setAlipayDefault(tx, auth.companyId, workerId, alipay.id);
    });
  });
}

// ── For the worker's own service ────────────────────────────────────────────────────────────

/** A worker's accounts as its detail shows them: full numbers only with `sensitive`. */
export async function accountsOfWorker(
  ctx: ServiceContext,
  db: DbOrTx,
  companyId: number,
  workerId: number,
  sensitive: boolean,
): Promise<{ bankCards: TBankCard[]; alipayAccounts: TAlipayAccount[] }> {
  const [cards, alipays] = await Promise.all([
    repo.findBankCards(db, companyId, workerId),
    repo.findAlipayAccounts(db, companyId, workerId),
  ]);
  return {
    bankCards: cards.map((c) => ({
      id: c.id,
      bankCode: c.bankCode,
      bankName: BANKS.get(c.bankCode) ?? c.bankCode,
      cardNumber: sensitive ? ctx.cipher.decrypt(c.cardNumberEnc) : c.cardNumberMasked,
      branch: c.branch,
      holderName: c.holderName,
      isDefault: c.isDefault,
    })),
    alipayAccounts: alipays.map((a) => ({
      id: a.id,
      account: sensitive ? ctx.cipher.decrypt(a.accountEnc) : a.accountMasked,
      holderName: a.holderName,
      isDefault: a.isDefault,
    })),
  };
}

/** A new worker's first account (checked columns), its default; the worker's name is the holder. */
export async function insertFirstAccount(
  tx: DbOrTx,
  companyId: number,
  workerId: number,
  holderName: string,
  account: repo.NewDefaultAccount,
): Promise<void> {
  const owner = { companyId, workerId, holderName, isDefault: true };
  if (account.channel === 'bank') await repo.insertBankCards(tx, [{ ...account.values, ...owner }]);
  else await repo.insertAlipayAccounts(tx, [{ ...account.values, ...owner }]);
}

/** The holder of every payout account is the worker (DOMAIN section 3): renamed with it. */
export async function renameAccountHolders(db: DbOrTx, companyId: number, workerId: number, name: string) {
  await repo.renameAccountHolders(db, companyId, workerId, name);
}

// ── For other modules ───────────────────────────────────────────────────────────────────────

// Payroll's check and payouts: payees with their account of a channel, and the full numbers.
export { findAccountCiphers, findPayees, type NewDefaultAccount, type PayeeRow } from './repo.ts';
