import { API } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importerRoutes } from '../../import/routes.ts';
import { workerImporter } from './importer.ts';

/** 批量导入员工: the import centre's routes for workers, under the spec's paths. */
export const workerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importerRoutes, {
    importer: workerImporter,
    paths: API.worker.import,
    access: 'employee:import',
    audit: { upload: 'worker.import', commit: 'worker.importCommit' },
    tag: 'worker',
  });
};
