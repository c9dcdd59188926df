/**
 * 金额大写: an amount in fen written in Chinese capital numerals, as cheques, invoices and
 * receipts print it (人民币壹万贰仟叁佰肆拾伍元陆角柒分). The rules: a run of zeros inside the
 * number reads as one 零, zeros at the end of a group of four digits are not read, an all-zero
 * group adds no unit; 整 follows whole yuan; 零 stands between 元 and 分 when there are no 角.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

const digit = (d: number) => DIGITS.charAt(d);

/** A group of up to four digits (1..9999), without leading 零. */
function groupText(value: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(value / 10 ** place) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += digit(d) + PLACES[place];
  }
  return out;
}

/** Whole yuan (at least 1) in capitals, without 元. */
function yuanText(yuan: number): string {
  const groups: number[] = [];
  for (let n = yuan; n > 0; n = Math.floor(n / 10_000)) groups.push(n % 10_000);
  if (groups.length > GROUPS.length) throw new RangeError('amount too large to write in capitals');
  let out = '';
  let gap = false;
  for (let g = groups.length - 1; g >= 0; g--) {
    const value = groups[g] ?? 0;
    if (value === 0) {
      if (out) gap = true;
      continue;
    }
    if (out && (gap || value < 1000)) out += '零';
    gap = false;
    out += groupText(value) + GROUPS[g];
  }
  return out;
}

/** fen (a non-negative integer) in capitals: 0 → 零元整, 105 → 壹元零伍分, 50 → 伍角. */
export function fenToChineseCapital(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let out = yuan > 0 ? `${yuanText(yuan)}元` : '';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${digit(jiao)}角`;
  else if (yuan > 0) out += '零';
  if (cent > 0) out += `${digit(cent)}分`;
  return out;
}
