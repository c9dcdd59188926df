/**
 * Test helpers for screens: render a route inside the app's providers (query cache, antd in
 * Chinese with its App context, a memory data router) and answer API calls through the axios
 * adapter of the app's client, so the real request layer (envelopes, toasts, ApiError) runs.
 * Only tests import this file.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getAllByText, render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { http } from '../lib/request.ts';

// jsdom has no pseudo-elements: antd measures the scrollbar with `getComputedStyle(el, '::-webkit-scrollbar')`,
// which jsdom reports (slowly, with a stack) as not implemented. The element's own style is what it gets anyway.
const getComputedStyleOfElement = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyleOfElement(element);

export interface TRenderScreenOptions {
  /** The route path of the screen, e.g. `/systemSetting/roleManage`. */
  path: string;
  /** Where the router starts; defaults to `path`. */
  initialEntry?: string;
  /** Other paths the screen may navigate to; each renders `当前页面：<path><search>`. */
  otherPaths?: string[];
}

/** Shows where the router is, for asserting navigations. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      当前页面：{location.pathname}
      {location.search}
    </div>
  );
}

export function renderScreen(
  Screen: ComponentType,
  options: TRenderScreenOptions,
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
  const routes: RouteObject[] = [
    { path: options.path, Component: Screen },
    ...(options.otherPaths ?? []).map((path) => ({ path, Component: LocationProbe })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.initialEntry ?? options.path] });
  const result = render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...result, queryClient, router };
}

export interface TApiCall {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
}

/** A handler's answer: the HTTP status (default 200) and the body (default `{ status: 200, data }`). */
export interface TApiReply {
  httpStatus?: number;
  body: unknown;
}

export type TApiHandler = (call: TApiCall) => TApiReply | Promise<TApiReply>;

/** A success envelope. */
export const ok = (data: unknown, message?: string): TApiReply => ({
  body: { status: 200, data, ...(message ? { message } : {}) },
});

/** An error envelope, e.g. `fail(400, 40000, '用户名已被使用', { errors: [...] })`. */
export const fail = (httpStatus: number, status: number, message: string, data?: unknown): TApiReply => ({
  httpStatus,
  body: { status, message, ...(data === undefined ? {} : { data }) },
});

function matches(pattern: string, method: string, url: string): boolean {
  const [patternMethod, patternPath = ''] = pattern.split(' ');
  if (patternMethod !== method) return false;
  const source = patternPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${source}$`).test(url);
}

/**
 * Answers the app client's calls with `handlers`, keyed `'METHOD /path'` (`:id` matches a path
 * segment). Unhandled calls answer 40400. Returns the recorded calls and a restore function.
 */
export function mockApi(handlers: Record<string, TApiHandler>): { calls: TApiCall[]; restore: () => void } {
  const calls: TApiCall[] = [];
  const previous = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data;
    const call: TApiCall = { method, url, params: config.params, body };
    calls.push(call);
    const key = Object.keys(handlers).find((pattern) => matches(pattern, method, url));
    const handler = key ? handlers[key] : undefined;
    const reply = handler ? await handler(call) : fail(404, 40400, '请求的资源不存在');
    return {
      data: reply.body,
      status: reply.httpStatus ?? 200,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      http.defaults.adapter = previous;
    },
  };
}

/**
 * Matches a button's accessible name: antd puts a space between two Chinese characters (`确 定`),
 * and an icon's label may come first (`plus 新增角色`).
 */
export function buttonName(text: string): RegExp {
  return new RegExp(`${[...text].join('\\s*')}$`);
}

/**
 * The enabled-or-not button whose text is `text`, inside `container`. Faster than `getByRole` on
 * the large DOM of tables and trees; throws unless exactly one matches.
 */
export function getButton(text: string, container: HTMLElement = document.body): HTMLButtonElement {
  const buttons = new Set(
    getAllByText(container, new RegExp(`^${[...text].join('\\s*')}$`))
      .map((node) => node.closest('button'))
      .filter((button): button is HTMLButtonElement => button !== null),
  );
  if (buttons.size !== 1) throw new Error(`expected one button "${text}", found ${buttons.size}`);
  return [...buttons][0] as HTMLButtonElement;
}

/**
 * A user-event instance for antd screens: no delay between keys, and no `pointer-events` check,
 * which walks the computed style of every ancestor on each event and makes large forms slow.
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
