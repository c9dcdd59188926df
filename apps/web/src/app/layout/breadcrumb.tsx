import { SCREEN_PATHS } from '@flexpay/contract/web';
import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isBreadcrumbLevel, NOT_FOUND_TITLE, useCurrentScreen } from '../route-table.ts';

/**
 * 首页 first, then the parent (when it is a level of its own) and the page; the last item is not
 * a link (spec section 2). A path without a permitted screen reads 首页 / 页面不存在.
 */
export function AppBreadcrumb() {
  const { handle, permitted } = useCurrentScreen();
  const items: { title: ReactNode }[] = [];
  const isHome = permitted && handle?.fullPath === SCREEN_PATHS.dashboard;
  items.push({ title: isHome ? '首页' : <Link to={SCREEN_PATHS.dashboard}>首页</Link> });
  if (!handle || !permitted) {
    items.push({ title: NOT_FOUND_TITLE });
  } else if (!isHome) {
    const { parent, route } = handle;
    if (parent && parent.title !== route.title && isBreadcrumbLevel(parent)) {
      items.push({
        title: parent.redirect ? <Link to={parent.path}>{parent.title}</Link> : parent.title,
      });
    }
    items.push({ title: route.title });
  }
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
