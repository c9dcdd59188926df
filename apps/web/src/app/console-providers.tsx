import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { RequestBridge } from './request-bridge.tsx';

dayjs.locale('zh-cn');

/** One query cache for the signed-in console; a logout reloads the page and so empties it. */
export const queryClient = createQueryClient();

/** The query cache and antd's App context (message and modal hooks) wired to the request layer. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RequestBridge />
        {children}
      </AntApp>
    </QueryClientProvider>
  );
}
