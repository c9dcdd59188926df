import { describe, expect, it } from 'vitest';
import { platformFileKey, platformKey } from './service.ts';

/** The platform's files (the operators' exports) reach only keys under `platform/`. */
describe('platformKey', () => {
  it('takes the keys platformFileKey makes', () => {
    const key = platformFileKey('ops-export', 'abc', 'xlsx', new Date('2026-11-29T00:00:00Z'));
    expect(key).toMatch(/^platform\/ops-export\/\d{4}\/\d{2}\/abc\.xlsx$/);
    expect(platformKey(key)).toBe(key);
  });

  it("refuses a company's key, a key climbing out of the folder and an empty part", () => {
    for (const key of [
      'companies/1/export/2026/11/x.xlsx',
      'platform/../companies/1/export/2026/11/x.xlsx',
      'platform//x.xlsx',
      'platformx/y.xlsx',
    ])
      expect(() => platformKey(key), key).toThrow('not a platform file key');
  });
});
