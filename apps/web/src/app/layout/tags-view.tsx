import { CloseOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
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

  useEffect(() => {
    // A path that shows the 404 page gets no tab.
    if (!handle || !permitted) return;
    addVisitedView({
      path: tabKeyOf(location.pathname, location.search),
      fullPath: location.pathname + location.search,
      title: handle.route.title,
    });
  }, [handle, permitted, location.pathname, location.search, addVisitedView]);

  const close = (path: string) => {
    const rest = removeVisitedView(path);
    if (path !== currentKey) return;
    const last = rest[rest.length - 1];
    void navigate(last ? last.fullPath : '/');
  };

  return (
    <div className="tags-view" role="tablist" aria-label="已打开的页面">
      {views.map((v) => {
        const active = v.path === currentKey;
        const label = visitedViewLabel(v);
        return (
          <span
            key={v.path}
            role="tab"
            aria-selected={active}
            className={`tags-view-item${active ? ' active' : ''}`}
            onClick={() => void navigate(v.fullPath)}
            onAuxClick={(e) => e.button === 1 && close(v.path)}
          >
            {label}
            <CloseOutlined
              className="tags-view-close"
              aria-label={`关闭 ${label}`}
              onClick={(e) => {
                e.stopPropagation();
                close(v.path);
              }}
            />
          </span>
        );
      })}
    </div>
  );
}
