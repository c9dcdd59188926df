import { describe, expect, it } from 'vitest';
import { ApiError, BusinessError } from './request.ts';
import { shouldRetryQuery } from './query-client.ts';

const answered = (httpStatus: number, status = httpStatus) => new ApiError({ status, message: 'x', httpStatus });

describe('shouldRetryQuery', () => {
  it('never tries again a request the server answered', () => {
    for (const error of [answered(400, 40000), answered(403, 40301), answered(404, 40400), answered(409, 40900)]) {
      expect(shouldRetryQuery(0, error)).toBe(false);
    }
    expect(shouldRetryQuery(0, answered(500))).toBe(false);
    expect(shouldRetryQuery(0, answered(503))).toBe(false);
    expect(shouldRetryQuery(0, new BusinessError({ status: 1001, message: 'x', httpStatus: 500 }))).toBe(false);
  });

  it('tries once more a request that got no answer, never a cancelled one', () => {
    const network = new ApiError({ status: 0, message: '网络异常', code: 'ERR_NETWORK' });
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, network)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 0, message: 'timeout', code: 'ECONNABORTED' }))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError({ status: 0, message: 'canceled', code: 'ERR_CANCELED' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('not from the request layer'))).toBe(false);
  });
});
