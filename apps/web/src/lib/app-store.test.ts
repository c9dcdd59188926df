import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_VISITED_VIEWS,
  SIDEBAR_STATUS_KEY,
  tabKeyOf,
  useAppStore,
  visitedViewLabel,
  VISITED_VIEWS_KEY,
  VISITED_VIEWS_OWNER_KEY,
} from './app-store.ts';
import { removeToken, setToken } from './token.ts';

const tokenOf = (jti: string) =>
  `h.${btoa(JSON.stringify({ sub: '1', jti, companyId: 1, iat: 1, exp: 9_999_999_999 })).replace(/=+$/, '')}.s`;

const view = (i: number) => ({ path: `/p${i}`, fullPath: `/p${i}?q=${i}`, title: `页面${i}` });

describe('app store', () => {
  beforeEach(() => {
    useAppStore.getState().clearVisitedViews();
    useAppStore.getState().clearErrorLog();
  });

  it('keeps the last 10 visited views, in order, in session storage', () => {
    for (let i = 1; i <= 11; i++) useAppStore.getState().addVisitedView(view(i));
    const views = useAppStore.getState().visitedViews;
    expect(MAX_VISITED_VIEWS).toBe(10);
    expect(views.map((v) => v.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i + 2}`));
    expect(JSON.parse(sessionStorage.getItem(VISITED_VIEWS_KEY) ?? '[]')).toHaveLength(10);
  });

  it('keeps an open tab in place and follows its latest query', () => {
    useAppStore.getState().addVisitedView(view(1));
    useAppStore.getState().addVisitedView(view(2));
    useAppStore.getState().addVisitedView({ ...view(1), fullPath: '/p1?page=3' });
    expect(useAppStore.getState().visitedViews.map((v) => v.fullPath)).toEqual(['/p1?page=3', '/p2?q=2']);
  });

  it('gives a record’s screen a tab per record (?id=), and a list one tab that follows its filters', () => {
    const D = '/EmolumentManagement/emolumentGrantDetails';
    expect(tabKeyOf(D, '?id=7')).toBe(`${D}?id=7`);
    expect(tabKeyOf(D, '?id=7&tab=items')).toBe(`${D}?id=7`);
    expect(tabKeyOf('/workers', '?name=张&page=2')).toBe('/workers');
    const open = (search: string, title = '发放详情') =>
      useAppStore.getState().addVisitedView({ path: tabKeyOf(D, search), fullPath: D + search, title });
    open('?id=7');
    open('?id=8');
    open('?id=7&tab=items');
    expect(useAppStore.getState().visitedViews.map((v) => v.fullPath)).toEqual([`${D}?id=7&tab=items`, `${D}?id=8`]);
    expect(
      useAppStore
        .getState()
        .removeVisitedView(`${D}?id=7`)
        .map((v) => v.fullPath),
    ).toEqual([`${D}?id=8`]);
  });

  it('answers the tabs left when one closes', () => {
    [1, 2, 3].forEach((i) => useAppStore.getState().addVisitedView(view(i)));
    expect(
      useAppStore
        .getState()
        .removeVisitedView('/p3')
        .map((v) => v.path),
    ).toEqual(['/p1', '/p2']);
  });

  it('keeps tabs to the session that opened them', () => {
    setToken(tokenOf('first'));
    useAppStore.getState().addVisitedView(view(1));
    expect(sessionStorage.getItem(VISITED_VIEWS_OWNER_KEY)).toBe('first');
    // That session ended without a logout; another signs in in the same browser tab.
    setToken(tokenOf('second'));
    useAppStore.getState().addVisitedView(view(2));
    expect(useAppStore.getState().visitedViews.map((v) => v.path)).toEqual(['/p2']);
    removeToken();
  });

  it('names what a tab shows after its title, and forgets it when the tab follows another query', () => {
    useAppStore.getState().addVisitedView(view(1));
    useAppStore.getState().setVisitedViewDetail('/p1?q=1', '张三');
    expect(visitedViewLabel(useAppStore.getState().visitedViews[0]!)).toBe('页面1 - 张三');
    useAppStore.getState().addVisitedView({ ...view(1), fullPath: '/p1?q=2' });
    expect(visitedViewLabel(useAppStore.getState().visitedViews[0]!)).toBe('页面1');
    // Set before its tab is added (the screen's effect ran first): applied on add.
    useAppStore.getState().setVisitedViewDetail('/p3?q=3', '李四');
    useAppStore.getState().addVisitedView(view(3));
    expect(visitedViewLabel(useAppStore.getState().visitedViews[1]!)).toBe('页面3 - 李四');
  });

  it('persists the sidebar state as 1/0', () => {
    const before = useAppStore.getState().sidebarOpened;
    useAppStore.getState().toggleSidebar();
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe(before ? '0' : '1');
    useAppStore.getState().toggleSidebar();
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe(before ? '1' : '0');
  });

  it('collects client errors for the bug log', () => {
    useAppStore.getState().addErrorLog({ message: 'boom', url: '/x', stack: 'at x', time: 1 });
    expect(useAppStore.getState().errorLog).toHaveLength(1);
  });
});
