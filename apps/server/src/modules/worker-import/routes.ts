import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importerRoutes } from '../import/routes.ts';
import { workerImporter } from './importer.ts';

/** 批量导入员工: the import centre's routes for workers, under the spec's paths. */
export const workerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importerRoutes, {
    importer: workerImporter,
    base: '/api/companystaff/employee/import',
    access: 'employee:import',
    audit: { upload: 'worker.import', commit: 'worker.importCommit' },
    tag: 'worker',
  });
};
