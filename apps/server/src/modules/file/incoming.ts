import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../../lib/errors.ts';
import { MALFORMED_UPLOAD, type IncomingFile } from './service.ts';

const NO_FILE = '请选择要上传的文件';

/**
 * The file part `file` of a multipart request, as a stream (nothing is buffered). The part is
 * cut one byte past `maxBytes`, so that the size check downstream sees that it is too large.
 */
export async function incomingFileOf(request: FastifyRequest, maxBytes: number): Promise<IncomingFile> {
  if (!request.isMultipart()) throw invalidField('file', NO_FILE);
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } }).catch(() => {
    throw invalidField('file', MALFORMED_UPLOAD);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalidField('file', NO_FILE);
  }
  return { fileName: part.filename, body: part.file };
}
