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

/**
 * The stored columns of a worker from checked input: the ID number encrypted, hashed and
 * masked, and the facts it carries (birth date, gender, province). Answers the problem instead
 * when the number is not a valid resident ID. Shared by the form and the batch import.
 */
export function workerColumns(
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
): { ok: true; values: NewWorker } | { ok: false; problem: FieldProblem } {
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
      idNumberEnc: cipher.encrypt(info.number),
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
