import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  BusinessError,
  ERROR_TOAST_SECONDS,
  FORBIDDEN_MESSAGE,
  LOGOUT_DIALOG_TEXTS,
  NETWORK_ERROR_MESSAGE,
  REFRESH_THRESHOLD_SECONDS,
  REFRESH_TOKEN_PATH,
  REQUEST_TIMEOUT_MS,
  SERVER_BUSY_MESSAGE,
  SERVER_UNAVAILABLE_MESSAGE,
  TIMEOUT_MESSAGE,
  createHttpClient,
  http,
  isApiError,
  type TRequestHandlers,
} from './request.ts';
import { decodeToken, getToken, removeToken, setToken } from './token.ts';

/** What the fake server answers: an HTTP reply, or an error thrown by the transport. */
type TReply = { status: number; data?: unknown } | Error;
type TRoute = (config: InternalAxiosRequestConfig) => TReply | Promise<TReply>;

/** An axios adapter that answers from `route` and settles like axios's own adapters. */
function fakeAdapter(route: TRoute) {
  return vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const reply = await route(config);
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  });
}

const ok = (data: unknown = null): TReply => ({ status: 200, data: { status: 200, data } });

const NOW = Date.parse('2024-05-06T12:00:00Z');
const nowSeconds = Math.floor(NOW / 1000);

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A JWT (unsigned: the client never verifies) that expires `secondsToExpiry` after NOW. */
function makeToken(secondsToExpiry: number, jti = 'session-1'): string {
  const payload = { sub: '42', jti, companyId: 7, exp: nowSeconds + secondsToExpiry, iat: nowSeconds - 3600 };
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

function setup(route: TRoute) {
  const adapter = fakeAdapter(route);
  const handlers = {
    notifyError: vi.fn<TRequestHandlers['notifyError']>(),
    confirmLogout: vi.fn<TRequestHandlers['confirmLogout']>(async () => false),
    onLogout: vi.fn<TRequestHandlers['onLogout']>(),
    reload: vi.fn<TRequestHandlers['reload']>(),
    onTokenRefreshed: vi.fn<TRequestHandlers['onTokenRefreshed']>(),
  };
  const client = createHttpClient({ adapter, handlers, now: () => NOW });
  const calls = () => adapter.mock.calls.map(([config]) => config);
  const refreshCalls = () => calls().filter((config) => config.url === REFRESH_TOKEN_PATH);
  return { client, adapter, handlers, calls, refreshCalls };
}

/** Lets fire-and-forget work (dialogs, refreshes) run before asserting that it did not happen. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => removeToken());
afterEach(() => removeToken());

describe('the request layer constants and the app instance', () => {
  it('exports the spec section 9 constants', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(5000);
    expect(ERROR_TOAST_SECONDS).toBe(5);
    expect(REFRESH_THRESHOLD_SECONDS).toBe(600);
  });

  it('configures the app instance with a 5000 ms timeout, same-origin base URL and a Chinese timeout text', () => {
    expect(http.defaults.timeout).toBe(5000);
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeoutErrorMessage).toBe(TIMEOUT_MESSAGE);
  });
});

describe('request()', () => {
  it('resolves with the envelope data on body status 200', async () => {
    const { client } = setup(() => ok({ total: 1, rows: [{ id: 1 }] }));
    await expect(client.request('GET', '/api/x')).resolves.toEqual({ total: 1, rows: [{ id: 1 }] });
  });

  it('sends the payload of a GET as query params and no body', async () => {
    const { client, calls } = setup(() => ok());
    await client.request('GET', '/api/list', { page: 2, limit: 10 });
    const [config] = calls();
    expect(config?.method).toBe('get');
    expect(config?.params).toEqual({ page: 2, limit: 10 });
    expect(config?.data).toBeUndefined();
  });

  it('sends the payload of other methods as a JSON body and no params', async () => {
    const { client, calls } = setup(() => ok());
    await client.request('POST', '/api/save', { name: '张三' });
    await client.request('put', '/api/save', { id: 1 });
    const [post, put] = calls();
    expect(post?.method).toBe('post');
    expect(post?.params).toBeUndefined();
    expect(JSON.parse(String(post?.data))).toEqual({ name: '张三' });
    expect(put?.method).toBe('put');
    expect(JSON.parse(String(put?.data))).toEqual({ id: 1 });
  });

  it('appends the suffix to the path', async () => {
    const { client, calls } = setup(() => ok());
    await client.request('DELETE', '/api/workers/', undefined, { suffix: '12' });
    await client.request('GET', '/api/workers', { q: 1 }, {});
    expect(calls().map((config) => config.url)).toEqual(['/api/workers/12', '/api/workers']);
  });

  it('passes extra headers through', async () => {
    const { client, calls } = setup(() => ok());
    await client.request('POST', '/api/pay', {}, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(calls()[0]?.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('sends the stored token as the raw Authorization header', async () => {
    const token = makeToken(3600);
    setToken(token);
    const { client, calls } = setup(() => ok());
    await client.request('GET', '/api/x');
    expect(calls()[0]?.headers.get('Authorization')).toBe(token);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client, calls } = setup(() => ok());
    await client.request('GET', '/api/x');
    expect(calls()[0]?.headers.has('Authorization')).toBe(false);
  });

  it('rejects with an ApiError without a toast when the caller aborts', async () => {
    const { client, handlers, adapter } = setup(() => ok());
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(client.request('GET', '/api/x', undefined, { signal: controller.signal }));
    expect(error.isCanceled).toBe(true);
    expect(adapter).not.toHaveBeenCalled();
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });
});

describe('HTTP 401 and body 40101: the logout dialog', () => {
  it('asks to log in again on HTTP 401', async () => {
    const { client, handlers } = setup(() => ({ status: 401 }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(error.httpStatus).toBe(401);
    expect(handlers.confirmLogout).toHaveBeenCalledTimes(1);
    expect(handlers.confirmLogout).toHaveBeenCalledWith({
      title: '确定登出',
      content: '你已被登出，可以取消继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
    });
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('asks to log in again on body status 40101', async () => {
    const { client, handlers } = setup(() => ({ status: 200, data: { status: 40101, message: '登录已失效' } }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(error.status).toBe(40101);
    expect(handlers.confirmLogout).toHaveBeenCalledWith(LOGOUT_DIALOG_TEXTS);
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('logs out on the front end and reloads when the user confirms', async () => {
    setToken(makeToken(3600));
    const { client, handlers } = setup(() => ({ status: 401, data: { status: 40101, message: '登录已失效' } }));
    handlers.confirmLogout.mockResolvedValue(true);
    await rejection(client.request('GET', '/api/x'));
    await vi.waitFor(() => expect(handlers.reload).toHaveBeenCalledTimes(1));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('stays on the page when the user cancels, and asks again on the next failure', async () => {
    const token = makeToken(3600);
    setToken(token);
    const { client, handlers } = setup(() => ({ status: 401 }));
    await rejection(client.request('GET', '/api/x'));
    await settle();
    expect(handlers.onLogout).not.toHaveBeenCalled();
    expect(handlers.reload).not.toHaveBeenCalled();
    expect(getToken()).toBe(token);
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.confirmLogout).toHaveBeenCalledTimes(2);
  });

  it('opens one dialog however many parallel requests fail', async () => {
    const { client, handlers } = setup(() => ({ status: 401 }));
    let close: (confirmed: boolean) => void = () => {};
    handlers.confirmLogout.mockImplementation(() => new Promise<boolean>((resolve) => (close = resolve)));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => client.request('GET', '/api/x')));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(handlers.confirmLogout).toHaveBeenCalledTimes(1);
    // Still one while it stays open.
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.confirmLogout).toHaveBeenCalledTimes(1);
    close(false);
    await settle();
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.confirmLogout).toHaveBeenCalledTimes(2);
  });
});

describe('permission errors', () => {
  it('toasts the permission text for 5 s on body status 40301', async () => {
    const { client, handlers } = setup(() => ({
      status: 403,
      data: { status: 40301, message: '缺少权限 worker:create' },
    }));
    const error = await rejection(client.request('POST', '/api/x', {}));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('当前用户无相关操作权限！', 5);
    expect(error.status).toBe(40301);
    expect(error.message).toBe(FORBIDDEN_MESSAGE);
    expect(handlers.confirmLogout).not.toHaveBeenCalled();
  });

  it('toasts the permission text for 5 s on body status 40002', async () => {
    const { client, handlers } = setup(() => ({
      status: 200,
      data: { status: 40002, message: '无权访问该企业的数据' },
    }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('当前用户无相关操作权限！', 5);
    expect(error.status).toBe(40002);
  });
});

describe('body status 40003: forced logout', () => {
  it('logs out on the front end and reloads without a dialog or toast', async () => {
    setToken(makeToken(3600));
    const { client, handlers } = setup(() => ({ status: 401, data: { status: 40003, message: '会话已失效' } }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(error.status).toBe(40003);
    await vi.waitFor(() => expect(handlers.reload).toHaveBeenCalledTimes(1));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(handlers.confirmLogout).not.toHaveBeenCalled();
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('logs out and reloads once for many parallel failures', async () => {
    const { client, handlers } = setup(() => ({ status: 200, data: { status: 40003, message: '会话已失效' } }));
    await Promise.allSettled(Array.from({ length: 4 }, () => client.request('GET', '/api/x')));
    await settle();
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
    expect(handlers.reload).toHaveBeenCalledTimes(1);
  });
});

describe('other body statuses', () => {
  it("toasts the body's message for 5 s", async () => {
    const { client, handlers } = setup(() => ({
      status: 409,
      data: { status: 40900, message: '数据状态已变化，请刷新后重试' },
    }));
    const error = await rejection(client.request('POST', '/api/x', {}));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('数据状态已变化，请刷新后重试', 5);
    expect(error).not.toBeInstanceOf(BusinessError);
    expect(error.status).toBe(40900);
    expect(error.httpStatus).toBe(409);
    expect(error.message).toBe('数据状态已变化，请刷新后重试');
  });

  it("toasts the body's message when HTTP is 200 but the body status is not", async () => {
    const { client, handlers } = setup(() => ({ status: 200, data: { status: 40400, message: '请求的资源不存在' } }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('请求的资源不存在', 5);
    expect(error.status).toBe(40400);
  });

  it('keeps the field errors of a 40000 answer for the form', async () => {
    const errors = [
      { path: 'name', message: '请输入姓名' },
      { path: 'bank.cardNo', message: '银行卡号格式有误' },
    ];
    const { client, handlers } = setup(() => ({
      status: 400,
      data: { status: 40000, message: '请求参数有误', data: { errors, requestId: 'r-1' } },
    }));
    const error = await rejection(client.request('POST', '/api/x', {}));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('请求参数有误', 5);
    expect(error.status).toBe(40000);
    expect(error.data).toEqual({ errors, requestId: 'r-1' });
    expect(error.fieldErrors).toEqual(errors);
  });

  it('has no field errors when the data carries none', async () => {
    const { client } = setup(() => ({ status: 400, data: { status: 40000, message: '请求参数有误' } }));
    const error = await rejection(client.request('POST', '/api/x', {}));
    expect(error.fieldErrors).toEqual([]);
  });
});

describe('HTTP 500 and 503', () => {
  it('rejects with the body as a BusinessError and no toast when the body status is above 1000', async () => {
    const body = { status: 1001, message: '余额不足', data: { balance: 100, required: 500 } };
    const { client, handlers } = setup(() => ({ status: 500, data: body }));
    const error = await rejection(client.request('POST', '/api/pay', {}));
    expect(error).toBeInstanceOf(BusinessError);
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(1001);
    expect(error.message).toBe('余额不足');
    expect(error.data).toEqual({ balance: 100, required: 500 });
    expect(error.body).toEqual(body);
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('toasts 系统繁忙 for any other HTTP 500', async () => {
    const { client, handlers } = setup(() => ({ status: 500, data: { status: 500, message: 'Internal' } }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('系统繁忙，请稍后再试！', 5);
    expect(error).not.toBeInstanceOf(BusinessError);
    expect(error.message).toBe(SERVER_BUSY_MESSAGE);
  });

  it('toasts 系统繁忙 for an HTTP 500 without an envelope', async () => {
    const { client, handlers } = setup(() => ({ status: 500, data: '<html>oops</html>' }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(SERVER_BUSY_MESSAGE, 5);
    expect(error.status).toBe(500);
  });

  it('toasts 服务器暂无响应 for HTTP 503', async () => {
    const { client, handlers } = setup(() => ({ status: 503 }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('服务器暂无响应，请稍后再试！', 5);
    expect(error.message).toBe(SERVER_UNAVAILABLE_MESSAGE);
    expect(error.httpStatus).toBe(503);
  });
});

describe('other network errors', () => {
  it('toasts the error message of a timeout', async () => {
    const { client, handlers } = setup(
      (config) => new AxiosError(config.timeoutErrorMessage ?? 'timeout', AxiosError.ECONNABORTED, config, {}),
    );
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('请求超时，请稍后再试！', 5);
    expect(error.code).toBe('ECONNABORTED');
    expect(error.status).toBe(0);
    expect(error.httpStatus).toBeUndefined();
  });

  it('toasts a Chinese text when no response arrives', async () => {
    const { client, handlers } = setup((config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(NETWORK_ERROR_MESSAGE, 5);
  });

  it("toasts axios's message for another HTTP status without a body message", async () => {
    const { client, handlers } = setup(() => ({ status: 404, data: 'Not Found' }));
    const error = await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Request failed with status code 404', 5);
    expect(error.status).toBe(404);
  });

  it("prefers the body's message over axios's", async () => {
    const { client, handlers } = setup(() => ({
      status: 429,
      data: { status: 42900, message: '操作过于频繁，请稍后再试' },
    }));
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('操作过于频繁，请稍后再试', 5);
  });
});

describe('configure()', () => {
  it('replaces handlers and restores the previous ones', async () => {
    const { client, handlers } = setup(() => ({ status: 503 }));
    const other = vi.fn();
    const restore = client.configure({ notifyError: other, reload: undefined });
    await rejection(client.request('GET', '/api/x'));
    expect(other).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError).not.toHaveBeenCalled();
    restore();
    await rejection(client.request('GET', '/api/x'));
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
  });
});

describe('token refresh', () => {
  it('refreshes when the token expires within 600 s, stores the new token and reports it', async () => {
    const oldToken = makeToken(300);
    const newToken = makeToken(7200, 'session-2');
    setToken(oldToken);
    const { client, handlers, refreshCalls } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? { status: 200, data: { status: 200, data: newToken } } : ok('payload'),
    );
    await expect(client.request('GET', '/api/x')).resolves.toBe('payload');
    await vi.waitFor(() => expect(handlers.onTokenRefreshed).toHaveBeenCalledTimes(1));
    expect(handlers.onTokenRefreshed).toHaveBeenCalledWith(newToken, decodeToken(newToken));
    expect(getToken()).toBe(newToken);
    const [refresh] = refreshCalls();
    expect(refresh?.method).toBe('post');
    expect(JSON.parse(String(refresh?.data))).toEqual({ token: oldToken });
    expect(refresh?.headers.get('Authorization')).toBe(oldToken);
  });

  it('refreshes at exactly 600 s left', async () => {
    setToken(makeToken(600));
    const { client, refreshCalls } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? { status: 200, data: { status: 200, data: makeToken(7200) } } : ok(),
    );
    await client.request('GET', '/api/x');
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
  });

  it('also refreshes after a failed answer that is not an authentication failure', async () => {
    setToken(makeToken(100));
    const { client, refreshCalls } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH
        ? { status: 200, data: { status: 200, data: makeToken(7200) } }
        : { status: 409, data: { status: 40900, message: '冲突' } },
    );
    await rejection(client.request('GET', '/api/x'));
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
  });

  it('does not refresh when more than 600 s are left', async () => {
    const token = makeToken(601);
    setToken(token);
    const { client, refreshCalls, handlers } = setup(() => ok());
    await client.request('GET', '/api/x');
    await settle();
    expect(refreshCalls()).toHaveLength(0);
    expect(handlers.onTokenRefreshed).not.toHaveBeenCalled();
    expect(getToken()).toBe(token);
  });

  it('does not refresh an expired token, a malformed token or no token', async () => {
    const { client, refreshCalls } = setup(() => ok());
    setToken(makeToken(0));
    await client.request('GET', '/api/x');
    setToken('not-a-jwt');
    await client.request('GET', '/api/x');
    removeToken();
    await client.request('GET', '/api/x');
    await settle();
    expect(refreshCalls()).toHaveLength(0);
  });

  it('does not refresh on an authentication failure', async () => {
    setToken(makeToken(100));
    const { client, refreshCalls } = setup(() => ({ status: 401, data: { status: 40101, message: '登录已失效' } }));
    await rejection(client.request('GET', '/api/x'));
    await settle();
    expect(refreshCalls()).toHaveLength(0);
  });

  it('sends one refresh for 5 parallel responses', async () => {
    setToken(makeToken(120));
    let answerRefresh: (reply: TReply) => void = () => {};
    const { client, refreshCalls, handlers } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? new Promise<TReply>((resolve) => (answerRefresh = resolve)) : ok(),
    );
    await Promise.all(Array.from({ length: 5 }, (_, i) => client.request('GET', `/api/x/${i}`)));
    await settle();
    expect(refreshCalls()).toHaveLength(1);
    answerRefresh({ status: 200, data: { status: 200, data: makeToken(7200, 'session-2') } });
    await vi.waitFor(() => expect(handlers.onTokenRefreshed).toHaveBeenCalledTimes(1));
    // The new token has hours left: later responses do not refresh again.
    await client.request('GET', '/api/y');
    await settle();
    expect(refreshCalls()).toHaveLength(1);
  });

  it.each<[string, TRoute]>([
    ['HTTP 500', () => ({ status: 500, data: { status: 500, message: 'Internal' } })],
    ['HTTP 401', () => ({ status: 401, data: { status: 40101, message: '登录已失效' } })],
    ['a non-200 body status', () => ({ status: 200, data: { status: 40001, message: '令牌无效' } })],
    ['a reply without a token', () => ({ status: 200, data: { status: 200, data: 'not-a-jwt' } })],
    ['a network error', (config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})],
    ['a timeout', (config) => new AxiosError(TIMEOUT_MESSAGE, AxiosError.ECONNABORTED, config, {})],
  ])('ignores a failed refresh (%s) silently', async (_label, refreshRoute) => {
    const oldToken = makeToken(300);
    setToken(oldToken);
    const { client, handlers, refreshCalls } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? refreshRoute(config) : ok('payload'),
    );
    await expect(client.request('GET', '/api/x')).resolves.toBe('payload');
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    await settle();
    expect(refreshCalls()).toHaveLength(1); // the refresh reply itself does not refresh again
    expect(getToken()).toBe(oldToken);
    expect(handlers.onTokenRefreshed).not.toHaveBeenCalled();
    expect(handlers.notifyError).not.toHaveBeenCalled();
    expect(handlers.confirmLogout).not.toHaveBeenCalled();
    expect(handlers.reload).not.toHaveBeenCalled();
  });

  it('keeps a token stored while the refresh was in flight', async () => {
    setToken(makeToken(300));
    let answerRefresh: (reply: TReply) => void = () => {};
    const { client, handlers } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? new Promise<TReply>((resolve) => (answerRefresh = resolve)) : ok(),
    );
    await client.request('GET', '/api/x');
    await settle();
    const switched = makeToken(7200, 'other-company');
    setToken(switched);
    answerRefresh({ status: 200, data: { status: 200, data: makeToken(7200, 'session-2') } });
    await settle();
    expect(getToken()).toBe(switched);
    expect(handlers.onTokenRefreshed).not.toHaveBeenCalled();
  });

  it('can be asked for directly and answers whether a new token was stored', async () => {
    setToken(makeToken(300));
    const { client } = setup((config) =>
      config.url === REFRESH_TOKEN_PATH ? { status: 200, data: { status: 200, data: makeToken(7200) } } : ok(),
    );
    await expect(client.refreshTokenIfNeeded()).resolves.toBe(true);
    await expect(client.refreshTokenIfNeeded()).resolves.toBe(false);
  });
});
