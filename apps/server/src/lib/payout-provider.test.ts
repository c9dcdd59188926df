import { describe, expect, it } from 'vitest';
import { CALLBACK_MAX_SKEW_MS, signCallback, verifyCallback } from './payout-provider.ts';

describe('payout callback signatures', () => {
  const secret = 'secret-secret-secret-secret-secret';
  const body = JSON.stringify({ ref: 'PO1', status: 'succeeded' });
  const now = 1_800_000_000_000;
  const ts = String(now);
  const sig = signCallback(secret, ts, body);

  it('accepts a fresh, correctly signed body', () => {
    expect(verifyCallback(secret, ts, sig, body, now + 1_000)).toBe(true);
  });

  it('refuses a changed body, another key, a stale or future timestamp, and junk', () => {
    expect(verifyCallback(secret, ts, sig, body.replace('succeeded', 'failed'), now)).toBe(false);
    expect(verifyCallback('another-secret-another-secret-xx', ts, sig, body, now)).toBe(false);
    expect(verifyCallback(secret, ts, sig, body, now + CALLBACK_MAX_SKEW_MS + 1)).toBe(false);
    expect(verifyCallback(secret, ts, sig, body, now - CALLBACK_MAX_SKEW_MS - 1)).toBe(false);
    expect(verifyCallback(secret, undefined, sig, body, now)).toBe(false);
    expect(verifyCallback(secret, ts, 'zz', body, now)).toBe(false);
  });
});
