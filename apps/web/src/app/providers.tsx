import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

/**
 * antd in Chinese, for every page. The console's own providers (query cache, antd's App
 * context, dayjs in Chinese) live in the layout (console-providers.tsx), so public pages such
 * as /login do not download them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
      // Spec section 9: dialogs do not close on a backdrop click.
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      {children}
    </ConfigProvider>
  );
}
