import {
  HOME_ROUTE,
  availableRoutes,
  fullPathOf,
  menuCodeOf,
  SCREEN_PATHS,
  type TRouteNode,
} from '@flexpay/contract/web';
import { useMatches } from 'react-router';
import { useSession } from '../lib/session-store.ts';

export { pageTitle } from '../lib/page-title.ts';

/** What each matched route tells the layout: its catalogue entry and its parent. */
export interface TRouteHandle {
  route: TRouteNode;
  parent: TRouteNode | null;
  fullPath: string;
}

/** The home route's dashboard child. */
export const DASHBOARD: TRouteNode = HOME_ROUTE.children?.[0] ?? {
  path: 'dashboard',
  name: 'dashboard',
  title: '首页',
};

/** Every built catalogue screen with its full path, for matching the current location. */
export function builtScreens(): TRouteHandle[] {
  const out: TRouteHandle[] = [{ route: DASHBOARD, parent: null, fullPath: SCREEN_PATHS.dashboard }];
  for (const parent of availableRoutes()) {
    if (!parent.children) {
      out.push({ route: parent, parent: null, fullPath: parent.path });
      continue;
    }
    for (const child of parent.children) out.push({ route: child, parent, fullPath: fullPathOf(child, parent) });
  }
  return out;
}

/** Whether the menus map permits a screen: its own code and its parent's (spec section 6). */
export function isPermitted(handle: TRouteHandle, menus: Readonly<Record<string, boolean>>): boolean {
  if (handle.route === DASHBOARD) return true;
  if (!menus[menuCodeOf(handle.route.path)]) return false;
  return !handle.parent || !!menus[menuCodeOf(handle.parent.path)];
}

/** What the shell shows for a path with no permitted screen: the 404 page, under this title. */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * The catalogue screen the location matched, and whether the admin may see it. No handle (an
 * unknown path) or a screen not permitted both show the 404 page.
 */
export function useCurrentScreen(): { handle: TRouteHandle | undefined; permitted: boolean } {
  const matches = useMatches();
  const menus = useSession((s) => s.menus);
  const handle = [...matches].reverse().find((m) => (m.handle as TRouteHandle | undefined)?.route)?.handle as
    TRouteHandle | undefined;
  return { handle, permitted: !!handle && isPermitted(handle, menus) };
}

/**
 * Whether the parent is a level of its own in the breadcrumb: not when it is hidden or holds a
 * single screen (the sidebar shows that screen in its place: 下载中心, 修改认证方式).
 */
export function isBreadcrumbLevel(parent: TRouteNode): boolean {
  return !parent.hidden && (parent.children?.length ?? 0) > 1;
}
