import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState, type ReactNode } from 'react';

/**
 * The nonce the server put into this page (`<meta name="csp-nonce">`): its Content Security
 * Policy admits antd's `<style>` elements only with it. Absent under the Vite dev server.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') || undefined;
}

/**
 * antd in Chinese, for every page. The console's own providers (query cache, antd's App
 * context, dayjs in Chinese) live in the layout (console-providers.tsx), so public pages such
 * as /login do not download them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [csp] = useState(() => ({ nonce: readCspNonce() }));
  return (
    <ConfigProvider
      locale={zhCN}
      csp={csp}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
      // Spec section 9: dialogs do not close on a backdrop click.
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}
