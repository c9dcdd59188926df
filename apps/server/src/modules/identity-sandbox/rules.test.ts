import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../lib/identity-provider.ts';
import { createSandboxIdentityProvider } from './provider.ts';
import { sandboxIdentityAnswer, sandboxProviderRef } from './rules.ts';

const id = '11010519900307123X';
const card = '6222021234567890128';

describe('sandbox identity answers', () => {
  it('verifies an ordinary name and ID number, with or without a card', () => {
    expect(sandboxIdentityAnswer({ ref: 'a', name: '张三', idNumber: id })).toEqual({
      ref: 'a',
      outcome: 'verified',
      providerRef: sandboxProviderRef('a'),
    });
    expect(sandboxIdentityAnswer({ ref: 'b', name: '张三', idNumber: id, bankCardNo: card }).outcome).toBe('verified');
  });

  it('fails a name containing 认证失败 with 姓名与身份证号不一致', () => {
    expect(sandboxIdentityAnswer({ ref: 'a', name: '认证失败甲', idNumber: id })).toMatchObject({
      outcome: 'failed',
      reason: '姓名与身份证号不一致',
    });
  });

  it('fails an ID number whose sequence is 999', () => {
    expect(sandboxIdentityAnswer({ ref: 'a', name: '张三', idNumber: '110105199003079996' })).toMatchObject({
      outcome: 'failed',
      reason: '身份证号不存在',
    });
  });

  it('fails 三要素 when the card does not belong: a name with 卡不符 or a card ending 0000', () => {
    expect(sandboxIdentityAnswer({ ref: 'a', name: '卡不符乙', idNumber: id, bankCardNo: card })).toMatchObject({
      outcome: 'failed',
      reason: '银行卡与身份信息不符',
    });
    expect(
      sandboxIdentityAnswer({ ref: 'a', name: '张三', idNumber: id, bankCardNo: '6222021234567890000' }),
    ).toMatchObject({ outcome: 'failed', reason: '银行卡与身份信息不符' });
    // 二要素 does not look at cards.
    expect(sandboxIdentityAnswer({ ref: 'a', name: '卡不符乙', idNumber: id }).outcome).toBe('verified');
  });

  it('answers unavailable for a name with 认证超时, without a provider reference', () => {
    expect(sandboxIdentityAnswer({ ref: 'a', name: '认证超时丙', idNumber: id })).toEqual({
      ref: 'a',
      outcome: 'unavailable',
    });
  });

  it('gives the same provider reference to the same ref', () => {
    expect(sandboxProviderRef('RV1')).toBe(sandboxProviderRef('RV1'));
    expect(sandboxProviderRef('RV1')).not.toBe(sandboxProviderRef('RV2'));
    expect(sandboxProviderRef('RV1')).toMatch(/^SV[0-9A-F]{20}$/);
  });
});

describe('sandbox identity provider', () => {
  it('refuses while down and a request beyond its rate, and keeps no answer of either', async () => {
    const provider = createSandboxIdentityProvider({ ratePerSecond: 3, maxBatch: 2 });
    provider.down = true;
    await expect(provider.verify([{ ref: 'a', name: '张三', idNumber: id }])).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    provider.down = false;
    await expect(provider.verify([1, 2, 3].map((n) => ({ ref: `r${n}`, name: '张三', idNumber: id })))).rejects.toThrow(
      '单次最多 2 条',
    );
    await provider.verify([1, 2].map((n) => ({ ref: `r${n}`, name: '张三', idNumber: id })));
    await expect(provider.verify([3, 4].map((n) => ({ ref: `r${n}`, name: '张三', idNumber: id })))).rejects.toThrow(
      '超出每秒调用上限',
    );
    expect(provider.answered).toBe(2);
    expect(provider.refusedForRate).toBe(1);
  });

  it('never puts the ID or card number in an error message', async () => {
    const provider = createSandboxIdentityProvider();
    provider.down = true;
    const err: unknown = await provider
      .verify([{ ref: 'a', name: '张三', idNumber: id, bankCardNo: card }])
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).not.toContain(id);
    expect(String((err as Error).message)).not.toContain(card);
  });
});
