import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_VISITED_VIEWS, SIDEBAR_STATUS_KEY, useAppStore, VISITED_VIEWS_KEY } from './app-store.ts';

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

  it('answers the tabs left when one closes', () => {
    [1, 2, 3].forEach((i) => useAppStore.getState().addVisitedView(view(i)));
    expect(
      useAppStore
        .getState()
        .removeVisitedView('/p3')
        .map((v) => v.path),
    ).toEqual(['/p1', '/p2']);
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
