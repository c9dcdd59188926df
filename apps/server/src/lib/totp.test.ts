import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, totp, totpProvisioningUri, verifyTotp } from './totp.ts';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" with SHA-1, 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('matches the RFC vector at T=%i', (seconds, expected) => {
    expect(totp(RFC_SECRET, seconds * 1000, 8)).toBe(expected);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 3, 9].map((c) => hotp(secret, c))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('accepts one step of drift and nothing further', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    expect(verifyTotp(secret, totp(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now + 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });

  it('round-trips base32 and builds a provisioning URI', () => {
    const buf = Buffer.from('hello totp secret!');
    expect(base32Decode(base32Encode(buf))).toEqual(buf);
    const uri = totpProvisioningUri('JBSWY3DPEHPK3PXP', 'demo', '星河科技');
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=JBSWY3DPEHPK3PXP&issuer=/);
  });
});
