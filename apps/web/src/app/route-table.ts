import { HOME_ROUTE, availableRoutes, fullPathOf, menuCodeOf, type TRouteNode } from '@flexpay/contract/web';

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
  const out: TRouteHandle[] = [{ route: DASHBOARD, parent: null, fullPath: '/dashboard' }];
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

/** Page title: the route title, prefixed with the product name only on the official host. */
export function pageTitle(title: string, hostname: string, officialHost: string | undefined, productName: string) {
  return officialHost && hostname === officialHost ? `${productName} - ${title}` : title;
}
