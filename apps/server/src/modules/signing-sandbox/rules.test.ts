import { describe, expect, it } from 'vitest';
import { sandboxFollowOutcome, sandboxSendOutcome } from './rules.ts';

const signer = (signerName: string, signerMobile = '13912345678') => ({ signerName, signerMobile });

describe('the sandbox signing rules', () => {
  it('sends to everyone but a name with 签约失败 and a mobile ending 0000, each refused with its reason', () => {
    expect(sandboxSendOutcome(signer('张三'))).toEqual({ ok: true });
    expect(sandboxSendOutcome(signer('签约失败甲'))).toEqual({ ok: false, reason: '签署人身份核验未通过' });
    expect(sandboxSendOutcome(signer('李四', '13900000000'))).toEqual({ ok: false, reason: '手机号无法接收短信' });
    expect(sandboxSendOutcome(signer('李四', '13900001000'))).toEqual({ ok: true });
  });

  it('signs on the page but for a name with 拒签, which declines', () => {
    expect(sandboxFollowOutcome(signer('张三'))).toEqual({ sign: true });
    expect(sandboxFollowOutcome(signer('拒签乙'))).toEqual({ sign: false, reason: '签署人拒绝签署' });
  });
});
