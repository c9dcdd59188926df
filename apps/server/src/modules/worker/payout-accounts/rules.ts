/**
 * A payout account's stored columns from checked input: the number encrypted, hashed and masked
 * (bank cards checked by Luhn and their bank by the dictionary). Shared by the form, the worker
 * form's first account and the batch import.
 */
import { DICTIONARIES } from '@flexpay/contract';
import { checkBankCard, maskBankCard } from '../../../lib/bank-card.ts';
import type { FieldCipher } from '../../../lib/crypto.ts';
import type { FieldProblem } from '../../../lib/errors.ts';

export const BANKS: ReadonlyMap<string, string> = new Map(DICTIONARIES.bank.map((b) => [b.value, b.label]));

/** A bank card's stored columns, or the problem with it. */
export function bankCardColumns(
  cipher: FieldCipher,
  input: { bankCode: string; cardNumber: string; branch: string },
  pathPrefix = '',
):
  | {
      ok: true;
      values: {
        bankCode: string;
        cardNumberEnc: string;
        cardNumberHash: string;
        cardNumberMasked: string;
        branch: string;
      };
    }
  | { ok: false; problem: FieldProblem } {
  if (!BANKS.has(input.bankCode))
    return { ok: false, problem: { path: `${pathPrefix}bankCode`, message: '开户银行不存在' } };
  const card = checkBankCard(input.cardNumber);
  if (!card.ok) return { ok: false, problem: { path: `${pathPrefix}cardNumber`, message: card.error } };
  return {
    ok: true,
    values: {
      bankCode: input.bankCode,
      cardNumberEnc: cipher.encrypt(card.number),
      cardNumberHash: cipher.hash(card.number),
      cardNumberMasked: maskBankCard(card.number),
      branch: input.branch,
    },
  };
}

/** Masks an Alipay account: a mobile as 138****0001, an email as a***@example.com. */
export function maskAlipay(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const [user = '', domain = ''] = account.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}

export function alipayColumns(cipher: FieldCipher, account: string) {
  const normalised = account.trim().toLowerCase();
  return {
    accountEnc: cipher.encrypt(normalised),
    accountHash: cipher.hash(normalised),
    accountMasked: maskAlipay(normalised),
  };
}
