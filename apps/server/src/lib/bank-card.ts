/** Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = Number(digits[i]);
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The Luhn check digit that completes `partial`. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d);
  return '0';
}

export type BankCardError = '卡号应为 16-19 位数字' | '卡号校验失败，请核对';

/** Bank card numbers: 16-19 digits passing Luhn (DOMAIN section 3). Spaces are ignored. */
export function checkBankCard(raw: string): { ok: true; number: string } | { ok: false; error: BankCardError } {
  const number = raw.replace(/\s+/g, '');
  if (!/^\d{16,19}$/.test(number)) return { ok: false, error: '卡号应为 16-19 位数字' };
  if (!luhnValid(number)) return { ok: false, error: '卡号校验失败，请核对' };
  return { ok: true, number };
}

/** `6222 **** **** 1234` style: first four and last four digits. */
export function maskBankCard(number: string): string {
  return number.length > 8 ? `${number.slice(0, 4)} **** **** ${number.slice(-4)}` : number;
}
