import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/plugins/compress-json.ts';
import { createTestApp, loginAs, type TestApp } from '../helpers.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('JSON answers compressed in one call', () => {
  let t: TestApp;
  let token: string;
  const page = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/companystaff/employee/page?page=1&limit=20',
      headers: { authorization: token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, 'demo');
  });
  afterAll(() => t.close());

  it('answers gzip or brotli bodies that decode to the same JSON, with Vary', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.rows).toHaveLength(20);
    const gz = await page('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await page('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.ok).toBe(true);
  });
});
