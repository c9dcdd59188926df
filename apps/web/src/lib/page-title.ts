import { PUBLIC_ROUTES, type TScreenName } from '@flexpay/contract/web';
import { useEffect } from 'react';

/** The product's own name: in the page title only on the official host (spec sections 2 and 9). */
export const PRODUCT_NAME = '灵活用工企业管理后台';

/** The official host (`VITE_OFFICIAL_HOST`); unset, no host is official. */
export const OFFICIAL_HOST: string | undefined = import.meta.env.VITE_OFFICIAL_HOST as string | undefined;

/** Whether the console runs on the official host, where the product name may show. */
export function isOfficialHost(hostname: string = window.location.hostname, officialHost = OFFICIAL_HOST): boolean {
  return !!officialHost && hostname === officialHost;
}

/** Page title: the route title, prefixed with the product name only on the official host. */
export function pageTitle(title: string, hostname: string, officialHost: string | undefined, productName: string) {
  return officialHost && hostname === officialHost ? `${productName} - ${title}` : title;
}

/** Sets the document title of a page to its route title (with the product name on the official host). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title, window.location.hostname, OFFICIAL_HOST, PRODUCT_NAME);
  }, [title]);
}

/** The catalogue title of a public route by its name (`404` -> 页面不存在). */
export function publicRouteTitle(name: TScreenName): string {
  const route = PUBLIC_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`${name} is not a public route of the catalogue`);
  return route.title;
}
