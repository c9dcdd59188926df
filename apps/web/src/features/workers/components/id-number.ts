import { GENDER_LABELS, ID_NUMBER_PATTERN, type TGender, type TWorkerDetail } from '@flexpay/contract/web';
import dayjs from 'dayjs';
import { maskMiddle } from '../../../lib/format.ts';

/**
 * What an 18-character ID number tells (GB 11643): the birth date (characters 7-14) and the
 * gender (the 17th: odd for male). Undefined while the number is incomplete or its date is not
 * a real date. The check digit is checked by `hasValidCheckDigit` (the server checks it too).
 */
export function describeIdNumber(idNumber: string | undefined): { gender: TGender; birthDate: string } | undefined {
  const value = (idNumber ?? '').trim();
  if (!ID_NUMBER_PATTERN.test(value)) return undefined;
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  const date = dayjs(birth);
  if (!date.isValid() || date.format('YYYY-MM-DD') !== birth || date.isAfter(dayjs())) return undefined;
  const gender: TGender = Number(value[16]) % 2 === 1 ? 'male' : 'female';
  return { gender, birthDate: birth };
}

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/**
 * Whether an 18-character ID number's last character is the GB 11643 check character of the
 * first 17 (ISO 7064 MOD 11-2). False for anything that is not 17 digits and a digit or X.
 */
export function hasValidCheckDigit(idNumber: string | undefined): boolean {
  const value = (idNumber ?? '').trim().toUpperCase();
  if (!ID_NUMBER_PATTERN.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (CHECK_WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] === value[17];
}

/** `性别：男，出生日期：1990-01-01`, or undefined. */
export function idNumberSummary(idNumber: string | undefined): string | undefined {
  const described = describeIdNumber(idNumber);
  return described ? `性别：${GENDER_LABELS[described.gender]}，出生日期：${described.birthDate}` : undefined;
}

/**
 * The ID number as it may be shown: in full only with `sensitiveVisible`. The server masks it
 * otherwise already (`110105********1234`); masking here too keeps a full number off the screen
 * whatever it sends.
 */
export function shownIdNumber(worker: Pick<TWorkerDetail, 'idNumber' | 'sensitiveVisible'>): string {
  return worker.sensitiveVisible ? worker.idNumber : maskMiddle(worker.idNumber, 6, 4);
}
