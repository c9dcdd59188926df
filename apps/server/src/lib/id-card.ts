/**
 * Resident ID card numbers (居民身份证号码), GB 11643-1999: 17 digits and a check character
 * (0-9 or X) computed with ISO 7064 MOD 11-2. The number carries the region (first 6 digits,
 * GB/T 2260), the birth date (digits 7-14) and the gender (digit 17: odd male, even female).
 */
import { chinaDateOf } from './china-time.ts';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** Province-level divisions by the first two digits of the region code (GB/T 2260). */
export const PROVINCES: Readonly<Record<string, string>> = {
  '11': '北京市',
  '12': '天津市',
  '13': '河北省',
  '14': '山西省',
  '15': '内蒙古自治区',
  '21': '辽宁省',
  '22': '吉林省',
  '23': '黑龙江省',
  '31': '上海市',
  '32': '江苏省',
  '33': '浙江省',
  '34': '安徽省',
  '35': '福建省',
  '36': '江西省',
  '37': '山东省',
  '41': '河南省',
  '42': '湖北省',
  '43': '湖南省',
  '44': '广东省',
  '45': '广西壮族自治区',
  '46': '海南省',
  '50': '重庆市',
  '51': '四川省',
  '52': '贵州省',
  '53': '云南省',
  '54': '西藏自治区',
  '61': '陕西省',
  '62': '甘肃省',
  '63': '青海省',
  '64': '宁夏回族自治区',
  '65': '新疆维吾尔自治区',
  '71': '台湾省',
  '81': '香港特别行政区',
  '82': '澳门特别行政区',
};

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

export interface IdCardInfo {
  /** Upper-case, 18 characters. */
  number: string;
  birthDate: string;
  gender: 'male' | 'female';
  province: string;
  regionCode: string;
}

export type IdCardError = '格式不正确' | '地区码不正确' | '出生日期不正确' | '校验位不正确';

/**
 * Parses and checks a number; answers the derived facts, or the Chinese reason it is invalid.
 * `today` bounds the birth date (no one is born in the future or before 1900).
 */
export function parseIdCard(
  raw: string,
  today = new Date(),
): { ok: true; info: IdCardInfo } | { ok: false; error: IdCardError } {
  const number = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(number)) return { ok: false, error: '格式不正确' };
  const province = PROVINCES[number.slice(0, 2)];
  if (!province) return { ok: false, error: '地区码不正确' };
  const y = Number(number.slice(6, 10));
  const m = Number(number.slice(10, 12));
  const d = Number(number.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (
    y < 1900 ||
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== m - 1 ||
    date.getUTCDate() !== d ||
    date > today
  ) {
    return { ok: false, error: '出生日期不正确' };
  }
  if (idCardCheckChar(number.slice(0, 17)) !== number[17]) return { ok: false, error: '校验位不正确' };
  return {
    ok: true,
    info: {
      number,
      birthDate: `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`,
      gender: Number(number[16]) % 2 === 1 ? 'male' : 'female',
      province,
      regionCode: number.slice(0, 6),
    },
  };
}

/** `110105********1234`: region kept, birth date and sequence hidden, last four shown. */
export function maskIdCard(number: string): string {
  return number.length === 18 ? `${number.slice(0, 6)}********${number.slice(14)}` : number;
}

/** The calendar date of an instant in China (Asia/Shanghai), as YYYY-MM-DD. */
export { chinaDateOf };

/**
 * Whole years from a birth date (YYYY-MM-DD) to an instant's date in China. What lists and
 * exports show instead of the birth date: the birth date is the eight digits a masked ID number
 * hides, so showing it would give the number away.
 */
export function ageOn(birthDate: string, instant: Date): number {
  return ageOnDay(birthDate, chinaDateOf(instant));
}

/** `ageOn` for a China date (YYYY-MM-DD) worked out once, for many birth dates (an export's rows). */
export function ageOnDay(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
