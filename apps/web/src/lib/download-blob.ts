/**
 * File downloads through the app's axios instance, so they carry the Authorization header and
 * go through the request layer of spec section 8 (token refresh, 401 dialog, error toasts).
 *
 * The response interceptor accepts only a `{ status: 200 }` envelope, so a file answer is
 * wrapped into one by the request's own `transformResponse`, and an error answer (which arrives
 * as bytes too) is decoded back into its JSON envelope. The body is read as an ArrayBuffer
 * rather than a Blob because a transform runs synchronously and a Blob can only be read
 * asynchronously.
 */
import type { TEnvelope } from '@flexpay/contract/web';
import type { AxiosResponseHeaders, InternalAxiosRequestConfig, RawAxiosResponseHeaders } from 'axios';
import { http } from './request.ts';

/** Files may be large: the 5 s timeout of ordinary calls would cut them off. */
export const FILE_TRANSFER_TIMEOUT_MS = 120_000;

export const DOWNLOAD_FAILED_MESSAGE = '文件下载失败，请稍后再试！';

function headerOf(headers: AxiosResponseHeaders | RawAxiosResponseHeaders | undefined, name: string): string {
  if (!headers) return '';
  const value: unknown = typeof headers.get === 'function' ? headers.get(name) : headers[name];
  return typeof value === 'string' ? value : '';
}

function parseJson(data: unknown): unknown {
  let text: string;
  if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
  else if (typeof data === 'string') text = data;
  else return data;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toBlob(data: unknown, type: string): Blob {
  if (data instanceof Blob) return data;
  if (data instanceof ArrayBuffer || typeof data === 'string') return new Blob([data], { type });
  return new Blob([JSON.stringify(data)], { type });
}

/** A 2xx answer that is not JSON is the file: wrap it as a success envelope. Anything else is an envelope. */
function fileAsEnvelope(
  this: InternalAxiosRequestConfig,
  data: unknown,
  headers: AxiosResponseHeaders,
  status?: number,
): unknown {
  const type = headerOf(headers, 'content-type');
  const isSuccess = status !== undefined && status >= 200 && status < 300;
  if (isSuccess && !/json/i.test(type)) return { status: 200, data: toBlob(data, type) } satisfies TEnvelope<Blob>;
  return parseJson(data);
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, then
 * `filename="…"`. Undefined when there is none.
 */
export function fileNameFromDisposition(disposition: string | null | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name === '' ? undefined : name;
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** GETs a file with the session's Authorization header and returns it with its name. */
export async function fetchBlob(url: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await http.get<TEnvelope<unknown>>(url, {
    responseType: 'arraybuffer',
    timeout: FILE_TRANSFER_TIMEOUT_MS,
    transformResponse: fileAsEnvelope,
  });
  const blob = response.data.data;
  // A 200 envelope instead of a file: nothing to save.
  if (!(blob instanceof Blob)) throw new Error(DOWNLOAD_FAILED_MESSAGE);
  const fileName = fileNameFromDisposition(headerOf(response.headers, 'content-disposition')) ?? fallbackName;
  return { blob, fileName };
}

/**
 * Downloads a file and saves it under the server's name (Content-Disposition), else
 * `fallbackName`. Rejects with the request layer's ApiError, whose toast has already been shown.
 */
export async function downloadBlob(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchBlob(url, fallbackName);
  saveBlob(blob, fileName);
}
