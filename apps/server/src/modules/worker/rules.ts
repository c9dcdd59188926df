/**
 * A worker's stored columns from checked input (the payout accounts' are in
 * payout-accounts/rules.ts).
 */
import type { FieldCipher } from '../../lib/crypto.ts';
import type { FieldProblem } from '../../lib/errors.ts';
import { maskIdCard, parseIdCard } from '../../lib/id-card.ts';
import type { NewWorker } from './repo.ts';

/** The bank names by code; payroll's records export reads it from here. */
export { BANKS } from './payout-accounts/rules.ts';

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
