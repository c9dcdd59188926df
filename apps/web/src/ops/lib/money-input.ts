/**
 * Conversions between what an operator types and what the API stores, in integer maths on the
 * typed text (never through a float, so 0.29 yuan is 29 fen and 6.55% is 655 basis points).
 */

const TWO_DECIMALS = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "1,234.5" or "1234.50" yuan to 123450 fen; undefined when not a non-negative amount with at most 2 decimals. */
export function yuanToFen(text: string): number | undefined {
  const match = TWO_DECIMALS.exec(text.trim().replace(/,/g, ''));
  if (!match) return undefined;
  const [, whole = '0', decimals = ''] = match;
  const fen = BigInt(whole) * 100n + BigInt(decimals.padEnd(2, '0'));
  return fen > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(fen);
}

/** 123450 fen to "1234.50" (an input's text: no thousands separators). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "6.5" or "6.50" percent to 650 basis points; undefined when not 0–100 with at most 2 decimals. */
export function percentToBp(text: string): number | undefined {
  const match = TWO_DECIMALS.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', decimals = ''] = match;
  if (whole.length > 3) return undefined;
  const bp = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** 650 basis points to "6.50". */
export function bpToPercent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** 650 basis points shown as "6.50%". */
export const formatRate = (bp: number): string => `${bpToPercent(bp)}%`;

/** Money as the console shows it: "¥1,234.56". */
export { formatFen } from '@flexpay/contract/web';
