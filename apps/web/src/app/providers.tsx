// By module, not the 'antd' barrel, and the ES locale, not the CommonJS one: the lone sign-in
// page (login-app.tsx) starts with these providers and its download is budgeted.
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { THEME } from './theme.ts';

/**
 * The nonce the server put into this page (`<meta name="csp-nonce">`): its Content Security
 * Policy admits antd's `<style>` elements only with it. Absent under the Vite dev server.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') || undefined;
}

let styleNonceInstalled = false;

/**
 * Gives every `<style>` element created from script the page's nonce. antd takes the nonce
 * through ConfigProvider, but two rc-component helpers it uses insert styles without taking one:
 * the scroll locker of modals and drawers (`html body { overflow-y: hidden }`) and the table's
 * scrollbar measurement. Markup injected into the page still cannot carry the nonce, which is
 * what the policy guards against; scripts come from this origin only.
 */
export function installStyleNonce(nonce: string | undefined, doc: Document = document) {
  if (!nonce || styleNonceInstalled) return;
  styleNonceInstalled = true;
  const createElement = doc.createElement.bind(doc) as (tag: string, options?: ElementCreationOptions) => HTMLElement;
  doc.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = createElement(tag, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the system asks for less motion (followed live, as the setting changes). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

/**
 * antd in Chinese, for every page. The console's own providers (query cache, antd's App
 * context, dayjs in Chinese) live in the layout (console-providers.tsx), so public pages such
 * as /login do not download them. A user whose system asks for less motion gets none: dialogs,
 * drawers, menus and messages appear and leave without zooming, sliding or fading (WCAG 2.3.3).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [csp] = useState(() => {
    const nonce = readCspNonce();
    installStyleNonce(nonce);
    return { nonce };
  });
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  return (
    <ConfigProvider
      locale={zhCN}
      csp={csp}
      theme={theme}
      // Spec section 9: dialogs do not close on a backdrop click.
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}
