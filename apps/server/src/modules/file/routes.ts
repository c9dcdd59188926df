import { API, ZKeyParams, ZUploadedFile } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { requireAuth } from '../../core/auth.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from './incoming.ts';
import * as service from './service.ts';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/** Uploads (multipart field `file`) and reading them back, for admins of the same company. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'POST',
    url: API.file.upload,
    access: 'session',
    audit: 'file.upload',
    schema: {
      tags: ['file'],
      summary: '上传文件（multipart 字段 file；PNG、JPG、PDF、XLSX、ZIP、CSV，最大 10 MB）',
      consumes: ['multipart/form-data'],
      data: ZUploadedFile,
    },
    targetOfResult: (file) => `file:${file.id}`,
    handler: async (auth, { request }) =>
      service.uploadFile(app.ctx, auth, await incomingFileOf(request, service.UPLOAD_MAX_BYTES)),
  });

  // Sends the file itself, with its own headers: registered with Fastify, not route().
  app.get(
    API.file.one,
    {
      config: { access: 'session' },
      schema: { tags: ['file'], summary: '读取上传的文件', params: ZKeyParams },
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
