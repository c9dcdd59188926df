import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './crypto.ts';

const key = randomBytes(32);
const cipher = createFieldCipher(key.toString('base64url'));

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

  it('hashes as HMAC-SHA256 under the derived key, for any text of any length', () => {
    const hashKey = createHmac('sha256', key).update('flexpay:field-hash:v1').digest();
    const hmac = (s: string) => createHmac('sha256', hashKey).update(s, 'utf8').digest('base64url');
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'binary' })),
        (s) => {
          expect(cipher.hash(s)).toBe(hmac(s));
        },
      ),
      { numRuns: 500 },
    );
    for (const s of ['', '张三·李', 'a\ud800b', 'a'.repeat(170), 'a'.repeat(171), '汉'.repeat(200), '😀'.repeat(130)]) {
      expect(cipher.hash(s)).toBe(hmac(s));
    }
  });

  it('keeps the hashes of stored values: a fixed key gives the same hash as ever', () => {
    const fixed = createFieldCipher(Buffer.alloc(32, 7).toString('base64url'));
    expect(fixed.hash('110105199001011234')).toBe('NRG9pnAfpx456ba5j3yMw-EE6MC1vBITWfZPo7C_ruc');
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
