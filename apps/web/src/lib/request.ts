/**
 * The one axios instance of the app (ARCHITECTURE.md section 6): base URL, timeout, the
 * Authorization header, token refresh (spec section 4) and every response branch of spec
 * section 8 with its exact Chinese text.
 *
 * Side effects (toast, logout dialog, logout, reload, refreshed-token hook) go through handlers
 * that the app shell replaces with `configureRequest` (e.g. antd's `App.useApp()` message and
 * modal) and that tests observe. `createHttpClient` exists so that tests get a client with its
 * own state; the app uses only the default client exported below (`http`, `request`).
 */
import {
  SIGN_IN_API,
  BUSINESS_CODE_MIN,
  Code,
  CODE_MESSAGES,
  type TEnvelope,
  type TFieldError,
} from '@flexpay/contract/web';
import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { decodeToken, getToken, removeToken, secondsLeft, setToken, type TDecodedToken } from './token.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Internal: marks the token-refresh call, which neither refreshes nor shows errors. */
    isTokenRefresh?: boolean;
    /** Internal: how the caller handles this call's failures (TRequestOptions). */
    failureHandling?: TFailureHandling;
  }
}

export const REQUEST_TIMEOUT_MS = 5000;
export const ERROR_TOAST_SECONDS = 5;
export const REFRESH_THRESHOLD_SECONDS = 600;
export const REFRESH_TOKEN_PATH = SIGN_IN_API.auth.refresh;

