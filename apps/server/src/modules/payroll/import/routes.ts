import { API } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importerRoutes } from '../../import/routes.ts';
import { payrollImporter } from './importer.ts';

/** 导入发放明细: the import centre's routes for a batch's sheet, under the spec's paths. */
export const payrollImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importerRoutes, {
    importer: payrollImporter,
    paths: API.payroll.import,
    access: 'payroll:create',
    audit: { upload: 'payroll.import', commit: 'payroll.importCommit' },
    tag: 'payroll',
  });
};
