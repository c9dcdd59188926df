import { describe, expect, it } from 'vitest';
import { ELEMENT_CODES, elementTitle, isElementCode } from './permissions.ts';
import { CODE_MESSAGES, Code, httpStatusOf } from './codes.ts';

describe('element codes', () => {
  it('are unique area:action codes with Chinese titles', () => {
    expect(new Set(ELEMENT_CODES).size).toBe(ELEMENT_CODES.length);
    for (const code of ELEMENT_CODES) {
      expect(code).toMatch(/^[a-z]+:[a-zA-Z]+$/);
      expect(elementTitle(code)).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('include the codes DOMAIN section 1 names', () => {
    for (const code of ['employee:view', 'payroll:pay', 'system:role', 'system:admin', 'content:edit']) {
      expect(isElementCode(code)).toBe(true);
    }
    expect(isElementCode('employee:fly')).toBe(false);
  });
});

describe('status codes', () => {
  it('map to the HTTP statuses of ARCHITECTURE section 3', () => {
    expect(httpStatusOf(Code.UNAUTHENTICATED)).toBe(401);
    expect(httpStatusOf(Code.SESSION_REVOKED)).toBe(401);
    expect(httpStatusOf(Code.FORBIDDEN)).toBe(403);
    expect(httpStatusOf(Code.NO_COMPANY_ACCESS)).toBe(403);
    expect(httpStatusOf(Code.VALIDATION)).toBe(400);
    expect(httpStatusOf(Code.NOT_FOUND)).toBe(404);
    expect(httpStatusOf(Code.CONFLICT)).toBe(409);
    expect(httpStatusOf(1001)).toBe(500);
  });

  it('carry the exact Chinese text of spec section 8 for 40301', () => {
    expect(CODE_MESSAGES[Code.FORBIDDEN]).toBe('当前用户无相关操作权限！');
  });
});
