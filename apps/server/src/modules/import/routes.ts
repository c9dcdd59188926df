import { IMPORT_MAX_ROWS, ZId, ZImportJob, ZKeyParams, type TImportPaths } from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, sendAttachment } from '../../lib/content-disposition.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';
import { requireAuth, type Access } from '../../core/auth.ts';
import { route } from '../../plugins/route.ts';
import { incomingFileOf } from '../file/incoming.ts';
import type { AnyImporter } from '../../core/importer.ts';
import { runCommit } from './commit.ts';
import * as service from './service.ts';
import { runValidation } from './validation.ts';

const ZImportData = z.object({ importId: z.string() });
/** The upload's query of a kind that imports into a record (Importer.subject). */
const ZSubjectQuery = z.object({ subjectId: ZId.optional() });

/**
 * The import centre's background jobs (validation, commit, hourly cleanup), shared by every import
 * kind: a job finds its definition by its type. Registered before the kinds' routes.
 */
export const importCentre = fp(
  async (app: FastifyInstance) => {
    const { importers } = app.ctx.registry;
    const inItsCompany = (importId: string, work: () => Promise<void>) =>
      service.inImportCompany(app.ctx, importId, work);
    app.jobs.work(
      service.IMPORT_VALIDATE_JOB,
      ZImportData,
      (data, run) => inItsCompany(data.importId, () => runValidation(app.ctx, importers, data.importId, run)),
      { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 },
    );
    app.jobs.work(
      service.IMPORT_COMMIT_JOB,
      ZImportData,
      (data, run) =>
        inItsCompany(data.importId, () =>
          runCommit(app.ctx, importers, data.importId, run, { liveProgress: app.dbKind === 'postgres' }),
        ),
      { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 },
    );
    app.jobs.work(service.IMPORT_CLEANUP_JOB, z.object({}), () => service.cleanupImports(app.ctx), {
      schedule: '23 * * * *',
      runOnStart: true,
    });
  },
  { name: 'import-centre', dependencies: ['jobs'] },
);

export interface ImporterRoutesOptions {
  importer: AnyImporter;
  /** The kind's paths, from the contract's `API` (e.g. `API.worker.import`: the spec's paths). */
  paths: TImportPaths;
  /** Who may import: a signed-in admin, with an element code as a rule. */
  access: Exclude<Access, 'public' | 'operator'>;
  /** Audit action names of the upload and the commit. */
  audit: { upload: string; commit: string };
  /** OpenAPI tag. */
  tag: string;
}

/**
 * The routes of one import kind at its `paths`: template, upload (validated in the background),
 * status, commit (all or nothing), error report. Registers the definition with the centre. The
 * template and the report send files, so they register with Fastify rather than `route()`.
 */
export const importerRoutes: FastifyPluginAsyncZod<ImporterRoutesOptions> = async (app, options) => {
  const { importer, paths, access, audit, tag } = options;
  app.ctx.registry.importers.add(importer.type, importer);

  app.get(
    paths.template,
    {
      config: { access },
      schema: { tags: [tag], summary: `下载${importer.noun}导入模板（xlsx）` },
    },
    async (request, reply) => {
      const body = await service.createImportTemplate(app.ctx, importer, requireAuth(request));
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(importer.templateFileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  route(app, {
    method: 'POST',
    url: paths.upload,
    access,
    audit: audit.upload,
    schema: {
      tags: [tag],
      summary: `上传${importer.noun}导入文件（multipart 字段 file；xlsx 或 csv，最多 ${IMPORT_MAX_ROWS} 行），后台校验`,
      consumes: ['multipart/form-data'],
      ...(importer.subject ? { querystring: ZSubjectQuery } : {}),
      data: ZImportJob,
    },
    targetOfResult: (job) => `import:${job.id}`,
    handler: async (auth, { request }) => {
      const subjectId = importer.subject ? ((request.query as { subjectId?: number }).subjectId ?? null) : null;
      const incoming = await incomingFileOf(request, service.IMPORT_MAX_BYTES);
      return service.startImport(app.ctx, app.jobs, importer, auth, incoming, subjectId);
    },
  });

  route(app, {
    method: 'GET',
    url: paths.one,
    access,
    schema: { tags: [tag], summary: '导入任务状态', params: ZKeyParams, data: ZImportJob },
    handler: (auth, { params }) => service.getImport(app.ctx, importer, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: paths.commit,
    access,
    audit: audit.commit,
    schema: { tags: [tag], summary: '确认导入（全部成功或全部不导入）', params: ZKeyParams, data: ZImportJob },
    target: ({ params }) => `import:${params.id}`,
    handler: (auth, { params }) => service.commitImport(app.ctx, app.jobs, importer, auth, params.id),
  });

  app.get(
    paths.report,
    {
      config: { access },
      schema: { tags: [tag], summary: '下载导入错误报告（xlsx）', params: ZKeyParams },
    },
    async (request, reply) => {
      return sendAttachment(
        reply,
        await service.openImportReport(app.ctx, importer, requireAuth(request), request.params.id),
      );
    },
  );
};
