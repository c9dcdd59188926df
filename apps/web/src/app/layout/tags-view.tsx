import { CloseOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useAppStore } from '../../lib/app-store.ts';
import type { TRouteHandle } from '../route-table.ts';

/**
 * Tabs of the last 10 visited pages (spec section 2). Closing the active tab goes to the last
 * remaining tab, or to / when none is left. Tabs live in session storage and survive a refresh.
 */
export function TagsView() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const views = useAppStore((s) => s.visitedViews);
  const addVisitedView = useAppStore((s) => s.addVisitedView);
  const removeVisitedView = useAppStore((s) => s.removeVisitedView);
  const handle = [...matches].reverse().find((m) => (m.handle as TRouteHandle | undefined)?.route)?.handle as
    TRouteHandle | undefined;

  useEffect(() => {
    if (!handle) return;
    addVisitedView({
      path: location.pathname,
      fullPath: location.pathname + location.search,
      title: handle.route.title,
    });
  }, [handle, location.pathname, location.search, addVisitedView]);

  const close = (path: string) => {
    const rest = removeVisitedView(path);
    if (path !== location.pathname) return;
    const last = rest[rest.length - 1];
    void navigate(last ? last.fullPath : '/');
  };

  return (
    <div className="tags-view" role="tablist" aria-label="已打开的页面">
      {views.map((v) => {
        const active = v.path === location.pathname;
        return (
          <span
            key={v.path}
            role="tab"
            aria-selected={active}
            className={`tags-view-item${active ? ' active' : ''}`}
            onClick={() => void navigate(v.fullPath)}
            onAuxClick={(e) => e.button === 1 && close(v.path)}
          >
            {v.title}
            <CloseOutlined
              className="tags-view-close"
              aria-label={`关闭 ${v.title}`}
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
