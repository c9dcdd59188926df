/**
 * Unified social credit code (统一社会信用代码), GB 32100-2015: 18 characters from a 31-letter
 * alphabet; the last is a check character computed from the first 17 with weights 3^i mod 31.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = ALPHABET.indexOf(first17[i] ?? '');
    if (v < 0) throw new Error(`统一社会信用代码含非法字符: ${first17[i] ?? ''}`);
    sum += v * (WEIGHTS[i] ?? 0);
  }
  const c = (31 - (sum % 31)) % 31;
  return ALPHABET[c] ?? '0';
}

export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
