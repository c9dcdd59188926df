/**
 * 下载中心: export jobs and their files (export types are the areas', `registry.exporters`), and
 * the operators' 下载中心 at /ops (ops/: exports that span companies, `registry.opsExporters`).
 */
import { z } from 'zod';
import { defineArea } from '../../core/area.ts';
import { EXPORT_RUN_OPTIONS } from './centre.ts';
import { opsExportRoutes } from './ops/ops-routes.ts';
import { cleanupOpsExports, OPS_EXPORT_CLEANUP_JOB, OPS_EXPORT_RUN_JOB, runOpsExportJob } from './ops/service.ts';
import { exportRoutes } from './routes.ts';

export const exportArea = defineArea(
  'export',
  async (app) => {
    await app.register(exportRoutes);
    // The operators' exports run like the companies' (routes.ts), in the platform's scope.
    app.jobs.work(
      OPS_EXPORT_RUN_JOB,
      z.object({ exportId: z.string() }),
      (data, run) => runOpsExportJob(app.ctx, data.exportId, run),
      EXPORT_RUN_OPTIONS,
    );
    app.jobs.work(OPS_EXPORT_CLEANUP_JOB, z.object({}), () => cleanupOpsExports(app.ctx), {
      schedule: '19 * * * *',
      runOnStart: true,
    });
    await app.register(opsExportRoutes);
  },
  ['operator'],
);
