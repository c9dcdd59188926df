import { describe, expect, it } from 'vitest';
import {
  ELEMENT_CODES,
  ELEMENT_SCREENS,
  availableElementGroups,
  elementTitle,
  isElementAvailable,
  isElementCode,
  TOP_BAR_SCREEN,
} from './permissions.ts';
import { ASYNC_ROUTES, BUILT_SCREENS, flattenRoutes, grantableRoutes, personalMenuCodes } from './routes.ts';
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

describe('what the role editor offers', () => {
  it('ties every element to a screen of the catalogue', () => {
    const names = new Set([...flattenRoutes(ASYNC_ROUTES).map(({ route }) => route.name), TOP_BAR_SCREEN]);
    for (const code of ELEMENT_CODES) expect(names, code).toContain(ELEMENT_SCREENS[code]);
  });

  it('offers an element only when its screen is built, and leaves out areas with none', () => {
    const offered = availableElementGroups().flatMap((g) => g.elements.map((e) => e.code));
    expect(offered.sort()).toEqual(
      ELEMENT_CODES.filter(
        (c) => BUILT_SCREENS.has(ELEMENT_SCREENS[c]) || ELEMENT_SCREENS[c] === TOP_BAR_SCREEN,
      ).sort(),
    );
    expect(isElementAvailable('chat:view')).toBe(true);
    expect(isElementAvailable('employee:view')).toBe(true);
    expect(isElementAvailable('system:approval')).toBe(true);
    expect(isElementAvailable('payroll:approve')).toBe(true);
    expect(isElementAvailable('payroll:pay')).toBe(true);
    expect(isElementAvailable('task:view')).toBe(true);
    expect(isElementAvailable('invoice:view')).toBe(true);
    expect(isElementAvailable('contract:view')).toBe(true);
    for (const group of availableElementGroups()) expect(group.elements.length, group.area).toBeGreaterThan(0);
  });

  it('offers no personal page, which every admin has', () => {
    const personal = personalMenuCodes();
    expect(personal.sort()).toEqual(
      [
        'editAuthentication',
        'editAuthenticationIndex',
        'editPass',
        'editPassIndex',
        'editSysMobile',
        'exportIndex',
        'exportList',
      ].sort(),
    );
    const offered = flattenRoutes(grantableRoutes()).map(({ route }) => route.name);
    for (const name of ['editPass', 'editPassIndex', 'editAuthentication', 'editSysMobile'])
      expect(offered).not.toContain(name);
    expect(offered).toContain('roleManage');
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
