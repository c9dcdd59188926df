import { describe, expect, it } from 'vitest';
import { envelopeCodeOf } from './gateway-log.ts';

describe("网关日志: the envelope's business code read off an answer", () => {
  it('reads the code at the head of an envelope, whatever follows', () => {
    expect(envelopeCodeOf('{"status":200,"data":{"total":1,"rows":[]}}')).toBe(200);
    expect(envelopeCodeOf('{"status":40001,"message":"用户名或密码错误"}')).toBe(40001);
    expect(envelopeCodeOf('{"status":200}')).toBe(200);
    expect(envelopeCodeOf('{"status":-1,"message":"x"}')).toBe(-1);
    expect(envelopeCodeOf('{"status":123456789,"data":null}')).toBe(123456789);
  });

  it('answers null for anything that is not an envelope', () => {
    for (const payload of [
      '',
      '[1,2]',
      '{"data":1,"status":200}',
      '{"status":"200"}',
      '{"status":,"data":1}',
      '{"status":1234567890,"data":1}',
      '{"status":20x}',
      '{"status":200',
      '{"status": 200}',
      'plain text',
    ]) {
      expect(envelopeCodeOf(payload), payload).toBeNull();
    }
  });
});
