import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tabKeyOf, useAppStore, visitedViewLabel } from '../../lib/app-store.ts';
import { useCurrentScreen } from '../route-table.ts';

/**
 * Tabs of the last 10 visited pages (spec section 2). Closing the active tab goes to the last
 * remaining tab, or to / when none is left. Tabs live in session storage and survive a refresh;
 * they belong to the session that opened them (`app-store.ts`); a record's screen (`?id=`) gets a
 * tab per record (`tabKeyOf`). A page may name what it shows
 * after the title (`useTabDetail`: 员工详情 - 张三).
 */
export function TagsView() {
  const location = useLocation();
  const navigate = useNavigate();
  const views = useAppStore((s) => s.visitedViews);
  const addVisitedView = useAppStore((s) => s.addVisitedView);
  const removeVisitedView = useAppStore((s) => s.removeVisitedView);
  const { handle, permitted } = useCurrentScreen();
  const currentKey = tabKeyOf(location.pathname, location.search);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // A path that shows the 404 page gets no tab.
    if (!handle || !permitted) return;
    addVisitedView({
      path: tabKeyOf(location.pathname, location.search),
      fullPath: location.pathname + location.search,
      title: handle.route.title,
    });
  }, [handle, permitted, location.pathname, location.search, addVisitedView]);

  // The active page's tab is always in view: the bar scrolls sideways (only the bar, not the
  // page) when the tab is past either edge, after a move and when tabs come or go.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const item = nav?.querySelector<HTMLElement>('.tags-view-item.active');
    if (!nav || !item) return;
    const bar = nav.getBoundingClientRect();
    const tab = item.getBoundingClientRect();
    const margin = 12;
    if (tab.left < bar.left) nav.scrollLeft -= bar.left - tab.left + margin;
    else if (tab.right > bar.right) nav.scrollLeft += tab.right - bar.right + margin;
  }, [currentKey, views]);

  const close = (path: string) => {
    const rest = removeVisitedView(path);
    if (path !== currentKey) return;
    const last = rest[rest.length - 1];
    void navigate(last ? last.fullPath : '/');
  };

  // A list of links with aria-current, not a tab list: a tab may hold no other control, and
  // each visited view has its own close button (Enter on the link opens, on the button closes).
  return (
    <nav ref={navRef} className="tags-view" aria-label="已打开的页面">
      {views.map((v) => {
        const active = v.path === currentKey;
        const label = visitedViewLabel(v);
        return (
          <span key={v.path} className={`tags-view-item${active ? ' active' : ''}`}>
            <a
              href={v.fullPath}
              className="tags-view-link"
              aria-current={active ? 'page' : undefined}
              onClick={(e) => {
                if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                void navigate(v.fullPath);
              }}
              onAuxClick={(e) => {
                if (e.button !== 1) return;
                e.preventDefault();
                close(v.path);
              }}
            >
              {label}
            </a>
            <button
              type="button"
              className="tags-view-close"
              aria-label={`关闭 ${label}`}
              onClick={() => close(v.path)}
            >
              <CloseOutlined aria-hidden />
            </button>
          </span>
        );
      })}
    </nav>
  );
}
