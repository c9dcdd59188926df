import { API } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importerRoutes } from '../../import/routes.ts';
import { createWorkerImporter } from './importer.ts';

/** 批量导入员工: the import centre's routes for workers, under the spec's paths. */
export const workerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importerRoutes, {
    // Imported workers are verified in the background once the import has committed (实名认证).
    importer: createWorkerImporter((companyId) => app.realNameWork.kick(companyId)),
    paths: API.worker.import,
    access: 'employee:import',
    audit: { upload: 'worker.import', commit: 'worker.importCommit' },
    tag: 'worker',
  });
};
