import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './crypto.ts';

const cipher = createFieldCipher(randomBytes(32).toString('base64url'));

describe('field cipher', () => {
  it('round-trips any text and never stores it in clear', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        const stored = cipher.encrypt(s);
        expect(cipher.decrypt(stored)).toBe(s);
        expect(stored).not.toContain(s.length > 3 ? s : '\u0000never');
      }),
    );
  });

  it('gives a different ciphertext each time and the same hash', () => {
    expect(cipher.encrypt('110105199001011234')).not.toBe(cipher.encrypt('110105199001011234'));
    expect(cipher.hash('110105199001011234')).toBe(cipher.hash('110105199001011234'));
  });

  it('never repeats an IV, across refills of the IV pool', () => {
    const ivs = new Set(Array.from({ length: 5000 }, () => cipher.encrypt('x').split('.')[1]));
    expect(ivs.size).toBe(5000);
    for (const iv of ivs) expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
  });

  it('rejects a tampered value', () => {
    const stored = cipher.encrypt('secret');
    const parts = stored.split('.');
    parts[3] = Buffer.from('SECRET').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
  });

  it('rejects a key of the wrong size', () => {
    expect(() => createFieldCipher(randomBytes(16).toString('base64url'))).toThrow('32 字节');
  });
});
