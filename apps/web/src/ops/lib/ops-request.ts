/**
 * The operator console's own HTTP client. It is not the company console's client
 * (lib/request.ts): it sends the operator token (`Authorization: Bearer …`), never the admin's,
 * never refreshes the admin token and never opens the admin's 确定登出 dialog. A 40101 or 40003
 * answer removes the operator token and sends the operator to /ops/login.
 *
 * Failures reject with the app's `ApiError` (so `applyFieldErrors` works on ops forms) after a
 * toast, unless the call handles them itself (`silent`, or `fieldErrorsToForm` for a 40000 that
 * names fields).
 */
import { API, Code, type TEnvelope } from '@flexpay/contract/web';
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  SERVER_BUSY_MESSAGE,
  SERVER_UNAVAILABLE_MESSAGE,
  TIMEOUT_MESSAGE,
} from '../../lib/request.ts';
import { getOpsToken, opsTokenSecondsLeft, removeOpsToken, setOpsToken } from './ops-token.ts';

export const OPS_LOGIN_PATH = '/ops/login';
const FALLBACK_MESSAGE = '请求失败，请稍后再试！';

export interface TOpsHandlers {
  notifyError: (message: string) => void;
  /** The operator's session ended (40101/40003): the token is already removed. */
  onSignedOut: () => void;
}

const handlers: TOpsHandlers = {
  notifyError: (text) => {
    void import('antd/es/message').then(({ default: message }) => message.error({ content: text, key: text }));
  },
  onSignedOut: () => {
    if (window.location.pathname !== OPS_LOGIN_PATH) window.location.assign(OPS_LOGIN_PATH);
  },
};

/** Replaces some handlers (the ops layout wires antd's message and the router); returns a restore function. */
export function configureOpsRequest(partial: Partial<TOpsHandlers>): () => void {
  const previous = { ...handlers };
  Object.assign(handlers, partial);
  return () => {
    Object.assign(handlers, previous);
  };
}

export interface TOpsRequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** No toast: the caller shows the failure itself. */
  silent?: boolean;
  /** A 40000 naming fields shows no toast: the form puts the messages under its fields. */
  fieldErrorsToForm?: boolean;
  responseType?: 'blob';
}

const envBase: unknown = import.meta.env.VITE_API_BASE;

/** The operator console's axios instance (tests replace its adapter). */
export const opsHttp: AxiosInstance = axios.create({
  baseURL: typeof envBase === 'string' ? envBase : '',
  timeout: REQUEST_TIMEOUT_MS,
  timeoutErrorMessage: TIMEOUT_MESSAGE,
});

opsHttp.interceptors.request.use((config) => {
  const token = getOpsToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function asEnvelope(value: unknown): TEnvelope<unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const status = (value as { status?: unknown }).status;
  return typeof status === 'number' ? (value as TEnvelope<unknown>) : undefined;
}

async function envelopeOfBlob(data: unknown): Promise<TEnvelope<unknown> | undefined> {
  if (!(data instanceof Blob) || !data.type.includes('json')) return undefined;
  try {
    return asEnvelope(JSON.parse(await data.text()));
  } catch {
    return undefined;
  }
}

function isAuthFailure(status: number | undefined): boolean {
  return status === Code.UNAUTHENTICATED || status === Code.SESSION_REVOKED;
}

function toError(
  httpStatus: number | undefined,
  envelope: TEnvelope<unknown> | undefined,
  code: string | undefined,
  cause: unknown,
  options: TOpsRequestOptions,
): ApiError {
  const bodyMessage = envelope && typeof envelope.message === 'string' && envelope.message ? envelope.message : null;
  let text: string;
  if (bodyMessage) text = bodyMessage;
  else if (httpStatus === 503) text = SERVER_UNAVAILABLE_MESSAGE;
  else if (httpStatus === 500) text = SERVER_BUSY_MESSAGE;
  else if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') text = TIMEOUT_MESSAGE;
  else if (code === 'ERR_NETWORK') text = NETWORK_ERROR_MESSAGE;
  else text = FALLBACK_MESSAGE;
  const status = envelope?.status ?? httpStatus ?? 0;
  const base = { status, message: text, httpStatus, code, data: envelope?.data, body: envelope, cause };
  const error = new ApiError(base);
  if (isAuthFailure(status) || (httpStatus === 401 && !envelope)) {
    removeOpsToken();
    handlers.onSignedOut();
    return error;
  }
  if (options.fieldErrorsToForm && status === Code.VALIDATION && error.fieldErrors.length > 0) {
    return new ApiError({ ...base, isLeftToForm: true });
  }
  if (!options.silent && code !== 'ERR_CANCELED') handlers.notifyError(text);
  return error;
}

/** Seconds before the operator token expires from which the console asks for a new one. */
export const OPS_REFRESH_THRESHOLD_SECONDS = 600;
let refreshInFlight: Promise<void> | null = null;

/**
 * After a successful call: when the operator token expires within the threshold, one refresh
 * (never two at once) stores the new token, so a working operator is not signed out after two
 * hours. A failed refresh changes nothing: the next call finds out.
 */
export function refreshOpsTokenIfNeeded(now: number = Date.now()): Promise<void> {
  if (refreshInFlight) return refreshInFlight;
  const token = getOpsToken();
  const left = token ? opsTokenSecondsLeft(token, now) : null;
  if (!token || left === null || left > OPS_REFRESH_THRESHOLD_SECONDS || left <= 0) return Promise.resolve();
  refreshInFlight = opsHttp
    .post<unknown>(API.ops.refresh)
    .then((response) => {
      const envelope = asEnvelope(response.data);
      const fresh = envelope?.status === Code.OK ? (envelope.data as { token?: unknown }).token : undefined;
      // Only while the same token is stored: a sign-out or another sign-in meanwhile wins.
      if (typeof fresh === 'string' && getOpsToken() === token) setOpsToken(fresh);
    })
    .catch(() => undefined)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** One call to an /api/ops route; resolves with the envelope's data (or the blob of a file). */
export async function opsRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  options: TOpsRequestOptions = {},
): Promise<T> {
  const config: AxiosRequestConfig = { method, url };
  if (method === 'GET') config.params = payload;
  else config.data = payload;
  if (options.signal) config.signal = options.signal;
  if (options.headers) config.headers = options.headers;
  if (options.responseType) config.responseType = options.responseType;
  let response;
  try {
    response = await opsHttp.request<unknown>(config);
  } catch (error) {
    if (axios.isCancel(error)) {
      throw new ApiError({ status: 0, message: 'canceled', code: 'ERR_CANCELED', cause: error });
    }
    if (!axios.isAxiosError(error)) {
      const text = error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
      if (!options.silent) handlers.notifyError(text);
      throw new ApiError({ status: 0, message: text, cause: error });
    }
    const data: unknown = error.response?.data;
    const envelope = asEnvelope(data) ?? (await envelopeOfBlob(data));
    throw toError(error.response?.status, envelope, error.code, error, options);
  }
  if (options.responseType === 'blob') {
    const envelope = await envelopeOfBlob(response.data);
    if (envelope && envelope.status !== Code.OK)
      throw toError(response.status, envelope, undefined, undefined, options);
    return response.data as T;
  }
  const envelope = asEnvelope(response.data);
  if (envelope?.status !== Code.OK) throw toError(response.status, envelope, undefined, undefined, options);
  if (url !== API.ops.logout) void refreshOpsTokenIfNeeded();
  return envelope.data as T;
}
