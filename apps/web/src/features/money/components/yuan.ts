import { TOPUP_MAX_FEN } from '@flexpay/contract/web';

/** An amount typed in yuan: digits, optionally a point and one or two decimals. */
const YUAN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Yuan text to integer fen, by the digits (never through a float): '1234.5' -> 123450.
 * Undefined for anything that is not a plain non-negative amount with at most 2 decimals.
 */
export function parseYuan(text: string | undefined | null): number | undefined {
  const match = YUAN.exec((text ?? '').trim().replace(/,/g, ''));
  if (!match) return undefined;
  const [, whole = '', decimals = ''] = match;
  const digits = `${whole}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  // Longer than any amount we accept: refuse before Number loses digits.
  if (digits.length > 15) return undefined;
  return Number(digits);
}

/** Why a typed amount is refused, or undefined when it is a valid top-up amount. */
export function topupAmountError(text: string | undefined | null): string | undefined {
  const value = (text ?? '').trim();
  if (value === '') return '请输入充值金额';
  if (!/^\d+(\.\d+)?$/.test(value.replace(/,/g, ''))) return '请输入正确的金额，如 10000 或 10000.50';
  const fen = parseYuan(value);
  if (fen === undefined) return '金额最多保留 2 位小数';
  if (fen <= 0) return '充值金额必须大于 0';
  if (fen > TOPUP_MAX_FEN) return '单笔充值金额不能超过 1 亿元';
  return undefined;
}
