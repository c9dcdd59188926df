import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A `Content-Disposition` header for a file name in any language: an ASCII fallback in
 * `filename` for old clients and the UTF-8 name in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A private file sent whole as an attachment under its name (an export's or an import report's
 * download): its type and length, never cached.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; size: number; contentType: string; body: Readable },
) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
