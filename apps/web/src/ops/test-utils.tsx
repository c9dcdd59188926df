/**
 * Test helpers of the operator console: the console's routes in a memory router inside its
 * providers, and API answers through the adapter of the ops client (so its envelope, toast and
 * sign-out handling run). Only tests import this file.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fail, type TApiHandler } from '../components/test-utils.tsx';
import { opsHttp, OPS_LOGIN_PATH } from './lib/ops-request.ts';
import { OpsProviders } from './ops-app.tsx';
import { createOpsRoutes } from './routes.tsx';

export { fail, ok, setupUser, buttonName } from '../components/test-utils.tsx';

export interface TOpsCall {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
  headers: Record<string, string>;
}

function matches(pattern: string, method: string, url: string): boolean {
  const [patternMethod, patternPath = ''] = pattern.split(' ');
  if (patternMethod !== method) return false;
  const source = patternPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${source}$`).test(url);
}

/** Answers the ops client's calls with `handlers` ('METHOD /path', `:id` a segment); others 40400. */
export function mockOpsApi(handlers: Record<string, (call: TOpsCall) => ReturnType<TApiHandler>>) {
  const calls: TOpsCall[] = [];
  const previous = opsHttp.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data;
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(config.headers.toJSON())) {
      if (typeof value === 'string') headers[key.toLowerCase()] = value;
    }
    const call: TOpsCall = { method, url, params: config.params, body, headers };
    calls.push(call);
    const key = Object.keys(handlers).find((pattern) => matches(pattern, method, url));
    const handler = key ? handlers[key] : undefined;
    const reply = handler ? await handler(call) : fail(404, 40400, '请求的资源不存在');
    const status = reply.httpStatus ?? 200;
    const response: AxiosResponse = { data: reply.body, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    }
    return response;
  };
  opsHttp.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      opsHttp.defaults.adapter = previous;
    },
  };
}

/** Renders the operator console at `path`. */
export function renderOps(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createOpsRoutes(queryClient), { initialEntries: [path] });
  const result = render(
    <OpsProviders queryClient={queryClient} onSignedOut={() => void router.navigate(OPS_LOGIN_PATH)}>
      <RouterProvider router={router} />
    </OpsProviders>,
  );
  return { ...result, router, queryClient };
}
