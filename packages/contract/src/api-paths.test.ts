import { describe, expect, it } from 'vitest';
import { API, apiPath } from './api-paths.ts';

describe('apiPath', () => {
  it('fills every parameter of a template, URI-encoded', () => {
    expect(apiPath(API.worker.bankCardDefault, { id: 7, accountId: 12 })).toBe(
      '/api/companystaff/employee/7/bankCard/12/default',
    );
    expect(apiPath(API.file.one, { id: 'a/b c' })).toBe('/api/admin/file/a%2Fb%20c');
  });

  it('leaves a template without parameters as it is', () => {
    expect(apiPath(API.worker.page, {})).toBe('/api/companystaff/employee/page');
  });

  it('refuses a template whose parameter is missing', () => {
    // @ts-expect-error: accountId is required by the template's type too
    expect(() => apiPath(API.worker.bankCard, { id: 1 })).toThrow('缺少参数 accountId');
  });

  it('spells every path under /api/ once', () => {
    const spelled = (group: object): string[] =>
      Object.values(group).flatMap((v: unknown) => (typeof v === 'string' ? [v] : spelled(v as object)));
    const paths = spelled(API);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