export interface TLogoutDialogTexts {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/** Spec section 8, verbatim. */
export const LOGOUT_DIALOG_TEXTS: Readonly<TLogoutDialogTexts> = Object.freeze({
  title: '确定登出',
  content: '你已被登出，可以取消继续留在该页面，或者重新登录',
  okText: '重新登录',
  cancelText: '取消',
});
/**
 * The dialog's width: antd's default confirm (416 px) leaves the content 334 px, two pixels short
 * of its 24 characters at 14 px, so the last one wrapped onto a line of its own.
 */
export const LOGOUT_DIALOG_WIDTH = 460;
export const FORBIDDEN_MESSAGE = '当前用户无相关操作权限！';
export const SERVER_BUSY_MESSAGE = '系统繁忙，请稍后再试！';
export const SERVER_UNAVAILABLE_MESSAGE = '服务器暂无响应，请稍后再试！';
/** axios's own timeout and network-failure texts are English; the console is in Chinese. */
export const TIMEOUT_MESSAGE = '请求超时，请稍后再试！';
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接！';
const FALLBACK_ERROR_MESSAGE = '请求失败，请稍后再试！';

export interface TRequestHandlers {
  /** Shows an error toast for `durationSeconds`. */
  notifyError: (message: string, durationSeconds: number) => void;
  /** Shows the logout confirm dialog; resolves true when the user chooses to log in again. */
  confirmLogout: (texts: TLogoutDialogTexts) => Promise<boolean>;
  /** Front-end logout: clears the session state. The stored token is already removed when it runs. */
  onLogout: () => void | Promise<void>;
  reload: () => void;
  /** Called after a refreshed token has been stored. */
  onTokenRefreshed: (token: string, decoded: TDecodedToken) => void;
}

// The defaults load antd's message and modal on first use (by module, never the whole antd barrel),
// so the request layer does not put them on the critical path.
const defaultHandlers: TRequestHandlers = {
  notifyError: (text, durationSeconds) => {
    void import('antd/es/message').then(({ default: message }) =>
      message.error({ content: text, duration: durationSeconds, key: text }),
    );
  },
  confirmLogout: (texts) =>
    import('antd/es/modal').then(
      ({ default: Modal }) =>
        new Promise<boolean>((resolve) => {
          Modal.confirm({
            ...texts,
            width: LOGOUT_DIALOG_WIDTH,
            maskClosable: false,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    ),
  onLogout: () => {},
  reload: () => window.location.reload(),
  onTokenRefreshed: () => {},
};

interface TApiErrorInit {
  status: number;
  message: string;
  httpStatus?: number | undefined;
  code?: string | undefined;
  data?: unknown;
  body?: TEnvelope<unknown> | undefined;
  cause?: unknown;
  /** The request layer left this 40000's field messages to the form (`fieldErrorsToForm`). */
  isLeftToForm?: boolean | undefined;
}

/** Every failed call rejects with this (or its subclass BusinessError). */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The body's status when the server sent an envelope, else the HTTP status, else 0. */
  readonly status: number;
  readonly httpStatus: number | undefined;
  /** axios's error code, e.g. ECONNABORTED, ERR_NETWORK, ERR_CANCELED. */
  readonly code: string | undefined;
  /** The envelope's `data`. */
  readonly data: unknown;
  /** The whole envelope, when the server sent one. */
  readonly body: TEnvelope<unknown> | undefined;
  /**
   * The request layer showed no toast for this 40000 because the call asked for
   * `fieldErrorsToForm`: the form shows its field messages (and toasts those it cannot place).
   */
  readonly isLeftToForm: boolean;

  constructor(init: TApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.data = init.data;
    this.body = init.body;
    this.isLeftToForm = init.isLeftToForm ?? false;
  }

  /** The per-field errors of a 40000 answer (`data.errors`), for mapping onto form fields. */
  get fieldErrors(): TFieldError[] {
    if (!isRecord(this.data) || !Array.isArray(this.data.errors)) return [];
    return this.data.errors.filter(
      (item): item is TFieldError =>
        isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
    );
  }

  /** The caller aborted the request; no toast was shown. */
  get isCanceled(): boolean {
    return this.code === 'ERR_CANCELED';
  }
}

/**
 * A business outcome (HTTP 500 with body status above 1000) that the screen handles itself:
 * no toast was shown, and `status`, `message` and `data` are the body's.
 */
export class BusinessError extends ApiError {
  override name = 'BusinessError';
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which failures of one call the caller handles itself instead of the request layer. */
export interface TFailureHandling {
  /** No toast for any failure: the caller ignores it (spec "failure ignored") or shows its own. */
  silent?: boolean;
  /**
   * HTTP 401, 40101 and 40003 neither open the 确定登出 dialog nor force a logout: the caller
   * ends the session itself (the navigation guard goes to /login).
   */
  authFailureToCaller?: boolean;
  /**
   * A 40000 answer that names fields shows no toast: the form puts the messages under its
   * fields (`applyFieldErrors`, which toasts the ones it cannot place).
   */
  fieldErrorsToForm?: boolean;
}

export interface TRequestOptions extends TFailureHandling {
  /** Appended to the path as is, e.g. an id after a path that ends in `/`; prefer `apiPath(API.…, { id })`. */
  suffix?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface TCreateHttpClientOptions {
  baseURL?: string;
  timeout?: number;
  /** Replaces axios's transport, for tests. */
  adapter?: AxiosAdapter;
  handlers?: Partial<TRequestHandlers>;
  /** The clock, in milliseconds, for the refresh threshold. */
  now?: () => number;
}

export interface THttpClient {
  http: AxiosInstance;
  request: <T>(
    method: THttpMethod | Lowercase<THttpMethod>,
    url: string,
    payload?: unknown,
    options?: TRequestOptions,
  ) => Promise<T>;
  /** Replaces some handlers; returns a function that restores the previous ones. */
  configure: (handlers: Partial<TRequestHandlers>) => () => void;
  /** Refreshes the stored token when it expires within the threshold; resolves true when a new token was stored. */
  refreshTokenIfNeeded: () => Promise<boolean>;
  /** Shows an error toast the way the request layer does (5 s), for failures a caller shows itself. */
  notifyError: (text: string) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asEnvelope(body: unknown): TEnvelope<unknown> | undefined {
  if (!isRecord(body) || typeof body.status !== 'number') return undefined;
  return body as unknown as TEnvelope<unknown>;
}

function bodyMessage(envelope: TEnvelope<unknown> | undefined): string | undefined {
  const text: unknown = envelope?.message;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** 40003, HTTP 401 and 40101: the session is gone, so refreshing it is pointless. */
function isAuthFailure(httpStatus: number | undefined, envelope: TEnvelope<unknown> | undefined): boolean {
  return httpStatus === 401 || envelope?.status === Code.UNAUTHENTICATED || envelope?.status === Code.SESSION_REVOKED;
}

function definedHandlers(partial: Partial<TRequestHandlers>): Partial<TRequestHandlers> {
  return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
}

export function createHttpClient(options: TCreateHttpClientOptions = {}): THttpClient {
  let handlers: TRequestHandlers = { ...defaultHandlers, ...definedHandlers(options.handlers ?? {}) };
  const now = options.now ?? Date.now;
  let isLogoutDialogOpen = false;
  let isLoggingOut = false;
  let refreshInFlight: Promise<boolean> | null = null;

  const http = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    timeoutErrorMessage: TIMEOUT_MESSAGE,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  function notify(text: string): void {
    try {
      handlers.notifyError(text, ERROR_TOAST_SECONDS);
    } catch (error) {
      console.error(error);
    }
  }

  /** Front-end logout (spec section 4): clear the token and session state, then reload. Once. */
  async function logoutAndReload(): Promise<void> {
    if (isLoggingOut) return;
    isLoggingOut = true;
    try {
      removeToken();
      await handlers.onLogout();
    } catch (error) {
      console.error(error);
    }
    try {
      handlers.reload();
    } catch (error) {
      console.error(error);
    }
  }

  /** One dialog at a time however many requests fail; cancelling lets the next failure ask again. */
  function openLogoutDialog(): void {
    if (isLogoutDialogOpen) return;
    isLogoutDialogOpen = true;
    new Promise<boolean>((resolve) => resolve(handlers.confirmLogout({ ...LOGOUT_DIALOG_TEXTS })))
      .then(async (confirmed) => {
        if (confirmed) {
          await logoutAndReload(); // the page reloads: the dialog stays "open" until then
        } else {
          isLogoutDialogOpen = false;
        }
      })
      .catch((error: unknown) => {
        console.error(error);
        isLogoutDialogOpen = false;
      });
  }

  async function refreshToken(token: string): Promise<boolean> {
    try {
      const response = await http.post<unknown>(REFRESH_TOKEN_PATH, { token }, { isTokenRefresh: true });
      const envelope = asEnvelope(response.data);
      if (envelope?.status !== Code.OK || typeof envelope.data !== 'string') return false;
      const decoded = decodeToken(envelope.data);
      // Logged out or switched company while the refresh was in flight: keep what is stored now.
      if (!decoded || getToken() !== token) return false;
      setToken(envelope.data);
      try {
        handlers.onTokenRefreshed(envelope.data, decoded);
      } catch (error) {
        console.error(error);
      }
      return true;
    } catch {
      return false; // a failed refresh is ignored; the next response may try again
    }
  }

  function refreshTokenIfNeeded(): Promise<boolean> {
    if (refreshInFlight) return refreshInFlight;
    const token = getToken();
    const decoded = decodeToken(token);
    if (!token || !decoded) return Promise.resolve(false);
    const left = secondsLeft(decoded, now());
    if (left > REFRESH_THRESHOLD_SECONDS || left <= 0) return Promise.resolve(false);
    refreshInFlight = refreshToken(token).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  function onResponseArrived(httpStatus: number | undefined, envelope: TEnvelope<unknown> | undefined): void {
    if (!isAuthFailure(httpStatus, envelope)) void refreshTokenIfNeeded();
  }

  /** Spec section 8: runs the side effect of a failed answer and returns the error to reject with. */
  function toError(
    httpStatus: number | undefined,
    envelope: TEnvelope<unknown> | undefined,
    cause: unknown,
    code: string | undefined,
    handling: TFailureHandling = {},
  ): ApiError {
    const fromBody = bodyMessage(envelope);
    const make = (message: string) =>
      new ApiError({
        status: envelope?.status ?? httpStatus ?? 0,
        message,
        httpStatus,
        code,
        data: envelope?.data,
        body: envelope,
        cause,
      });
    /** Shows `text` unless the caller handles it. */
    const show = (text: string): void => {
      if (!handling.silent) notify(text);
    };

    // Checked before HTTP 401: the server answers a revoked session as HTTP 401 with body 40003.
    if (envelope?.status === Code.SESSION_REVOKED) {
      if (!handling.authFailureToCaller) void logoutAndReload();
      return make(fromBody ?? CODE_MESSAGES[Code.SESSION_REVOKED]);
    }
    if (httpStatus === 401 || envelope?.status === Code.UNAUTHENTICATED) {
      if (!handling.authFailureToCaller) openLogoutDialog();
      return make(fromBody ?? CODE_MESSAGES[Code.UNAUTHENTICATED]);
    }
    if (envelope?.status === Code.FORBIDDEN || envelope?.status === Code.NO_COMPANY_ACCESS) {
      show(FORBIDDEN_MESSAGE);
      return make(FORBIDDEN_MESSAGE);
    }
    if (httpStatus === 500 && envelope && envelope.status > BUSINESS_CODE_MIN) {
      return new BusinessError({
        status: envelope.status,
        message: fromBody ?? SERVER_BUSY_MESSAGE,
        httpStatus,
        code,
        data: envelope.data,
        body: envelope,
        cause,
      });
    }
    let text: string;
    if (httpStatus === 500) text = SERVER_BUSY_MESSAGE;
    else if (httpStatus === 503) text = SERVER_UNAVAILABLE_MESSAGE;
    else if (fromBody) text = fromBody;
    else if (code === 'ERR_NETWORK') text = NETWORK_ERROR_MESSAGE;
    else if (cause instanceof Error && cause.message) text = cause.message;
    else text = FALLBACK_ERROR_MESSAGE;
    const error = make(text);
    if (handling.fieldErrorsToForm && envelope?.status === Code.VALIDATION && error.fieldErrors.length > 0) {
      // The form shows the messages under its fields.
      return new ApiError({
        status: error.status,
        message: text,
        httpStatus,
        code,
        data: envelope.data,
        body: envelope,
        cause,
        isLeftToForm: true,
      });
    }
    show(text);
    return error;
  }

  http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', token);
    return config;
  });

  http.interceptors.response.use(
    (response: AxiosResponse) => {
      if (response.config.isTokenRefresh) return response;
      const envelope = asEnvelope(response.data);
      onResponseArrived(response.status, envelope);
      if (envelope?.status === Code.OK) return response;
      throw toError(response.status, envelope, undefined, undefined, response.config.failureHandling);
    },
    (error: unknown) => {
      if (axios.isCancel(error)) {
        throw new ApiError({ status: 0, message: error.message || 'canceled', code: 'ERR_CANCELED', cause: error });
      }
      if (!axios.isAxiosError(error)) {
        const message = error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
        notify(message);
        throw new ApiError({ status: 0, message, cause: error });
      }
      if (error.config?.isTokenRefresh) throw error;
      const httpStatus = error.response?.status;
      const envelope = asEnvelope(error.response?.data);
      if (error.response) onResponseArrived(httpStatus, envelope);
      throw toError(httpStatus, envelope, error, error.code, error.config?.failureHandling);
    },
  );

  async function request<T>(
    method: THttpMethod | Lowercase<THttpMethod>,
    url: string,
    payload?: unknown,
    requestOptions: TRequestOptions = {},
  ): Promise<T> {
    const verb = method.toUpperCase() as THttpMethod;
    const config: AxiosRequestConfig = { method: verb, url: url + (requestOptions.suffix ?? '') };
    if (verb === 'GET') config.params = payload;
    else config.data = payload;
    if (requestOptions.signal) config.signal = requestOptions.signal;
    if (requestOptions.headers) config.headers = requestOptions.headers;
    const { silent, authFailureToCaller, fieldErrorsToForm } = requestOptions;
    if (silent || authFailureToCaller || fieldErrorsToForm) {
      config.failureHandling = { silent, authFailureToCaller, fieldErrorsToForm };
    }
    const response = await http.request<TEnvelope<T>>(config);
    return response.data.data as T;
  }

  function configure(partial: Partial<TRequestHandlers>): () => void {
    const previous = handlers;
    handlers = { ...handlers, ...definedHandlers(partial) };
    return () => {
      handlers = previous;
    };
  }

  return { http, request, configure, refreshTokenIfNeeded, notifyError: notify };
}

const envBase: unknown = import.meta.env.VITE_API_BASE;

/** The app's client: base URL from VITE_API_BASE (default: same origin). */
export const apiClient: THttpClient = createHttpClient({ baseURL: typeof envBase === 'string' ? envBase : '' });
/** The one axios instance. */
export const http: AxiosInstance = apiClient.http;
export const request: THttpClient['request'] = apiClient.request;
export const configureRequest: THttpClient['configure'] = apiClient.configure;
export const refreshTokenIfNeeded: THttpClient['refreshTokenIfNeeded'] = apiClient.refreshTokenIfNeeded;
export const notifyError: THttpClient['notifyError'] = apiClient.notifyError;
