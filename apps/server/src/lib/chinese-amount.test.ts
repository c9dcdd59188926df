import { describe, expect, it } from 'vitest';
import { fenToChineseCapital } from './chinese-amount.ts';

describe('fenToChineseCapital', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [50, '伍角'],
    [15, '壹角伍分'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [150, '壹元伍角'],
    [1000, '壹拾元整'],
    [1_234_567, '壹万贰仟叁佰肆拾伍元陆角柒分'],
    [1_000_100, '壹万零壹元整'],
    [10_000_100, '壹拾万零壹元整'],
    [100_500_000, '壹佰万伍仟元整'],
    [100_000_000, '壹佰万元整'],
    [10_000_000_000, '壹亿元整'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_000_100_000, '壹亿零壹仟元整'],
    [10_010_000_000, '壹亿零壹拾万元整'],
    [1_000_000_100, '壹仟万零壹元整'],
    [6_190_000, '陆万壹仟玖佰元整'],
    [20_300_040_506, '贰亿零叁佰万零肆佰零伍元零陆分'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToChineseCapital(fen)).toBe(text);
  });

  it('refuses what is not an amount in fen', () => {
    expect(() => fenToChineseCapital(-1)).toThrow(RangeError);
    expect(() => fenToChineseCapital(1.5)).toThrow(RangeError);
  });
});
