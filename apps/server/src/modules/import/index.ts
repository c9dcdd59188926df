/** 导入中心: the import jobs every import kind shares (kinds are the areas', `registry.importers`). */
import { defineArea } from '../../core/area.ts';
import { importCentre } from './routes.ts';

export const importArea = defineArea('import', async (app) => {
  await app.register(importCentre);
});
