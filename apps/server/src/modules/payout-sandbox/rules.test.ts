import { describe, expect, it } from 'vitest';
import { sandboxOutcome } from './rules.ts';

describe('the sandbox provider', () => {
  it('fails exactly the cases of DOMAIN section 6', () => {
    expect(sandboxOutcome({ channel: 'bank', accountNo: '6222020000000004', holderName: '张三' })).toEqual({
      status: 'failed',
      reason: '卡号无效',
    });
    expect(sandboxOutcome({ channel: 'alipay', accountNo: 'fail@example.com', holderName: '张三' })).toEqual({
      status: 'failed',
      reason: '账户异常',
    });
    expect(sandboxOutcome({ channel: 'bank', accountNo: '6222020000000005', holderName: '李测试失败' })).toEqual({
      status: 'failed',
      reason: '户名不符',
    });
    expect(sandboxOutcome({ channel: 'bank', accountNo: '6222020000000005', holderName: '张三' }).status).toBe(
      'succeeded',
    );
    // An Alipay account ending in 4 is fine; a card starting with "fail" cannot exist.
    expect(sandboxOutcome({ channel: 'alipay', accountNo: '13800000004', holderName: '张三' }).status).toBe(
      'succeeded',
    );
  });
});
