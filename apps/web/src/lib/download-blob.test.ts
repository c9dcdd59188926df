import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../components/test-utils.tsx';
import { DOWNLOAD_FAILED_MESSAGE, fetchBlob, fileNameFromDisposition } from './download-blob.ts';
import { configureRequest, http, isApiError } from './request.ts';

let api: ReturnType<typeof mockApi> | undefined;
let restoreHandlers: (() => void) | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  restoreHandlers?.();
  restoreHandlers = undefined;
});

const bytesOf = (value: unknown): ArrayBuffer => {
  const encoded = new TextEncoder().encode(JSON.stringify(value));
  const buffer = new ArrayBuffer(encoded.byteLength);
  new Uint8Array(buffer).set(encoded);
  return buffer;
};

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name and decodes it', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('员工列表-2024.xlsx')}`,
      ),
    ).toBe('员工列表-2024.xlsx');
  });

  it('reads a plain quoted or bare name, and nothing from an empty header', () => {
    expect(fileNameFromDisposition('attachment; filename="report.csv"')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});

describe('fetchBlob', () => {
  it('returns the file of a 2xx answer with the fallback name, sending the session', async () => {
    const file = new Blob(['a,b']);
    api = mockApi({ 'GET /api/files/1': () => ({ body: file }) });
    const result = await fetchBlob('/api/files/1', '文件.csv');
    expect(result).toEqual({ blob: file, fileName: '文件.csv' });
  });

  it('turns an error answer read as bytes back into the envelope, with its message shown', async () => {
    const notifyError = vi.fn();
    restoreHandlers = configureRequest({ notifyError });
    api = mockApi({
      'GET /api/files/2': () => ({ httpStatus: 404, body: bytesOf({ status: 40400, message: '文件不存在或已过期' }) }),
    });
    const error: unknown = await fetchBlob('/api/files/2', 'x.csv').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(40400);
    expect(isApiError(error) && error.message).toBe('文件不存在或已过期');
    expect(notifyError).toHaveBeenCalledWith('文件不存在或已过期', expect.any(Number));
  });

  it('names the file from Content-Disposition, and refuses a JSON success that carries no file', async () => {
    const previous = http.defaults.adapter;
    const answer =
      (headers: Record<string, string>, data: unknown): AxiosAdapter =>
      async (config) => ({ data, status: 200, statusText: '', headers, config, request: {} });
    try {
      http.defaults.adapter = answer(
        { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('员工.xlsx')}` },
        new Blob(['x']),
      );
      await expect(fetchBlob('/api/files/3', 'x.xlsx')).resolves.toMatchObject({ fileName: '员工.xlsx' });

      http.defaults.adapter = answer({ 'content-type': 'application/json' }, bytesOf({ status: 200, data: null }));
      await expect(fetchBlob('/api/files/4', 'x.xlsx')).rejects.toThrow(DOWNLOAD_FAILED_MESSAGE);
    } finally {
      http.defaults.adapter = previous;
    }
  });
});
