import type { TEnvelope } from '@flexpay/contract/web';
import { FILE_TRANSFER_TIMEOUT_MS } from './download-blob.ts';
import { http } from './request.ts';

/**
 * POSTs one file as `multipart/form-data` (field `field`, default `file`) through the app's
 * axios instance and returns the envelope's data. Errors are the request layer's ApiError.
 */
export async function uploadFile<T>(url: string, file: Blob, options: { field?: string; fileName?: string } = {}) {
  const form = new FormData();
  const name = options.fileName ?? (file instanceof File ? file.name : 'file');
  form.append(options.field ?? 'file', file, name);
  const response = await http.post<TEnvelope<T>>(url, form, { timeout: FILE_TRANSFER_TIMEOUT_MS });
  return response.data.data as T;
}
