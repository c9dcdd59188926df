import { API, ZKeyParams, ZRealNameRun } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../plugins/route.ts';
import { importerRoutes } from '../../import/routes.ts';
import { getImport } from '../../import/service.ts';
import { findImportRun } from '../real-name/service.ts';
import { createWorkerImporter } from './importer.ts';

/** 批量导入员工: the import centre's routes for workers, under the spec's paths. */
export const workerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Imported workers are verified in the background once the import has committed (实名认证).
  const importer = createWorkerImporter((companyId) => app.realNameWork.kick(companyId));
  await app.register(importerRoutes, {
    importer,
    paths: API.worker.import,
    access: 'employee:import',
    audit: { upload: 'worker.import', commit: 'worker.importCommit' },
    tag: 'worker',
  });

  // The import drawer's progress of the imported workers' verification: null until it is queued.
  route(app, {
    method: 'GET',
    url: API.worker.importRealName,
    access: 'employee:import',
    schema: {
      tags: ['worker'],
      summary: '导入员工的实名认证进度',
      params: ZKeyParams,
      data: ZRealNameRun.nullable(),
    },
    handler: async (auth, { params }) => {
      // The company's own import of workers, or 40400 导入任务不存在.
      await getImport(app.ctx, importer, auth, params.id);
      return findImportRun(app.ctx, auth, params.id);
    },
  });
};
