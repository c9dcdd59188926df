/** 下载中心: export jobs and their files (export types are the areas', `registry.exporters`). */
import { defineArea } from '../../core/area.ts';
import { exportRoutes } from './routes.ts';

export const exportArea = defineArea('export', async (app) => {
  await app.register(exportRoutes);
});
