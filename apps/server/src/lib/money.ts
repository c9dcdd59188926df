/**
 * Amounts in fen (integer cents) and the service fee of DOMAIN section 2. Pure: no database.
 * Every amount is a safe integer; nothing here ever uses a fraction of a fen.
 */

export type FeeBearer = 'company' | 'worker';

/** Refuses what is not a whole number of fen within JavaScript's exact integer range. */
export function assertFen(value: number, what = '金额'): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}必须是整数分：${value}`);
  return value;
}

/** Yuan text ("12.34", "-0.5", "100") to fen, exactly (no floating point); undefined when not an amount. */
export function yuanToFen(text: string): number | undefined {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && fen !== 0 ? -fen : fen;
}

/** Fen to yuan text with two decimals: 123456 -> "1234.56". */
export function fenToYuan(fen: number): string {
  assertFen(fen);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The service fee of an amount at a rate in basis points, rounded half up to the fen:
 * round(amount × rate / 10000). Integer arithmetic only (BigInt past 2^53 products).
 */
export function feeOf(amountFen: number, rateBp: number): number {
  assertFen(amountFen, '金额');
  if (amountFen < 0) throw new RangeError('金额不能为负');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError(`费率超出范围：${rateBp}`);
  const product = BigInt(amountFen) * BigInt(rateBp);
  // Half up: add half the divisor before the integer division (all values non-negative).
  return Number((product + 5_000n) / 10_000n);
}

export interface FeeSplit {
  /** What the company's account pays. */
  debitFen: number;
  /** What the worker receives. */
  netFen: number;
  feeFen: number;
}

/**
 * Who pays the fee: 企业承担 (company) adds it to the debit and the worker gets the amount;
 * 个人承担 (worker) deducts it from the net and the company pays the amount.
 */
export function splitFee(amountFen: number, rateBp: number, bearer: FeeBearer): FeeSplit {
  const feeFen = feeOf(amountFen, rateBp);
  return bearer === 'company'
    ? { debitFen: amountFen + feeFen, netFen: amountFen, feeFen }
    : { debitFen: amountFen, netFen: amountFen - feeFen, feeFen };
}

/** Sum of amounts in fen, refusing a total that leaves the exact range. */
export function sumFen(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total = assertFen(total + assertFen(v));
  return total;
}
