import { API } from '@flexpay/contract/web';
import { afterEach, describe, expect, it } from 'vitest';
import { mockOpsApi, ok } from '../test-utils.tsx';
import { opsRequest, refreshOpsTokenIfNeeded } from './ops-request.ts';
import { getOpsToken, opsTokenSecondsLeft, removeOpsToken, setOpsToken } from './ops-token.ts';

/** An unsigned token whose `exp` is `secondsLeft` from now (the console only reads it). */
const tokenExpiringIn = (secondsLeft: number, tag = 'a') =>
  `h.${btoa(JSON.stringify({ sub: '1', jti: tag, realm: 'ops', exp: Math.floor(Date.now() / 1000) + secondsLeft }))}.s`;

describe('the operator token refresh', () => {
  let restore = () => {};
  afterEach(() => {
    restore();
    removeOpsToken();
  });

  it('reads the seconds left from the token, and nothing from a token it cannot read', () => {
    expect(opsTokenSecondsLeft(tokenExpiringIn(300))).toBeGreaterThan(290);
    expect(opsTokenSecondsLeft('not-a-token')).toBeNull();
  });

  it('asks once for a new token when less than 10 minutes remain, and stores it', async () => {
    setOpsToken(tokenExpiringIn(300));
    const fresh = tokenExpiringIn(7200, 'b');
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok({ id: 1, username: 'ops', name: '平台运营' }),
      [`POST ${API.ops.refresh}`]: () => ok({ token: fresh }),
    });
    restore = api.restore;
    await opsRequest('GET', API.ops.info);
    await Promise.all([refreshOpsTokenIfNeeded(), refreshOpsTokenIfNeeded()]);
    expect(api.calls.filter((c) => c.url === API.ops.refresh)).toHaveLength(1);
    expect(getOpsToken()).toBe(fresh);
  });

  it('leaves a token with more time alone, and keeps the token when the refresh fails', async () => {
    const long = tokenExpiringIn(3600);
    setOpsToken(long);
    const api = mockOpsApi({});
    restore = api.restore;
    await refreshOpsTokenIfNeeded();
    expect(api.calls).toHaveLength(0);

    const short = tokenExpiringIn(120);
    setOpsToken(short);
    await refreshOpsTokenIfNeeded();
    expect(api.calls.map((c) => c.url)).toEqual([API.ops.refresh]);
    expect(getOpsToken()).toBe(short);
  });
});
