import type { FastifyInstance } from 'fastify';
import { PNG_BYTES, uploadTo } from '../files.ts';

/** Uploads through the file store (`POST /api/admin/file/upload`); answers the file id. */
export async function upload(app: FastifyInstance, token: string, name: string, content: Buffer | string) {
  const res = await uploadTo(app, token, '/api/admin/file/upload', { name, content });
  if (res.body.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

export const uploadPng = (app: FastifyInstance, token: string) => upload(app, token, '图片.png', PNG_BYTES);
/** A PDF: the file store takes it, content refuses it as an image. */
export const uploadPdf = (app: FastifyInstance, token: string) =>
  upload(
    app,
    token,
    '不是图片.png',
    Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  );
/** A CSV named like an image. */
export const uploadTextAsPng = (app: FastifyInstance, token: string) => upload(app, token, '伪装.png', 'a,b\n1,2\n');
