import { DICTIONARIES } from '@flexpay/contract';
import type { FieldCipher } from '../../lib/crypto.ts';
import { checkBankCard, maskBankCard } from '../../lib/bank-card.ts';
import { maskIdCard, parseIdCard } from '../../lib/id-card.ts';
import type { NewWorker } from './repo.ts';

export const BANKS: ReadonlyMap<string, string> = new Map(DICTIONARIES.bank.map((b) => [b.value, b.label]));

/** The first failing rule of a field, as `{ path, message }`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A worker's stored columns with its ID number still in the clear, in place of the ciphertext. */
export type WorkerFacts = Omit<NewWorker, 'idNumberEnc'> & { idNumber: string };

/**
 * The stored columns of a worker from checked input, but for the encryption: the ID number
 * hashed and masked, and the facts it carries (birth date, gender, province). Answers the
 * problem instead when the number is not a valid resident ID. Shared by the form and the batch
 * import, which encrypts only when it commits (sealWorker).
 */
export function workerFacts(
  cipher: FieldCipher,
  companyId: number,
  input: {
    name: string;
    idNumber: string;
    mobile: string;
    jobTypeId: number | null;
    departmentId: number | null;
    joinedAt: string;
    remark: string;
  },
  today = new Date(),
): { ok: true; values: WorkerFacts } | { ok: false; problem: FieldProblem } {
  const parsed = parseIdCard(input.idNumber, today);
  if (!parsed.ok) return { ok: false, problem: { path: 'idNumber', message: `身份证号${parsed.error}` } };
  const joined = new Date(`${input.joinedAt}T00:00:00Z`);
  if (Number.isNaN(joined.getTime()) || joined.toISOString().slice(0, 10) !== input.joinedAt) {
    return { ok: false, problem: { path: 'joinedAt', message: '入职日期不正确' } };
  }
  if (input.joinedAt < parsed.info.birthDate) {
    return { ok: false, problem: { path: 'joinedAt', message: '入职日期不能早于出生日期' } };
  }
  const info = parsed.info;
  return {
    ok: true,
    values: {
      companyId,
      name: input.name,
      idNumber: info.number,
      idNumberHash: cipher.hash(info.number),
      idNumberMasked: maskIdCard(info.number),
      mobile: input.mobile,
      gender: info.gender,
      birthDate: info.birthDate,
      province: info.province,
      regionCode: info.regionCode,
      jobTypeId: input.jobTypeId,
      departmentId: input.departmentId,
      joinedAt: input.joinedAt,
      remark: input.remark,
    },
  };
}

/** The stored columns of a worker: its facts with the ID number encrypted. */
export function sealWorker(cipher: FieldCipher, facts: WorkerFacts): NewWorker {
  const { idNumber, ...columns } = facts;
  return { ...columns, idNumberEnc: cipher.encrypt(idNumber) };
}

/** workerFacts, sealed: the columns a worker is stored with. */
export function workerColumns(
  cipher: FieldCipher,
  companyId: number,
  input: Parameters<typeof workerFacts>[2],
  today = new Date(),
): { ok: true; values: NewWorker } | { ok: false; problem: FieldProblem } {
  const facts = workerFacts(cipher, companyId, input, today);
  return facts.ok ? { ok: true, values: sealWorker(cipher, facts.values) } : facts;
}

export interface BankCardFacts {
  bankCode: string;
  cardNumber: string;
  cardNumberHash: string;
  cardNumberMasked: string;
  branch: string;
}
export type BankCardValues = Omit<BankCardFacts, 'cardNumber'> & { cardNumberEnc: string };

/** A bank card's stored columns but for the encryption (the number in the clear), or the problem with it. */
export function bankCardFacts(
  cipher: FieldCipher,
  input: { bankCode: string; cardNumber: string; branch: string },
  pathPrefix = '',
): { ok: true; values: BankCardFacts } | { ok: false; problem: FieldProblem } {
  if (!BANKS.has(input.bankCode))
    return { ok: false, problem: { path: `${pathPrefix}bankCode`, message: '开户银行不存在' } };
  const card = checkBankCard(input.cardNumber);
  if (!card.ok) return { ok: false, problem: { path: `${pathPrefix}cardNumber`, message: card.error } };
  return {
    ok: true,
    values: {
      bankCode: input.bankCode,
      cardNumber: card.number,
      cardNumberHash: cipher.hash(card.number),
      cardNumberMasked: maskBankCard(card.number),
      branch: input.branch,
    },
  };
}

export function sealBankCard(cipher: FieldCipher, facts: BankCardFacts): BankCardValues {
  const { cardNumber, ...columns } = facts;
  return { ...columns, cardNumberEnc: cipher.encrypt(cardNumber) };
}

/** A bank card's stored columns, or the problem with it. */
export function bankCardColumns(
  cipher: FieldCipher,
  input: { bankCode: string; cardNumber: string; branch: string },
  pathPrefix = '',
): { ok: true; values: BankCardValues } | { ok: false; problem: FieldProblem } {
  const facts = bankCardFacts(cipher, input, pathPrefix);
  return facts.ok ? { ok: true, values: sealBankCard(cipher, facts.values) } : facts;
}

/** Masks an Alipay account: a mobile as 138****0001, an email as a***@example.com. */
export function maskAlipay(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const [user = '', domain = ''] = account.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}

export interface AlipayFacts {
  account: string;
  accountHash: string;
  accountMasked: string;
}
export type AlipayValues = Omit<AlipayFacts, 'account'> & { accountEnc: string };

/** An Alipay account's stored columns but for the encryption (the account in the clear). */
export function alipayFacts(cipher: FieldCipher, account: string): AlipayFacts {
  const normalised = account.trim().toLowerCase();
  return { account: normalised, accountHash: cipher.hash(normalised), accountMasked: maskAlipay(normalised) };
}

export function sealAlipay(cipher: FieldCipher, facts: AlipayFacts): AlipayValues {
  const { account, ...columns } = facts;
  return { ...columns, accountEnc: cipher.encrypt(account) };
}

export const alipayColumns = (cipher: FieldCipher, account: string): AlipayValues =>
  sealAlipay(cipher, alipayFacts(cipher, account));
