import { Breadcrumb } from 'antd';
import { Link, useMatches } from 'react-router';
import type { TRouteHandle } from '../route-table.ts';

/** 首页 first, then the parent and the page; the last item is not a link (spec section 2). */
export function AppBreadcrumb() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as TRouteHandle | undefined)?.route)?.handle as
    TRouteHandle | undefined;
  const items: { title: React.ReactNode }[] = [];
  const isHome = !handle || handle.fullPath === '/dashboard';
  items.push({ title: isHome ? '首页' : <Link to="/dashboard">首页</Link> });
  if (handle && !isHome) {
    if (handle.parent && handle.parent.title !== handle.route.title) {
      items.push({
        title: handle.parent.redirect ? (
          <Link to={handle.parent.path}>{handle.parent.title}</Link>
        ) : (
          handle.parent.title
        ),
      });
    }
    items.push({ title: handle.route.title });
  }
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
