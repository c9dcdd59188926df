import { Code, ZEnvelope, ZUploadedFile } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { incomingFileOf } from './incoming.ts';
import * as service from './service.ts';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/** Uploads (multipart field `file`) and reading them back, for admins of the same company. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/file/upload',
    {
      config: { access: 'session', audit: 'file.upload' },
      schema: {
        tags: ['file'],
        summary: '上传文件（multipart 字段 file；PNG、JPG、PDF、XLSX、ZIP、CSV，最大 10 MB）',
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(ZUploadedFile) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const data = await service.uploadFile(app.ctx, auth, await incomingFileOf(request, service.UPLOAD_MAX_BYTES));
      request.audit.target = `file:${data.id}`;
      return { status: Code.OK, data };
    },
  );

  app.get(
    '/api/admin/file/:id',
    {
      config: { access: 'session' },
      schema: { tags: ['file'], summary: '读取上传的文件', params: z.object({ id: z.string().max(64) }) },
    },
    async (request, reply) => {
      const { file, body } = await service.openUpload(app.ctx, requireAuth(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          contentDisposition(file.name, INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment'),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
