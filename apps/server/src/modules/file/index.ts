/** Files: upload, download and preview through the file store port. */
import { defineArea } from '../../core/area.ts';
import { fileRoutes } from './routes.ts';

export const fileArea = defineArea('file', async (app) => {
  await app.register(fileRoutes);
});
