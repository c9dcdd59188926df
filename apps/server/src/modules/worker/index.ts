/**
 * 员工管理: workers and their payout accounts, job types (this folder), the department tree (departments/), the
 * workers' sheet import (import/) and export (export/).
 */
import { defineArea } from '../../core/area.ts';
import { departmentRoutes } from './departments/routes.ts';
import { workerExportRoutes } from './export/routes.ts';
import { workerExporter } from './export/service.ts';
import { workerImportRoutes } from './import/routes.ts';
import { workerRoutes } from './routes.ts';

export const workerArea = defineArea(
  'worker',
  async (app) => {
    app.ctx.registry.exporters.add('workers', workerExporter);
    await app.register(workerRoutes);
    await app.register(workerExportRoutes);
    await app.register(workerImportRoutes);
    await app.register(departmentRoutes);
  },
  ['import', 'export'],
);
