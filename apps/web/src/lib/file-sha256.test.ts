import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileSha256 } from './file-sha256.ts';

describe('fileSha256', () => {
  it('hashes a file in the browser as hex, the same as any SHA-256', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 回单');
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await fileSha256(new Blob([bytes]), webcrypto.subtle as SubtleCrypto)).toBe(expected);
  });

  it('answers undefined where WebCrypto is not offered (not a secure context)', async () => {
    expect(await fileSha256(new Blob(['x']), null)).toBeUndefined();
  });
});
